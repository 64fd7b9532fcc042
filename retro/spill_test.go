package retro_test

import (
	"errors"
	"os"
	"retro/retro/internal/core"
	"runtime"
	"strings"
	"testing"

	"retro/positions"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// TestSpilledSolveSameTable solves games of the compiled path with their
// values in a file (a budget they do not fit, and a spill directory) and
// checks that each gives the table of the solve in memory
// (retrotest.SameResult), and that the file is gone afterwards.
func TestSpilledSolveSameTable(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("arrays in files are mapped on Linux only")
	}
	exam, err := os.ReadFile("testdata/bench/exam-4000.toml")
	if err != nil {
		t.Fatal(err)
	}
	hist, err := os.ReadFile("testdata/bench/history-2000.toml")
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]string{
		"exam-900.toml":    strings.ReplaceAll(string(exam), "4000", "900"),
		"history-500.toml": strings.ReplaceAll(string(hist), "2000", "500"),
		"affine.toml": "piles = [\"a\", \"b\"]\nmoves = [\"a = a + b\", \"each + 1\", \"b = b * 2\"]\n" +
			"end = \"a + b >= 1500\"\nwinner = \"mover if a % 3 == 0 else other\"\n[start]\na = 1\nb = 1\n",
	} {
		g, err := rules.Parse(name, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		insts, err := g.Instances()
		if err != nil {
			t.Fatal(err)
		}
		popt := positions.DefaultOptions(g)
		heap, err := retro.SolveInstance(insts[0], popt, core.Options{})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		popt.MaxBytes, popt.Spill = 2*int64(heap.Len())-1, dir // room for the bitsets, not the values
		spilled, err := retro.SolveInstance(insts[0], popt, core.Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !strings.HasPrefix(spilled.Path, "compiled") {
			t.Fatalf("%s: path %q", name, spilled.Path)
		}
		if err := retrotest.SameResult(heap, spilled); err != nil {
			t.Fatalf("%s: the spilled solve's table differs: %v", name, err)
		}
		if left, _ := os.ReadDir(dir); len(left) != 0 {
			t.Fatalf("%s: %d files left in the spill directory", name, len(left))
		}
		popt.Spill = ""
		if _, err := retro.SolveInstance(insts[0], popt, core.Options{Path: "compiled"}); err == nil ||
			!errors.Is(err, retro.ErrSpillable) || !errors.Is(err, positions.ErrMemoryBudget) || strings.Contains(err.Error(), "--") {
			t.Fatalf("%s: over the budget with no spill directory: %v", name, err)
		}
	}
}
