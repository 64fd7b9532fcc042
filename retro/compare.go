package retro

import (
	"context"
	"fmt"
	"retro/retro/internal/core"
	"slices"

	"retro/positions"
	"retro/rules"
)

// CompareFresh solves a game again as its results were solved (the
// instances of its param ranges, the open width, each result's horizon)
// and compares every instance with its result (Compare). Problems name
// their instance ("n=5: ") in a game with params in its rules. It holds
// one fresh result at a time.
func CompareFresh(ctx context.Context, g *rules.Game, results []*Result, openWidth int64, max int) (*VerifyReport, error) {
	if max <= 0 {
		max = DefaultMaxProblems
	}
	if g.Sum {
		return nil, fmt.Errorf("%s is a heap game, whose table does not record the --upto it was solved with: "+
			"solve it again with retro solve --upto N -o and compare the content lines of retro info", g.File)
	}
	insts, err := g.Instances()
	if err != nil {
		return nil, err
	}
	if len(insts) != len(results) {
		return nil, fmt.Errorf("the table holds %d instances, the game as solved has %d", len(results), len(insts))
	}
	if openWidth <= 0 {
		openWidth = positions.DefaultOpenWidth
	}
	all := &VerifyReport{}
	for k, in := range insts {
		r := results[k]
		if !slices.Equal(in.Values, r.Instance.Values) {
			return nil, fmt.Errorf("instance %d of the table is %s, the game as solved has %v", k, r.Instance.Label(), in.Values)
		}
		popt := positions.DefaultOptions(g)
		popt.OpenWidth, popt.Horizon, popt.Context = openWidth, r.Horizon(), ctx
		fresh, err := SolveInstance(in, popt, core.Options{Context: ctx})
		if err != nil {
			return nil, err
		}
		rep := Compare(r, fresh, max)
		all.Checked += rep.Checked
		all.Count += rep.Count
		for _, p := range rep.Problems {
			if len(all.Problems) < max {
				p.Position = InstancePrefix(r.Instance) + p.Position
				all.Problems = append(all.Problems, p)
			}
		}
	}
	return all, nil
}

// InstancePrefix is what a problem's position starts with in a game with
// params in its rules: "n=5: ", and "" without them.
func InstancePrefix(in *rules.Instance) string {
	if l := in.Label(); l != "" {
		return l + ": "
	}
	return ""
}

// Compare checks that two results of one game instance hold the same
// table: the same positions at the same indices, the same start
// positions, and at every position the same outcome and layer. It is how
// a stored table is checked against a fresh solve. It reports the first
// differences, by index, as Verify does its problems.
func Compare(a, b *Result, max int) *VerifyReport {
	if max <= 0 {
		max = DefaultMaxProblems
	}
	rep := &VerifyReport{}
	g := a.Instance.Game
	add := func(i int, pos, msg string) {
		rep.Count++
		if len(rep.Problems) < max {
			rep.Problems = append(rep.Problems, Problem{Index: i, Position: pos, Msg: msg})
		}
	}
	if a.Len() != b.Len() {
		add(-1, "the table", fmt.Sprintf("%d positions, the fresh solve %d", a.Len(), b.Len()))
		return rep
	}
	if len(a.Starts) != len(b.Starts) {
		add(-1, "the table", fmt.Sprintf("%d start positions, the fresh solve %d", len(a.Starts), len(b.Starts)))
	}
	for k := range min(len(a.Starts), len(b.Starts)) {
		sa, sb := a.Starts[k], b.Starts[k]
		if sa.Index != sb.Index || !slices.Equal(sa.Params, sb.Params) {
			add(sa.Index, "the table", fmt.Sprintf("start %d differs from the fresh solve's", k))
		}
	}
	pa, pb := make([]int64, a.Space.Piles()), make([]int64, b.Space.Piles())
	for i := 0; i < a.Len(); i++ {
		rep.Checked++
		ha, hb := a.Space.Position(i, pa), b.Space.Position(i, pb)
		pos := positions.Format(g, pa, ha)
		switch {
		case ha != hb || !slices.Equal(pa, pb):
			add(i, pos, "the fresh solve has "+positions.Format(g, pb, hb)+" at this index")
		case a.Outcome(i) != b.Outcome(i) || a.Layer(i) != b.Layer(i):
			add(i, pos, fmt.Sprintf("%s, the fresh solve says %s", valueText(a, i), valueText(b, i)))
		}
	}
	return rep
}

// valueText writes a position's outcome and layer: "W 3", "D".
func valueText(r *Result, i int) string {
	if l := r.Layer(i); l >= 0 {
		return fmt.Sprintf("%v %d", r.Outcome(i), l)
	}
	return r.Outcome(i).String()
}
