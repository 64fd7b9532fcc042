package compiled

import (
	"math/bits"
	"retro/retro/internal/cells"
	"retro/retro/internal/core"
	"retro/retro/internal/shape"
	"slices"

	"retro/positions"
	"retro/rules"
)

// The compiled sweep for the commonest shape: every move changes one pile
// by itself (pile op constant, `each`), and one side wins at every end.
// Then a move is a step of the cell by a multiple of its pile's stride,
// and a cell that is not a position holds the value of a move into it
// (every such cell a move reaches is an end), so a move costs a multiply,
// a range test and a load. The sweep goes row by row (a row: the last
// pile's values, each with every history), and the moves of the other
// piles, which do the same from every cell of a row, are worked out once
// a row, for each group of moves.

// simpleStep is a simple move with its pile's stride and range in the box.
type simpleStep struct {
	shape.SimpleMove
	stride, lo, hi int64
}

func (m *simpleStep) apply(v int64) int64 {
	nv := m.Mul*v + m.Add
	if m.Div > 1 {
		nv = rules.FloorDiv(nv, m.Div)
	}
	return nv
}

// twins marks, per pile and value, where two moves of one group may lead
// to the same position (a + 1 and 2a at a = 1): only there are the
// successors of a position compared, to count each edge once.
type twins struct {
	lo   []int64
	mark [][]bool
	any  bool
}

// twinEvery is how many pairs of moves, or values of a pile, newTwins
// works through between checks of the context.
const twinEvery = 1 << 16

// newTwins marks the values of each pile where two of the moves ss, both
// of that pile, lead to the same value other than the pile's own. Two
// moves without a divisor (m·v + a) meet at one value at most, solved for
// directly, or everywhere when they are the same move; a move with one
// ((m·v + a) // d) is worked out at every value of its pile, against the
// others' results there. So a group of many moves costs what its pairs
// do, not its pairs times the values of the pile. stop is called now and
// then, and its error ends the work.
func newTwins(ss []simpleStep, lo, size []int64, stop func() error) (*twins, error) {
	tw := &twins{lo: lo, mark: make([][]bool, len(size))}
	set := func(pl int, v int64) {
		if v < lo[pl] || v >= lo[pl]+size[pl] {
			return
		}
		if tw.mark[pl] == nil {
			tw.mark[pl] = make([]bool, size[pl])
		}
		tw.mark[pl][v-lo[pl]] = true
		tw.any = true
	}
	ticks := 0
	tick := func() error {
		if ticks++; ticks%twinEvery == 0 {
			return stop()
		}
		return nil
	}
	for pl := range size {
		var exact, divided []simpleStep
		for _, m := range ss {
			switch {
			case m.P != pl:
			case m.Div > 1:
				divided = append(divided, m)
			default:
				exact = append(exact, m)
			}
		}
		if len(exact)+len(divided) < 2 {
			continue
		}
		// The moves without a divisor, pair by pair; the same move twice
		// meets itself wherever it moves.
		for a := range exact {
			for b := a + 1; b < len(exact); b++ {
				if err := tick(); err != nil {
					return nil, err
				}
				x, y := &exact[a], &exact[b]
				switch {
				case x.Mul == y.Mul && x.Add == y.Add:
					for v := lo[pl]; v < lo[pl]+size[pl]; v++ {
						if x.apply(v) != v {
							set(pl, v)
						}
					}
				case x.Mul != y.Mul && (y.Add-x.Add)%(x.Mul-y.Mul) == 0:
					if v := (y.Add - x.Add) / (x.Mul - y.Mul); x.apply(v) != v {
						set(pl, v)
					}
				}
			}
		}
		if len(divided) == 0 {
			continue
		}
		// The moves with a divisor, value by value: each result against
		// those of the other moves with one, and against the moves without
		// (by their additions, for each multiplier).
		adds := map[int64]map[int64]bool{}
		for _, m := range exact {
			if adds[m.Mul] == nil {
				adds[m.Mul] = map[int64]bool{}
			}
			adds[m.Mul][m.Add] = true
		}
		got := make([]int64, len(divided))
		for v := lo[pl]; v < lo[pl]+size[pl]; v++ {
			if err := tick(); err != nil {
				return nil, err
			}
			for k := range divided {
				got[k] = divided[k].apply(v)
			}
			slices.Sort(got)
			meet := false
			for k, y := range got {
				if y == v {
					continue
				}
				meet = meet || k > 0 && got[k-1] == y
				for mul, as := range adds {
					meet = meet || as[y-mul*v]
				}
			}
			if meet {
				set(pl, v)
			}
		}
	}
	return tw, nil
}

