package positions

import (
	"errors"
	"fmt"
	"math"

	"retro/rules"
)

// ErrNotUnmoves: a game instance that CompileUnmoves (or the un-move
// solver) does not take; an UnmovesError says why.
var ErrNotUnmoves = errors.New("no un-moves")

// Unmoves is a game instance in the shape the un-move path solves: no
// history, no horizon, every tuple of [bounds] a position, an end that is a
// linear test or absent, and affine moves each of whose changed piles
// reads only itself, so that a move can be undone pile by pile (Preds).
// The moves may raise some positions and lower others: the game may have
// cycles. A cell of the box is a position's index.
type Unmoves struct {
	Space  *Space
	Starts []StartPos
	Moves  []rules.AffineMove
	Stride []int64 // of each pile, in cells of the box
	Signed bool
	// the end test, as in Compiled
	end Compiled
	lo  []int64
	hi  []int64
}

// UnmovesError is ErrNotUnmoves with its reason; Stated tells whether the
// reason is the un-move path's own (and not one the compiled path gives).
type UnmovesError struct {
	Why    string
	Stated bool
}

func (e *UnmovesError) Error() string { return ErrNotUnmoves.Error() + ": " + e.Why }

// Unwrap makes errors.Is find ErrNotUnmoves.
func (e *UnmovesError) Unwrap() error { return ErrNotUnmoves }

// CompileUnmoves checks that an instance has the un-move shape and makes
// its space, the whole [bounds] box. A game of another shape gives an
// UnmovesError; other errors are the caller's stop.
func CompileUnmoves(in *rules.Instance, opt Options) (*Unmoves, error) {
	if err := opt.stopped(); err != nil {
		return nil, err
	}
	not := func(why string, stated bool) (*Unmoves, error) {
		return nil, &UnmovesError{Why: why, Stated: stated}
	}
	g := in.Game
	switch {
	case g.Sum:
		return not("a heap game", false)
	case g.History != rules.NoHistory:
		return not("`allow` gives positions a history", false)
	case opt.Horizon >= 0:
		return not("a horizon", false)
	case len(opt.Extra) > 0:
		return not("extra start positions", false)
	case !g.HasBounds:
		return not("no [bounds] box", false)
	}
	opt = opt.withDefaults()
	moves, why := in.Affine()
	if why != "" {
		return not(why, false)
	}
	u := &Unmoves{Moves: moves, Signed: g.Signed}
	end, has, why := in.LinearEnd()
	if why != "" {
		return not(why, false)
	}
	if has {
		u.end.setEnd(end)
	}
	for k := range moves {
		if why := undoable(&moves[k]); why != "" {
			return not(why, true)
		}
	}
	starts, err := in.Starts(opt.OpenWidth)
	if err != nil {
		return nil, err
	}
	bounds, err := in.Bounds()
	if err != nil {
		return nil, err
	}
	np := len(g.Piles)
	u.lo, u.hi = make([]int64, np), make([]int64, np)
	for k, r := range bounds {
		if r.Hi < r.Lo {
			return not("the box is empty", false)
		}
		u.lo[k], u.hi[k] = r.Lo, r.Hi
	}
	for _, s := range starts {
		for k, v := range s.Piles {
			if v < u.lo[k] || v > u.hi[k] {
				return not("a start lies outside [bounds]", false) // the general path's error to report
			}
		}
	}
	u.end.Moves = moves
	if why := u.end.overflowFree(u.lo, u.hi); why != "" {
		return not(why, true)
	}
	if why := u.undoFree(); why != "" {
		return not(why, true)
	}
	sp := &Space{game: g, box: box{piles: np, hist: 1}, dense: true}
	size := sides(u.lo, u.hi)
	vol := sp.volume(size)
	if vol > uint64(opt.MaxPositions) || vol > 1<<32-1 {
		return not(fmt.Sprintf("more than %d positions", min(uint64(opt.MaxPositions), 1<<32-1)), false)
	}
	// the index and the solver's tables: a layer and a place in the order
	// per position, and the two outcome bits
	if err := opt.afford("the box and the un-move solver", int(vol), int64(vol)/8*2+int64(vol)/16+int64(vol)*33/4); err != nil {
		return nil, err
	}
	member := NewBitset(int(vol))
	for w := range member {
		member[w] = ^uint64(0)
	}
	if r := vol % 64; r != 0 {
		member[len(member)-1] = 1<<r - 1
	}
	sp.lo, sp.size, sp.member = u.lo, size, member
	sp.rank, sp.n = rankDirectory(member)
	u.Space = sp
	u.Stride = strides(size, 1)
	for _, s := range starts {
		i, _ := sp.Index(s.Piles, 0)
		u.Starts = append(u.Starts, StartPos{Params: s.Params, Index: i})
	}
	return u, nil
}

