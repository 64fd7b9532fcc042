package retro_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"retro/retro/internal/core"
	"strings"
	"testing"

	"retro/positions"
	"retro/retro"
)

// lineGames are games of line moves the lines path takes: full prefixes
// along rows, columns and the diagonal, windows (of more than 8 cells:
// the queues), constant moves beside them, ends, Lebedev's count, params,
// history and a start.
var lineGames = []struct{ name, src string }{
	{"wythoff", `name = "w"
piles = ["a", "b"]
moves = ["a = a - k for k in 1..a", "b = b - k for k in 1..b", "a = a - k, b = b - k for k in 1..min(a, b)"]
winner = "mover"
[bounds]
a = "0..30"
b = "0..30"
`},
	{"nim-one-pile-window", `name = "w"
piles = ["x"]
moves = ["x - k for k in 1..x // 2", "x - 1"]
winner = "mover"
[bounds]
x = "0..60"
`},
	{"two-windows-end", `name = "w"
piles = ["a", "b"]
end = "a <= 1"
winner = "mover if a % 3 == 0 else other"
count = "lebedev"
moves = ["a = a - k for k in 2..a - 1", "b = b - 2*k for k in 1..b // 3", "a = a - 2, b = b - 1"]
[bounds]
a = "1..20"
b = "0..25"
`},
	{"windows-history-start", `name = "w"
piles = ["a", "b"]
allow = "no-repeat-opponent"
winner = "mover if a % 3 == 0 else other"
[commands]
half = ["a = a - k for k in 1..a // 2"]
take = ["b = b - k for k in 1..min(b, N)", "a = a - k for k in 3..a"]
one = ["a = a - 1, b = b - 1"]
[params]
N = "9..12"
[start]
a = 40
b = 30
`},
	{"param", `name = "w"
piles = ["a", "b"]
winner = "other"
moves = ["a = a - k for k in 1..min(a, N)", "b = b - k for k in 1..b", "a = a - k, b = b - k for k in 1..min(a, b)"]
[params]
N = "1..4"
[bounds]
a = "0..12"
b = "0..12"
`},
}

// TestLinesPath compares the lines path with the general path, table
// file and CSV, on the line games.
func TestLinesPath(t *testing.T) {
	for _, g := range lineGames {
		took := everyPath(t, g.name+".toml", g.src)
		if took["lines"] != took["general"] {
			t.Errorf("%s: the lines path took %d of %d instances", g.name, took["lines"], took["general"])
		}
	}
}

// lineGame is a random game of line moves beside moves that lower a pile
// by a constant, in a [bounds] box or from a start: odd k give it an allow, some have the
// param N in their ranges (N = 1..3).
func lineGame(rng *rand.Rand, k int) string {
	rg := randomGame(rng)
	withLines(&rg, rng)
	withAllow(&rg, rng, k)
	if rg.capRange() != "" && rng.Intn(2) == 0 {
		rg.capN = "1..3"
	}
	return rg.toml()
}

// withLines makes a random game one of line moves: its constant moves
// lowering piles, and about half its moves line moves (at least one).
func withLines(rg *rgame, rng *rand.Rand) {
	capC := int64(1 + rng.Intn(3))
	lines := 0
	for c, cmd := range rg.cmds {
		for k := range cmd {
			m := &cmd[k]
			m.op = []string{"-", "//"}[rng.Intn(2)]
			if m.op == "//" && m.c < 2 {
				m.c = 2
			}
			if rng.Intn(2) == 0 && !(lines == 0 && c == len(rg.cmds)-1 && k == len(cmd)-1) {
				continue
			}
			lines++
			m.op = lineOps[rng.Intn(len(lineOps))]
			if m.op == "diag" && rg.piles < 2 {
				m.op = "take"
			}
			switch m.op {
			case "take", "diag":
				m.c = int64(1 + rng.Intn(2))
			case "half":
				m.c = int64(2 + rng.Intn(2))
			case "cap":
				m.c = capC
			}
			if m.pile < 0 {
				m.pile = rng.Intn(rg.piles)
			}
		}
	}
}

