package shape

import (
	"fmt"
	"math"

	"retro/positions"
	"retro/rules"
)

// Compiled is a game instance in the shape the compiled path solves
// without the Machine or a move graph: no horizon, affine moves that all
// raise a position in index order (or all lower it), an end that is a
// linear test or absent, and an allow that reads no piles (a table of
// commands by history). Then the index order is an order of play: a sweep
// over the box in that order finds every reachable position (Compile),
// and a sweep the other way values each from its moves (retro's compiled
// solver). A position is a tuple of the box with one of Hist history
// values; its cell is the tuple's cell times Hist plus the history, as a
// dense Space numbers them, so that the histories of a tuple are
// neighbours and a move, which changes a pile, always leaves the tuple.
type Compiled struct {
	Space *positions.Space
	// Rows, in shards (CompileShard) where the positions are known row by
	// row (a filled box), are the positions in place of the whole Space,
	// nil until a peer makes its shard (BoxRows.Shard).
	Rows   *positions.BoxRows
	Starts []positions.StartPos
	Moves  []rules.AffineMove
	Up     bool    // every move raises a position's index; false: lowers it
	Stride []int64 // of each pile, in cells of the Space's box (history included)
	Hist   int     // the history values of a tuple: 1 without history
	// Plays[h] are the moves a player at history h may make, by command:
	// each the moves of one command allowed there, and the history they
	// lead to; without history one play holds every allowed move.
	Plays [][]Play
	// Groups are the move lists of the plays.
	Groups [][]int
	// Simple holds every move as a simple move (indexed as Moves), or is
	// nil when some move is not one.
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
	// Sent is, in shards (CompileShard), the bytes this peer handed the
	// others while the positions were found.
	Sent int64
}

