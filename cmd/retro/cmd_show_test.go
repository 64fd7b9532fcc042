package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"retro/cmd/retro/internal/explorer"
	"retro/out"
	"retro/out/query"
	"retro/positions"
	"retro/rules"
)

func TestShow(t *testing.T) {
	out, errs, code := runCmd(t, "show", "ege-2027-demo", "17,29")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// The four moves of (17, 29) in order; doubling b to (17, 58) leaves
	// the opponent a win in one (W 1: 17 + 116 = 133).
	want := []string{"(17, 29): ", "each +4 -> (21, 29)", "each +4 -> (17, 33)", "each *2 -> (34, 29)", "each *2 -> (17, 58)  W 1"}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("show lacks %q:\n%s", w, out)
		}
	}
	out, _, code = runCmd(t, "show", "lebedev-commands", "x=9", "--last", "d")
	if code != 0 || !strings.Contains(out, "(9) last=d:") || strings.Count(out, "->") != 3 {
		t.Errorf("show 9 after d:\n%s", out)
	}
}

func TestShowJSON(t *testing.T) {
	got, errs, code := runCmd(t, "show", "--json", "ege-2027-demo", "17,29")
	// The moves of (17, 29) as TestShow reads them in the text: doubling b
	// leaves the opponent a win in one (17 + 116 = 133).
	want := `{"position":{"position":[17,29],"text":"(17, 29)","outcome":"W","layer":7,"final":false,"moves":[` +
		`{"move":"each +4","position":[21,29],"text":"(21, 29)","outcome":"L","layer":6,"best":true,"words":{"en":"adds 4 stones to the first pile","ru":"добавляет 4 камня в первую кучу"}},` +
		`{"move":"each +4","position":[17,33],"text":"(17, 33)","outcome":"L","layer":8,"words":{"en":"adds 4 stones to the second pile","ru":"добавляет 4 камня во вторую кучу"}},` +
		`{"move":"each *2","position":[34,29],"text":"(34, 29)","outcome":"W","layer":7,"words":{"en":"doubles the first pile","ru":"удваивает первую кучу"}},` +
		`{"move":"each *2","position":[17,58],"text":"(17, 58)","outcome":"W","layer":1,"words":{"en":"doubles the second pile","ru":"удваивает вторую кучу"}}]},"reply":0}` + "\n"
	if code != 0 || got != want {
		t.Fatalf("exit %d (%s):\n%s\nwant\n%s", code, errs, got, want)
	}
	// Every move of the JSON is a line of the text.
	var j explorer.PositionResponse
	if err := json.Unmarshal([]byte(got), &j); err != nil {
		t.Fatal(err)
	}
	text, _, _ := runCmd(t, "show", "ege-2027-demo", "17,29")
	for _, m := range j.Position.Moves {
		mark := " "
		if m.Best {
			mark = "*"
		}
		line := fmt.Sprintf("  %s %s -> %s  %s %d\n", mark, m.Move, m.Text, m.Outcome, *m.Layer)
		if !strings.Contains(text, line) {
			t.Errorf("the text lacks %q:\n%s", line, text)
		}
	}
	if _, errs, code := runCmd(t, "show", "--json", "nim", "3,5,6"); code != 2 || !strings.Contains(errs, "heap game") {
		t.Errorf("show --json on a heap game: exit %d, %s", code, errs)
	}
}

const multiplyGame = `name = "multiply"
piles = ["p"]
moves = ["p = p * k for k in 2..9"]
end = "p >= 100"
winner = "mover"
[start]
p = "S"
[params]
S = "1..3"
`

// A move of a generator family is named by its instance in show, tree,
// export and ege.
func TestGeneratorMoveNames(t *testing.T) {
	game := writeGame(t, "multiply.toml", multiplyGame)
	// From 12, ×9 reaches 108 and ends the game; ×2..×8 reach 24..96, from
	// each of which ×5 (or more) ends it: W 1.
	want := "(12): W 1\n"
	for k := 2; k <= 8; k++ {
		want += fmt.Sprintf("    p = p * k (k = %d) -> (%d)  W 1\n", k, 12*k)
	}
	want += "  * p = p * k (k = 9) -> (108)  L 0 (end of the game)\n"
	if got, errs, code := runCmd(t, "show", game, "12"); code != 0 || got != want {
		t.Errorf("show: exit %d (%s):\n%s\nwant\n%s", code, errs, got, want)
	}
	got, _, _ := runCmd(t, "tree", game, "12")
	if want := "(12)  W 1\n└─ p = p * k (k = 9) -> (108)  L 0, end\n"; got != want {
		t.Errorf("tree:\n%s\nwant\n%s", got, want)
	}
	got, _, _ = runCmd(t, "export", game, "--layer", "1", "--best", "all")
	if !strings.Contains(got, "\n12,W,1,p = p * k (k = 9):(108)\n") ||
		!strings.Contains(got, "\n14,W,1,p = p * k (k = 8):(112); p = p * k (k = 9):(126)\n") {
		t.Errorf("export:\n%s", got)
	}
	// 19: from 2, ×6 makes 12, from which Vanya's ×9 ends the game.
	got, _, _ = runCmd(t, "ege", game)
	if !strings.Contains(got, `S = 2: Petya plays "p = p * k (k = 6)", making (12); Vanya plays "p = p * k (k = 9)", making (108), 108 ≥ 100`) {
		t.Errorf("ege:\n%s", got)
	}
}

