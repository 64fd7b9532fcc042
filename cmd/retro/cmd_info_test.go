package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInfoGame: a table gives back the game text it was solved from, byte
// for byte.
func TestInfoGame(t *testing.T) {
	dir := t.TempDir()
	src := "# Партия — комментарий\n" + string(cutGame(t, 'x', 2))
	game := filepath.Join(dir, "g.toml")
	os.WriteFile(game, []byte(src), 0o644)
	table := solveTo(t, dir, game)
	out, errs, code := runCmd(t, "info", table, "--game")
	if code != 0 || out != src {
		t.Errorf("exit %d: %q%s", code, out, errs)
	}
	// What it prints solves to the same table.
	again := filepath.Join(dir, "again.toml")
	os.WriteFile(again, []byte(out), 0o644)
	a, _, _ := runCmd(t, "export", game)
	b, _, _ := runCmd(t, "export", again)
	if a != b || a == "" {
		t.Error("the printed game solves differently")
	}
}

func TestInfo(t *testing.T) {
	demo := solveTo(t, t.TempDir(), "ege-2027-demo")
	o, errs, code := runCmd(t, "info", demo)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, w := range []string{"game:       ЕГЭ-2027 (демо), задания 19–21 (ege-2027-demo.toml)", "positions:  3505",
		"outcomes:   W 3236  L 269  D 0", "  L 16     1", "bits per position", "made:", "solve", "content:    sha256 "} {
		if !strings.Contains(o, w) {
			t.Errorf("info lacks %q:\n%s", w, o)
		}
	}
}
