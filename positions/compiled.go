package positions

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"retro/rules"
)

// Compiled is a game instance in the shape the compiled path solves
// without the Machine or a move graph: no history, no horizon, affine
// moves that all raise a position in index order (or all lower it), and an
// end that is a linear test or absent. Then the index order is an order of
// play: a sweep over the box in that order finds every reachable position
// (Compile), and a sweep the other way values each from its moves
// (retro's compiled solver).
type Compiled struct {
	Space  *Space
	Starts []StartPos
	Moves  []rules.AffineMove
	Up     bool    // every move raises a position's index; false: lowers it
	Stride []int64 // of each pile, in cells of the Space's box
	Simple []SimpleMove
	// End is the end test as Σ EndCoef[j]·p_j + EndConst compared with 0
	// by EndOp (EndGE: >= 0, EndEQ: == 0, EndNE: != 0, EndNone: no end).
	EndCoef  []int64
	EndConst int64
	EndOp    EndOp
	Signed   bool
	// Found says how the positions were found: by a sweep, or known at
	// once (sweep.fill, sweep.wholeBox).
	Found string
}

// SimpleMove is an affine move that changes one pile by itself: pile P
// becomes (Mul·p + Add) // Div.
type SimpleMove struct {
	P             int
	Mul, Add, Div int64
}

// EndOp is the comparison of a compiled end test with zero.
type EndOp int8

// The compiled end tests.
const (
	EndNone EndOp = iota
	EndGE
	EndEQ
	EndNE
)

// Box returns the sides of the Space's box: pile k runs over
// lo[k]..lo[k]+size[k]-1.
func (s *Space) Box() (lo, size []int64) { return s.lo, s.size }

// Members returns a dense space's membership bits, one per cell of its box.
func (s *Space) Members() Bitset { return s.member }

// Holds evaluates the end test on the sum Σ EndCoef[j]·p_j + EndConst.
func (c *Compiled) Holds(e int64) bool {
	switch c.EndOp {
	case EndGE:
		return e >= 0
	case EndEQ:
		return e == 0
	case EndNE:
		return e != 0
	}
	return false
}

// EndSum is Σ EndCoef[j]·p_j + EndConst at p.
func (c *Compiled) EndSum(p []int64) int64 {
	e := c.EndConst
	for j, k := range c.EndCoef {
		e += k * p[j]
	}
	return e
}

// Apply writes into t the piles after move m from p, and reports whether
// it is a move (it changes some pile and, unless the game is signed,
// leaves none negative). The static checks of Compile rule out overflow.
func (c *Compiled) Apply(m *rules.AffineMove, p, t []int64) bool {
	copy(t, p)
	changed := false
	for k, tg := range m.Targets {
		v := m.Const[k]
		for j, a := range m.Coef[k] {
			v += a * p[j]
		}
		if d := m.Div[k]; d > 1 {
			v = rules.FloorDiv(v, d)
		}
		if v < 0 && !c.Signed {
			return false
		}
		changed = changed || v != p[tg]
		t[tg] = v
	}
	return changed
}

