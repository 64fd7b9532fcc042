package compiled

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"retro/positions"
	"retro/retro/internal/shape"
	"retro/rules"
)

// How the compiled path finds its positions: known at once where the
// shape proves them (fill: every tuple above a start; wholeBox: every
// tuple of [bounds]), or marked by one sweep of the box in the order of
// play (run), each position's moves marking the positions they reach
// before the sweep gets to them.

// A SweepSave keeps where the compiled path's search of the box stands,
// so that a search stopped after a row goes on from there: the rows before
// walk row row are searched, member holds the positions they found and
// marked, count the positions kept, min and max their tight box.
type SweepSave interface {
	// Due tells whether a save is due.
	Due() bool
	Save(row int64, member positions.Bitset, count int, min, max []int64) error
	// Load reads the last save of a search of a box of words membership
	// words; ok is false when there is none.
	Load(words int) (row int64, member positions.Bitset, count int, min, max []int64, ok bool, err error)
}

// sweep finds the reachable positions in the prior box, in the order of
// play. Its cells are the tuples' cells times the history values plus the
// history, as the Space numbers them.
type sweep struct {
	c      *shape.Compiled
	g      *rules.Game
	in     *rules.Instance
	opt    positions.Options
	lo, hi []int64
	bounds []rules.Range
	size   []int64
	stride []int64
	member positions.Bitset
	count  int
	min    []int64 // the tight box of the members
	max    []int64
	swept  bool            // wholeBox swept after all
	tuple  tupleMoves      // the moves of the tuple at hand
	peers  positions.Peers // in shards: the peers that sweep the box with this one (walkShards)
	sent   int64           // in shards: bytes handed to the other peers
	save   SweepSave       // with a checkpoint: where the search saves and resumes from
}

// volumeOf sizes the prior box, with every history, against the limit of
// a box that may be swept.
func (s *sweep) volumeOf(limit uint64) (uint64, bool) {
	np := len(s.lo)
	s.size = make([]int64, np)
	vol := uint64(s.c.Hist)
	for k := range s.lo {
		s.size[k] = s.hi[k] - s.lo[k] + 1
		h, l := bits.Mul64(vol, uint64(s.size[k]))
		if h != 0 || l > limit {
			return 0, false
		}
		vol = l
	}
	return vol, true
}

// prepare checks that the box can be swept, makes the members' bits and
// the bounds of the piles found, and marks the starts: it returns the
// box's volume and the test of a start cell, which must be asked of the
// cells in the order of the sweep.
func (s *sweep) prepare(starts []rules.Start) (vol uint64, isStart func(cell int64) bool, why string, err error) {
	np := len(s.lo)
	c := s.c
	hist := int64(c.Hist)
	var ok bool
	vol, ok = s.volumeOf(min(uint64(positions.BoxCeiling), max(uint64(1<<26), 4*uint64(s.opt.MaxPositions))))
	if !ok {
		return 0, nil, "the box around the positions is too large", nil
	}
	if n, ok := shape.EndPoints(c, s.lo, s.hi, vol); ok && s.bounds == nil && !positions.IsDense(vol, int(min(n*uint64(hist), vol))) {
		return 0, nil, "the positions fill too little of their box", nil
	}
	if err := s.opt.Afford("the box", int(vol), int64(vol)/4); err != nil { // the members and the starts
		return 0, nil, "", err
	}
	s.stride = positions.Strides(s.size, c.Hist)
	s.member = positions.NewBitset(int(vol))
	s.min, s.max = make([]int64, np), make([]int64, np)
	for k := range s.min {
		s.min[k], s.max[k] = math.MaxInt64, math.MinInt64
	}
	cellOf := func(p []int64) int64 {
		var cell int64
		for k, v := range p {
			cell += (v - s.lo[k]) * s.stride[k]
		}
		return cell
	}
	// The start cells in the order of the sweep, and how many of them it
	// has passed; with [bounds] every tuple with no history is a start.
	var startCells []int64
	for _, st := range starts {
		cl := cellOf(st.Piles)
		s.member.Set(int(cl))
		startCells = append(startCells, cl)
	}
	slices.Sort(startCells)
	if !c.Up {
		slices.Reverse(startCells)
	}
	passed := 0
	isStart = func(cell int64) bool {
		if s.bounds != nil {
			return cell%hist == 0
		}
		for passed < len(startCells) && (c.Up && startCells[passed] < cell || !c.Up && startCells[passed] > cell) {
			passed++
		}
		return passed < len(startCells) && startCells[passed] == cell
	}
	if s.bounds != nil {
		for cell := int64(0); cell < int64(vol); cell += hist {
			s.member.Set(int(cell))
		}
	}
	return vol, isStart, "", nil
}

