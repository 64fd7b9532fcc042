package retro_test

import (
	"errors"
	"strings"
	"testing"

	"retro/positions"
	"retro/retro"
	"retro/rules"
)

func firstInstance(t *testing.T, src string) (*rules.Game, *rules.Instance) {
	t.Helper()
	g, err := rules.Parse("g.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	return g, insts[0]
}

// TestUnmovesDecline checks that the un-move path turns down the games it
// does not take, with the reason.
func TestUnmovesDecline(t *testing.T) {
	for _, c := range []struct{ src, why string }{
		{"piles = [\"x\"]\nmoves = [\"x + 1\", \"x - 1\"]\n[bounds]\nx = \"0..10\"\n",
			"a move leaves the box"},
		{"piles = [\"a\", \"b\"]\nmoves = [\"a = a - 1, b = b + a\"]\nend = \"b >= 9\"\n[bounds]\na = \"0..9\"\nb = \"0..18\"\n",
			"the move `a = a - 1, b = b + a` sets a pile from another"},
		{"piles = [\"x\"]\nmoves = [\"x + 1\", \"x - 2\"]\nend = \"x >= 30\"\nallow = \"no-repeat-opponent\"\n[bounds]\nx = \"0..30\"\n",
			"`allow` gives positions a history"},
		{"piles = [\"x\"]\nmoves = [\"x + 1\", \"x - 2\"]\nend = \"x >= 30\"\n[start]\nx = 1\n",
			"no [bounds] box"},
	} {
		g, in := firstInstance(t, c.src)
		_, err := retro.SolveUnmoves(in, positions.DefaultOptions(g), retro.Options{})
		var not *positions.UnmovesError
		if !errors.As(err, &not) || !errors.Is(err, positions.ErrNotUnmoves) || !strings.HasPrefix(not.Why, c.why) {
			t.Errorf("error %v, want the reason %q\n%s", err, c.why, c.src)
		}
	}
}

// TestUnmovesLeaveTheErrorToTheGeneralPath checks that a game the un-move
// path turns down at a move that leaves the box gets the general path's
// error, which names the move.
func TestUnmovesLeaveTheErrorToTheGeneralPath(t *testing.T) {
	g, in := firstInstance(t, "piles = [\"x\"]\nmoves = [\"x + 1\", \"x - 1\"]\n[bounds]\nx = \"0..10\"\n")
	_, err := retro.SolveInstance(in, positions.DefaultOptions(g), retro.Options{})
	if !errors.Is(err, positions.ErrOutsideBox) {
		t.Fatalf("error %v, want %v", err, positions.ErrOutsideBox)
	}
}

// TestUnmovesDeepCycles solves by un-moves a game of many layers with
// cycles and checks it against the general path: at b = 1 a chain of 3000
// layers, at b = 0 and 2 the same chain with a move between the two, which
// the loser takes for ever (draws).
func TestUnmovesDeepCycles(t *testing.T) {
	src := "piles = [\"a\", \"b\"]\nmoves = [\"a = a - 1\", \"b = 2 - b\"]\nwinner = \"mover\"\n" +
		"[bounds]\na = \"0..3000\"\nb = \"0..2\"\n"
	g, in := firstInstance(t, src)
	u, err := retro.SolveUnmoves(in, positions.DefaultOptions(g), retro.Options{})
	if err != nil {
		t.Fatal(err)
	}
	gen, err := retro.SolveInstance(in, positions.DefaultOptions(g), retro.Options{General: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep := retro.Compare(u, gen, 3); rep.Count > 0 {
		t.Fatalf("%d differences from the general path, first %v", rep.Count, rep.Problems)
	}
	draws, deepest := 0, 0
	for i := range u.Len() {
		if u.Outcome(i) == retro.Draw {
			draws++
		}
		deepest = max(deepest, u.Layer(i))
	}
	if draws == 0 || deepest < 1000 {
		t.Errorf("%d draws, deepest layer %d: the game is not the one meant", draws, deepest)
	}
}
