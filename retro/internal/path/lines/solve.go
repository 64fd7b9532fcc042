package lines

import (
	"fmt"
	"retro/retro/internal/cells"
	"retro/retro/internal/core"
	"slices"

	"retro/positions"
	"retro/rules"
)

// lineRun is a line move as the sweep makes it.
type lineRun[V cells.Value] struct {
	move   *rules.LineMove
	e      []int64 // the step reversed: the move takes k·e from the piles
	supp   []int   // the piles e takes from
	off    int64   // the cells one step of k spans
	inSlab int64   // the part of off within a slab of the first pile
	e0     int64   // e's first pile: the slabs one step spans
	prefix bool    // the range starts at a constant, first: the accumulators are kept
	first  int64   // that constant (at least 1)
	depth  int64   // the slabs of accumulators kept
	minL   []V     // the accumulators, depth slabs of them: the least L
	maxW   []V     // and the most W of the line up to the cell, as layer+1
	cnt    []int32 // where some cells are no positions, the positions of the line up to the cell
	// winMembers[h] counts the positions of the window to history h where
	// the window of cell winCell[h] was folded by the queues
	winMembers, winCell []int64
	// base0, base1, baseF: the accumulators' slabs of the tuples at
	// hand, one step back and first steps back (slabs)
	base0, base1, baseF int64
	kl, kh              int64 // the range at the tuple at hand
	inHi                int64 // its last k whose target lies in the box
	toEnd               bool  // whether the targets kl..inHi run to the line's end in the box
	back                bool  // whether the tuple at hand has a cell one step back on the line
	alongRow            bool  // whether the range changes along a row (else it is worked out once a row)
}

// linesDecline is a reason the sweep finds that the game is not the lines
// path's after all.
type linesDecline struct{ why string }

func (e linesDecline) Error() string { return e.why }

// linesSolver is the cell sweep's solver with the line moves.
type linesSolver struct {
	*cells.Solver
	lg       *LineGame
	lo, size []int64
	slab     int64 // the cells of one value of the first pile
	windows  *windows
	gaps     bool // some cells of the box are no positions (ends, or not reached)
}

// Solve solves one game instance by the lines path: its table, or nil
// and why the path does not take the game (shown: whether the general
// path's line repeats the reason).
func Solve(in *rules.Instance, popt positions.Options, opt core.Options) (*core.Table, string, bool, error) {
	lg, why, shown, err := FindLines(in, popt)
	if err != nil || lg == nil {
		return nil, why, shown, err
	}
	r, err := solveLines(lg, in, opt, popt)
	if d, ok := err.(linesDecline); ok {
		return nil, d.why, true, nil
	}
	if err != nil {
		return nil, "", false, err
	}
	r.Path = linesPath(lg)
	return r, "", false, nil
}

// solveLines values every position of lg and makes the Result, in 16-bit
// cells and again in 32-bit ones where the layers outgrow them.
func solveLines(lg *LineGame, in *rules.Instance, opt core.Options, popt positions.Options) (*core.Table, error) {
	if opt.Context != nil {
		if err := opt.Context.Err(); err != nil {
			return nil, err
		}
	}
	r, err := sweepLines[uint16](lg, in, opt, popt)
	if _, deep := err.(cells.ErrLayers); deep {
		r, err = sweepLines[uint32](lg, in, opt, popt)
	}
	return r, err
}

func sweepLines[V cells.Value](lg *LineGame, in *rules.Instance, opt core.Options, popt positions.Options) (*core.Table, error) {
	c := lg.Compiled
	s := &linesSolver{Solver: cells.NewSolver(c, in, opt, popt), lg: lg}
	s.lo, s.size = c.Space.Box()
	n := int64(c.Hist)
	for _, z := range s.size {
		n *= z
	}
	s.slab = n / s.size[0]
	s.gaps = int64(c.Space.Len()) < n
	var gaps positions.Bitset
	if s.gaps {
		gaps = c.Space.Members()
	}
	s.windows = newWindows(len(lg.Lines), gaps)
	store, err := cells.Values[V](s.Solver, n, c.Space.Len())
	if err != nil {
		return nil, err
	}
	if err := sweepLinesInto(s, store.Slice(), lineRuns[V](s)); err != nil {
		store.Close()
		return nil, err
	}
	spans := &cells.Spans{RowLen: s.size[len(s.size)-1], Full: true, Total: n}
	return cells.TableOf(s.Solver, store, spans)
}

// lineRuns lays out each line move for the sweep, with its accumulators
// where it keeps them.
func lineRuns[V cells.Value](s *linesSolver) []lineRun[V] {
	var out []lineRun[V]
	for k := range s.lg.Lines {
		l := &s.lg.Lines[k]
		r := lineRun[V]{move: l, e: make([]int64, len(l.Step)), alongRow: s.lg.AlongRow(k),
			winMembers: make([]int64, s.C.Hist), winCell: slices.Repeat([]int64{-1}, s.C.Hist)}
		for i, st := range l.Step {
			r.e[i] = -st
			if st != 0 {
				r.supp = append(r.supp, i)
			}
			r.off += r.e[i] * s.C.Stride[i]
		}
		r.e0 = r.e[0]
		r.inSlab = r.off - r.e0*s.C.Stride[0]
		r.prefix, r.first = true, 1
		for _, b := range l.Lo {
			for _, co := range b.Coef {
				r.prefix = r.prefix && co == 0
			}
			if r.prefix {
				r.first = max(r.first, b.At(s.lo))
			}
		}
		r.depth = r.first*r.e0 + 1
		r.prefix = r.prefix && r.depth <= s.size[0] // else no target is that far back in the box
		if r.prefix {
			r.minL, r.maxW = make([]V, r.depth*s.slab), make([]V, r.depth*s.slab)
			if s.gaps {
				r.cnt = make([]int32, r.depth*s.slab)
			}
		}
		out = append(out, r)
	}
	return out
}

// slabs sets where the slabs of the accumulators the tuples of first
// pile p0 read and write are kept: their own (base0), one step back
// (base1), and first steps back (baseF).
func (l *lineRun[V]) slabs(p0 int64, s *linesSolver) {
	if !l.prefix {
		return
	}
	at := func(k int64) int64 {
		d := p0 - s.lo[0] - k*l.e0
		if d < 0 {
			return 0 // no target is there
		}
		return d % l.depth * s.slab
	}
	l.base0, l.base1, l.baseF = at(0), at(1), at(l.first)
}

// at is where the accumulators of the cell k steps back along the line
// from the cell at offset r within its slab are kept, base the slab's
// place (base0, base1 or baseF for k = 0, 1 or first).
func (l *lineRun[V]) at(base, r, k int64) int64 { return base + r - k*l.inSlab }

// linesPath says how a game of line moves was solved.
func linesPath(lg *LineGame) string {
	hist := ""
	if lg.Hist > 1 {
		hist = fmt.Sprintf(", each tuple with %d histories", lg.Hist)
	}
	return fmt.Sprintf("lines: %d line moves and %d constant moves%s; every move lowers the index, so one pass in the order of play values each position from its constant moves and, along each line, from a running fold of the line up to its segment (or, for a segment short of the line's end, monotone queues of the window); positions: %s",
		len(lg.Lines), len(lg.Moves), hist, lg.Found)
}
