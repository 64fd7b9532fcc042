package main

import (
	"strconv"
	"strings"
	"testing"
)

// TestHugeRanges: a start range or a product of ranges beyond the caps is
// refused before anything is built, with one error that names the
// parameter and the flags.
func TestHugeRanges(t *testing.T) {
	big := writeGame(t, "big.toml", "name = \"big\"\npiles = [\"x\"]\nmoves = [\"x - 1\", \"x - 2\"]\nwinner = \"mover\"\n[start]\nx = \"S\"\n[params]\nS = \"1..1000000000000\"\n")
	where := writeGame(t, "where.toml", "name = \"where\"\npiles = [\"x\"]\nmoves = [\"x - 1\", \"x - K\"]\nwinner = \"mover\"\nwhere = \"S > K\"\n[start]\nx = \"S\"\n[params]\nK = \"1..1000000\"\nS = \"1..1000000\"\n")
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"solve", big}, []string{"big.toml:8:1: S = 1..1000000000000 gives 1000000000000 start positions", "--param S=LO..HI", "--max-positions"}},
		{[]string{"ege", big}, []string{"S = 1..1000000000000", "--max-positions"}},
		{[]string{"show", big, "5"}, []string{"S = 1..1000000000000", "--max-positions"}},
		{[]string{"solve", "ege-2027-demo", "--param", "S=1..1000000000000"}, []string{"S = 1..1000000000000 gives 1000000000000 start positions"}},
		{[]string{"solve", "ege-2027-demo", "--param", "S=1..200", "--max-positions", "100"}, []string{"S = 1..200 gives 200 start positions, more than the 100 allowed"}},
		{[]string{"query", where, "win 1"}, []string{"K = 1..1000000 and S = 1..1000000 give 1000000000000 parameter combinations", "--param K=LO..HI"}},
		{[]string{"check", big}, []string{"1000000000000 start positions"}},
	} {
		_, errs, code := runCmd(t, c.args...)
		if code != 1 {
			t.Errorf("%v: exit %d: %s", c.args, code, errs)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: stderr lacks %q:\n%s", c.args, w, errs)
			}
		}
	}
	// Raising the cap lets a product through that the default refuses.
	if _, errs, code := runCmd(t, "solve", where, "--param", "K=1..3", "--param", "S=1..50"); code != 0 {
		t.Errorf("narrowed: exit %d: %s", code, errs)
	}
}

// TestParamFlags: NAME=LO.. is taken as documented; a bad --param is a
// bad command line (exit 2), and says when a number overflows.
func TestParamFlags(t *testing.T) {
	out, errs, code := runCmd(t, "ege", "ege-2027-demo", "--param", "S=31..")
	if code != 0 || !strings.Contains(out, "S = 31..130 (open") {
		t.Errorf("S=31..: exit %d: %s%s", code, out, errs)
	}
	for _, c := range []struct {
		flags []string
		msg   string
	}{
		{[]string{"--param", "S"}, "want NAME=LO..HI"},
		{[]string{"--param", "S=abc"}, `"abc" is not an integer`},
		{[]string{"--param", "S=1..99999999999999999999"}, "99999999999999999999 overflows int64"},
		{[]string{"--param", "S=5..1"}, "empty range"},
		{[]string{"--param", "T=5"}, "has no param T"},
		{[]string{"--horizon", "-5"}, "--horizon -5"},
		{[]string{"--max-positions", "0"}, "--max-positions 0"},
		{[]string{"--open-width", "0"}, "--open-width 0"},
	} {
		_, errs, code := runCmd(t, append([]string{"solve", "ege-2027-demo"}, c.flags...)...)
		if code != 2 || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.flags, code, errs, c.msg)
		}
	}
}

// TestOpenRangeAtTheTop: an open range near the int64 maximum stops there
// instead of wrapping, and a question over it is decided.
func TestOpenRangeAtTheTop(t *testing.T) {
	top := writeGame(t, "top.toml", "name = \"top\"\npiles = [\"x\"]\nmoves = [\"x + 1\"]\nend = \"x >= 9223372036854775807\"\nwinner = \"mover\"\n[start]\nx = \"S\"\n[params]\nS = \"9223372036854775750..\"\n")
	out, errs, code := runCmd(t, "query", top, "win 1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// From 9223372036854775806 one move reaches the end: W 1; the top
	// value is final, lost by the mover (L 0).
	if !strings.Contains(out, "S = 9223372036854775750..9223372036854775807") ||
		!strings.Contains(out, "[9223372036854775806:W1]") || !strings.HasSuffix(out, "\n9223372036854775806\n") {
		t.Errorf("query:\n%s", out)
	}
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
