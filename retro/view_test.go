package retro_test

import (
	"context"
	"maps"
	"retro/retro/internal/core"
	"slices"
	"testing"

	"retro/positions/cluster"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// solveShown solves a built-in game's one instance with a horizon (-1:
// none), alone and as three peers.
func solveShown(t *testing.T, name string, horizon int) (*retro.Result, []*retro.Part) {
	t.Helper()
	opt := retro.GameOptions{Horizon: &horizon}
	s := retrotest.SolveGame(t, rules.FromArg(name), opt)
	parts := make([]*retro.Part, 3)
	errs := retrotest.OnRanks(len(parts), func(r int, comm cluster.Comm) error {
		o := opt
		o.Peers = comm
		sp, err := retro.SolveGame(context.Background(), rules.FromArg(name), o)
		if err == nil {
			parts[r] = sp.Parts[0]
		}
		return err
	})
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	return s.Results[0], parts
}

// Shown counts each W and L set by the positions that show it, as
// counting every position's outcome and layer does; under a horizon the
// positions it hides show ? and leave their sets. A part of the same
// game, solved by peers, has the same totals as the whole result.
func TestShownAndTotals(t *testing.T) {
	for _, c := range []struct {
		game    string
		horizon int
	}{{"ege-2027-demo", -1}, {"ege-2027-demo", 2}, {"ege-2027-demo", 5}, {"lebedev-commands", 3}, {"up-and-down", 3}} {
		r, parts := solveShown(t, c.game, c.horizon)
		type set struct {
			o     core.Outcome
			layer int
		}
		want := map[set]int{}
		for i := range r.Len() {
			if o := r.Outcome(i); o == core.Win || o == core.Lose {
				want[set{o, r.Layer(i)}]++
			}
		}
		got := map[set]int{}
		start := 0
		for _, s := range r.Shown() {
			if s.Start != start || s.End <= s.Start {
				t.Errorf("%s, horizon %d: set %v does not follow the one before it, at %d", c.game, c.horizon, s, start)
			}
			start = s.End
			got[set{s.Outcome, s.Layer}] += s.End - s.Start
		}
		if !maps.Equal(got, want) {
			t.Errorf("%s, horizon %d: shown %v, counted %v", c.game, c.horizon, got, want)
		}
		whole := r.Totals()
		if whole.Traffic != nil {
			t.Errorf("%s: a result solved alone has traffic", c.game)
		}
		for k, p := range parts {
			pt := p.Totals()
			if pt.Traffic == nil {
				t.Errorf("%s: part %d has no traffic", c.game, k)
			}
			if pt.Positions != whole.Positions || pt.Moves != whole.Moves || pt.Edges != whole.Edges ||
				!maps.Equal(pt.Tally, whole.Tally) || !slices.Equal(pt.Shown, whole.Shown) {
				t.Errorf("%s, horizon %d: part %d totals %+v, the whole result's %+v", c.game, c.horizon, k, pt, whole)
			}
		}
	}
}