// Compile finds the positions of an instance in the compiled shape. When
// the instance is not of that shape it returns nil and the reason (for
// retro solve to say which path it took); errors are the caller's stop.
func Compile(in *rules.Instance, opt Options) (*Compiled, string, error) {
	if err := opt.stopped(); err != nil {
		return nil, "", err
	}
	g := in.Game
	switch {
	case g.Sum:
		return nil, "a heap game", nil
	case g.History != rules.NoHistory:
		return nil, "`allow` gives positions a history", nil
	case opt.Horizon >= 0:
		return nil, "a horizon", nil
	case len(opt.Extra) > 0:
		return nil, "extra start positions", nil
	}
	opt = opt.withDefaults()
	moves, why := in.Affine()
	if why != "" {
		return nil, why, nil
	}
	c := &Compiled{Moves: moves, Signed: g.Signed}
	end, has, why := in.LinearEnd()
	if why != "" {
		return nil, why, nil
	}
	if has {
		c.setEnd(end)
	}
	up, why := direction(moves, g)
	if why != "" {
		return nil, why, nil
	}
	c.Up = up
	starts, err := in.Starts(opt.OpenWidth)
	if err != nil {
		return nil, "", err
	}
	bounds, err := in.Bounds()
	if err != nil {
		return nil, "", err
	}
	lo, hi, why := c.priorBox(starts, bounds, len(g.Piles))
	if why != "" {
		return nil, why, nil
	}
	if why := c.overflowFree(lo, hi); why != "" {
		return nil, why, nil
	}
	for _, m := range moves {
		if s, ok := simpleOf(&m); ok {
			c.Simple = append(c.Simple, s)
		}
	}
	if len(c.Simple) < len(moves) {
		c.Simple = nil
	}
	sw := &sweep{c: c, g: g, in: in, lo: lo, hi: hi, bounds: bounds, opt: opt}
	switch {
	case sw.canFill(starts):
		if why := sw.fill(starts); why != "" {
			return nil, why, nil
		}
		c.Found = "every tuple above a start (each pile has a move + 1)"
	case bounds != nil && c.Simple != nil:
		if why, err := sw.wholeBox(); why != "" || err != nil {
			return nil, why, err
		}
		c.Found = "every tuple of [bounds], the moves that leave it checked where they do"
		if sw.swept {
			c.Found = "every tuple of [bounds], swept in the order of play"
		}
	default:
		if why, err := sw.run(starts); why != "" || err != nil {
			return nil, why, err
		}
		c.Found = "found in one sweep of the box in the order of play"
	}
	if sw.count > math.MaxUint32 {
		return nil, "more than 2^32 - 1 positions", nil
	}
	c.Space, why = sw.space()
	if why != "" {
		return nil, why, nil
	}
	c.Stride = strides(c.Space.size)
	for _, s := range starts {
		i, ok := c.Space.Index(s.Piles, 0)
		if !ok {
			return nil, "", fmt.Errorf("start position %s was not enumerated", Format(g, s.Piles, 0))
		}
		c.Starts = append(c.Starts, StartPos{Params: s.Params, Index: i})
	}
	return c, "", nil
}

func strides(size []int64) []int64 {
	st := make([]int64, len(size))
	s := int64(1)
	for k := len(size) - 1; k >= 0; k-- {
		st[k] = s
		s *= size[k]
	}
	return st
}

// setEnd turns the end into a test of a sum against zero.
func (c *Compiled) setEnd(t rules.LinearTest) {
	c.EndCoef, c.EndConst = append([]int64(nil), t.Coef...), t.Const
	neg := func() {
		for j := range c.EndCoef {
			c.EndCoef[j] = -c.EndCoef[j]
		}
		c.EndConst = -c.EndConst
	}
	switch t.Op {
	case ">=":
		c.EndOp = EndGE
	case ">": // s > 0: s - 1 >= 0
		c.EndOp, c.EndConst = EndGE, c.EndConst-1
	case "<=": // -s >= 0
		neg()
		c.EndOp = EndGE
	case "<": // -s - 1 >= 0
		neg()
		c.EndOp, c.EndConst = EndGE, c.EndConst-1
	case "==":
		c.EndOp = EndEQ
	default:
		c.EndOp = EndNE
	}
}

// simpleOf reads a move that changes one pile by itself.
func simpleOf(m *rules.AffineMove) (SimpleMove, bool) {
	if len(m.Targets) != 1 {
		return SimpleMove{}, false
	}
	p := m.Targets[0]
	for j, a := range m.Coef[0] {
		if j != p && a != 0 {
			return SimpleMove{}, false
		}
	}
	return SimpleMove{P: p, Mul: m.Coef[0][p], Add: m.Const[0], Div: m.Div[0]}, true
}