// run sweeps the box in the order of play from the starts, keeping each
// cell a move reaches and following its moves in turn; with peers, each
// walks its own rows (walkShards). It returns why the game is not of the
// compiled shape after all, or the error that stopped it.
func (s *sweep) run(starts []rules.Start) (string, error) {
	vol, isStart, why, err := s.prepare(starts)
	if why != "" || err != nil {
		return why, err
	}
	np := len(s.lo)
	c := s.c
	hist := int64(c.Hist)
	p, t, u := make([]int64, np), make([]int64, np), make([]int64, np)
	simple := s.simpleSteps()
	s.tuple.base = -1
	visit := func(cell int64, h int) bool {
		start := isStart(cell)
		if start && c.EndOp != shape.EndNone && c.Holds(c.EndSum(p)) {
			s.keep(p)
			return true // a final start: a row, not followed
		}
		var legal int
		if simple != nil {
			var ok bool
			if legal, ok = s.visitSimple(simple, cell, h, p, t, u, &why); !ok {
				return false
			}
		} else if legal, why = s.visitAffine(cell, h, p, t, u); why != "" {
			return false
		}
		if legal == 0 && !start {
			s.member.Clear(int(cell)) // final, reached by a move: an end
			return true
		}
		s.keep(p)
		return true
	}
	steps := 0
	from, rowCells := int64(0), s.size[np-1]*hist
	rows := int64(vol) / rowCells
	sv := s.save
	loaded := false // the bits are a save's
	if sv != nil {
		row, member, count, mn, mx, ok, lerr := sv.Load(len(s.member))
		if lerr != nil {
			return "", lerr
		}
		if ok {
			from, s.member, s.count, s.min, s.max = row, member, count, mn, mx
			loaded = true
		}
	}
	walked := from
	// walk visits the members of the walk's rows from..to-1.
	walk := func(from, to int64) (string, error) {
		positions.EachMemberFrom(s.member, s.lo, s.size, c.Hist, c.Up, from, func(cell int64, q []int64, h int) bool {
			if sv != nil || to < rows {
				r0 := cell / rowCells
				if !c.Up {
					r0 = rows - 1 - r0
				}
				if r0 >= to {
					return false
				}
				if sv != nil && r0 != walked && sv.Due() {
					if err = sv.Save(r0, s.member, s.count, s.min, s.max); err != nil {
						return false
					}
				}
				walked = r0
			}
			copy(p, q)
			if !visit(cell, h) {
				return false
			}
			if steps++; steps&(1<<16-1) == 0 {
				if err = s.opt.Stopped(); err != nil {
					return false
				}
				if s.opt.Progress != nil {
					s.opt.Progress("positions", int64(s.count))
				}
			}
			return true
		})
		return why, err
	}
	if s.peers != nil {
		return s.walkShards(walk, rows, rowCells, from, loaded)
	}
	if why, err := walk(from, rows); why != "" || err != nil {
		return why, err
	}
	if s.count > s.opt.MaxPositions {
		return "", positions.OverCap(s.count, s.opt.MaxPositions)
	}
	if sv != nil && walked < rows {
		// the search is done: a rerun goes straight on from its end
		if err := sv.Save(rows, s.member, s.count, s.min, s.max); err != nil {
			return "", err
		}
	}
	return "", nil
}

