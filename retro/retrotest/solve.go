package retrotest

import (
	"context"
	"testing"

	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// Solve reads the game src as the file NAME.toml and solves every
// instance with its own options; a heap game by its heap view, from one
// heap of 0..12.
func Solve(t testing.TB, name string, src []byte) (*rules.Game, []*retro.Result) {
	t.Helper()
	g := Parse(t, name+".toml", string(src))
	return g, solveEach(t, g, func(in *rules.Instance, popt *positions.Options) *rules.Instance {
		if !g.Sum {
			return in
		}
		in, extra, err := positions.HeapStarts(in, 12)
		if err != nil {
			t.Fatal(err)
		}
		popt.Extra = extra
		return in
	})
}

// SolveBuiltin solves every instance of a built-in game, as Solve does.
func SolveBuiltin(t testing.TB, name string) (*rules.Game, []*retro.Result) {
	t.Helper()
	return Solve(t, name, []byte(BuiltinText(t, name)))
}

// SolveAll solves every instance of a game with the default options of
// the game (positions.DefaultOptions) and of the solver, as set, when not
// nil, changes the former.
func SolveAll(t testing.TB, g *rules.Game, set func(popt *positions.Options)) []*retro.Result {
	t.Helper()
	return solveEach(t, g, func(in *rules.Instance, popt *positions.Options) *rules.Instance {
		if set != nil {
			set(popt)
		}
		return in
	})
}

// solveEach solves every instance of a game, prep making the instance
// solved of each and changing its default options.
func solveEach(t testing.TB, g *rules.Game, prep func(in *rules.Instance, popt *positions.Options) *rules.Instance) []*retro.Result {
	t.Helper()
	var rs []*retro.Result
	for _, in := range Instances(t, g) {
		popt := positions.DefaultOptions(g)
		in = prep(in, &popt)
		r, err := retro.SolveInstance(in, popt, retro.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	return rs
}

// SolveOne solves a game of one instance with the default options; a
// game of more fails the test.
func SolveOne(t testing.TB, g *rules.Game) *retro.Result {
	t.Helper()
	if n := len(Instances(t, g)); n != 1 {
		t.Fatalf("%s: %d instances, want one", g.File, n)
	}
	return SolveAll(t, g, nil)[0]
}

// SolveGame solves a game as retro solve does (retro.SolveGame), the
// error failing the test.
func SolveGame(t testing.TB, src rules.Source, opt retro.GameOptions) *retro.Solved {
	t.Helper()
	s, err := retro.SolveGame(context.Background(), src, opt)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
