package retro_test

import (
	"retro/retro/internal/core"
	"strings"
	"testing"

	"retro/retro"
	"retro/retro/retrotest"
)

// A result compared with a fresh solve of its game agrees; one whose
// outcome at a position was changed does not, and says where.
func TestCompare(t *testing.T) {
	g := retrotest.Builtin(t, "lebedev-operations")
	a, b := retrotest.SolveOne(t, g), retrotest.SolveOne(t, g)
	if rep := retro.Compare(a, b, 5); rep.Count != 0 || rep.Checked != a.Len() {
		t.Fatalf("two solves differ: %+v", rep)
	}
	// Turn the first position of an L set into a W of the same layer, in
	// the sets and in the segments, so that the data stays whole.
	d := b.Data()
	for k, s := range d.Segments {
		if s.Outcome != core.Lose || s.Layer == 0 {
			continue
		}
		j := int(d.Order[s.Start])
		d.Lose.Clear(j)
		d.Win.Set(j)
		rest := core.Segment{Outcome: core.Lose, Layer: s.Layer, Start: s.Start + 1, End: s.End}
		d.Segments[k].Outcome, d.Segments[k].End = core.Win, s.Start+1
		if rest.End > rest.Start {
			d.Segments = append(d.Segments[:k+1], append([]core.Segment{rest}, d.Segments[k+1:]...)...)
		}
		changed, err := retro.FromData(b.Space, b.Instance, d)
		if err != nil {
			t.Fatal(err)
		}
		rep := retro.Compare(changed, a, 5)
		if rep.Count != 1 || rep.Problems[0].Index != j || !strings.Contains(rep.Problems[0].Msg, "the fresh solve says L") {
			t.Fatalf("report %+v", rep)
		}
		return
	}
	t.Fatal("no L position to change")
}
