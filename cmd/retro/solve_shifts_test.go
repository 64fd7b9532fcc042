package main

import (
	"strings"
	"testing"
)

// Fair Shares and Varied Pairs for 20 stones from the command line: the
// path of shifts, and GamesmanOne's counts (W 35, L 3 with the all-ones
// end, which the table leaves out, D 589).
func TestSolveFSVPByShifts(t *testing.T) {
	out, errs, code := runCmd(t, "solve", "../../retro/testdata/fsvp-20.toml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"positions:  626", "W 35  L 2  D 589", "path:       shifts:"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}