// rowGroup is one group of moves (shape.Compiled.Groups) as the rows
// see it: its moves of the last pile, those of the other piles, and what
// the latter come to on the row at hand.
type rowGroup[V cells.Value] struct {
	inner, other []simpleStep
	tw           *twins
	twinLast     []bool // tw.mark of the last pile
	rising       bool   // every move of the last pile is (m·v + a) with m >= 1, a >= 0: never lower, never negative
	// on the row at hand: the spans of the rows the other piles' moves
	// reach in the box, the legal ones, the codes of those that end the
	// game, and whether two of them may meet
	outer   []span[V]
	legal   int
	best    core.Best
	twinRow bool
}

// span is a row's span of cells: its first and last offsets, and where
// offset 0 would be kept in v (the sweep's values, or a copy of another
// shard's row); row is the row's number.
type span[V cells.Value] struct {
	lo, hi, at, row int64
	v               []V
}

// simpleSweep is what the rows of sweepSimple share.
type simpleSweep[V cells.Value] struct {
	s        *cells.Solver
	c        *shape.Compiled
	vals     []V
	spans    *cells.Spans
	sp       *positions.Space // its membership words (MemberWord): in a shard, of the shard's rows
	lo, size []int64
	groups   []rowGroup[V]
	// rowSpan is the span of a row the moves read: this sweep's own, or a
	// row of another shard that the shard's sweep has fetched
	rowSpan func(r int64) span[V]
	base    int64 // where vals[0] is among the values of every row: 0 but in a shard
	last    int
	rowLen  int64 // tuples a row
	hist    int64
	rows    int64
	hasEnd  bool
	endLast int64
	endCode uint64
	rowCode uint64 // the code of a final row
	limit   uint64
	up      bool
	signed  bool
	seen    []int64
	moves   int64
	edges   int64
	ticks   int64 // positions and moves since the last check (tick)
}

// sweepSimple values every position of a simple game, row by row against
// the order of play. It keeps a position's code as it is, and the other
// cells of a row's span hold 0, which no position's code is: a cell tells
// by itself whether it is a position, and a move into a 0 is a move into
// an end (endCode). The values start as zeros and only positions are
// written, each before it is read (a move reads rows valued before its
// own and the cells of its own row valued before it), so no cell needs
// filling, and a sweep resumed from a checkpoint's row reads no value of
// the row it was stopped in.
//
// It runs on one core. Two workers taking the rows in turn (a one-pile
// move reaches the same row, the row before at the same place, or rows
// done) were tried: each waits on the other every few cells, and on this
// shared machine, where the other process's threads take the cores away,
// the lockstep made the sweep 3.3 times slower than one worker.
func sweepSimple[V cells.Value](s *cells.Solver, vals []V, spans *cells.Spans, dead *deadRows[V], cs *compiledSave[V], endCode uint64, limit uint64) error {
	sw, err := newSimpleSweep(s, vals, spans, endCode, limit)
	if err != nil {
		return err
	}
	p := make([]int64, len(sw.size))
	from := cs.from()
	for r0 := from; r0 < sw.rows; r0++ {
		if err := cs.row(s, r0, sw.moves, sw.edges); err != nil {
			return err
		}
		if r0&255 == 0 && r0 > from {
			if err := s.Check(); err != nil {
				return err
			}
			dead.after(p) // p: the last row valued
		}
		if err := sw.row(p, r0); err != nil {
			return err
		}
		s.Moves, s.Edges = sw.moves, sw.edges
	}
	return s.Check()
}

// newSimpleSweep sets up the rows of sweepSimple.
func newSimpleSweep[V cells.Value](s *cells.Solver, vals []V, spans *cells.Spans, endCode uint64, limit uint64) (*simpleSweep[V], error) {
	c := s.C
	sp := c.Space
	lo, size := sp.Box()
	last := len(size) - 1
	sw := &simpleSweep[V]{s: s, c: c, vals: vals, spans: spans, sp: sp, lo: lo, size: size,
		last: last, rowLen: size[last], hist: int64(c.Hist), rows: 1, endCode: endCode, rowCode: endCode,
		limit: limit, hasEnd: c.EndOp != shape.EndNone, up: c.Up, signed: c.Signed}
	sw.groups = make([]rowGroup[V], len(c.Groups))
	sw.rowSpan = sw.ownSpan
	for gi, ms := range c.Groups {
		g := &sw.groups[gi]
		var all []simpleStep
		for _, mi := range ms {
			m := c.Simple[mi]
			st := simpleStep{SimpleMove: m, stride: c.Stride[m.P], lo: lo[m.P], hi: lo[m.P] + size[m.P] - 1}
			all = append(all, st)
			if m.P == last {
				g.inner = append(g.inner, st)
			} else {
				g.other = append(g.other, st)
			}
		}
		var err error
		if g.tw, err = newTwins(all, lo, size, s.Check); err != nil {
			return nil, err
		}
		g.twinLast = g.tw.mark[last]
		g.rising = true
		for _, m := range g.inner {
			g.rising = g.rising && m.Mul >= 1 && m.Add >= 0 && m.Div == 1
		}
	}
	for _, z := range size[:last] {
		sw.rows *= z
	}
	if sw.hasEnd {
		sw.endLast = c.EndCoef[last]
	}
	sw.moves, sw.edges = s.Moves, s.Edges
	return sw, nil
}

