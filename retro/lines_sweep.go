package retro

import (
	"fmt"
	"slices"

	"retro/positions"
)

// lineCell is what the sweep knows of the position at hand.
type lineCell struct {
	p     []int64
	cell  int64
	inner int64 // the cell's offset within its slab of the first pile
	b     best
	legal int64
	edges int64
}

// sweepLinesInto values every cell of the box, in index order (the order
// of play: every move lowers it), into vals.
func sweepLinesInto[V cellValue](s *linesSolver, vals []V, runs []lineRun[V]) error {
	c := s.c
	np := len(s.lo)
	n := int64(len(vals))
	limit := uint64(^V(0))
	pc := &lineCell{p: append([]int64(nil), s.lo...)}
	t, u := make([]int64, np), make([]int64, np)
	var targets [][]int64 // the constant moves' targets in the box
	var seen []int64
	for pc.cell = 0; pc.cell < n; pc.cell++ {
		if pc.cell&(1<<16-1) == 0 && pc.cell > 0 {
			if err := s.checkLines(pc.cell); err != nil {
				return err
			}
		}
		p := pc.p
		pc.inner = pc.cell % s.slab
		final := c.EndOp != positions.EndNone && c.Holds(c.EndSum(p))
		pc.b, pc.legal, pc.edges = newBest(), 0, 0
		if !final {
			seen, targets = seen[:0], targets[:0]
			var err error
			for k := range runs {
				runs[k].kl, runs[k].inHi = 1, 0 // no range until lineMoves sets it
				if err := lineMoves(s, &runs[k], pc, vals, t, u); err != nil {
					return err
				}
			}
			if targets, seen, err = constantMoves(s, pc, vals, t, u, targets, seen); err != nil {
				return err
			}
			pc.edges += int64(distinctOffLines(runs, p, targets))
		}
		v := pc.b.value()
		if final || pc.legal == 0 {
			var err error
			if v, err = s.endCode(p); err != nil {
				return err
			}
		}
		if v > limit {
			return errLayers{}
		}
		vals[pc.cell] = V(v)
		s.moves += pc.legal
		s.edges += pc.edges
		for k := range runs {
			runs[k].keep(pc, s, v)
		}
		for k := np - 1; k >= 0; k-- { // the next tuple
			if p[k]++; p[k] < s.lo[k]+s.size[k] {
				break
			}
			p[k] = s.lo[k]
		}
	}
	return s.checkLines(n)
}

// keep folds the code v of the cell at hand into its accumulators.
func (l *lineRun[V]) keep(pc *lineCell, s *linesSolver, v uint64) {
	if !l.prefix {
		return
	}
	var minL, maxW V
	back := true
	for _, i := range l.supp {
		back = back && pc.p[i]-l.e[i] >= s.lo[i]
	}
	if back {
		a := l.at(pc.p[0], pc.inner, 1, s)
		minL, maxW = l.minL[a], l.maxW[a]
	}
	if v&1 == 0 {
		if code := V(v >> 1); minL == 0 || code < minL {
			minL = code
		}
	} else if code := V(v >> 1); code > maxW {
		maxW = code
	}
	a := l.at(pc.p[0], pc.inner, 0, s)
	l.minL[a], l.maxW[a] = minL, maxW
}

// lineMoves folds the moves of one line move from the cell at hand.
func lineMoves[V cellValue](s *linesSolver, l *lineRun[V], pc *lineCell, vals []V, t, u []int64) error {
	if !l.rangeAt(pc.p, s.lo) {
		return nil
	}
	pc.legal += l.kh - l.kl + 1
	if l.inHi >= l.kl {
		pc.edges += l.inHi - l.kl + 1
		if l.prefix && l.reachesEnd(pc.p, s.lo) {
			a := l.at(pc.p[0], pc.inner, l.kl, s)
			if m := l.minL[a]; m != 0 {
				pc.b.minL = min(pc.b.minL, uint64(m))
			}
			pc.b.maxW = max(pc.b.maxW, uint64(l.maxW[a]))
		} else {
			for k := l.kl; k <= l.inHi; k++ {
				pc.b.add(uint64(vals[pc.cell-k*l.off]))
			}
		}
	}
	for k := max(l.kl, l.inHi+1); k <= l.kh; k++ {
		for i := range t {
			t[i] = pc.p[i] - k*l.e[i]
		}
		code, err := s.outside(t, u, l.move.Text, pc.p)
		if err != nil {
			return err
		}
		pc.b.add(code)
	}
	return nil
}

