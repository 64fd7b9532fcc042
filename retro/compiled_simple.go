package retro

import (
	"retro/positions"
	"retro/rules"
)

// The compiled sweep for the commonest shape: every move changes one pile
// by itself (pile op constant, `each`), and one side wins at every end.
// Then a move is a step of the cell by a multiple of its pile's stride,
// and a cell that is not a position holds the value of a move into it
// (every such cell a move reaches is an end), so a move costs a multiply,
// a range test and a load.

// simpleStep is a simple move with its pile's stride and range in the box.
type simpleStep struct {
	positions.SimpleMove
	stride, lo, hi int64
}

// twins marks, per pile and value, where two moves of that pile may lead
// to the same position (a + 1 and 2a at a = 1): only there are the
// successors of a position compared, to count each edge once.
type twins struct {
	mark [][]bool
}

func newTwins(ss []simpleStep, lo, size []int64) *twins {
	tw := &twins{mark: make([][]bool, len(size))}
	for a := range ss {
		for b := a + 1; b < len(ss); b++ {
			if ss[a].P != ss[b].P {
				continue // each changes its own pile: never the same position
			}
			pl := ss[a].P
			if tw.mark[pl] == nil {
				tw.mark[pl] = make([]bool, size[pl])
			}
			for v := lo[pl]; v < lo[pl]+size[pl]; v++ {
				x, y := ss[a].apply(v), ss[b].apply(v)
				if x == y && x != v {
					tw.mark[pl][v-lo[pl]] = true
				}
			}
		}
	}
	return tw
}

func (m *simpleStep) apply(v int64) int64 {
	nv := m.Mul*v + m.Add
	if m.Div > 1 {
		nv = rules.FloorDiv(nv, m.Div)
	}
	return nv
}

// sweepSimple values every position of a simple game, row by row against
// the order of play. It keeps a value v of a position as v<<1 | 1, so that
// a cell tells by itself whether it is a position; vals holds endCode<<1
// in every cell on entry.
//
// It runs on one core. Two workers taking the rows in turn (a one-pile
// move reaches the same row, the row before at the same place, or rows
// done) were tried: each waits on the other every few cells, and on this
// shared machine, where the other process's threads take the cores away,
// the lockstep made the sweep 3.3 times slower than one worker.
func sweepSimple[V cellValue](s *compiledSolver, vals []V, endCode uint64, limit uint64, opt Options) error {
	c := s.c
	sp := c.Space
	lo, size := sp.Box()
	last := len(size) - 1
	sw := &simpleSweep[V]{s: s, c: c, vals: vals, member: sp.Members(), lo: lo, size: size,
		last: last, rowLen: size[last], rows: 1, endCode: endCode, limit: limit,
		hasEnd: c.EndOp != positions.EndNone, up: c.Up, signed: c.Signed, opt: opt}
	for _, m := range c.Simple {
		sw.ss = append(sw.ss, simpleStep{SimpleMove: m, stride: c.Stride[m.P], lo: lo[m.P], hi: lo[m.P] + size[m.P] - 1})
	}
	sw.tw = newTwins(sw.ss, lo, size)
	for _, z := range size[:last] {
		sw.rows *= z
	}
	if sw.hasEnd {
		sw.endLast = c.EndCoef[last]
	}
	for _, m := range sw.ss {
		if m.P == last {
			sw.inner = append(sw.inner, m)
		}
	}
	wk := &sweepWorker{p: make([]int64, len(size)), seen: make([]int64, len(sw.ss)),
		to: make([]int64, 0, len(sw.ss))}
	for r0 := range sw.rows {
		if err := sw.row(wk, r0); err != nil {
			return err
		}
	}
	s.moves += wk.moves
	s.edges += wk.edges
	return nil
}

// simpleSweep is what the rows of sweepSimple share.
type simpleSweep[V cellValue] struct {
	s        *compiledSolver
	c        *positions.Compiled
	vals     []V
	member   positions.Bitset
	lo, size []int64
	ss       []simpleStep
	inner    []simpleStep // the moves of the last pile
	tw       *twins
	last     int
	rowLen   int64
	rows     int64
	hasEnd   bool
	endLast  int64
	endCode  uint64
	limit    uint64
	up       bool
	signed   bool
	opt      Options
}

// sweepWorker is the sweep's scratch and counts.
type sweepWorker struct {
	p            []int64
	seen         []int64
	outer        []int64 // the steps of the other piles' moves in this row
	to           []int64 // the cells one position's moves reach
	moves, edges int64
}

