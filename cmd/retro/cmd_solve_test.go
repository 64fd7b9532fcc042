package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"retro/out"
)

func TestSolveSummary(t *testing.T) {
	_, summaries := wythoffTables(t)
	// The box 0..200 × 0..200.
	for k, out := range summaries {
		for _, w := range []string{"positions:  40401", "L 0      1", "time:", "peak memory:"} {
			if !strings.Contains(out, w) {
				t.Errorf("%d cores: summary lacks %q:\n%s", wythoffCores[k], w, out)
			}
		}
	}
}

// TestSolveInfoJSON compares solve --json and info --json with the text
// summary of the same game.
func TestSolveInfoJSON(t *testing.T) {
	got, errs, code := runCmd(t, "solve", "--json", "ege-2027-demo")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var s out.SummaryJSON
	if err := json.Unmarshal([]byte(got), &s); err != nil {
		t.Fatal(err)
	}
	text, _, _ := runCmd(t, "solve", "ege-2027-demo", "--layers", "0")
	lines := []string{
		fmt.Sprintf("positions:  %d\n", s.Positions),
		fmt.Sprintf("moves:      %d legal moves, %d edges between positions\n", s.Moves, s.Edges),
		fmt.Sprintf("outcomes:   W %d  L %d  D %d\n", s.Outcomes.W, s.Outcomes.L, s.Outcomes.D),
		fmt.Sprintf("layers:     %d\n", len(s.Layers)),
	}
	for _, l := range s.Layers {
		lines = append(lines, fmt.Sprintf("  %s %-6d %d\n", l.Outcome, *l.Layer, l.Positions))
	}
	for _, l := range lines {
		if !strings.Contains(text, l) {
			t.Errorf("the summary lacks %q:\n%s", l, text)
		}
	}
	// 3505 positions: the count the README's table of the demo gives.
	if s.Positions != 3505 || s.Instances != 1 || s.Game != "ЕГЭ-2027 (демо), задания 19–21" {
		t.Errorf("summary %+v", s)
	}

	table := solveTo(t, t.TempDir(), "ege-2027-demo")
	got, errs, code = runCmd(t, "info", "--json", table)
	if code != 0 {
		t.Fatalf("info: exit %d: %s", code, errs)
	}
	var in out.InfoJSON
	if err := json.Unmarshal([]byte(got), &in); err != nil {
		t.Fatal(err)
	}
	info, _, _ := runCmd(t, "info", table)
	if in.Positions != s.Positions || in.Outcomes != s.Outcomes || len(in.Layers) != len(s.Layers) || in.Made == nil ||
		!strings.Contains(info, "sha256 "+in.SHA256) || !strings.Contains(info, fmt.Sprintf("file:       %d bytes", in.Bytes)) ||
		filepath.Base(in.Table) != "ege-2027-demo.rtb" || len(in.Parts) != 5 {
		t.Errorf("info --json %+v\ninfo:\n%s", in, info)
	}
	var sum int64
	for _, p := range in.Parts {
		sum += p.Bytes
	}
	if uint64(sum) != in.CheckedBytes {
		t.Errorf("the parts add up to %d bytes, the checked part is %d", sum, in.CheckedBytes)
	}
}

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

// solve's time is written as people read it, never "0s" for a short one.
func TestSolveTime(t *testing.T) {
	out, _, _ := runCmd(t, "solve", "nim")
	if !strings.Contains(out, " ms\n") || strings.Contains(out, "time:       0s") {
		t.Errorf("solve's time:\n%s", out)
	}
}
