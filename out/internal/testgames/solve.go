package testgames

import (
	"slices"
	"testing"

	"retro/positions"
	"retro/retro"
	"retro/retro/sg"
	"retro/rules"
)

// Solve solves every instance of a game with its own options; a heap game
// by its heap view, from one heap of 0..12.
func Solve(t testing.TB, name string, src []byte) (*rules.Game, []*retro.Result) {
	t.Helper()
	g, err := rules.Parse(name+".toml", src)
	if err != nil {
		t.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	var rs []*retro.Result
	for _, in := range insts {
		popt := positions.DefaultOptions(g)
		if g.Sum {
			in, popt.Extra = heapView(t, in, 12)
		}
		r, err := retro.SolveInstance(in, popt, retro.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	return g, rs
}

// Builtin solves every instance of a built-in game.
func Builtin(t testing.TB, name string) (*rules.Game, []*retro.Result) {
	t.Helper()
	src, ok := rules.Builtin(name)
	if !ok {
		t.Fatalf("no built-in game %s", name)
	}
	return Solve(t, name, src)
}

// heapView is the engine's view of a heap game, as retro solve makes it:
// every collection of heaps reachable from one heap of 0..upto.
func heapView(t testing.TB, in *rules.Instance, upto int) (*rules.Instance, []positions.Seed) {
	t.Helper()
	most, err := sg.MaxHeaps(in.NewMachine(), upto)
	if err != nil {
		t.Fatal(err)
	}
	view, err := in.HeapView(max(1, slices.Max(most)))
	if err != nil {
		t.Fatal(err)
	}
	var seeds []positions.Seed
	for n := range upto + 1 {
		p := make([]int64, len(view.Game.Piles))
		p[0] = int64(n)
		seeds = append(seeds, positions.Seed{Piles: p})
	}
	return view, seeds
}
