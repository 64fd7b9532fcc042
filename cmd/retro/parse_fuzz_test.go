package main

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzLooksLikeText: UTF-8 text without NUL is text wherever a longer
// file cuts it.
func FuzzLooksLikeText(f *testing.F) {
	for _, s := range []string{strings.Repeat("я", 300), "## " + strings.Repeat("—", 200), strings.Repeat("🙂", 130), "name = \"x\"\n"} {
		for cut := sniffSize - 4; cut <= sniffSize+4; cut++ {
			f.Add(s, cut)
		}
	}
	f.Fuzz(func(t *testing.T, s string, cut int) {
		if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
			return
		}
		n := min(max(cut, 0), len(s))
		if !looksLikeText([]byte(s[:n]), n < len(s)) {
			t.Fatalf("%q cut at %d is not text", s, n)
		}
	})
}

// FuzzReadParam: a --param flag reads or is a usage error, never a panic;
// what reads is a range that is not empty, and reads back the same.
func FuzzReadParam(f *testing.F) {
	for _, s := range []string{"S=1..115", "S=31..", "S=7", "S", "S=abc", "S=1..99999999999999999999", "S=5..1",
		"S=9223372036854775750..", "S=-9223372036854775808..9223372036854775807", "=1", "S=..", "S= 1 .. 2 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		pv, err := readParam(s)
		if err != nil {
			if _, ok := err.(*usageError); !ok {
				t.Fatalf("%q: %T %v", s, err, err)
			}
			return
		}
		if pv.lo > pv.hi || pv.name == "" {
			t.Fatalf("%q read as %+v", s, pv)
		}
		text := pv.name + "=" + strconv.FormatInt(pv.lo, 10)
		switch {
		case pv.open:
			text += ".."
		case pv.hi != pv.lo || strings.Contains(s, ".."):
			text += ".." + strconv.FormatInt(pv.hi, 10)
		}
		if back, err := readParam(text); err != nil || back != pv {
			t.Fatalf("%q read as %+v, %q as %+v (%v)", s, pv, text, back, err)
		}
	})
}
