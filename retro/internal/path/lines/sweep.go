package lines

import (
	"fmt"
	"retro/retro/internal/cells"
	"retro/retro/internal/core"
	"retro/retro/internal/shape"
	"slices"

	"retro/positions"
)

// lineCell is what the sweep knows of the position at hand.
type lineCell struct {
	p      []int64
	h      int
	cell   int64
	inner  int64 // the cell's offset within its slab of the first pile
	member bool  // a position (not only a cell whose value no position reads)
	b      core.Best
	legal  int64
	edges  int64
}

// target is a constant move's target in the box: its piles and cell.
type target struct {
	t    []int64
	h    int
	cell int64
}

// sweepLinesInto values every cell of the box, in index order (the order
// of play: every move lowers it), into vals. A cell that no position
// reaches gets a value too, which nothing reads.
func sweepLinesInto[V cells.Value](s *linesSolver, vals []V, runs []lineRun[V]) error {
	c := s.C
	lg := s.lg
	np := len(s.lo)
	n := int64(len(vals))
	hist := int64(c.Hist)
	limit := uint64(^V(0))
	member := c.Space.Members()
	pc := &lineCell{p: append([]int64(nil), s.lo...)}
	t, u := make([]int64, np), make([]int64, np)
	var targets []target
	groups := lineGroups(lg)
	// plain: every cell a position and no two line moves along one
	// line, so that a line move's edges are its targets in the box
	// (lineMoves)
	plain := !s.gaps
	for _, gs := range groups {
		plain = plain && !slices.ContainsFunc(gs, func(g lineGroup) bool { return len(g.lines) > 1 })
	}
	var scratch []int64
	for pc.cell = 0; pc.cell < n; pc.cell++ {
		if pc.cell&(1<<16-1) == 0 && pc.cell > 0 {
			if err := s.checkLines(pc.cell); err != nil {
				return err
			}
		}
		p := pc.p
		if pc.cell > 0 {
			if pc.h++; pc.h == int(hist) {
				pc.h = 0
			}
		}
		tupleAt(s, pc, runs)
		pc.member = member.Has(int(pc.cell))
		final := c.EndOp != shape.EndNone && c.Holds(c.EndSum(p))
		pc.b, pc.legal, pc.edges = core.NewBest(), 0, 0
		if !final {
			for _, lp := range lg.LinePlays[pc.h] {
				if err := lineMoves(s, &runs[lp.Line], lp.Line, lp.Next, plain, pc, vals, t, u); err != nil {
					return err
				}
			}
			targets = targets[:0]
			if len(c.Plays[pc.h]) > 0 {
				var err error
				if targets, err = constantMoves(s, pc, vals, t, u, targets); err != nil {
					return err
				}
			}
			if !plain {
				pc.edges += lineEdges(s, groups[pc.h], runs, pc, &scratch)
			}
			if len(targets) > 0 {
				pc.edges += int64(distinctOffLines(lg, runs, pc, targets))
			}
		}
		v := pc.b.Value()
		if final || pc.legal == 0 {
			var err error
			if v, err = s.EndCode(p); err != nil {
				return err
			}
		}
		if v > limit {
			return cells.ErrLayers{}
		}
		vals[pc.cell] = V(v)
		if pc.member {
			s.Moves += pc.legal
			s.Edges += pc.edges
		}
		for k := range runs {
			runs[k].keep(pc, s, v)
		}
		if pc.h == int(hist-1) {
			for k := np - 1; k >= 0; k-- { // the next tuple
				if p[k]++; p[k] < s.lo[k]+s.size[k] {
					break
				}
				p[k] = s.lo[k]
			}
		}
	}
	return s.checkLines(n)
}

// tupleAt works out, at the first cell of a tuple, the ranges of the line
// moves there (those that change along a row; the others at its start),
// and, at the first cell of a slab, where the accumulators' slabs are.
func tupleAt[V cells.Value](s *linesSolver, pc *lineCell, runs []lineRun[V]) {
	p := pc.p
	last := len(p) - 1
	if pc.h == 0 {
		rowStart := p[last] == s.lo[last]
		for k := range runs {
			if l := &runs[k]; rowStart || l.alongRow {
				var steps int64
				l.kl, l.kh, l.inHi, steps = s.lg.Span(k, p)
				l.toEnd = l.kl <= l.inHi && steps <= l.kh
				l.back = steps >= 1
			}
		}
	}
	if pc.inner++; pc.inner == s.slab || pc.cell == 0 {
		pc.inner = 0
		for k := range runs {
			runs[k].slabs(p[0], s)
		}
	}
}

// shortWindow is the longest window read cell by cell.
const shortWindow = 8

// steps is the steps from p down its line to the line's end in the box.
func (l *lineRun[V]) steps(p, lo []int64) int64 {
	t := int64(1) << 62
	for _, i := range l.supp {
		t = min(t, (p[i]-lo[i])/l.e[i])
	}
	return t
}