// reachesEnd reports whether the line from p runs out of the box after
// inHi steps: the last target in the box is the line's end there.
func (l *lineRun[V]) reachesEnd(p, lo []int64) bool {
	for _, i := range l.supp {
		if p[i]-(l.inHi+1)*l.e[i] < lo[i] {
			return true
		}
	}
	return false
}

// constantMoves folds the constant moves of the cell at hand, and lists
// the targets in the box (their tuples and cells).
func constantMoves[V cellValue](s *linesSolver, pc *lineCell, vals []V, t, u []int64, targets [][]int64, seen []int64) ([][]int64, []int64, error) {
	c := s.c
	for _, pl := range c.Plays[0] {
		for _, mi := range pl.Moves {
			m := &c.Moves[mi]
			if !c.Apply(m, pc.p, t) {
				continue
			}
			pc.legal++
			cell, in := int64(0), true
			for k, v := range t {
				if v < s.lo[k] || v >= s.lo[k]+s.size[k] {
					in = false
					break
				}
				cell += (v - s.lo[k]) * c.Stride[k]
			}
			if !in {
				code, err := s.outside(t, u, m.Text, pc.p)
				if err != nil {
					return nil, nil, err
				}
				pc.b.add(code)
				continue
			}
			pc.b.add(uint64(vals[cell]))
			if !slices.Contains(seen, cell) {
				seen = append(seen, cell)
				targets = append(targets, slices.Clone(t))
			}
		}
	}
	return targets, seen, nil
}

// distinctOffLines counts the targets of the constant moves (in the box,
// distinct) that no line move of the cell at hand reaches.
func distinctOffLines[V cellValue](runs []lineRun[V], p []int64, targets [][]int64) int {
	n := 0
	for _, t := range targets {
		on := false
		for k := range runs {
			on = on || runs[k].reaches(p, t)
		}
		if !on {
			n++
		}
	}
	return n
}

// reaches reports whether t is p - k·e for a k of the range at p whose
// target lies in the box.
func (l *lineRun[V]) reaches(p, t []int64) bool {
	if l.inHi < l.kl {
		return false
	}
	i := l.supp[0]
	d := p[i] - t[i]
	if d%l.e[i] != 0 {
		return false
	}
	k := d / l.e[i]
	if k < l.kl || k > l.inHi {
		return false
	}
	for j := range p {
		if p[j]-k*l.e[j] != t[j] {
			return false
		}
	}
	return true
}

// outside is the code of a move from p to t, outside the box: an end, or
// a decline where t has moves (the general path reports it).
func (s *linesSolver) outside(t, u []int64, text string, p []int64) (uint64, error) {
	c := s.c
	if c.EndOp != positions.EndNone && c.Holds(c.EndSum(t)) || !s.hasMove(t, u) {
		return s.endCode(t)
	}
	return 0, linesDecline{"a move leaves the box"}
}

// hasMove reports whether t, outside the box, has a legal move.
func (s *linesSolver) hasMove(t, u []int64) bool {
	c := s.c
	for _, pl := range c.Plays[0] {
		for _, mi := range pl.Moves {
			if c.Apply(&c.Moves[mi], t, u) {
				return true
			}
		}
	}
	for k := range s.lg.Lines {
		l := &s.lg.Lines[k]
		kl, kh := int64(1), int64(1)<<62
		for i := range l.Lo {
			kl = max(kl, l.Lo[i].At(t))
		}
		for i := range l.Hi {
			kh = min(kh, l.Hi[i].At(t))
		}
		for i, st := range l.Step {
			if st != 0 {
				kh = min(kh, t[i]/(-st))
			}
		}
		if kl <= kh {
			return true
		}
	}
	return false
}

// checkLines is the sweep's check of the context and the move cap, and
// its report of the positions valued.
func (s *linesSolver) checkLines(done int64) error {
	if s.popt.Progress != nil {
		s.popt.Progress("positions valued", done)
	}
	if mm := s.popt.MaxMoves; mm > 0 && s.moves > mm {
		return fmt.Errorf("%w: more than %d", positions.ErrTooManyMoves, mm)
	}
	if s.opt.Context != nil {
		return s.opt.Context.Err()
	}
	return nil
}
