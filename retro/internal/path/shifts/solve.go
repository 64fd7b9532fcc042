package shifts

import (
	"retro/positions"
	"retro/retro/internal/core"
	"retro/rules"
)

// The path of shifts: a many-pile game whose moves all add constants to
// piles, enumerated without storing its edges (positions.EnumerateShifts)
// and coloured by the core, to the same result as the general path: the
// predecessors of each position coloured are found by undoing moves, and
// the successor count of a position is worked out the first time the
// core needs it (a lazy source: its words are 32 bits, uncounted until
// then).

// shiftSource is a ShiftGraph as the core's source.
type shiftSource struct {
	gr      *positions.ShiftGraph
	lebedev bool
	buf     []uint32
}

func (s *shiftSource) Preds(x uint32) []uint32 {
	s.buf = s.gr.Preds(int(x), s.buf[:0])
	return s.buf
}

// Count is p's successors, and under Lebedev's count one more for a
// losing move into an end.
func (s *shiftSource) Count(p int) uint32 {
	return uint32(core.Counted(int(s.gr.Out(p)), s.gr.LoseEnd.Has(p), s.lebedev))
}

// Solve enumerates a many-pile game of shifts without storing its
// edges (positions.EnumerateShifts) and colours it as Solve colours a
// stored graph, to the same result. It returns an error wrapping
// positions.ErrNotShifts for a game it does not take.
func Solve(in *rules.Instance, popt positions.Options, opt core.Options) (*core.Table, error) {
	gr, err := positions.EnumerateShifts(in, popt)
	if err != nil {
		return nil, err
	}
	n := gr.Len()
	lebedev := in.Game.Count == rules.Lebedev
	c := core.NewColouring[uint32](n, nil, &shiftSource{gr: gr, lebedev: lebedev}, lebedev)
	c.Lazy, c.Progress, c.Ctx = true, opt.Progress, opt.CtxErr()
	for i := range c.Words {
		switch {
		case gr.FinalWon.Has(i) || gr.FinalLost.Has(i):
			c.Words[i] = c.FinalWord(gr.FinalWon.Has(i))
		default: // counted when first needed (Count)
			c.Words[i] = c.Counter(0, gr.WinEnd.Has(i), gr.LoseEnd.Has(i), false) | c.Uncounted()
		}
	}
	if _, err := c.Run(); err != nil {
		return nil, err
	}
	c.Finish()
	r := core.NewTable(gr.Space, gr.Starts)
	r.MoveCount, r.Edges = gr.Moves, gr.Edges
	r.Path = "shifts: every move adds constants to piles; " + gr.Index + ", predecessors by undoing moves, no edges stored"
	r.Layer, r.Sets, r.Win, r.Lose = c.Words, c.Segs, c.Win, c.Lose
	return r, nil
}