// direction decides whether every move raises each pile it changes (up)
// or lowers it (down), for non-negative piles. The sweeps check every move
// they make against it as well.
func direction(moves []rules.AffineMove, g *rules.Game) (up bool, why string) {
	if len(moves) == 0 {
		return false, "no moves"
	}
	ups, downs := 0, 0
	for _, m := range moves {
		u, d := true, true
		for k, t := range m.Targets {
			co, k0, div := m.Coef[k], m.Const[k], m.Div[k]
			// v - p_t = Σ_j (co_j - [j = t])·p_j + k0, before any division
			for j, a := range co {
				if j == t {
					a--
				}
				if a < 0 {
					u = false
				}
				if a > 0 || (j == t && co[j] < 0) {
					d = false
				}
			}
			if k0 < 0 {
				u = false
			}
			if k0 > 0 {
				d = false
			}
			if div > 1 {
				u = false
			}
			if g.Signed {
				// coordinates may be negative: only shifts keep their sign
				for j, a := range co {
					if (j == t) != (a == 1) || (j != t && a != 0) {
						u, d = false, false
					}
				}
			}
		}
		if u {
			ups++
		}
		if d {
			downs++
		}
		if !u && !d {
			return false, fmt.Sprintf("the move `%s` neither only raises nor only lowers piles", m.Text)
		}
	}
	switch {
	case ups == len(moves):
		return true, ""
	case downs == len(moves):
		return false, ""
	}
	return false, "some moves raise piles and others lower them"
}

// priorBox is a box that holds every non-final position the sweep can
// reach: from the starts (and [bounds]) on the side the moves come from,
// to the end test's bound or [bounds] on the side they go to.
func (c *Compiled) priorBox(starts []rules.Start, bounds []rules.Range, np int) (lo, hi []int64, why string) {
	lo, hi = make([]int64, np), make([]int64, np)
	first := true
	take := func(p []int64) {
		for k, v := range p {
			if first {
				lo[k], hi[k] = v, v
			}
			lo[k], hi[k] = min(lo[k], v), max(hi[k], v)
		}
		first = false
	}
	for _, s := range starts {
		take(s.Piles)
	}
	for _, r := range bounds {
		if r.Hi < r.Lo {
			return nil, nil, "the box is empty"
		}
	}
	if bounds != nil {
		// every position is in the box: a start outside it is the general
		// path's error to report
		for k, r := range bounds {
			if !first && (lo[k] < r.Lo || hi[k] > r.Hi) {
				return nil, nil, "a start lies outside [bounds]"
			}
			lo[k], hi[k] = r.Lo, r.Hi
		}
		return lo, hi, ""
	}
	if first {
		return nil, nil, "no start positions"
	}
	for k := range np {
		var lim int64
		var ok bool
		if c.Up {
			lim, ok = c.endBound(k, true)
			if !ok {
				return nil, nil, "nothing bounds the piles from above (no [bounds], no linear end)"
			}
			hi[k] = max(hi[k], lim)
		} else {
			lim, ok = c.endBound(k, false)
			switch {
			case ok:
				lo[k] = min(lo[k], lim)
			case !c.Signed:
				lo[k] = 0
			default:
				return nil, nil, "nothing bounds the piles from below"
			}
		}
	}
	return lo, hi, ""
}

// endBound is the furthest value pile k can take at a non-final position
// of non-negative piles, by the end test alone (s >= 0 is final, so s <= -1
// at a non-final position): up, the largest; down, the smallest.
func (c *Compiled) endBound(k int, up bool) (int64, bool) {
	if c.EndOp != EndGE || c.Signed {
		return 0, false
	}
	ck := c.EndCoef[k]
	for j, a := range c.EndCoef {
		if j != k && (up && a < 0 || !up && a > 0) {
			return 0, false
		}
	}
	// Σ_j a_j p_j + K <= -1; up: a_j >= 0 for j != k, so a_k p_k <= -1 - K.
	if up {
		if ck <= 0 {
			return 0, false
		}
		return rules.FloorDiv(-1-c.EndConst, ck), true
	}
	// down: the other terms are <= 0, so a_k p_k >= 1 + K - (their most);
	// with only this pile in the test that is exact, otherwise take 0.
	for j, a := range c.EndCoef {
		if j != k && a != 0 {
			return 0, false
		}
	}
	if ck >= 0 {
		return 0, false
	}
	// -|a| p >= 1 + K... p <= ... : a_k p_k + K <= -1 with a_k < 0 gives
	// p_k >= (1 + K) / |a_k|, rounded up.
	v := 1 + c.EndConst
	q := -rules.FloorDiv(-v, -ck)
	return max(q, 0), true
}

