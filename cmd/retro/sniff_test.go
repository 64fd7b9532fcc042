package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// cutGame is a small valid game whose first comment line puts the letter
// r at byte offset at, so that the 512-byte sample readTableFile takes
// may cut it.
func cutGame(t *testing.T, r rune, at int) []byte {
	t.Helper()
	pad := at - len("# ")
	if pad < 0 {
		t.Fatalf("offset %d too small", at)
	}
	text := "# " + strings.Repeat("x", pad) + string(r) + strings.Repeat("я", 40) + "\n" +
		"name = \"cut\"\npiles = [\"x\"]\nmoves = [\"x - 1\", \"x - 2\"]\nwinner = \"mover\"\n[start]\nx = 7\n"
	if !strings.HasPrefix(text[at:], string(r)) {
		t.Fatalf("letter not at %d", at)
	}
	return []byte(text)
}

// TestSniffMultiByteCut: a game file whose byte 511, 512 or 513 falls
// inside a letter of 2, 3 or 4 bytes is read as a game, by every command
// that takes a table too.
func TestSniffMultiByteCut(t *testing.T) {
	dir := t.TempDir()
	for _, r := range []rune{'я', '—', '🙂'} {
		w := utf8.RuneLen(r)
		for at := sniffSize - w - 1; at <= sniffSize+1; at++ {
			path := filepath.Join(dir, "cut.toml")
			if err := os.WriteFile(path, cutGame(t, r, at), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{{"solve", path}, {"show", path, "7"}, {"export", path}} {
				if _, errs, code := runCmd(t, args...); code != 0 {
					t.Errorf("%q (%d bytes) at %d: %v exit %d: %s", r, w, at, args[0], code, errs)
				}
			}
		}
	}
}

// TestSniffRussianComment is the reproduction: a comment of 300 letters я
// (600 bytes) cuts one at byte 512.
func TestSniffRussianComment(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cut.toml")
	src := "## " + strings.Repeat("я", 300) + "\n" + string(cutGame(t, 'x', 2))
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, errs, code := runCmd(t, "ege", path); code != 0 || errs != "" {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
}

func TestLooksLikeText(t *testing.T) {
	text := []byte(strings.Repeat("ая—🙂", 100))
	for n := 0; n <= len(text); n++ {
		if !looksLikeText(text[:n], n < len(text)) {
			t.Fatalf("UTF-8 text cut at %d is not text", n)
		}
	}
	for _, bad := range []string{"a\x00b", "\xff\xfe", "abc\xc3(", "\x80abc"} {
		if looksLikeText([]byte(bad), true) {
			t.Errorf("%q is text", bad)
		}
	}
	// A cut letter is forgiven only at the end of a longer file.
	if looksLikeText([]byte("abc\xd1"), false) {
		t.Error("a file ending in half a letter is text")
	}
}

// TestNotText: a file that is neither a table nor UTF-8 text says so.
func TestNotText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "garbage.bin")
	if err := os.WriteFile(path, []byte("\xff\xfe\x00\x01 not a game"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, code := runCmd(t, "solve", path)
	if code != 1 || !strings.Contains(errs, "not UTF-8 text") || strings.Contains(errs, "bad magic") {
		t.Errorf("exit %d: %s", code, errs)
	}
}
