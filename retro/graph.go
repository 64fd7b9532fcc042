package retro

import (
	"context"

	"retro/positions"
	"retro/rules"
)

// The general path: a stored move graph (positions.Enumerate), coloured
// by the core. Its counters are the graph's out-degrees, taken over as
// the core's words with the flags of the graph's end sets in their top
// bits.

// Options tune Solve.
type Options struct {
	// Context, when set, stops Solve with its error once it is done.
	Context context.Context
	// Progress, when set, is called after each layer with the layer, the
	// number of positions coloured so far and the number of positions.
	Progress func(layer, coloured, positions int)
	// Path, when set, is the path SolveInstance takes (Paths names them):
	// an error, with the path's reason, when it does not take the game.
	Path string
	// Checkpoint, when set, is where the solve keeps what it needs to go
	// on after it is stopped, and resumes from (checkpoint.go); Instance
	// is the number of the instance being solved, which names its files.
	Checkpoint *Checkpoint
	Instance   int
}

// ctxErr is the context's error, for the core's checks; nil without one.
func (opt Options) ctxErr() func() error {
	if opt.Context == nil {
		return nil
	}
	return opt.Context.Err
}

// Solve colours the positions of a move graph layer by layer. It takes over
// the graph's Out counters (the graph is not usable afterwards) and keeps
// only what the result needs.
//
// The work is proportional to the number of edges: every position is
// coloured once, and the edges into it are followed once, when it is.
func Solve(gr *positions.Graph, opt Options) (*Result, error) {
	return solveGraph(gr, opt, nil)
}

// graphSource is a stored graph as the core's source.
type graphSource struct{ gr *positions.Graph }

func (s graphSource) preds(x uint32) []uint32 { return s.gr.Preds(int(x)) }
func (graphSource) count(int) uint32          { return 0 }

// solveGraph is Solve on the graph of one shard (positions.EnumerateShard)
// when t is set: the positions of other shards that a phase touches are
// handed to their peers at the phase's end. The phases, and so the calls
// to the peers, are the same on every peer.
func solveGraph(gr *positions.Graph, opt Options, t *net) (*Result, error) {
	n := gr.Held()
	lebedev := gr.Instance.Game.Count == rules.Lebedev
	words := gr.Out
	b := bitsOf[uint32]()
	for i, w := range words {
		switch {
		case gr.FinalWon.Has(i):
			w = b.final | b.finalWon
		case gr.FinalLost.Has(i):
			w = b.final
		case gr.Unexplored != nil && gr.Unexplored.Has(i):
			w = 1 // its moves are not followed: a successor that never becomes W
		}
		if gr.WinEnd.Has(i) {
			w |= b.winEnd
		}
		if gr.LoseEnd.Has(i) {
			w |= b.loseEnd
			if lebedev {
				w++ // the losing move counts as a move to a W of layer 1
			}
		}
		words[i] = w
	}
	gr.Out = nil
	c := newColouring(n, words, graphSource{gr}, lebedev)
	c.lo, c.net, c.progress, c.ctx = uint32(gr.Lo), t, opt.Progress, opt.ctxErr()
	if _, err := c.run(); err != nil {
		return nil, err
	}
	c.finish()
	r := newResult(gr.Space, gr.Instance, gr.Starts)
	r.MoveCount, r.Edges = gr.Moves, int64(gr.Edges())
	r.layer, r.win, r.lose, r.segs = c.words, c.win, c.lose, c.segs
	r.depth, r.horizon = gr.Depth, gr.Horizon
	if err := r.finishUnknown(gr, t); err != nil {
		return nil, err
	}
	return r, nil
}

// finishUnknown marks, with a horizon, the uncoloured positions from which
// an unexplored position can be reached: they are ?, not D. In a shard
// (t set) the marks cross to the other shards in rounds, until no shard
// has one to hand over.
func (r *Result) finishUnknown(gr *positions.Graph, t *net) error {
	if gr.Unexplored == nil {
		return nil
	}
	held := uint32(gr.Held())
	r.unknown = positions.NewBitset(int(held))
	var stack []uint32
	for i := gr.Unexplored.Next(0); i >= 0; i = gr.Unexplored.Next(i + 1) {
		r.unknown.Set(i)
		stack = append(stack, uint32(i))
	}
	mark := func(q uint32) {
		if !r.win.Has(int(q)) && !r.lose.Has(int(q)) && !r.unknown.Has(int(q)) {
			r.unknown.Set(int(q))
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
					t.put(p)
					sent++
				}
			}
		}
		more, err := t.any(sent)
		if err != nil || !more {
			return err
		}
		got, err := t.swap()
		if err != nil {
			return err
		}
		for _, p := range got {
			mark(p - uint32(gr.Lo))
		}
	}
}