// undoable says why a move cannot be undone pile by pile, or "".
func undoable(m *rules.AffineMove) string {
	for k, t := range m.Targets {
		for j, a := range m.Coef[k] {
			if j != t && a != 0 {
				return fmt.Sprintf("the move `%s` sets a pile from another, so it is not undone pile by pile", m.Text)
			}
		}
		if m.Div[k] < 1 {
			return fmt.Sprintf("the move `%s` divides by %d", m.Text, m.Div[k])
		}
	}
	return ""
}

// Holds reports whether the end holds at p.
func (u *Unmoves) Holds(p []int64) bool {
	return u.end.EndOp != EndNone && u.end.Holds(u.end.EndSum(p))
}

// Apply writes into t the piles after move m from p, and reports whether
// it is a move (Compiled.Apply).
func (u *Unmoves) Apply(m *rules.AffineMove, p, t []int64) bool { return u.end.Apply(m, p, t) }

// Cell is the cell of t in the box, and false when t lies outside it.
func (u *Unmoves) Cell(t []int64) (int64, bool) {
	var cell int64
	for k, v := range t {
		if v < u.lo[k] || v > u.hi[k] {
			return 0, false
		}
		cell += (v - u.lo[k]) * u.Stride[k]
	}
	return cell, true
}

// Decode writes the piles of a cell into p.
func (u *Unmoves) Decode(cell int64, p []int64) {
	decodeCell(cell, u.lo, u.Space.size, p)
}

// Undo calls fn with every non-final position p of the box from which move
// m leads to t (p is a slice reused between calls; q is scratch of the
// same length), until fn returns false. Each target pile v' = (a·v + c)
// // d is undone on its own: a·v lies in d·v' - c .. d·v' + d - 1 - c, an
// interval of v cut to the box; the piles the move does not change are
// those of t. Every p is checked by making the move again.
func (u *Unmoves) Undo(m *rules.AffineMove, t, p, q []int64, fn func(p []int64) bool) bool {
	copy(p, t)
	nt := len(m.Targets)
	var los, his [8]int64
	var lo, hi []int64
	if nt <= len(los) {
		lo, hi = los[:nt], his[:nt]
	} else {
		lo, hi = make([]int64, nt), make([]int64, nt)
	}
	for k, tg := range m.Targets {
		a, c, d := m.Coef[k][tg], m.Const[k], m.Div[k]
		y := t[tg]
		from, to := d*y-c, d*y+d-1-c // a·v in from..to
		l, h := u.lo[tg], u.hi[tg]
		switch {
		case a > 0:
			l, h = max(l, ceilDiv(from, a)), min(h, rules.FloorDiv(to, a))
		case a < 0:
			l, h = max(l, ceilDiv(-to, -a)), min(h, rules.FloorDiv(-from, -a))
		case from > 0 || to < 0:
			return true
		}
		if l > h {
			return true
		}
		lo[k], hi[k] = l, h
		p[tg] = l
	}
	for {
		if !u.Holds(p) && u.Apply(m, p, q) && equal(q, t) && !fn(p) {
			return false
		}
		// the next tuple of the targets' intervals, the last fastest
		k := nt - 1
		for ; k >= 0; k-- {
			tg := m.Targets[k]
			if p[tg] < hi[k] {
				p[tg]++
				break
			}
			p[tg] = lo[k]
		}
		if k < 0 {
			return true
		}
	}
}

// undoFree checks that undoing a move from the box cannot overflow an
// int64: d·v' + d - c stays small.
func (u *Unmoves) undoFree() string {
	var m float64
	for k := range u.lo {
		m = max(m, math.Abs(float64(u.lo[k])), math.Abs(float64(u.hi[k])))
	}
	for _, mo := range u.Moves {
		for k := range mo.Targets {
			d := float64(mo.Div[k])
			if d*(m+1)+math.Abs(float64(mo.Const[k])) > 1<<61 {
				return fmt.Sprintf("undoing the move `%s` may overflow", mo.Text)
			}
		}
	}
	return ""
}

func equal(a, b []int64) bool {
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

// ceilDiv is ⌈a / d⌉ for d > 0.
func ceilDiv(a, d int64) int64 { return -rules.FloorDiv(-a, d) }