// leaves says why a move from p to t, outside the prior box, keeps the
// game off the compiled path, or "" when it reaches a final position of a
// [bounds] game (no legal move there at history th).
func (s *sweep) leaves(m *rules.AffineMove, p, t []int64, th int, u []int64) string {
	if s.bounds != nil {
		if !s.hasMove(t, th, u) {
			return ""
		}
		return "a move leaves the box" // the general path names it
	}
	return fmt.Sprintf("the move `%s` leaves the box at %s", m.Text, rules.Tuple(p))
}

// against is the reason a move that goes against the order of play gives.
func against(m *rules.AffineMove, p []int64) string {
	return fmt.Sprintf("the move `%s` at %s goes against the order of play", m.Text, rules.Tuple(p))
}

// visitAffine follows the moves of non-final member (p, h) at cell: it
// marks the positions they reach and returns how many moves are legal;
// a reason when the compiled path does not apply after all.
func (s *sweep) visitAffine(cell int64, h int, p, t, u []int64) (int, string) {
	c := s.c
	legal := 0
	for _, pl := range c.Plays[h] {
		for _, mi := range pl.Moves {
			m := &c.Moves[mi]
			if !c.Apply(m, p, t) {
				continue
			}
			legal++
			if c.EndOp != shape.EndNone && c.Holds(c.EndSum(t)) {
				continue
			}
			tc, in := int64(0), true
			for k, v := range t {
				if v < s.lo[k] || v > s.hi[k] {
					in = false
					break
				}
				tc += (v - s.lo[k]) * s.stride[k]
			}
			if !in {
				if why := s.leaves(m, p, t, pl.Next, u); why != "" {
					return 0, why
				}
				continue // final: no legal move there
			}
			if (tc > cell-int64(h)) != c.Up {
				return 0, against(m, p)
			}
			s.member.Set(int(tc + int64(pl.Next)))
		}
	}
	return legal, ""
}

// step is a simple move with what a sweep needs of its pile.
type step struct {
	shape.SimpleMove
	endC, stride, lo, hi int64
}

func (m *step) apply(v int64) int64 {
	nv := m.Mul*v + m.Add
	if m.Div > 1 {
		nv = rules.FloorDiv(nv, m.Div)
	}
	return nv
}

// simpleSteps lists the moves as steps in the prior box (indexed as
// Moves), or nil when some move is not simple.
func (s *sweep) simpleSteps() []step {
	c := s.c
	if c.Simple == nil {
		return nil
	}
	out := make([]step, len(c.Simple))
	for k, m := range c.Simple {
		st := step{SimpleMove: m, stride: s.stride[m.P], lo: s.lo[m.P], hi: s.hi[m.P]}
		if c.EndOp != shape.EndNone {
			st.endC = c.EndCoef[m.P]
		}
		out[k] = st
	}
	return out
}

// visitSimple follows the simple moves of non-final member (p, h) at
// cell: it marks the positions they reach and returns how many moves are
// legal; false (with why) when the compiled path does not apply after
// all. The moves of a group do the same from every history of a tuple but
// for the history they lead to: they are made once a tuple (tupleMoves),
// and a group's cells are marked once for each history they lead to.
func (s *sweep) visitSimple(steps []step, cell int64, h int, p, t, u []int64, why *string) (int, bool) {
	c := s.c
	base := cell - int64(h)
	if base != s.tuple.base {
		if *why = s.tupleMoves(steps, base, p, t, u); *why != "" {
			return 0, false
		}
	}
	tm := &s.tuple
	legal := 0
	for _, pl := range c.Plays[h] {
		g := &tm.groups[pl.Group]
		legal += g.legal
		for _, o := range g.outside {
			copy(t, p)
			t[steps[o].P] = steps[o].apply(p[steps[o].P])
			if *why = s.leaves(&c.Moves[o], p, t, pl.Next, u); *why != "" {
				return 0, false
			}
		}
		if g.marked(pl.Next) {
			continue
		}
		for _, to := range g.to {
			s.member.Set(int(to + int64(pl.Next)))
		}
	}
	return legal, true
}

// tupleMoves is what the moves of one tuple come to, group by group: the
// legal ones, the cells of the tuples they reach in the box (history 0),
// the moves that leave the box, and the histories their cells have been
// marked at.
type tupleMoves struct {
	base   int64 // the tuple's cell of history 0; -1: none yet
	groups []groupMoves
}

