package rules

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// Every kind of Source loads its game, names it in messages as the file
// it came from, and a name that is no game says so.
func TestSourceLoad(t *testing.T) {
	text := []byte("piles = [\"x\"]\nmoves = [\"x - 1\"]\n[bounds]\nx = \"0..3\"\n")
	path := filepath.Join(t.TempDir(), "take.toml")
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		src  Source
		file string
	}{
		{FromFile(path), path},
		{FromArg(path), path},
		{FromText("given.toml", text), "given.toml"},
		{FromBuiltin("nim"), "nim.toml"},
		{FromArg("nim"), "nim.toml"},
	} {
		g, err := c.src.Load()
		if err != nil {
			t.Errorf("%v: %v", c.src, err)
			continue
		}
		if g.File != c.file {
			t.Errorf("%v: file %q, want %q", c.src, g.File, c.file)
		}
	}
	for _, src := range []Source{FromArg("no-such-game"), FromBuiltin("no-such-game"), {}} {
		if _, err := src.Load(); !errors.Is(err, ErrNoGame) {
			t.Errorf("%v: %v, want ErrNoGame", src, err)
		}
	}
	if _, err := FromFile(filepath.Join(t.TempDir(), "none.toml")).Load(); err == nil || errors.Is(err, ErrNoGame) {
		t.Errorf("a missing file: %v, want the read error", err)
	}
}

// An error of a game given as text renders its line and carets with
// nothing passed back: it carries the text.
func TestSourceErrorRenders(t *testing.T) {
	_, err := FromText("bad.toml", []byte("piles = [\"x\"]\nmoves = [\"x + y\"]\n[start]\nx = 1\n")).Load()
	got := RenderError(err)
	want := "bad.toml:2:15: unknown name y (names in a move: x)\n    moves = [\"x + y\"]\n                  ^\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
