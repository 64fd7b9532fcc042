package main

import (
	"bytes"
	"strings"
	"testing"

	"retro/out"
	"retro/positions"
	"retro/rules"
)

// TestShowFinalAgrees: the direct answer for a position where the game is
// over is what a solve with that position added as a start gives, for
// games of both counts and of both winners.
func TestShowFinalAgrees(t *testing.T) {
	for _, c := range []struct {
		game      string
		positions [][]int64
	}{
		{"ege-2027-demo", [][]int64{{17, 116}, {100, 33}, {133, 0}}},
		{"lebedev-commands", [][]int64{{30}, {31}, {45}}},
		{"lebedev-operations", nil},
		{"ege-bank-one-pile", nil},
		{"ege-two-piles-77", nil},
	} {
		g, err := rules.FromArg(c.game).Load()
		if err != nil {
			t.Fatal(err)
		}
		in, err := singleInstance(g)
		if err != nil {
			t.Fatal(err)
		}
		m := in.NewMachine()
		// Also every final position of a small square, so that each game
		// gives some.
		for a := int64(0); a < 200 && len(g.Piles) <= 2; a += 7 {
			for b := int64(0); b < 200; b += 11 {
				p := []int64{a, b}[:len(g.Piles)]
				if end, _ := m.End(p); end {
					c.positions = append(c.positions, p)
				}
				if len(g.Piles) == 1 {
					break
				}
			}
		}
		if len(c.positions) == 0 {
			t.Fatalf("%s: no final position tried", c.game)
		}
		var gf gameFlags
		gf.maxPositions, gf.horizon, gf.openWidth = positions.DefaultMaxPositions, -1, positions.DefaultOpenWidth
		for _, p := range c.positions {
			var direct, general bytes.Buffer
			done, err := showFinal(&direct, in, p, 0)
			if err != nil || !done {
				t.Fatalf("%s %v: done %v, %v", c.game, p, done, err)
			}
			res, i, err := gf.solveAt(in, p, 0)
			if err != nil {
				t.Fatal(err)
			}
			out.WritePosition(&general, res, i, func(q []int64, h int) string { return positions.Format(g, q, h) }, true)
			if direct.String() != general.String() {
				t.Errorf("%s %v: direct %q, solved %q", c.game, p, direct.String(), general.String())
			}
		}
	}
}

// TestShowHugeFinal: a final position far beyond the starts is answered
// at once, without a box around it.
func TestShowHugeFinal(t *testing.T) {
	out, errs, code := runCmd(t, "show", "ege-2027-demo", "17,1000000000000")
	if code != 0 || out != "(17, 1000000000000): L 0\nthe game is over: end holds (1000000000017 >= 133)\n" {
		t.Errorf("exit %d: %q %s", code, out, errs)
	}
	out, _, code = runCmd(t, "show", "lebedev-commands", "1000000000000")
	if code != 0 || !strings.Contains(out, "the game is over: end holds") {
		t.Errorf("one pile: exit %d: %q", code, out)
	}
}

// TestShowNegative: a negative pile is a position only in a signed game.
func TestShowNegative(t *testing.T) {
	_, errs, code := runCmd(t, "show", "ege-2027-demo", "--", "-5,3")
	if code != 2 || !strings.Contains(errs, "pile a is -5") {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// TestShowHugeHeap: a heap game's position with a heap beyond the cap is
// refused before the values of the heaps below it are allocated.
func TestShowHugeHeap(t *testing.T) {
	for _, args := range [][]string{
		{"show", "nim", "1000000000000,1"},
		{"tree", "nim", "1000000000000,1"},
		{"solve", "nim", "--upto", "1000000000000"},
	} {
		_, errs, code := runCmd(t, args...)
		if code == 0 || !strings.Contains(errs, "--max-positions") {
			t.Errorf("%v: exit %d: %s", args, code, errs)
		}
	}
}