type groupMoves struct {
	legal   int
	to      []int64
	outside []int // moves that leave the box, indices into Moves
	done    []int // the histories marked
}

// marked reports whether the group's cells are marked at history next,
// and notes that they will be.
func (g *groupMoves) marked(next int) bool {
	for _, d := range g.done {
		if d == next {
			return true
		}
	}
	g.done = append(g.done, next)
	return false
}

// tupleMoves makes the moves of every group from the tuple p, whose cell
// is base.
func (s *sweep) tupleMoves(steps []step, base int64, p, t, u []int64) string {
	c := s.c
	tm := &s.tuple
	tm.base = base
	if len(tm.groups) != len(c.Groups) {
		tm.groups = make([]groupMoves, len(c.Groups))
	}
	e := int64(0)
	if c.EndOp != shape.EndNone {
		e = c.EndSum(p)
	}
	for gi, moves := range c.Groups {
		g := &tm.groups[gi]
		g.legal, g.to, g.outside, g.done = 0, g.to[:0], g.outside[:0], g.done[:0]
		for _, mi := range moves {
			m := &steps[mi]
			pv := p[m.P]
			nv := m.apply(pv)
			if nv == pv || nv < 0 && !c.Signed {
				continue
			}
			g.legal++
			if c.EndOp != shape.EndNone && c.Holds(e+m.endC*(nv-pv)) {
				continue
			}
			if nv < m.lo || nv > m.hi {
				g.outside = append(g.outside, mi)
				continue
			}
			if (nv > pv) != c.Up {
				return against(&c.Moves[mi], p)
			}
			g.to = append(g.to, base+(nv-pv)*m.stride)
		}
	}
	return ""
}

// hasMove reports whether position (t, th) has a legal move (u is
// scratch).
func (s *sweep) hasMove(t []int64, th int, u []int64) bool {
	for _, pl := range s.c.Plays[th] {
		for _, mi := range pl.Moves {
			if s.c.Apply(&s.c.Moves[mi], t, u) {
				return true
			}
		}
	}
	return false
}

// keep counts a member and widens the tight box around it.
func (s *sweep) keep(p []int64) {
	s.count++
	for k, v := range p {
		s.min[k], s.max[k] = min(s.min[k], v), max(s.max[k], v)
	}
}

// space fits the tight box around the members, as Enumerate does, and
// moves the membership bits into it.
func (s *sweep) space() (*positions.Space, string) {
	if s.count == 0 {
		return nil, "no positions"
	}
	sp, why := positions.FitDense(s.g, s.c.Hist, s.lo, s.size, s.member, s.count, s.min, s.max)
	s.member = nil
	return sp, why
}

// maxFillStarts is the most start positions fill takes.
const maxFillStarts = 256

// canFill reports whether the positions are known without a sweep: no
// history, no [bounds], piles that only grow, every pile with a move
// "+ 1", and an end Σ c_j p_j + K >= 0 with every c_j > 0. Then from a
// start s every tuple t >= s (pile by pile) that is not final is reached
// by steps of one, and nothing else is (moves only raise piles): the
// non-final positions are the tuples above a start, and the final ones are
// ends. No position is without moves.
func (s *sweep) canFill(starts []rules.Start) bool {
	c := s.c
	if c.Hist != 1 || len(c.Plays[0]) == 0 || !c.Up || s.bounds != nil || c.Signed || c.EndOp != shape.EndGE ||
		len(starts) > maxFillStarts || len(starts) == 0 {
		return false
	}
	for _, a := range c.EndCoef {
		if a <= 0 {
			return false
		}
	}
	unit := make([]bool, len(s.lo))
	for _, mi := range c.Plays[0][0].Moves {
		if sm, ok := shape.SimpleOf(&c.Moves[mi]); ok && sm.Mul == 1 && sm.Add == 1 && sm.Div == 1 {
			unit[sm.P] = true
		}
	}
	return !slices.Contains(unit, false)
}

