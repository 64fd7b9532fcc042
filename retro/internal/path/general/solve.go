package general

import (
	"retro/positions"
	"retro/retro/internal/core"
	"retro/rules"
)

// The general path: a stored move graph (positions.Enumerate), coloured
// by the core. Its counters are the graph's out-degrees, taken over as
// the core's words with the flags of the graph's end sets in their top
// bits.

// graphSource is a stored graph as the core's source.
type graphSource struct{ gr *positions.Graph }

func (s graphSource) Preds(x uint32) []uint32 { return s.gr.Preds(int(x)) }
func (graphSource) Count(int) uint32          { return 0 }

// Solve colours the positions of a move graph layer by layer: of the whole
// game (t nil), or of one shard (positions.EnumerateShard) when t is set,
// the positions of other shards that a phase touches then handed to their
// peers at the phase's end. The phases, and so the calls to the peers,
// are the same on every peer. It takes over the graph's Out counters.
func Solve(gr *positions.Graph, opt core.Options, t *core.Net) (*core.Table, error) {
	n := gr.Held()
	lebedev := gr.Instance.Game.Count == rules.Lebedev
	words := gr.Out
	b := core.BitsOf[uint32]()
	for i, w := range words {
		switch {
		case gr.FinalWon.Has(i):
			w = b.FinalWord(true)
		case gr.FinalLost.Has(i):
			w = b.FinalWord(false)
		default:
			if gr.Unexplored != nil && gr.Unexplored.Has(i) {
				w = 1 // its moves are not followed: a successor that never becomes W
			}
			w = b.Counter(int(w), gr.WinEnd.Has(i), gr.LoseEnd.Has(i), lebedev)
		}
		words[i] = w
	}
	gr.Out = nil
	c := core.NewColouring(n, words, graphSource{gr}, lebedev)
	c.Lo, c.Net, c.Progress, c.Ctx = uint32(gr.Lo), t, opt.Progress, opt.CtxErr()
	if _, err := c.Run(); err != nil {
		return nil, err
	}
	c.Finish()
	r := core.NewTable(gr.Space, gr.Starts)
	r.MoveCount, r.Edges = gr.Moves, int64(gr.Edges())
	r.Layer, r.Win, r.Lose, r.Sets = c.Words, c.Win, c.Lose, c.Segs
	r.Depth, r.Horizon = gr.Depth, gr.Horizon
	if err := finishUnknown(r, gr, t); err != nil {
		return nil, err
	}
	return r, nil
}

// finishUnknown marks, with a horizon, the uncoloured positions from which
// an unexplored position can be reached: they are ?, not D. In a shard
// (t set) the marks cross to the other shards in rounds, until no shard
// has one to hand over.
func finishUnknown(r *core.Table, gr *positions.Graph, t *core.Net) error {
	if gr.Unexplored == nil {
		return nil
	}
	held := uint32(gr.Held())
	r.Unknown = positions.NewBitset(int(held))
	var stack []uint32
	for i := gr.Unexplored.Next(0); i >= 0; i = gr.Unexplored.Next(i + 1) {
		r.Unknown.Set(i)
		stack = append(stack, uint32(i))
	}
	mark := func(q uint32) {
		if !r.Win.Has(int(q)) && !r.Lose.Has(int(q)) && !r.Unknown.Has(int(q)) {
			r.Unknown.Set(int(q))
			stack = append(stack, q)
		}
	}
	for {
		sent := 0
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, p := range gr.Preds(int(j)) {
				if q := p - uint32(gr.Lo); q < held {
					mark(q)
				} else {
					t.Put(p)
					sent++
				}
			}
		}
		more, err := t.Any(sent)
		if err != nil || !more {
			return err
		}
		got, err := t.Swap()
		if err != nil {
			return err
		}
		for _, p := range got {
			mark(p - uint32(gr.Lo))
		}
	}
}