// keep folds the code v of the cell at hand into its accumulators.
func (l *lineRun[V]) keep(pc *lineCell, s *linesSolver, v uint64) {
	if !l.prefix {
		return
	}
	var minL, maxW V
	var cnt int32
	if l.back {
		a := l.at(l.base1, pc.inner, 1)
		minL, maxW = l.minL[a], l.maxW[a]
		if l.cnt != nil {
			cnt = l.cnt[a]
		}
	}
	if pc.member && l.cnt != nil {
		cnt++
	}
	if v&1 == 0 {
		if code := V(v >> 1); minL == 0 || code < minL {
			minL = code
		}
	} else if code := V(v >> 1); code > maxW {
		maxW = code
	}
	a := l.at(l.base0, pc.inner, 0)
	l.minL[a], l.maxW[a] = minL, maxW
	if l.cnt != nil {
		l.cnt[a] = cnt
	}
}

// lineMoves folds the moves of one line move from the cell at hand,
// leading to history next, and where plain counts its edges.
func lineMoves[V cells.Value](s *linesSolver, l *lineRun[V], j, next int, plain bool, pc *lineCell, vals []V, t, u []int64) error {
	if l.kl > l.kh {
		return nil
	}
	pc.legal += l.kh - l.kl + 1
	if l.inHi >= l.kl {
		if plain {
			pc.edges += l.inHi - l.kl + 1
		}
		dh := int64(next - pc.h)
		if l.prefix && l.toEnd {
			a := l.at(l.baseF, pc.inner+dh, l.kl)
			if m := l.minL[a]; m != 0 {
				pc.b.MinL = min(pc.b.MinL, uint64(m))
			}
			pc.b.MaxW = max(pc.b.MaxW, uint64(l.maxW[a]))
		} else if l.inHi-l.kl < shortWindow {
			for k := l.kl; k <= l.inHi; k++ {
				pc.b.Add(uint64(vals[pc.cell+dh-k*l.off]))
			}
		} else {
			t := l.steps(pc.p, s.lo) // the place of p on its line
			start := pc.cell + dh - t*l.off
			l.winMembers[next] = s.windows.fold(&pc.b, func(cell int64) uint64 { return uint64(vals[cell]) }, j, start, l.off, t-l.inHi, t-l.kl)
			l.winCell[next] = pc.cell
		}
	}
	for k := max(l.kl, l.inHi+1); k <= l.kh; k++ {
		for i := range t {
			t[i] = pc.p[i] - k*l.e[i]
		}
		code, err := s.outside(t, next, u, pc.member)
		if err != nil {
			return err
		}
		pc.b.Add(code)
	}
	return nil
}

// constantMoves folds the constant moves of the cell at hand, and lists
// their distinct targets in the box.
func constantMoves[V cells.Value](s *linesSolver, pc *lineCell, vals []V, t, u []int64, targets []target) ([]target, error) {
	c := s.C
	for _, pl := range c.Plays[pc.h] {
		for _, mi := range pl.Moves {
			m := &c.Moves[mi]
			if !c.Apply(m, pc.p, t) {
				continue
			}
			pc.legal++
			cell, in := int64(pl.Next), true
			for k, v := range t {
				if v < s.lo[k] || v >= s.lo[k]+s.size[k] {
					in = false
					break
				}
				cell += (v - s.lo[k]) * c.Stride[k]
			}
			if !in {
				code, err := s.outside(t, pl.Next, u, pc.member)
				if err != nil {
					return nil, err
				}
				pc.b.Add(code)
				continue
			}
			pc.b.Add(uint64(vals[cell]))
			if s.C.Space.Members().Has(int(cell)) && !slices.ContainsFunc(targets, func(x target) bool { return x.cell == cell }) {
				// the targets' piles reuse the slices of earlier cells
				if len(targets) < cap(targets) {
					targets = targets[:len(targets)+1]
				} else {
					targets = append(targets, target{})
				}
				x := &targets[len(targets)-1]
				x.t, x.h, x.cell = append(x.t[:0], t...), pl.Next, cell
			}
		}
	}
	return targets, nil
}

// distinctOffLines counts the targets of the constant moves that no line
// move of the cell at hand reaches.
func distinctOffLines[V cells.Value](lg *LineGame, runs []lineRun[V], pc *lineCell, targets []target) int {
	n := 0
	for _, x := range targets {
		on := false
		for _, lp := range lg.LinePlays[pc.h] {
			on = on || lp.Next == x.h && runs[lp.Line].reaches(pc.p, x.t)
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

// outside is the code of a move to (t, h) outside the box: an end; from a
// position, a decline where t has moves (the general path reports it);
// from a cell no position reaches, any code.
func (s *linesSolver) outside(t []int64, h int, u []int64, member bool) (uint64, error) {
	if s.lg.Final(t, h, u) {
		return s.EndCode(t)
	}
	if member {
		return 0, linesDecline{"a move leaves the box"}
	}
	return core.CodeL0, nil
}

// checkLines is the sweep's check of the context and the move cap, and
// its report of the positions valued.
func (s *linesSolver) checkLines(done int64) error {
	if s.Popt.Progress != nil {
		s.Popt.Progress("positions valued", done)
	}
	if mm := s.Popt.MaxMoves; mm > 0 && s.Moves > mm {
		return fmt.Errorf("%w: more than %d", positions.ErrTooManyMoves, mm)
	}
	if s.Opt.Context != nil {
		return s.Opt.Context.Err()
	}
	return nil
}