// tick counts n steps of the sweep (a position and its moves), and every
// 65 536 of them checks the context and the move cap: within a row too,
// however long, and within the moves of a few positions, however many
// each makes.
func (sw *simpleSweep[V]) tick(n int64) error {
	if sw.ticks += n; sw.ticks < 1<<16 {
		return nil
	}
	sw.ticks = 0
	sw.s.Moves, sw.s.Edges = sw.moves, sw.edges
	return sw.s.Check()
}

// row values the positions of the r0-th row of the sweep.
func (sw *simpleSweep[V]) row(p []int64, r0 int64) error {
	c, sp := sw.c, sw.sp
	rowLen, last, up, hist := sw.rowLen, sw.last, sw.up, sw.hist
	r := r0
	if up { // the values are made against the order of play
		r = sw.rows - 1 - r0
	}
	decodeRow(r*rowLen, sw.lo, sw.size, p)
	p[last] = sw.lo[last]
	base := r * rowLen * hist
	var e0 int64
	if sw.hasEnd {
		e0 = c.EndSum(p)
	}
	for gi := range sw.groups {
		sw.rowOf(&sw.groups[gi], p, r)
	}
	own := sw.ownSpan(r)
	lastLo := sw.lo[last]
	moves := sw.moves
	first, end := base, base+rowLen*hist // the row's cells
	for w0 := first >> 6; w0 <= (end-1)>>6; w0++ {
		w := w0
		if up {
			w = (end-1)>>6 - (w0 - first>>6)
		}
		word := sp.MemberWord(w)
		if w<<6 < first {
			word &= ^uint64(0) << uint(first-w<<6)
		}
		if w<<6+64 > end {
			word &= 1<<uint(end-w<<6) - 1
		}
		for word != 0 {
			var b int
			if up {
				b = 63 - bits.LeadingZeros64(word)
			} else {
				b = bits.TrailingZeros64(word)
			}
			word &^= 1 << uint(b)
			off := w<<6 + int64(b) - base
			j, h := off, int64(0)
			if hist > 1 {
				j, h = off/hist, off%hist
			}
			var v uint64
			if sw.hasEnd && c.Holds(e0+sw.endLast*j) {
				v = sw.rowCode
			} else {
				v = sw.value(own, off-h, int(h), j, lastLo+j)
			}
			if v > sw.limit {
				return cells.ErrLayers{}
			}
			own.v[own.at+off] = V(v)
			if err := sw.tick(sw.moves - moves + 1); err != nil {
				return err
			}
			moves = sw.moves
		}
	}
	return nil
}

// rowOf works out what the moves of the other piles of group g do on row
// r, whose first tuple is p.
func (sw *simpleSweep[V]) rowOf(g *rowGroup[V], p []int64, r int64) {
	g.outer, g.legal, g.best, g.twinRow = g.outer[:0], 0, core.NewBest(), false
	for k, m := range g.tw.mark[:sw.last] {
		g.twinRow = g.twinRow || m != nil && m[p[k]-sw.lo[k]]
	}
	for k := range g.other {
		to, legal := sw.outerRow(&g.other[k], p, r)
		if !legal {
			continue
		}
		g.legal++
		if to >= 0 {
			g.outer = append(g.outer, sw.rowSpan(to))
			continue
		}
		g.best.Add(sw.endCode)
	}
}

// outerRow is the row that move m of a pile but the last reaches from
// row r, whose first tuple is p, and whether it is a move there; -1 for a
// move that leaves the box (an end).
func (sw *simpleSweep[V]) outerRow(m *simpleStep, p []int64, r int64) (int64, bool) {
	pv := p[m.P]
	nv := m.apply(pv)
	if nv == pv || nv < 0 && !sw.signed {
		return 0, false
	}
	if nv >= m.lo && nv <= m.hi {
		return r + (nv-pv)*m.stride/(sw.rowLen*sw.hist), true
	}
	return -1, true
}

