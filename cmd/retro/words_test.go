package main

import (
	"strings"
	"testing"
)

func TestWords(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{checkFailed(1, 1).Error(), "1 game has errors"},
		{checkFailed(1, 3).Error(), "1 of 3 games has errors"},
		{checkFailed(2, 3).Error(), "2 of 3 games have errors"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
	bad := writeGame(t, "bad.toml", "piles = [\"x\"]\nmoevs = [\"x - 1\"]\n")
	_, errs, code := runCmd(t, "check", bad)
	if code != 1 || !strings.HasSuffix(errs, "\nretro: 1 game has errors\n") {
		t.Errorf("exit %d: %q", code, errs)
	}
	out, _, _ := runCmd(t, "solve", "nim")
	if !strings.Contains(out, " ms\n") || strings.Contains(out, "time:       0s") {
		t.Errorf("solve's time:\n%s", out)
	}
}