// fill makes the member bits of the tuples above a start (see canFill),
// in their tight box, and why not where the box is too large to keep.
func (s *sweep) fill(starts []rules.Start) (string, error) {
	f, why, err := s.filledRows(starts)
	if why != "" || err != nil {
		return why, err
	}
	vol := f.rows * f.rowLen
	member := positions.NewBitset(int(vol))
	for r := range f.rows {
		f.row(r, member, r*f.rowLen)
	}
	s.lo, s.hi, s.size, s.stride, s.member = f.lo, f.hi, f.size, positions.Strides(f.size, 1), member
	s.min, s.max = f.lo, f.hi
	s.count = member.Count() // count, as the bits are those counted
	return "", nil
}

// filled is what fill knows of the tuples above the starts before any bit
// of the box is made: their box, the range of the last pile that a row
// holds, and the start cells, so that a row's bits are made by themselves.
type filled struct {
	lo, hi, size []int64
	rows, rowLen int64
	live         [][]int64 // the starts that are not final
	starts       []int64   // the cell of every start, in order
	endSum       func(p []int64) int64
	endLast      int64
	p            []int64
}

// span is the range of the last pile that row r holds: from..to, none
// when to < from.
func (f *filled) span(r int64) (from, to int64) {
	np := len(f.lo)
	last := np - 1
	p := f.p
	positions.DecodeCell(r*f.size[last], f.lo, f.size, p)
	from = int64(math.MaxInt64)
	for _, st := range f.live {
		above := true
		for k := range last {
			above = above && st[k] <= p[k]
		}
		if above {
			from = min(from, st[last])
		}
	}
	if from == math.MaxInt64 {
		return 0, -1
	}
	p[last] = 0
	e := f.endSum(p) // with the last pile at 0
	return from, min(rules.FloorDiv(-1-e, f.endLast), f.hi[last])
}

// row sets the members of row r in member, its cells from bit at.
func (f *filled) row(r int64, member positions.Bitset, at int64) {
	last := len(f.lo) - 1
	if from, to := f.span(r); from <= to {
		positions.SetBits(member, at+from-f.lo[last], at+to-f.lo[last])
	}
	k, _ := slices.BinarySearch(f.starts, r*f.rowLen)
	for ; k < len(f.starts) && f.starts[k] < (r+1)*f.rowLen; k++ {
		member.Set(int(at + f.starts[k] - r*f.rowLen))
	}
}

// filledRows finds the box and the rows of the tuples above a start, and
// counts them, without making the box's bits: a game over the cap is
// refused without them, and peers make only their own rows' (BoxRows).
func (s *sweep) filledRows(starts []rules.Start) (*filled, string, error) {
	c := s.c
	np := len(s.lo)
	last := np - 1
	f := &filled{lo: make([]int64, np), hi: make([]int64, np), size: make([]int64, np), p: make([]int64, np),
		endSum: c.EndSum, endLast: c.EndCoef[last]}
	lo, hi := f.lo, f.hi
	for k := range lo {
		lo[k], hi[k] = math.MaxInt64, math.MinInt64
	}
	for _, st := range starts {
		for k, v := range st.Piles {
			lo[k], hi[k] = min(lo[k], v), max(hi[k], v)
		}
		e := c.EndSum(st.Piles)
		if c.Holds(e) {
			continue
		}
		f.live = append(f.live, st.Piles)
		for k, v := range st.Piles {
			// the most pile k can hold above this start, the others at it
			hi[k] = max(hi[k], v+rules.FloorDiv(-1-e, c.EndCoef[k]))
		}
	}
	limit := min(uint64(positions.BoxCeiling), max(uint64(1<<26), 4*uint64(s.opt.MaxPositions)))
	rows := uint64(1) // the tuples of every pile but the last
	for k := range lo {
		f.size[k] = hi[k] - lo[k] + 1
		if k == last {
			break
		}
		h, l := bits.Mul64(rows, uint64(f.size[k]))
		if h != 0 || l > limit {
			return nil, "the box around the positions is too large", nil
		}
		rows = l
	}
	f.rows, f.rowLen = int64(rows), f.size[last]
	// The positions are counted from the rows' ranges, and the starts that
	// are final (outside every row's range), before the box's bits are
	// made: a game over the cap is refused without them.
	var final [][]int64
	for _, st := range starts {
		if c.Holds(c.EndSum(st.Piles)) && !slices.ContainsFunc(final, func(f []int64) bool { return slices.Equal(f, st.Piles) }) {
			final = append(final, st.Piles)
		}
	}
	count := int64(len(final))
	for r := range f.rows {
		if from, to := f.span(r); from <= to {
			count += to - from + 1
		}
	}
	if count > int64(s.opt.MaxPositions) {
		return nil, "", positions.OverCap(int(count), s.opt.MaxPositions)
	}
	h, vol := bits.Mul64(rows, uint64(f.rowLen))
	if h != 0 || vol > limit {
		return nil, "the box around the positions is too large", nil
	}
	st := positions.Strides(f.size, 1)
	for _, sp := range starts {
		var cell int64
		for k, v := range sp.Piles {
			cell += (v - lo[k]) * st[k]
		}
		f.starts = append(f.starts, cell)
	}
	slices.Sort(f.starts)
	return f, "", nil
}