// row values the positions of the r0-th row of the sweep.
func (sw *simpleSweep[V]) row(wk *sweepWorker, r0 int64) error {
	s, c, vals, member, ss := sw.s, sw.c, sw.vals, sw.member, sw.ss
	rowLen, last, up := sw.rowLen, sw.last, sw.up
	r := r0
	if up { // the values are made against the order of play
		r = sw.rows - 1 - r0
	}
	if r0&255 == 0 && sw.opt.Context != nil {
		if err := sw.opt.Context.Err(); err != nil {
			return err
		}
	}
	p := wk.p
	base := r * rowLen
	decodeRow(base, sw.lo, sw.size, p)
	p[last] = sw.lo[last]
	var e0 int64
	if sw.hasEnd {
		e0 = c.EndSum(p)
	}
	// The moves of the other piles do the same from every cell of the row:
	// their steps, legality and ends are worked out once.
	outer := wk.outer[:0]
	outerLegal := 0
	oMinL, oMaxW := uint64(1<<63), uint64(0)
	twinRow := false
	for k, m := range sw.tw.mark[:last] {
		twinRow = twinRow || m != nil && m[p[k]-sw.lo[k]]
	}
	for k := range ss {
		m := &ss[k]
		if m.P == last {
			continue
		}
		pv := p[m.P]
		nv := m.apply(pv)
		if nv == pv || nv < 0 && !sw.signed {
			continue
		}
		outerLegal++
		if nv >= m.lo && nv <= m.hi {
			outer = append(outer, (nv-pv)*m.stride)
			continue
		}
		if code := sw.endCode; code&1 == 0 {
			oMinL = min(oMinL, code>>1)
		} else {
			oMaxW = max(oMaxW, code>>1)
		}
	}
	wk.outer = outer
	inner := sw.inner
	twinIn := sw.tw.mark[last]
	lastLo := sw.lo[last]
	for j0 := int64(0); j0 < rowLen; j0++ {
		j := j0
		if up {
			j = rowLen - 1 - j0
		}
		cell := base + j
		w := member[cell>>6]
		if w == 0 {
			if up {
				j0 += cell & 63 // skip to the word below
			} else {
				j0 += 63 - cell&63
			}
			continue
		}
		if w&(1<<uint(cell&63)) == 0 {
			continue
		}
		var v uint64
		legal := outerLegal
		if sw.hasEnd && c.Holds(e0+sw.endLast*j) {
			v, legal = rowValue(s, sw.endCode), 0
		} else {
			minL, maxW := oMinL, oMaxW
			dedupe := twinRow || twinIn != nil && twinIn[j]
			// the cells the moves reach in the box, then their values
			to := wk.to[:0]
			for _, d := range outer {
				to = append(to, cell+d)
			}
			pv := lastLo + j
			for k := range inner {
				m := &inner[k]
				nv := m.Mul*pv + m.Add
				if m.Div > 1 {
					nv = rules.FloorDiv(nv, m.Div)
				}
				if nv == pv || nv < 0 && !sw.signed {
					continue
				}
				legal++
				if nv >= m.lo && nv <= m.hi {
					to = append(to, cell+nv-pv)
				} else if code := sw.endCode; code&1 == 0 {
					minL = min(minL, code>>1)
				} else {
					maxW = max(maxW, code>>1)
				}
			}
			n, in := 0, 0
			for _, tc := range to {
				code := uint64(vals[tc])
				if code&1 != 0 { // a position, not an end
					in++
					if dedupe {
						wk.seen[n] = tc
						n++
					}
				}
				code >>= 1
				if code&1 == 0 {
					minL = min(minL, code>>1)
				} else {
					maxW = max(maxW, code>>1)
				}
			}
			wk.to = to
			switch {
			case legal == 0:
				v = rowValue(s, sw.endCode)
			case minL != 1<<63:
				v = (minL+1)<<1 | 1
			default:
				v = (maxW + 1) << 1
			}
			if dedupe {
				in = distinctCount(wk.seen[:n])
			}
			wk.edges += int64(in)
		}
		if v > sw.limit>>1 {
			return errLayers{}
		}
		vals[cell] = V(v<<1 | 1)
		wk.moves += int64(legal)
	}
	return nil
}

// rowValue is the value of a final row, seen from the player to move
// there, given the value of a move into an end of the game.
func rowValue(s *compiledSolver, endCode uint64) uint64 {
	if endCode == uint64(s.wonEnd) {
		return 2 // the mover has won: the player to move has lost, L 0
	}
	if s.lebedev {
		return 2<<1 | 1
	}
	return 1
}

// decodeRow writes the piles of a cell into p.
func decodeRow(cell int64, lo, size, p []int64) {
	for k := len(size) - 1; k >= 0; k-- {
		p[k] = lo[k] + cell%size[k]
		cell /= size[k]
	}
}
