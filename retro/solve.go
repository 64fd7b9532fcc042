package retro

import (
	"context"
	"fmt"
	"slices"

	"retro/positions"
	"retro/rules"
)

// Options tune Solve.
type Options struct {
	// Context, when set, stops Solve with its error once it is done.
	Context context.Context
	// Progress, when set, is called after each layer with the layer, the
	// number of positions coloured so far and the number of positions.
	Progress func(layer, coloured, positions int)
	// General makes SolveInstance take the general path (a move graph
	// coloured layer by layer) even where the compiled one applies.
	General bool
}

// Solve colours the positions of a move graph layer by layer. It takes over
// the graph's Out counters (the graph is not usable afterwards) and keeps
// only what the result needs.
//
// The work is proportional to the number of edges: every position is
// coloured once, and the edges into it are followed once, when it is.
func Solve(gr *positions.Graph, opt Options) (*Result, error) {
	return solveWith(gr, opt, nil)
}

// solveWith is Solve on the graph of one shard (positions.EnumerateShard)
// when t is set: the positions of other shards that a phase touches are
// handed to their peers at the phase's end. The phases, and so the calls
// to the peers, are the same on every peer.
func solveWith(gr *positions.Graph, opt Options, t *net) (*Result, error) {
	n := gr.Held()
	g := gr.Instance.Game
	s := &solver{gr: gr, lebedev: g.Count == rules.Lebedev, lo: uint32(gr.Lo), held: uint32(n),
		colouring: colouring{cnt: gr.Out, net: t,
			r: &Result{Space: gr.Space, Instance: gr.Instance, Starts: gr.Starts,
				Count: g.Count, MoveCount: gr.Moves, Edges: int64(gr.Edges()),
				win: positions.NewBitset(n), lose: positions.NewBitset(n),
				order: make([]uint32, 0, n), depth: gr.Depth, horizon: gr.Horizon}}}
	if err := s.run(opt); err != nil {
		return nil, err
	}
	for i := range s.cnt { // what is left of the counters of D and ? positions
		if !s.coloured(i) {
			s.cnt[i] = 0
		}
	}
	s.r.layer = s.cnt
	if err := s.r.finishUnknown(gr, s.net); err != nil {
		return nil, err
	}
	gr.Out = nil
	return s.r, nil
}

// solver colours the positions Lo..Hi-1 of a graph (all of them but in a
// shard); its counters and sets are indexed i-Lo.
type solver struct {
	colouring
	gr       *positions.Graph
	lebedev  bool
	lo, held uint32 // the graph's Lo and Held()
}

// colouring is what the paths that colour layer by layer share: the result
// being made, and a counter per position (successors not yet known to be
// W) that becomes its layer once it is coloured.
type colouring struct {
	cnt []uint32
	r   *Result
	net *net // in a shard: the peers; nil otherwise
}

func (c *colouring) coloured(i int) bool { return c.r.win.Has(i) || c.r.lose.Has(i) }

func (c *colouring) colour(i int, o Outcome, layer uint32) {
	if o == Win {
		c.r.win.Set(i)
	} else {
		c.r.lose.Set(i)
	}
	c.cnt[i] = layer
	c.r.order = append(c.r.order, uint32(i))
}

// close sorts the positions coloured since from and records them as the
// set of one outcome and layer.
func (c *colouring) close(o Outcome, layer uint32, from int) []uint32 {
	seg := c.r.order[from:]
	slices.Sort(seg)
	if len(seg) > 0 {
		c.r.segs = append(c.r.segs, segment{end: uint32(len(c.r.order)), layer: layer, outcome: o})
	}
	if c.net != nil {
		c.net.closed(o, layer, len(seg))
	}
	return seg
}

// lower counts one more W successor of p; at the last one p is L.
func (s *solver) lower(p int, layer uint32) {
	if s.coloured(p) {
		return
	}
	s.cnt[p]--
	if s.cnt[p] == 0 && !s.gr.WinEnd.Has(p) {
		s.colour(p, Lose, layer)
	}
}

// decided is what a phase does to a predecessor, here or at its peer.
type decided int

const (
	decW0   decided = iota // its move into a W 0 adds nothing (exam count)
	decWin                 // it has a move to an L: it is W
	decLose                // one more of its moves leads to a W
)

// apply does what a phase does to predecessor p (of this shard), at the
// layer the phase colours.
func (s *solver) apply(d decided, p int, layer uint32) {
	switch d {
	case decW0:
		if !s.coloured(p) {
			s.cnt[p]--
		}
	case decWin:
		if !s.coloured(p) {
			s.colour(p, Win, layer)
		}
	case decLose:
		s.lower(p, layer)
	}
}

