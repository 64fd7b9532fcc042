package main

import (
	"strings"
	"testing"
	"time"
)

func TestWords(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{count(1, "block", "blocks"), "1 block"},
		{count(0, "block", "blocks"), "0 blocks"},
		{count(2, "core", "cores"), "2 cores"},
		{duration(400 * time.Microsecond), "0.4 ms"},
		{duration(0), "0.0 ms"},
		{duration(9960 * time.Microsecond), "10.0 ms"},
		{duration(12400 * time.Microsecond), "12 ms"},
		{duration(1254 * time.Millisecond), "1.25 s"},
		{duration(125 * time.Second), "2m5s"},
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
