package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestSolveLayersUnderHorizon: the layer list counts the positions that
// show each outcome and layer, so its rows add up to the W and L of the
// outcome line, with a horizon or without.
func TestSolveLayersUnderHorizon(t *testing.T) {
	row := regexp.MustCompile(`^  ([WL]) (\d+) +(\d+)$`)
	for _, c := range []struct {
		game    string
		horizon int
	}{
		{"ege-2027-demo", -1}, {"ege-2027-demo", 0}, {"ege-2027-demo", 2}, {"ege-2027-demo", 5},
		{"lebedev-commands", 3}, {"ege-bank-one-pile", 4}, {"up-and-down", 3},
	} {
		args := []string{"solve", c.game, "--layers", "0"}
		if c.horizon >= 0 {
			args = append(args, "--horizon", strconv.Itoa(c.horizon))
		}
		out, errs, code := runCmd(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var w, l, sumW, sumL, rows int
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "outcomes:") {
				fmt.Sscanf(line, "outcomes:   W %d  L %d", &w, &l)
			}
			if m := row.FindStringSubmatch(line); m != nil {
				n, _ := strconv.Atoi(m[3])
				if n == 0 {
					t.Errorf("%v: an empty row %q", args, line)
				}
				if m[1] == "W" {
					sumW += n
				} else {
					sumL += n
				}
				rows++
			}
		}
		if rows == 0 && w+l > 0 || sumW != w || sumL != l {
			t.Errorf("%v: rows add up to W %d L %d, the outcomes say W %d L %d:\n%s", args, sumW, sumL, w, l, out)
		}
	}
}
