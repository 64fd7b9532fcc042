package main

import (
	"fmt"
	"strings"
	"testing"
)

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
