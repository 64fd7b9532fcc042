package out_test

import (
	"bytes"
	"testing"
	"time"

	"retro/out"
	"retro/retro"
	"retro/rules"
)

// Two instances solved by peers: the summary adds up their totals, names
// each path once, sums the traffic and lists the sets by layer.
func TestSummary(t *testing.T) {
	g := &rules.Game{Name: "Two", File: "two.toml"}
	seg := func(o retro.Outcome, layer, n int) retro.Segment {
		return retro.Segment{Outcome: o, Layer: layer, End: n}
	}
	totals := []retro.Totals{
		{Positions: 5, Moves: 9, Edges: 7, Tally: map[retro.Outcome]int{retro.Win: 3, retro.Lose: 2},
			Shown: []retro.Segment{seg(retro.Lose, 0, 2), seg(retro.Win, 1, 3)}, Path: "general, in 2 shards",
			Traffic: &retro.Traffic{Search: 10, Graph: 20, Colouring: 30, Layers: 2}},
		{Positions: 4, Moves: 4, Edges: 3, Tally: map[retro.Outcome]int{retro.Win: 1, retro.Lose: 1, retro.Draw: 2},
			Shown: []retro.Segment{seg(retro.Lose, 0, 1), seg(retro.Win, 1, 1)}, Path: "general, in 2 shards",
			Traffic: &retro.Traffic{Search: 1, Graph: 2, Colouring: 4, Layers: 2}},
	}
	s := out.NewSummary(g, totals, 1254*time.Millisecond, "3.0 MiB resident, the largest of 2 ranks")
	var b bytes.Buffer
	s.WriteText(&b, 0)
	want := `game:       Two (two.toml)
instances:  2
positions:  9
moves:      13 legal moves, 10 edges between positions
outcomes:   W 4  L 3  D 2
layers:     2
  L 0      3
  W 1      4
path:       general, in 2 shards
exchanged:  11 bytes finding the positions, 22 bytes of edges between shards, 34 bytes while colouring (8 a layer)
time:       1.25 s
peak memory: 3.0 MiB resident, the largest of 2 ranks
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	j := s.JSON()
	if j.Positions != 9 || j.Moves != 13 || j.Edges != 10 || j.Outcomes.D != 2 || len(j.Layers) != 2 || j.TimeMs != 1254 {
		t.Errorf("JSON %+v", j)
	}
}
