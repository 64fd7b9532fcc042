package retro_test

import (
	"retro/retro/internal/core"
	"testing"

	"retro/retro/retrotest"
)

// Set gives the positions of one outcome and layer, exactly those.
func TestSet(t *testing.T) {
	r := retrotest.SolveOne(t, retrotest.Builtin(t, "ege-2027-demo"))
	total := 0
	for _, s := range r.Segments() {
		b := r.Set(s.Outcome, s.Layer)
		if int(b.GetCardinality()) != s.End-s.Start {
			t.Fatalf("%v %d: %d positions, the segment has %d", s.Outcome, s.Layer, b.GetCardinality(), s.End-s.Start)
		}
		it := b.Iterator()
		for it.HasNext() {
			i := int(it.Next())
			if r.Outcome(i) != s.Outcome || r.Layer(i) != s.Layer {
				t.Fatalf("position %d in the set of %v %d is %v %d", i, s.Outcome, s.Layer, r.Outcome(i), r.Layer(i))
			}
		}
		total += s.End - s.Start
	}
	if total != r.Tally()[core.Win]+r.Tally()[core.Lose] {
		t.Errorf("the sets hold %d positions", total)
	}
}
