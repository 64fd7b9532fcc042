package retrotest

import (
	"testing"

	"retro/positions"
	"retro/retro"
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
			var err error
			if in, popt.Extra, err = positions.HeapStarts(in, 12); err != nil {
				t.Fatal(err)
			}
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
