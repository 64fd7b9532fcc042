package retro_test

import (
	"errors"
	"fmt"
	"retro/retro/internal/core"
	"slices"
	"strings"
	"testing"

	"retro/positions"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// firstInstance reads the game src, as g.toml, and its first instance.
func firstInstance(t *testing.T, src string) (*rules.Game, *rules.Instance) {
	t.Helper()
	g := retrotest.Parse(t, "g.toml", src)
	return g, retrotest.Instances(t, g)[0]
}

// TestUnmovesDecline checks that the un-move path turns down the games it
// does not take, with the reason.
func TestUnmovesDecline(t *testing.T) {
	for _, c := range []struct{ src, why string }{
		{"piles = [\"x\"]\nmoves = [\"x + 1\", \"x - 1\"]\n[bounds]\nx = \"0..10\"\n",
			"a move leaves the box"},
		{"piles = [\"a\", \"b\"]\nmoves = [\"a = a - 1, b = b + a\"]\nend = \"b >= 9\"\n[bounds]\na = \"0..9\"\nb = \"0..18\"\n",
			"the move `a = a - 1, b = b + a` sets a pile from another"},
		{"piles = [\"x\"]\nmoves = [\"x + 1\", \"x - 2\"]\nend = \"x >= 30\"\nallow = \"cmd != last or x > 9\"\n[bounds]\nx = \"0..30\"\n",
			"`allow` reads the piles"},
		{"piles = [\"x\"]\nmoves = [\"x + 1\", \"x - 2\"]\nend = \"x == 30\"\n[start]\nx = 1\n",
			"nothing bounds the piles"},
		{"piles = [\"x\"]\ntier = \"x\"\nmoves = [\"x + 1\", \"x - 2\"]\nend = \"x >= 30\"\n[bounds]\nx = \"0..30\"\n",
			"the move `x - 2` may lower the declared tier"},
	} {
		g, in := firstInstance(t, c.src)
		_, err := retro.SolveInstance(in, positions.DefaultOptions(g), core.Options{Path: "unmoves"})
		var not *retro.PathError
		if !errors.As(err, &not) || !errors.Is(err, retro.ErrPathDeclines) || !strings.HasPrefix(not.Why, "no un-moves: "+c.why) {
			t.Errorf("error %v, want the reason %q\n%s", err, c.why, c.src)
		}
	}
}

// TestUnmovesLeaveTheErrorToTheGeneralPath checks that a game the un-move
// path turns down at a move that leaves the box gets the general path's
// error, which names the move.
func TestUnmovesLeaveTheErrorToTheGeneralPath(t *testing.T) {
	g, in := firstInstance(t, "piles = [\"x\"]\nmoves = [\"x + 1\", \"x - 1\"]\n[bounds]\nx = \"0..10\"\n")
	_, err := retro.SolveInstance(in, positions.DefaultOptions(g), core.Options{})
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
	u, err := retro.SolveInstance(in, positions.DefaultOptions(g), core.Options{Path: "unmoves"})
	if err != nil {
		t.Fatal(err)
	}
	gen, err := retro.SolveInstance(in, positions.DefaultOptions(g), core.Options{Path: "general"})
	if err != nil {
		t.Fatal(err)
	}
	if rep := retro.Compare(u, gen, 3); rep.Count > 0 {
		t.Fatalf("%d differences from the general path, first %v", rep.Count, rep.Problems)
	}
	draws, deepest := 0, 0
	for i := range u.Len() {
		if u.Outcome(i) == core.Draw {
			draws++
		}
		deepest = max(deepest, u.Layer(i))
	}
	if draws == 0 || deepest < 1000 {
		t.Errorf("%d draws, deepest layer %d: the game is not the one meant", draws, deepest)
	}
}

// TestUnmovesAgreeOnAffineGames forces the un-move path and the general
// path on random box games of the moves the random games of the naive
// solver lack: k - x, (k - x) // 2 and moves of two piles at once, with
// cycles, draws and both counts.
func TestUnmovesAgreeOnAffineGames(t *testing.T) {
	rng := newRand(t)
	games := 200
	if testing.Short() {
		games = 40
	}
	unmoved := 0
	for k := range games {
		np := 1 + rng.Intn(3)
		end := []int{12, 6, 4}[np-1] + rng.Intn(5)
		names := pileNames[:np]
		var moves []string
		for m := 2 + rng.Intn(3); m > 0; m-- {
			p, q := names[rng.Intn(np)], names[rng.Intn(np)]
			c := 1 + rng.Intn(3)
			switch r := rng.Intn(7); {
			case r == 0:
				moves = append(moves, fmt.Sprintf("%s = %s + %d", p, p, c))
			case r == 1:
				moves = append(moves, fmt.Sprintf("%s = %s - %d", p, p, c))
			case r == 2:
				moves = append(moves, fmt.Sprintf("%s = %d - %s", p, 1+rng.Intn(end), p))
			case r == 3:
				moves = append(moves, fmt.Sprintf("%s = (%d - %s) // 2", p, 1+rng.Intn(end), p))
			case r == 4:
				moves = append(moves, fmt.Sprintf("%s = %s * %d", p, p, c+1))
			case r == 5:
				moves = append(moves, fmt.Sprintf("%s = %s // %d", p, p, c+1))
			case p != q:
				moves = append(moves, fmt.Sprintf("%s = %s - 1, %s = %s + %d", p, p, q, q, c))
			default:
				moves = append(moves, fmt.Sprintf("%s = %s + %d", p, p, c))
			}
		}
		slices.Sort(moves)
		moves = slices.Compact(moves) // a move may not be given twice
		var b strings.Builder
		fmt.Fprintf(&b, "name = \"affine\"\npiles = [\"%s\"]\nmoves = [\"%s\"]\nend = \"%s >= %d\"\n",
			strings.Join(names, "\", \""), strings.Join(moves, "\", \""), strings.Join(names, " + "), end)
		fmt.Fprintf(&b, "winner = %q\n", []string{"mover", "other", "mover if a % 3 == 0 else other"}[rng.Intn(3)])
		if rng.Intn(2) == 0 {
			b.WriteString("count = \"lebedev\"\n")
		}
		b.WriteString("[bounds]\n")
		for _, n := range names {
			fmt.Fprintf(&b, "%s = \"0..%d\"\n", n, end)
		}
		unmoved += everyPath(t, fmt.Sprintf("affine-%d.toml", k), b.String())["unmoves"]
	}
	if unmoved < games*3/4 {
		t.Errorf("only %d of %d affine box games took the un-move path", unmoved, games)
	}
}

// TestUnmovesWideWords checks the un-move path's 32-bit words against its
// 16-bit ones and the general path: with the 16-bit words' limits
// lowered, a game of more moves than a counter holds takes 32-bit words
// from the start, and one whose layers pass the limit widens its words
// where the colouring stands. Each result is the general path's, its data
// (order and layers) included, and so are the layers it reports.
func TestUnmovesWideWords(t *testing.T) {
	type step struct{ layer, coloured, n int }
	progress := func(steps *[]step) core.Options {
		return core.Options{Progress: func(layer, coloured, n int) { *steps = append(*steps, step{layer, coloured, n}) }}
	}
	games := []string{
		"piles = [\"a\", \"b\"]\nmoves = [\"a = a - 1\", \"b = 2 - b\"]\nwinner = \"mover\"\n[bounds]\na = \"0..300\"\nb = \"0..2\"\n",
		"piles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"each -1\", \"each +3\", \"each -2\"]\nend = \"a + b >= 40\"\n" +
			"winner = \"mover if a % 3 == 0 else other\"\n[bounds]\na = \"0..40\"\nb = \"0..40\"\n",
		"piles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"each -2\"]\nend = \"a + b >= 30\"\ncount = \"lebedev\"\n" +
			"winner = \"other\"\n[bounds]\na = \"0..30\"\nb = \"0..30\"\n",
	}
	for k, src := range games {
		g, in := firstInstance(t, src)
		var genSteps []step
		opt := progress(&genSteps)
		opt.Path = "general"
		gen, err := retro.SolveInstance(in, positions.DefaultOptions(g), opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			counts int
			layer  uint32
			bits   int
			what   string
		}{
			{1<<12 - 1, 1<<16 - 1, 16, "16-bit words"},
			{0, 1<<16 - 1, 32, "32-bit words from the start"},
			{1<<12 - 1, 0, 32, "words widened after layer 0"},
			{1<<12 - 1, 1, 32, "words widened after layer 1"},
			{1<<12 - 1, 2, 32, "words widened after layer 2"},
			{1<<12 - 1, 3, 32, "words widened after layer 3"},
		} {
			restore := retro.SetNarrowWords(c.counts, c.layer)
			var steps []step
			popt := progress(&steps)
			popt.Path = "unmoves"
			u, err := retro.SolveInstance(in, positions.DefaultOptions(g), popt)
			restore()
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(steps, genSteps) {
				t.Errorf("game %d, %s: layers reported %v, the general path %v", k, c.what, steps, genSteps)
			}
			// the colouring goes up to the last layer reported, and widens
			// the words when that passes the limit
			want, last := c.bits, steps[len(steps)-1].layer
			if last <= int(c.layer) {
				want = 16
			}
			if c.counts == 0 {
				want = 32
			}
			if got := retro.LayerBits(u); got != want {
				t.Errorf("game %d, %s: %d-bit layers, want %d (last layer %d)", k, c.what, got, want, last)
			}
			if d := u.DataInPlace(); (d.Layer16 != nil) != (want == 16) || d.Order != nil {
				t.Errorf("game %d, %s: in place, %d 16-bit layers and an order of %d", k, c.what, len(d.Layer16), len(d.Order))
			} else if _, err := retro.FromData(u.Space, in, d); want == 16 && !errors.Is(err, retro.ErrBadData) {
				t.Errorf("game %d, %s: FromData takes the in-place form: %v", k, c.what, err)
			}
			sameResult(t, fmt.Sprintf("game %d, %s", k, c.what), u, gen)
			if !slices.Equal(u.Positions(), gen.Positions()) {
				t.Errorf("game %d, %s: the colouring order differs from the general path's", k, c.what)
			}
		}
	}
}