// overflowFree checks that no move from the box and no end test can
// overflow an int64, so that the sweeps may use plain arithmetic.
func (c *Compiled) overflowFree(lo, hi []int64) string {
	var m float64
	for k := range lo {
		m = max(m, math.Abs(float64(lo[k])), math.Abs(float64(hi[k])))
	}
	const limit = 1 << 61
	mv := m
	for _, mo := range c.Moves {
		for k := range mo.Targets {
			b := math.Abs(float64(mo.Const[k]))
			for _, a := range mo.Coef[k] {
				b += math.Abs(float64(a)) * m
			}
			if b > limit {
				return fmt.Sprintf("the move `%s` may overflow", mo.Text)
			}
			mv = max(mv, b)
		}
	}
	b := math.Abs(float64(c.EndConst))
	for _, a := range c.EndCoef {
		b += math.Abs(float64(a)) * mv
	}
	if b > limit {
		return "the end test may overflow"
	}
	return ""
}

// sweep finds the reachable positions in the prior box, in the order of
// play.
type sweep struct {
	c      *Compiled
	g      *rules.Game
	in     *rules.Instance
	opt    Options
	lo, hi []int64
	bounds []rules.Range
	size   []int64
	stride []int64
	member Bitset
	count  int
	min    []int64 // the tight box of the members
	max    []int64
	swept  bool // wholeBox swept after all
}

func (s *sweep) run(starts []rules.Start) (string, error) {
	np := len(s.lo)
	s.size = make([]int64, np)
	vol := uint64(1)
	limit := min(uint64(boxCeiling), max(uint64(1<<26), 4*uint64(s.opt.MaxPositions)))
	for k := range s.lo {
		s.size[k] = s.hi[k] - s.lo[k] + 1
		h, l := bits.Mul64(vol, uint64(s.size[k]))
		if h != 0 || l > limit {
			return "the box around the positions is too large", nil
		}
		vol = l
	}
	if err := s.opt.afford("the box", int(vol), int64(vol)/4); err != nil { // the members and the starts
		return "", err
	}
	s.stride = strides(s.size)
	s.member = NewBitset(int(vol))
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
	// has passed; with [bounds] every cell is a start.
	var startCells []int64
	for _, st := range starts {
		cl := cellOf(st.Piles)
		s.member.Set(int(cl))
		startCells = append(startCells, cl)
	}
	slices.Sort(startCells)
	if !s.c.Up {
		slices.Reverse(startCells)
	}
	passed := 0
	isStart := func(cell int64) bool {
		if s.bounds != nil {
			return true
		}
		for passed < len(startCells) && (s.c.Up && startCells[passed] < cell || !s.c.Up && startCells[passed] > cell) {
			passed++
		}
		return passed < len(startCells) && startCells[passed] == cell
	}
	if s.bounds != nil {
		for w := range s.member {
			s.member[w] = ^uint64(0)
		}
		if r := vol % 64; r != 0 {
			s.member[len(s.member)-1] = 1<<r - 1
		}
	}
	c := s.c
	p, t, u := make([]int64, np), make([]int64, np), make([]int64, np)
	var why string
	simple := s.simpleSteps()
	visit := func(cell int64) bool {
		start := isStart(cell)
		if simple != nil && !(start && c.EndOp != EndNone && c.Holds(c.EndSum(p))) {
			legal, ok := s.visitSimple(simple, cell, p, t, u, &why)
			if !ok {
				return false
			}
			if legal == 0 && !start {
				s.member.Clear(int(cell))
			} else {
				s.keep(p)
			}
			return true
		}
		if start && c.EndOp != EndNone && c.Holds(c.EndSum(p)) {
			s.keep(p)
			return true // a final start: a row, not followed
		}
		legal := 0
		for mi := range c.Moves {
			m := &c.Moves[mi]
			if !c.Apply(m, p, t) {
				continue
			}
			legal++
			if c.EndOp != EndNone && c.Holds(c.EndSum(t)) {
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
				if s.bounds != nil {
					if !s.hasMove(t, u) {
						continue // final: no legal move there
					}
					why = "a move leaves the box" // the general path names it
				} else {
					why = fmt.Sprintf("the move `%s` leaves the box at %s", m.Text, rules.Tuple(p))
				}
				return false
			}
			if (tc > cell) != c.Up {
				why = fmt.Sprintf("the move `%s` at %s goes against the order of play", m.Text, rules.Tuple(p))
				return false
			}
			s.member.Set(int(tc))
		}
		if legal == 0 && !start {
			s.member.Clear(int(cell)) // final, reached by a move: an end
			return true
		}
		s.keep(p)
		return true
	}
	steps := 0
	var err error
	EachMember(s.member, s.lo, s.size, c.Up, func(cell int64, q []int64) bool {
		copy(p, q)
		if !visit(cell) {
			return false
		}
		if steps++; steps&(1<<16-1) == 0 {
			if err = s.opt.stopped(); err != nil {
				return false
			}
		}
		return true
	})
	if why != "" || err != nil {
		return why, err
	}
	if s.count > s.opt.MaxPositions {
		return fmt.Sprintf("more than %d positions", s.opt.MaxPositions), nil
	}
	return "", nil
}

