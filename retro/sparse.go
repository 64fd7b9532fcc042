package retro

import (
	"errors"

	"retro/positions"
	"retro/rules"
)

// SolveShifts enumerates a many-pile game of shifts without storing its
// edges (positions.EnumerateShifts) and colours it as Solve colours a
// stored graph, to the same result: the predecessors of each position
// coloured are found by undoing moves, and the successor count of a
// position is worked out the first time a W successor lowers it. It
// returns an error wrapping positions.ErrNotShifts for a game it does not
// take.
func SolveShifts(in *rules.Instance, popt positions.Options, opt Options) (*Result, error) {
	gr, err := positions.EnumerateShifts(in, popt)
	if err != nil {
		return nil, err
	}
	n := gr.Len()
	g := in.Game
	s := &shiftSolver{gr: gr, known: positions.NewBitset(n), lebedev: g.Count == rules.Lebedev,
		colouring: colouring{cnt: make([]uint32, n),
			r: &Result{Space: gr.Space, Instance: in, Starts: gr.Starts,
				Path:  "shifts: every move adds constants to piles; " + gr.Index + ", predecessors by undoing moves, no edges stored",
				Count: g.Count, MoveCount: gr.Moves, Edges: gr.Edges,
				win: positions.NewBitset(n), lose: positions.NewBitset(n), order: []uint32{}, horizon: -1}}}
	if err := s.run(opt); err != nil {
		return nil, err
	}
	for i := s.known.Next(0); i >= 0; i = s.known.Next(i + 1) {
		if !s.coloured(i) {
			s.cnt[i] = 0
		}
	}
	s.r.layer = s.cnt
	return s.r, nil
}

// solveFast solves a game by the path of shifts when it takes it; ok is
// false, and why says why not, when it does not.
func solveFast(in *rules.Instance, popt positions.Options, opt Options) (r *Result, ok bool, why string, err error) {
	r, err = SolveShifts(in, popt, opt)
	if errors.Is(err, positions.ErrNotShifts) {
		return nil, false, err.Error(), nil
	}
	if err != nil {
		return nil, true, "", err
	}
	return r, true, "", nil
}

type shiftSolver struct {
	colouring
	gr      *positions.ShiftGraph
	known   positions.Bitset // cnt holds the count (worked out when first needed)
	lebedev bool
	buf     []uint32
}

func (s *shiftSolver) colour(i int, o Outcome, layer uint32) {
	s.colouring.colour(i, o, layer)
	s.known.Set(i)
}

// count makes cnt[p] hold p's count: its successors, and under Lebedev's
// count one more for a losing move into an end.
func (s *shiftSolver) count(p int) {
	if s.known.Has(p) {
		return
	}
	s.known.Set(p)
	s.cnt[p] = s.gr.Out(p)
	if s.lebedev && s.gr.LoseEnd.Has(p) {
		s.cnt[p]++
	}
}

// preds returns the positions with a move to j, in scratch memory that the
// next call reuses.
func (s *shiftSolver) preds(j uint32) []uint32 {
	s.buf = s.gr.Preds(int(j), s.buf[:0])
	return s.buf
}

func (s *shiftSolver) lower(p int, layer uint32) {
	if s.coloured(p) {
		return
	}
	s.count(p)
	s.cnt[p]--
	if s.cnt[p] == 0 && !s.gr.WinEnd.Has(p) {
		s.colour(p, Lose, layer)
	}
}

// run is solver.run over the implicit graph. The L positions of layer 0
// without a final flag have no successor left: they are among the
// positions that reach an end and those a final W lowered, so only those
// are looked at.
func (s *shiftSolver) run(opt Options) error {
	gr := s.gr
	var low []uint32 // positions a move may leave at count 0
	for i := gr.WinEnd.Next(0); i >= 0; i = gr.WinEnd.Next(i + 1) {
		low = append(low, uint32(i))
	}
	for i := gr.LoseEnd.Next(0); i >= 0; i = gr.LoseEnd.Next(i + 1) {
		low = append(low, uint32(i))
	}
	if !s.lebedev {
		from := len(s.r.order)
		for i := gr.FinalWon.Next(0); i >= 0; i = gr.FinalWon.Next(i + 1) {
			s.colour(i, Win, 0)
		}
		for _, i := range s.close(Win, 0, from) {
			for _, p := range s.preds(i) {
				if !s.coloured(int(p)) {
					s.count(int(p))
					s.cnt[p]--
					low = append(low, p)
				}
			}
		}
	}
	from := len(s.r.order)
	for i := gr.FinalLost.Next(0); i >= 0; i = gr.FinalLost.Next(i + 1) {
		s.colour(i, Lose, 0)
	}
	if !s.lebedev {
		for _, p := range low {
			i := int(p)
			if s.coloured(i) || gr.WinEnd.Has(i) {
				continue
			}
			if s.count(i); s.cnt[i] == 0 {
				s.colour(i, Lose, 0)
			}
		}
	}
	lseg := s.close(Lose, 0, from)
	if opt.Progress != nil {
		opt.Progress(0, len(s.r.order), s.r.Len())
	}
	for k := uint32(0); ; k += 2 {
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
			for _, p := range s.preds(x) {
				if !s.coloured(int(p)) {
					s.colour(int(p), Win, k+1)
				}
			}
		}
		wseg := s.close(Win, k+1, from)
		from = len(s.r.order)
		if k == 0 && s.lebedev {
			for i := gr.LoseEnd.Next(0); i >= 0; i = gr.LoseEnd.Next(i + 1) {
				s.lower(i, 2)
			}
		}
		for _, y := range wseg {
			for _, p := range s.preds(y) {
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
