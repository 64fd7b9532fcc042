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
	n := gr.Len()
	g := gr.Instance.Game
	s := &solver{gr: gr, lebedev: g.Count == rules.Lebedev, colouring: colouring{cnt: gr.Out,
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
	s.r.finishUnknown(gr)
	gr.Out = nil
	return s.r, nil
}

type solver struct {
	colouring
	gr      *positions.Graph
	lebedev bool
}

// colouring is what the paths that colour layer by layer share: the result
// being made, and a counter per position (successors not yet known to be
// W) that becomes its layer once it is coloured.
type colouring struct {
	cnt []uint32
	r   *Result
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

func (s *solver) run(opt Options) error {
	gr, n := s.gr, s.gr.Len()
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
		for _, i := range s.close(Win, 0, from) {
			for _, p := range gr.Preds(int(i)) {
				if !s.coloured(int(p)) {
					s.cnt[p]--
				}
			}
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
		opt.Progress(0, len(s.r.order), s.r.Len())
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
		for _, x := range lseg {
			for _, p := range gr.Preds(int(x)) {
				if !s.coloured(int(p)) {
					s.colour(int(p), Win, k+1)
				}
			}
		}
		wseg := s.close(Win, k+1, from)
		// L at k+2: the last move that was not to a W.
		from = len(s.r.order)
		if k == 0 && s.lebedev {
			for i := gr.LoseEnd.Next(0); i >= 0; i = gr.LoseEnd.Next(i + 1) {
				s.lower(i, 2)
			}
		}
		for _, y := range wseg {
			for _, p := range gr.Preds(int(y)) {
				s.lower(int(p), k+2)
			}
		}
		lseg = s.close(Lose, k+2, from)
		if opt.Progress != nil {
			opt.Progress(int(k+2), len(s.r.order), s.r.Len())
		}
		if len(wseg) == 0 && len(lseg) == 0 {
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
