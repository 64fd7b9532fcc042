package retro

import (
	"fmt"
	"slices"

	"retro/positions"
)

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