// each does d to every predecessor of the positions seg (of this shard):
// at once to those of this shard, at the phase's end to the others. The
// loops are written out for each d: they are the solver's hot loop.
func (s *solver) each(seg []uint32, d decided, layer uint32) error {
	gr := s.gr
	switch d {
	case decW0:
		for _, x := range seg {
			for _, p := range gr.Preds(int(x)) {
				if q := p - s.lo; q < s.held {
					if !s.coloured(int(q)) {
						s.cnt[q]--
					}
				} else {
					s.net.put(p)
				}
			}
		}
	case decWin:
		for _, x := range seg {
			for _, p := range gr.Preds(int(x)) {
				if q := p - s.lo; q < s.held {
					if !s.coloured(int(q)) {
						s.colour(int(q), Win, layer)
					}
				} else {
					s.net.put(p)
				}
			}
		}
	case decLose:
		for _, x := range seg {
			for _, p := range gr.Preds(int(x)) {
				if q := p - s.lo; q < s.held {
					s.lower(int(q), layer)
				} else {
					s.net.put(p)
				}
			}
		}
	}
	if s.net == nil {
		return nil
	}
	got, err := s.net.swap()
	for _, p := range got {
		s.apply(d, int(p-s.lo), layer)
	}
	return err
}

func (s *solver) run(opt Options) error {
	gr, n := s.gr, int(s.held)
	if s.lebedev {
		for i := gr.LoseEnd.Next(0); i >= 0; i = gr.LoseEnd.Next(i + 1) {
			s.cnt[i]++ // the losing move counts as a move to a W of layer 1
		}
	}
	// Layer 0. Under the exam count a final position won by the player to
	// move is W 0 and a move into it adds nothing: it acts at layer -1.
	if !s.lebedev {
		from := len(s.r.order)
		for i := gr.FinalWon.Next(0); i >= 0; i = gr.FinalWon.Next(i + 1) {
			s.colour(i, Win, 0)
		}
		if err := s.each(s.close(Win, 0, from), decW0, 0); err != nil {
			return err
		}
	}
	from := len(s.r.order)
	for i := 0; i < n; i++ {
		if gr.FinalLost.Has(i) {
			s.colour(i, Lose, 0)
		} else if !s.lebedev && s.cnt[i] == 0 && !s.coloured(i) && !gr.WinEnd.Has(i) &&
			(gr.Unexplored == nil || !gr.Unexplored.Has(i)) {
			// Every move is a losing one (non-final positions have moves).
			s.colour(i, Lose, 0)
		}
	}
	lseg := s.close(Lose, 0, from)
	if opt.Progress != nil {
		opt.Progress(0, len(s.r.order), n)
	}
	for k := uint32(0); ; k += 2 {
		// W at k+1: a move to an L at k.
		from := len(s.r.order)
		if k == 0 {
			for i := gr.WinEnd.Next(0); i >= 0; i = gr.WinEnd.Next(i + 1) {
				if !s.coloured(i) {
					s.colour(i, Win, 1)
				}
			}
			if s.lebedev {
				for i := gr.FinalWon.Next(0); i >= 0; i = gr.FinalWon.Next(i + 1) {
					s.colour(i, Win, 1)
				}
			}
		}
		if err := s.each(lseg, decWin, k+1); err != nil {
			return err
		}
		wseg := s.close(Win, k+1, from)
		// L at k+2: the last move that was not to a W.
		from = len(s.r.order)
		if k == 0 && s.lebedev {
			for i := gr.LoseEnd.Next(0); i >= 0; i = gr.LoseEnd.Next(i + 1) {
				s.lower(i, 2)
			}
		}
		if err := s.each(wseg, decLose, k+2); err != nil {
			return err
		}
		lseg = s.close(Lose, k+2, from)
		if opt.Progress != nil {
			opt.Progress(int(k+2), len(s.r.order), n)
		}
		more, err := s.net.any(len(wseg) + len(lseg))
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
		if opt.Context != nil && k%1024 == 0 {
			if err := opt.Context.Err(); err != nil {
				return err
			}
		}
	}
}

// SolveInstance enumerates one game instance and solves it, by the
// compiled path where the game has its shape (compiled.go), by un-moves
// where its moves go both ways in a [bounds] box (unmove.go), and by the
// general one otherwise; Result.Path says which and why.
func SolveInstance(in *rules.Instance, popt positions.Options, opt Options) (*Result, error) {
	why := "forced"
	if !opt.General && in.Game.Tier != "" {
		if popt.Horizon < 0 {
			return solveTiers(in, popt, opt)
		}
		why = "the declared tier is not used with a horizon"
	} else if !opt.General {
		c, reason, err := positions.Compile(in, popt)
		if err != nil {
			return nil, err
		}
		if c != nil {
			r, err := solveCompiled(c, in, opt)
			if err != nil {
				return nil, err
			}
			if popt.MaxEdges > 0 && r.Edges > popt.MaxEdges {
				return nil, fmt.Errorf("%w: more than %d", positions.ErrTooManyEdges, popt.MaxEdges)
			}
			r.Path = compiledPath(c)
			return r, nil
		}
		why = reason
		r, ok, unWhy, err := solveByUnmoves(in, popt, opt)
		if ok {
			return r, err
		}
		if unWhy != "" {
			why += "; " + unWhy
		}
		r, ok, fastWhy, err := solveFast(in, popt, opt)
		if ok {
			return r, err
		}
		why += "; " + fastWhy
	}
	gr, err := positions.Enumerate(in, popt)
	if err != nil {
		return nil, err
	}
	r, err := Solve(gr, opt)
	if err != nil {
		return nil, err
	}
	r.Path = "general: " + why
	return r, nil
}