// wholeBox makes every tuple of [bounds] a position, with no sweep, for a
// game of one-pile moves and no history: what a sweep would check is only
// that a move leaving the box reaches a final position, and a move leaves
// it only at the values of its pile where its result falls outside; there
// every tuple of that slab is checked. Every other move keeps to the order
// of play or the game is not of the compiled shape.
func (s *sweep) wholeBox() (string, error) {
	c := s.c
	np := len(s.lo)
	vol, ok := s.volumeOf(uint64(s.opt.MaxPositions))
	if !ok {
		return "", positions.BoxTooLarge(s.opt.MaxPositions)
	}
	s.stride = positions.Strides(s.size, 1)
	// the slabs to check, and how many cells they hold
	type slab struct {
		move int
		pile int
		v    int64
	}
	var slabs []slab
	var cells uint64
	var allowed []int
	if len(c.Plays[0]) > 0 {
		allowed = c.Plays[0][0].Moves
	}
	for _, k := range allowed {
		m := c.Simple[k]
		for v := s.lo[m.P]; v <= s.hi[m.P]; v++ {
			nv := m.Mul*v + m.Add
			if m.Div > 1 {
				nv = rules.FloorDiv(nv, m.Div)
			}
			switch {
			case nv == v || nv < 0 && !c.Signed:
			case nv >= s.lo[m.P] && nv <= s.hi[m.P]:
				if (nv > v) != c.Up {
					return fmt.Sprintf("the move `%s` at %s = %d goes against the order of play", c.Moves[k].Text, s.g.Piles[m.P], v), nil
				}
			default:
				slabs = append(slabs, slab{k, m.P, v})
				cells += vol / uint64(s.size[m.P])
				if cells > vol {
					s.swept = true
					return s.run(nil) // as many checks as a sweep: sweep
				}
			}
		}
	}
	t, u := make([]int64, np), make([]int64, np)
	for _, sl := range slabs {
		m := &c.Moves[sl.move]
		r := append([]rules.Range(nil), s.bounds...)
		r[sl.pile] = rules.Range{Lo: sl.v, Hi: sl.v}
		err := positions.EachInBox(r, func(p []int64) error {
			if c.EndOp != shape.EndNone && c.Holds(c.EndSum(p)) {
				return nil // a final position has no moves to check
			}
			if !c.Apply(m, p, t) {
				return nil
			}
			if c.EndOp != shape.EndNone && c.Holds(c.EndSum(t)) || !s.hasMove(t, 0, u) {
				return nil
			}
			return errLeaves
		})
		if err == errLeaves {
			return "a move leaves the box", nil // the general path names it
		}
		if err != nil {
			return "", err
		}
	}
	s.member = positions.NewBitset(int(vol))
	for w := range s.member {
		s.member[w] = ^uint64(0)
	}
	if r := vol % 64; r != 0 {
		s.member[len(s.member)-1] = 1<<r - 1
	}
	s.count = int(vol)
	s.min, s.max = s.lo, s.hi
	return "", nil
}

// errLeaves stops wholeBox's check at a move that leaves the box.
var errLeaves = errors.New("a move leaves the box")
