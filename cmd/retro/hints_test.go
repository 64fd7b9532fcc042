package main

import (
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// The flags that move a cap are named with the error that hit it.
func TestFlagHints(t *testing.T) {
	run := writeGame(t, "run.toml", "piles = [\"x\"]\nmoves = [\"x + 1\", \"x * 2\"]\n[start]\nx = 1\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", run, "--max-positions", "1000"}, "retro: bound the game with --horizon N (moves from a start), or raise --max-positions\n"},
		{[]string{"tree", "ege-2027-demo", "17,3", "--max-nodes", "3"}, "retro: the tree is too large: more than 3 nodes (limit it with a depth)\nretro: cut the tree with --depth N, or raise --max-nodes\n"},
		{[]string{"query", "ege-2027-demo", "win 3", "--horizon", "2"}, "retro: raise --horizon (or leave it out: the game's own)\n"},
	} {
		_, errs, code := runCmd(t, c.args...)
		if code != 1 || !strings.HasSuffix(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want it to end with %q", c.args, code, errs, c.want)
		}
	}
}

func TestParamAndSwapHints(t *testing.T) {
	rp := writeGame(t, "rp2.toml", "piles = [\"x\"]\nmoves = [\"x - m\", \"x - n\"]\nend = \"x <= 0\"\n[start]\nx = \"S\"\n[params]\nn = \"2..3\"\nm = \"1..2\"\nS = \"1..10\"\n")
	_, errs, code := runCmd(t, "show", rp, "5")
	if want := "retro: the rules of " + rp + " depend on n, m: fix n, m with --param n=VALUE --param m=VALUE\n"; code != 1 || errs != want {
		t.Errorf("exit %d: %q, want %q", code, errs, want)
	}
	// With one fixed, the other is named alone.
	_, errs, _ = runCmd(t, "show", rp, "5", "--param", "n=2")
	if want := "retro: the rules of " + rp + " depend on m: fix m with --param m=VALUE\n"; errs != want {
		t.Errorf("%q, want %q", errs, want)
	}
	_, errs, code = runCmd(t, "query", "win 2", "ege-2027-demo")
	if want := "retro: the game comes first, then the question: retro query ege-2027-demo \"win 2\"\n"; code != 2 || !strings.HasPrefix(errs, want) {
		t.Errorf("swapped: exit %d, %q", code, errs)
	}
	// A question that is wrong, not swapped, keeps its caret.
	_, errs, _ = runCmd(t, "query", "ege-2027-demo", "wn 2")
	if !strings.Contains(errs, `unknown word "wn"; did you mean "win"?`) {
		t.Errorf("misspelt: %q", errs)
	}
}

// A write that fails names the file asked for, not the temporary file
// written first.
func TestWriteErrorHidesTemp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.csv")
	err := writeAtomic(context.Background(), path, func(w io.Writer) error {
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 {
			t.Fatalf("files: %v", entries)
		}
		return &fs.PathError{Op: "write", Path: filepath.Join(dir, entries[0].Name()), Err: syscall.ENOSPC}
	})
	if err == nil || err.Error() != "cannot write "+path+": no space left on device" {
		t.Errorf("%v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left behind: %v", entries)
	}
}