// Play is the moves of one group that a player at some history may make,
// and the history they lead to. Two moves of one play may reach the same
// position; moves of two plays reach different histories. The moves of a
// group are the moves of one command, or without history every allowed
// move (Compiled.Groups).
type Play struct {
	Group int
	Moves []int // Groups[Group]: indices into Compiled.Moves
	Next  int
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

// ReachFirst bounds the first pile a move reaches from a position whose
// first pile is a, over the box (the other piles anywhere in it): the
// largest where every move raises the index, the smallest where every
// move lowers it. A sweep against the order of play never reads the
// values of the first piles past it again once it is below a (above, for
// a game whose moves lower the index).
func (c *Compiled) ReachFirst(a int64) int64 {
	lo, size := c.Space.Box()
	reach := a
	for k := range c.Moves {
		m := &c.Moves[k]
		for t, tg := range m.Targets {
			if tg != 0 {
				continue
			}
			v := m.Const[t]
			// the other piles where they push the first furthest: a move
			// that raises piles reads them with coefficients >= 0, one
			// that lowers them with coefficients <= 0 (direction)
			for j, co := range m.Coef[t] {
				x := a
				if j != 0 {
					x = lo[j] + size[j] - 1
				}
				v += co * x
			}
			if d := m.Div[t]; d > 1 {
				v = rules.FloorDiv(v, d)
			}
			if c.Up {
				reach = max(reach, v)
			} else {
				reach = min(reach, v)
			}
		}
	}
	return reach
}

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

// StartIndices finds the start positions in the space of a fast path.
func StartIndices(sp *positions.Space, g *rules.Game, starts []rules.Start) ([]positions.StartPos, error) {
	var out []positions.StartPos
	for _, s := range starts {
		i, ok := sp.Index(s.Piles, 0)
		if !ok {
			return nil, fmt.Errorf("start position %s was not enumerated", positions.Format(g, s.Piles, 0))
		}
		out = append(out, positions.StartPos{Params: s.Params, Index: i})
	}
	return out, nil
}

// Swept is why a game is not of a shape that a sweep in the order of
// play solves (the compiled and the lines path), as far as the game's
// kind and the options tell; "" when they do not rule it out.
func Swept(in *rules.Instance, opt positions.Options) string {
	switch {
	case in.Game.Sum:
		return "a heap game"
	case opt.Horizon >= 0:
		return "a horizon"
	case len(opt.Extra) > 0:
		return "extra start positions"
	}
	return ""
}

// Of checks what Compile can tell from the rules alone, with no
// sweep: the moves, the end, the allow table, the direction. It returns
// the Compiled as far as the rules make it (no Space yet), or the reason
// the game is not of the compiled shape.
func Of(in *rules.Instance, opt positions.Options) (*Compiled, string) {
	g := in.Game
	if why := Swept(in, opt); why != "" {
		return nil, why
	}
	moves, why := in.Affine()
	if why != "" {
		return nil, why
	}
	at, why := in.AllowTable()
	if why != "" {
		return nil, why
	}
	c := &Compiled{Moves: moves, Signed: g.Signed, Hist: positions.HistorySize(g)}
	c.Plays, c.Groups = PlaysOf(moves, at, c.Hist)
	end, has, why := in.LinearEnd()
	if why != "" {
		return nil, why
	}
	if has {
		c.SetEnd(end)
	}
	up, why := direction(moves, g)
	if why != "" {
		return nil, why
	}
	if why := TierKept(in, moves); why != "" {
		return nil, why
	}
	c.Up = up
	for _, m := range moves {
		if s, ok := SimpleOf(&m); ok {
			c.Simple = append(c.Simple, s)
		}
	}
	if len(c.Simple) < len(moves) {
		c.Simple = nil
	}
	return c, ""
}

// PlaysOf groups the moves by the histories that allow them: without
// history one play of every allowed move, with it a play per allowed
// command, leading to its next history.
func PlaysOf(moves []rules.AffineMove, at *rules.AllowTable, hist int) ([][]Play, [][]int) {
	byCmd := make([][]int, len(at.Allowed[0]))
	for k, m := range moves {
		byCmd[m.Cmd] = append(byCmd[m.Cmd], k)
	}
	plays := make([][]Play, hist)
	if hist == 1 {
		var all []int
		for cmd, ok := range at.Allowed[0] {
			if ok {
				all = append(all, byCmd[cmd]...)
			}
		}
		if len(all) == 0 {
			return plays, nil
		}
		plays[0] = []Play{{Group: 0, Moves: all}}
		return plays, [][]int{all}
	}
	group := make([]int, len(byCmd))
	var groups [][]int
	for cmd, l := range byCmd {
		group[cmd] = len(groups)
		if len(l) > 0 {
			groups = append(groups, l)
		}
	}
	for h := range hist {
		for cmd, ok := range at.Allowed[h] {
			if ok && len(byCmd[cmd]) > 0 {
				plays[h] = append(plays[h], Play{Group: group[cmd], Moves: byCmd[cmd], Next: at.Next[h][cmd]})
			}
		}
	}
	return plays, groups
}

// SetEnd turns the end into a test of a sum against zero.
func (c *Compiled) SetEnd(t rules.LinearTest) {
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

// SimpleOf reads a move that changes one pile by itself.
func SimpleOf(m *rules.AffineMove) (SimpleMove, bool) {
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
		u, d := MoveWay(&m, g.Signed)
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

// MoveWay tells whether a move raises every pile it changes (up) or
// lowers every one (down), wherever the piles are non-negative (or, in a
// signed game, anywhere: only shifts).
func MoveWay(m *rules.AffineMove, signed bool) (u, d bool) {
	u, d = true, true
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
		if signed {
			// coordinates may be negative: only shifts keep their sign
			for j, a := range co {
				if (j == t) != (a == 1) || (j != t && a != 0) {
					u, d = false, false
				}
			}
		}
	}
	return u, d
}

// TierKept says why the moves of an instance may lower its declared
// tier, so that a path that does not check the tier on every move must
// leave the game to one that does (the tier path, or the general path),
// which reports the move; "" when no move can: the tier is linear, and
// every move raises only piles the tier weighs in no negative way, or
// lowers only piles it weighs in no positive way, or changes only piles
// it does not weigh.
func TierKept(in *rules.Instance, moves []rules.AffineMove) string {
	if in.Game.Tier == "" {
		return ""
	}
	t, ok := in.LinearTier()
	if !ok {
		return "the declared tier is not linear in the piles, so it is checked move by move"
	}
	for k := range moves {
		m := &moves[k]
		u, d := MoveWay(m, in.Game.Signed)
		for _, tg := range m.Targets {
			w := t.Coef[tg]
			if !(w == 0 || u && w > 0 || d && w < 0) {
				return fmt.Sprintf("the move `%s` may lower the declared tier, so it is checked move by move", m.Text)
			}
		}
	}
	return ""
}

// PriorBox is a box that holds every non-final position the sweep can
// reach: from the starts (and [bounds]) on the side the moves come from,
// to the end test's bound or [bounds] on the side they go to.
func (c *Compiled) PriorBox(starts []rules.Start, bounds []rules.Range, np int) (lo, hi []int64, why string) {
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
			lim, ok = c.EndBound(k, true)
			if !ok {
				return nil, nil, "nothing bounds the piles from above (no [bounds], no linear end)"
			}
			hi[k] = max(hi[k], lim)
		} else {
			lim, ok = c.EndBound(k, false)
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

// EndBound is the furthest value pile k can take at a non-final position
// of non-negative piles, by the end test alone (s >= 0 is final, so s <= -1
// at a non-final position): up, the largest; down, the smallest.
func (c *Compiled) EndBound(k int, up bool) (int64, bool) {
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

// OverflowFree checks that no move from the box and no end test can
// overflow an int64, so that the sweeps may use plain arithmetic.
func (c *Compiled) OverflowFree(lo, hi []int64) string {
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

// EndPoints bounds the positions of the box lo..hi that a linear end
// leaves (c.EndOp EndGE: Σ c_j p_j + K >= 0 ends the game, so a
// non-final position has Σ c_j p_j <= -1-K), when every c_j > 0 and the
// box is of non-negative piles: the lattice points of that simplex in the
// box, counted pile by pile (f_k(b), the tuples of piles k.. of weight at
// most b, from f_{k+1} by window sums over each residue of c_k), at most
// limit. ok is false when the end is not of that kind or the count would
// take more work than a sweep.
func EndPoints(c *Compiled, lo, hi []int64, limit uint64) (n uint64, ok bool) {
	if c.EndOp != EndGE {
		return 0, false
	}
	b := -1 - c.EndConst
	if b < 0 {
		return 0, true
	}
	for k, a := range c.EndCoef {
		if a <= 0 || lo[k] < 0 {
			return 0, false
		}
	}
	if b > 1<<22 || int64(len(lo))*b > 1<<25 {
		return 0, false
	}
	sat := func(x uint64) uint64 { return min(x, limit) }
	f := make([]uint64, b+1) // f(w): tuples of the piles after k of weight at most w
	for w := range f {
		f[w] = 1
	}
	g := make([]uint64, b+1)
	for k := len(lo) - 1; k >= 0; k-- {
		a := c.EndCoef[k]
		// g(w) = f(w) + g(w-a): the sums over w, w-a, w-2a, …
		for w := int64(0); w <= b; w++ {
			g[w] = f[w]
			if w >= a {
				g[w] = sat(g[w] + g[w-a])
			}
		}
		// f'(w) = Σ_{v=lo..hi, a·v <= w} f(w - a·v) = g(w - a·lo) - g(w - a·(hi+1))
		for w := int64(0); w <= b; w++ {
			top := w - a*lo[k]
			if top < 0 {
				f[w] = 0
				continue
			}
			v := g[top]
			if low := w - a*(hi[k]+1); low >= 0 && v < limit {
				v -= g[low]
			}
			f[w] = v
		}
	}
	return f[b], true
}