// A move of a heap game is named by its entry or code, the heap it is
// played on and its generator values, in show, tree and export. By hand: a
// Kayles heap of 3 loses an end pin (k = 1, leaving 2; a Kayles heap of 2 is
// won by taking it), its middle pin (k = 1, leaving 1 + 1, lost: L 2) or two
// pins (k = 2, leaving 1).
func TestHeapMoveNames(t *testing.T) {
	want := "3: W 3\n" +
		"    0.77 (x = 3, k = 1) -> 2  W 1\n" +
		"  * 0.77 (x = 3, k = 1) -> 1 + 1  L 2\n" +
		"    0.77 (x = 3, k = 2) -> 1  W 1\n"
	if got, errs, code := runCmd(t, "show", "kayles", "3"); code != 0 || got != want {
		t.Errorf("show: exit %d (%s):\n%s\nwant\n%s", code, errs, got, want)
	}
	// Lasker's Nim 2 + 1 (Grundy values 2 and 1): taking one from the 2
	// leaves 1 + 1, lost; the rest is one heap taken at a time.
	got, errs, _ := runCmd(t, "tree", "lasker-nim", "2,1")
	if want := "2 + 1  W 3\n└─ x - k (x = 2, k = 1) -> 1 + 1  L 2\n" +
		"   └─ x - k (x = 1, k = 1) -> 1  W 1\n" +
		"      └─ x - k (x = 1, k = 1) -> (no heaps)  L 0, end\n"; got != want {
		t.Errorf("tree (%s):\n%s\nwant\n%s", errs, got, want)
	}
	// In the export a heap of 2 is won by taking both pins (k = 2), one of
	// 3 by taking the middle one.
	got, _, _ = runCmd(t, "export", "kayles", "--upto", "3", "--best", "all")
	if !strings.Contains(got, "\n2,0,W,1,\"0.77 (x = 2, k = 2):(0,0)\"\n") ||
		!strings.Contains(got, "\n3,0,W,3,\"0.77 (x = 3, k = 1):(1,1)\"\n") {
		t.Errorf("export:\n%s", got)
	}
}

// A position without moves says why the game is over there.
func TestShowGameOver(t *testing.T) {
	line := writeGame(t, "line.toml", "piles = [\"x\"]\nmoves = [\"x - 1\"]\n[bounds]\nx = \"0..5\"\n")
	for _, c := range []struct{ game, pos, want string }{
		{"ege-2027-demo", "17,120", "(17, 120): L 0\nthe game is over: end holds (137 >= 133)\n"},
		{"ege-bank-one-pile", "30", "(30): L 0\nthe game is over: end holds (30 <= 30)\n"},
		{line, "0", "(0): L 0\nthe game is over: no legal moves\n"},
		{"nim", "0", "(no heaps): L 0\nthe game is over: no legal moves\n"},
	} {
		got, errs, code := runCmd(t, "show", c.game, c.pos)
		if code != 0 || got != c.want {
			t.Errorf("show %s %s: exit %d (%s) %q, want %q", c.game, c.pos, code, errs, got, c.want)
		}
	}
}

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
			res, i, err := gf.solveAt(in, p, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range query.Langs {
				var direct, general bytes.Buffer
				done, err := showFinal(&direct, in, p, 0, l)
				if err != nil || !done {
					t.Fatalf("%s %v: done %v, %v", c.game, p, done, err)
				}
				out.WritePosition(&general, res.Probed(), i, out.PositionOptions{Position: func(q []int64, h int) string { return positions.Format(g, q, h) }, EndNote: true, Lang: l})
				if direct.String() != general.String() {
					t.Errorf("%s %v %s: direct %q, solved %q", c.game, p, l, direct.String(), general.String())
				}
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