// TestLineGamesAgainstNaiveSolver solves random games of line moves by
// the lines path and checks every position against the naive solver.
func TestLineGamesAgainstNaiveSolver(t *testing.T) {
	rng := newRand(t)
	games := randomGames(200, 40)
	took := 0
	for k := range games {
		rg := randomGame(rng)
		withLines(&rg, rng)
		withAllow(&rg, rng, k)
		src := rg.toml()
		res := solveFirst(t, k, src)
		if testing.Verbose() && !strings.HasPrefix(res.Path, "lines") {
			t.Log(res.Path)
		}
		if strings.HasPrefix(res.Path, "lines") {
			took++
		}
		sameAsNaive(t, k, res, rg, src)
	}
	t.Logf("%d of %d games took the lines path", took, games)
	if took < games/2 {
		t.Errorf("only %d of %d games took the lines path", took, games)
	}
}

// TestWythoffLosingPositions solves Wythoff's game on the box 0..2000 by
// the lines path: its L positions are exactly the pairs (⌊nφ⌋, ⌊nφ²⌋)
// and their mirrors.
func TestWythoffLosingPositions(t *testing.T) {
	const side = 2000
	res := solveFirstBy(t, "wythoff", strings.ReplaceAll(lineGames[0].src, "0..30", fmt.Sprintf("0..%d", side)), "lines")
	// the pairs by the Beatty sequences, in exact integer arithmetic:
	// ⌊nφ⌋ = (n + ⌊n√5⌋) / 2 and ⌊nφ²⌋ = ⌊nφ⌋ + n
	lose := map[[2]int64]bool{}
	for n := int64(0); ; n++ {
		a := (n + isqrt(5*n*n)) / 2
		if a > side {
			break
		}
		if b := a + n; b <= side {
			lose[[2]int64{a, b}], lose[[2]int64{b, a}] = true, true
		}
	}
	p := make([]int64, 2)
	found := 0
	for i := range res.Len() {
		res.Space.Position(i, p)
		l := res.Outcome(i) == core.Lose
		if l != lose[[2]int64{p[0], p[1]}] {
			t.Fatalf("(%d, %d) is %v", p[0], p[1], res.Outcome(i))
		}
		if l {
			found++
		}
	}
	if found != len(lose) || res.Len() != (side+1)*(side+1) {
		t.Fatalf("%d L positions of %d, the pairs %d", found, res.Len(), len(lose))
	}
}

// isqrt is ⌊√x⌋.
func isqrt(x int64) int64 {
	r := int64(math.Sqrt(float64(x)))
	for r*r > x {
		r--
	}
	for (r+1)*(r+1) <= x {
		r++
	}
	return r
}

// TestLineMovesTheOtherWay: a game with a line move and a move that
// raises a pile is not the lines path's; it solves by another path, whose
// line says why the lines path declined.
func TestLineMovesTheOtherWay(t *testing.T) {
	src := `name = "w"
piles = ["a", "b"]
moves = ["a = a - k for k in 1..a", "b = b + 1"]
end = "b >= 9"
winner = "mover"
[bounds]
a = "0..8"
b = "0..8"
`
	took := everyPath(t, "other-way.toml", src)
	if took["lines"] != 0 {
		t.Fatal("the lines path took a game whose moves go both ways")
	}
	res := solveFirstBy(t, "other-way", src, "")
	if want := "the move `b = b + 1` does not lower the piles, and line moves do"; !strings.Contains(res.Path, want) {
		t.Fatalf("the path line %q does not say %q", res.Path, want)
	}
	t.Log(res.Path)
}

// TestLineMoveLeavesTheBox: a line move from a position of the box to a
// position outside it that has moves sends the game on (the lines path
// forced says so), and the general path reports the move.
func TestLineMoveLeavesTheBox(t *testing.T) {
	src := `name = "w"
piles = ["a", "b"]
moves = ["a = a - k for k in 1..a", "b = b - k for k in 1..b"]
winner = "mover"
[bounds]
a = "1..6"
b = "0..6"
`
	g, in := firstInstance(t, src)
	_, err := retro.SolveInstance(in, positions.DefaultOptions(g), core.Options{Path: "lines"})
	var pe *retro.PathError
	if !errors.As(err, &pe) || pe.Why != "a move leaves the box" {
		t.Fatalf("the lines path forced: %v", err)
	}
	_, err = retro.SolveInstance(in, positions.DefaultOptions(g), core.Options{})
	if err == nil || !strings.Contains(err.Error(), "move leaves the box") {
		t.Fatalf("the path chosen: %v", err)
	}
}