// value is the code of the non-final position of history h at tuple j of
// a row (own: the row's span; off0: the offset of the tuple's first cell
// in it; pv: its last pile). The values are read as they are found, and
// the edges counted as they are read: only where two moves of a play may
// meet (twins) are the cells a play reaches listed, to count each edge
// once. A cell outside a row's span is no position: an end.
func (sw *simpleSweep[V]) value(own span[V], off0 int64, h int, j, pv int64) uint64 {
	b := core.NewBest()
	legal, in := 0, 0
	for _, pl := range sw.c.Plays[h] {
		g := &sw.groups[pl.Group]
		legal += g.legal
		b.MinL, b.MaxW = min(b.MinL, g.best.MinL), max(b.MaxW, g.best.MaxW)
		next := off0 + int64(pl.Next)
		if g.twinRow || g.twinLast != nil && g.twinLast[j] {
			l, n := sw.reach(g, own, next, pv, &b)
			legal += l
			in += n
			continue
		}
		for _, t := range g.outer {
			if next < t.lo || next > t.hi {
				b.Add(sw.endCode)
				continue
			}
			b.Add(sw.code(t.v[t.at+next], &in))
		}
		if g.rising {
			// the common loop: a move that changes the pile raises it,
			// into the row's span or past it (an end)
			for k := range g.inner {
				m := &g.inner[k]
				nv := m.Mul*pv + m.Add
				if nv == pv {
					continue
				}
				legal++
				to := next + (nv-pv)*m.stride
				if to > own.hi {
					b.Add(sw.endCode)
					continue
				}
				b.Add(sw.code(own.v[own.at+to], &in))
			}
			continue
		}
		for k := range g.inner {
			m := &g.inner[k]
			nv := m.apply(pv)
			if nv == pv || nv < 0 && !sw.signed {
				continue
			}
			legal++
			to := next + (nv-pv)*m.stride
			if nv > m.hi || nv < m.lo || to < own.lo || to > own.hi {
				b.Add(sw.endCode)
				continue
			}
			b.Add(sw.code(own.v[own.at+to], &in))
		}
	}
	sw.moves += int64(legal)
	sw.edges += int64(in)
	if legal == 0 {
		return sw.rowCode
	}
	return b.Value()
}

// reach is value's loop for a play whose moves may meet: it folds the
// codes of the cells the play's moves reach (next: the offset its moves
// of the other piles reach in their rows) into b, and returns the legal
// moves of the last pile and the distinct positions reached.
func (sw *simpleSweep[V]) reach(g *rowGroup[V], own span[V], next, pv int64, b *core.Best) (legal, in int) {
	seen := sw.seen[:0]
	add := func(t span[V], to int64) {
		if to < t.lo || to > t.hi {
			b.Add(sw.endCode)
			return
		}
		code := uint64(t.v[t.at+to])
		if code == 0 { // no position: an end
			b.Add(sw.endCode)
			return
		}
		seen = append(seen, t.row*sw.rowLen*sw.hist+to)
		b.Add(code)
	}
	for _, t := range g.outer {
		add(t, next)
	}
	for k := range g.inner {
		m := &g.inner[k]
		nv := m.apply(pv)
		if nv == pv || nv < 0 && !sw.signed {
			continue
		}
		legal++
		if nv > m.hi || nv < m.lo {
			b.Add(sw.endCode)
			continue
		}
		add(own, next+(nv-pv)*m.stride)
	}
	sw.seen = seen
	return legal, distinctCount(seen)
}

// code is the code of a move into a cell holding v, counting in in the
// moves into positions (the edges): a cell of 0 is an end.
func (sw *simpleSweep[V]) code(v V, in *int) uint64 {
	if v == 0 {
		return sw.endCode
	}
	*in++
	return uint64(v)
}

// ownSpan is the span of row r in the sweep's own values.
func (sw *simpleSweep[V]) ownSpan(r int64) span[V] { return spanOf(sw.spans, sw.vals, sw.base, r) }

// spanOf is the span of row r in values vals, vals[0] the value kept at
// base.
func spanOf[V cells.Value](spans *cells.Spans, vals []V, base, r int64) span[V] {
	lo, hi, at := spans.Row(r)
	return span[V]{lo: lo, hi: hi, at: at - base, row: r, v: vals}
}

// decodeRow writes the piles of a tuple's cell (no history) into p.
func decodeRow(cell int64, lo, size, p []int64) {
	for k := len(size) - 1; k >= 0; k-- {
		p[k] = lo[k] + cell%size[k]
		cell /= size[k]
	}
}