// step is a simple move with what a sweep needs of its pile.
type step struct {
	SimpleMove
	endC, stride, lo, hi int64
	text                 string
}

// simpleSteps lists the moves as steps in the prior box, or nil when some
// move is not simple.
func (s *sweep) simpleSteps() []step {
	c := s.c
	if c.Simple == nil {
		return nil
	}
	out := make([]step, len(c.Simple))
	for k, m := range c.Simple {
		st := step{SimpleMove: m, stride: s.stride[m.P], lo: s.lo[m.P], hi: s.hi[m.P], text: c.Moves[k].Text}
		if c.EndOp != EndNone {
			st.endC = c.EndCoef[m.P]
		}
		out[k] = st
	}
	return out
}

// visitSimple follows the simple moves of a non-final member: it marks
// the positions they reach and returns how many moves are legal; false
// (with why) when the compiled path does not apply after all.
func (s *sweep) visitSimple(steps []step, cell int64, p, t, u []int64, why *string) (int, bool) {
	c := s.c
	e := int64(0)
	if c.EndOp != EndNone {
		e = c.EndSum(p)
	}
	legal := 0
	for k := range steps {
		m := &steps[k]
		pv := p[m.P]
		nv := m.Mul*pv + m.Add
		if m.Div > 1 {
			nv = rules.FloorDiv(nv, m.Div)
		}
		if nv == pv || nv < 0 && !c.Signed {
			continue
		}
		legal++
		if c.EndOp != EndNone && c.Holds(e+m.endC*(nv-pv)) {
			continue
		}
		if nv < m.lo || nv > m.hi {
			copy(t, p)
			t[m.P] = nv
			if s.bounds != nil {
				if !s.hasMove(t, u) {
					continue
				}
				*why = "a move leaves the box"
			} else {
				*why = fmt.Sprintf("the move `%s` leaves the box at %s", m.text, rules.Tuple(p))
			}
			return 0, false
		}
		if (nv > pv) != c.Up {
			*why = fmt.Sprintf("the move `%s` at %s goes against the order of play", m.text, rules.Tuple(p))
			return 0, false
		}
		s.member.Set(int(cell + (nv-pv)*m.stride))
	}
	return legal, true
}

