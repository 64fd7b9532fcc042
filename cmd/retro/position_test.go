package main

import (
	"testing"
)

// A position of a game with parameters in its rules belongs to one
// instance: the parameters not fixed are named with the flags that fix
// them.
func TestSingleInstanceNamesParams(t *testing.T) {
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
}