// hasMove reports whether position t has a legal move (u is scratch).
func (s *sweep) hasMove(t, u []int64) bool {
	for mi := range s.c.Moves {
		if s.c.Apply(&s.c.Moves[mi], t, u) {
			return true
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

// decodeCell writes the piles of a cell of the box lo, size into p.
func decodeCell(cell int64, lo, size, p []int64) {
	for k := len(size) - 1; k >= 0; k-- {
		p[k] = lo[k] + cell%size[k]
		cell /= size[k]
	}
}

// space fits the tight box around the members, as Enumerate does, and
// moves the membership bits into it.
func (s *sweep) space() (*Space, string) {
	np := len(s.lo)
	sp := &Space{game: s.g, box: box{piles: np, hist: 1}, dense: true}
	if s.count == 0 {
		return nil, "no positions"
	}
	lo, size := s.min, make([]int64, np)
	for k := range lo {
		size[k] = s.max[k] - lo[k] + 1
	}
	vol := sp.volume(size)
	if !isDense(vol, s.count) {
		return nil, "the positions fill too little of their box"
	}
	same := true
	for k := range lo {
		same = same && lo[k] == s.lo[k] && size[k] == s.size[k]
	}
	member := s.member
	if !same {
		member = NewBitset(int(vol))
		tst := strides(size)
		// copy row by row: a row is a run of the last pile in both boxes
		last := np - 1
		p := make([]int64, np)
		rows := int64(vol) / size[last]
		for r := int64(0); r < rows; r++ {
			decodeCell(r*size[last], lo, size, p)
			var from int64
			for k, v := range p {
				from += (v - s.lo[k]) * s.stride[k]
			}
			copyBits(member, r*tst[last]*size[last], s.member, from, size[last])
		}
	}
	s.member = nil
	sp.lo, sp.size, sp.member = lo, size, member
	sp.rank, sp.n = rankDirectory(member)
	return sp, ""
}

// copyBits copies n bits of src from bit from to dst at bit to.
func copyBits(dst Bitset, to int64, src Bitset, from int64, n int64) {
	for n > 0 {
		// take up to 64 bits from src, aligned to dst's word
		k := min(n, 64-to&63, 64)
		w := src[from>>6] >> uint(from&63)
		if from&63 != 0 && from>>6+1 < int64(len(src)) {
			w |= src[from>>6+1] << uint(64-from&63)
		}
		if k < 64 {
			w &= 1<<uint(k) - 1
		}
		dst[to>>6] |= w << uint(to&63)
		to, from, n = to+k, from+k, n-k
	}
}

// EachMember calls fn for every member of a box, in index order (up) or
// against it, with the cell and its piles (a slice reused between calls),
// until fn returns false. fn may add members ahead of the cell it is given,
// in the order of the walk; they are visited too. It reports whether the
// walk went to the end.
func EachMember(member Bitset, lo, size []int64, up bool, fn func(cell int64, p []int64) bool) bool {
	np := len(size)
	last := np - 1
	row := size[last]
	var vol int64 = 1
	for _, s := range size {
		vol *= s
	}
	rows := vol / row
	p := make([]int64, np)
	for r0 := int64(0); r0 < rows; r0++ {
		r := r0
		if !up {
			r = rows - 1 - r0
		}
		decodeCell(r*row, lo, size, p)
		base := r * row
		first, end := base, base+row // the row's cells
		for w0 := first >> 6; w0 <= (end-1)>>6; w0++ {
			w := w0
			if !up {
				w = (end-1)>>6 - (w0 - first>>6)
			}
			// the bits of word w inside the row
			mask := ^uint64(0)
			if w<<6 < first {
				mask &= ^uint64(0) << uint(first-w<<6)
			}
			if w<<6+64 > end {
				mask &= 1<<uint(end-w<<6) - 1
			}
			var done uint64
			for {
				word := member[w] & mask &^ done
				if word == 0 {
					break
				}
				var b int
				if up {
					b = bits.TrailingZeros64(word)
				} else {
					b = 63 - bits.LeadingZeros64(word)
				}
				done |= 1 << uint(b)
				cell := w<<6 + int64(b)
				p[last] = lo[last] + cell - base
				if !fn(cell, p) {
					return false
				}
			}
		}
	}
	return true
}

// maxFillStarts is the most start positions fill takes.
const maxFillStarts = 256

// canFill reports whether the positions are known without a sweep: no
// [bounds], piles that only grow, every pile with a move "+ 1", and an end
// Σ c_j p_j + K >= 0 with every c_j > 0. Then from a start s every tuple
// t >= s (pile by pile) that is not final is reached by steps of one, and
// nothing else is (moves only raise piles): the non-final positions are
// the tuples above a start, and the final ones are ends. No position is
// without moves.
func (s *sweep) canFill(starts []rules.Start) bool {
	c := s.c
	if !c.Up || s.bounds != nil || c.Signed || c.EndOp != EndGE || len(starts) > maxFillStarts || len(starts) == 0 {
		return false
	}
	for _, a := range c.EndCoef {
		if a <= 0 {
			return false
		}
	}
	unit := make([]bool, len(s.lo))
	for _, m := range c.Moves {
		if sm, ok := simpleOf(&m); ok && sm.Mul == 1 && sm.Add == 1 && sm.Div == 1 {
			unit[sm.P] = true
		}
	}
	return !slices.Contains(unit, false)
}

// fill makes the member bits of the tuples above a start (see canFill),
// in their tight box.
func (s *sweep) fill(starts []rules.Start) string {
	c := s.c
	np := len(s.lo)
	last := np - 1
	var live [][]int64 // the starts that are not final
	lo, hi := make([]int64, np), make([]int64, np)
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
		live = append(live, st.Piles)
		for k, v := range st.Piles {
			// the most pile k can hold above this start, the others at it
			hi[k] = max(hi[k], v+rules.FloorDiv(-1-e, c.EndCoef[k]))
		}
	}
	size := make([]int64, np)
	vol := uint64(1)
	limit := min(uint64(boxCeiling), max(uint64(1<<26), 4*uint64(s.opt.MaxPositions)))
	for k := range lo {
		size[k] = hi[k] - lo[k] + 1
		h, l := bits.Mul64(vol, uint64(size[k]))
		if h != 0 || l > limit {
			return "the box around the positions is too large"
		}
		vol = l
	}
	member := NewBitset(int(vol))
	rowLen := size[last]
	rows := int64(vol) / rowLen
	p := make([]int64, np)
	for r := int64(0); r < rows; r++ {
		decodeCell(r*rowLen, lo, size, p)
		from := int64(math.MaxInt64)
		for _, st := range live {
			above := true
			for k := range last {
				above = above && st[k] <= p[k]
			}
			if above {
				from = min(from, st[last])
			}
		}
		if from == math.MaxInt64 {
			continue
		}
		p[last] = 0
		e := c.EndSum(p) // with the last pile at 0
		to := rules.FloorDiv(-1-e, c.EndCoef[last])
		to = min(to, hi[last])
		if from <= to {
			setBits(member, r*rowLen+from-lo[last], r*rowLen+to-lo[last])
		}
	}
	st := strides(size)
	for _, sp := range starts {
		var cell int64
		for k, v := range sp.Piles {
			cell += (v - lo[k]) * st[k]
		}
		member.Set(int(cell))
	}
	s.lo, s.hi, s.size, s.stride, s.member = lo, hi, size, st, member
	s.min, s.max = lo, hi
	s.count = member.Count()
	if s.count > s.opt.MaxPositions {
		return fmt.Sprintf("more than %d positions", s.opt.MaxPositions)
	}
	return ""
}

// setBits sets the bits from..to of b, inclusive.
func setBits(b Bitset, from, to int64) {
	for from <= to {
		w := from >> 6
		lo := uint(from & 63)
		hi := uint(63)
		if to>>6 == w {
			hi = uint(to & 63)
		}
		b[w] |= (^uint64(0) >> (63 - hi)) &^ (1<<lo - 1)
		from = w<<6 + int64(hi) + 1
	}
}

// wholeBox makes every tuple of [bounds] a position, with no sweep, for a
// game of one-pile moves: what a sweep would check is only that a move
// leaving the box reaches a final position, and a move leaves it only at
// the values of its pile where its result falls outside; there every
// tuple of that slab is checked. Every other move keeps to the order of
// play or the game is not of the compiled shape.
func (s *sweep) wholeBox() (string, error) {
	c := s.c
	np := len(s.lo)
	s.size = make([]int64, np)
	vol := uint64(1)
	for k := range s.lo {
		s.size[k] = s.hi[k] - s.lo[k] + 1
		h, l := bits.Mul64(vol, uint64(s.size[k]))
		if h != 0 || l > uint64(s.opt.MaxPositions) {
			return fmt.Sprintf("more than %d positions", s.opt.MaxPositions), nil
		}
		vol = l
	}
	s.stride = strides(s.size)
	// the slabs to check, and how many cells they hold
	type slab struct {
		move int
		pile int
		v    int64
	}
	var slabs []slab
	var cells uint64
	for k, m := range c.Simple {
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
		err := eachInBox(r, func(p []int64) error {
			if c.EndOp != EndNone && c.Holds(c.EndSum(p)) {
				return nil // a final position has no moves to check
			}
			if !c.Apply(m, p, t) {
				return nil
			}
			if c.EndOp != EndNone && c.Holds(c.EndSum(t)) || !s.hasMove(t, u) {
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
	s.member = NewBitset(int(vol))
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
