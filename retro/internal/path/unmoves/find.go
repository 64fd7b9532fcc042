package unmoves

import (
	"errors"
	"fmt"
	"math"

	"retro/positions"
	"retro/retro/internal/shape"
	"retro/rules"
)

// ErrDeclines: a game instance that Compile (or the un-move
// solver) does not take; a DeclineError says why.
var ErrDeclines = errors.New("no un-moves")

// Game is a game instance in the shape the un-move path solves: no
// horizon, a box that holds its positions ([bounds], or what a linear end
// leaves of non-negative piles), an end that is a linear test or absent,
// an allow that reads no piles, and affine moves each of whose changed
// piles reads only itself, so that a move can be undone pile by pile
// (Undo). The moves may raise some positions and lower others: the game
// may have cycles. A position's cell is its tuple's cell in the box times
// Hist plus its history, as a dense Space numbers them; where every cell
// is a position (Whole: a [bounds] box without history) the cell is the
// index.
type Game struct {
	Space  *positions.Space
	Starts []positions.StartPos
	Moves  []rules.AffineMove
	Stride []int64 // of each pile, in cells of the box (history included)
	Hist   int
	Plays  [][]shape.Play // as Compiled.Plays
	Groups [][]int
	// Into[h] lists, for each group whose plays lead to history h, the
	// histories those plays are made from: the predecessors of a
	// position of history h are found by undoing the group's moves and
	// keeping the positions of those histories.
	Into   [][]Into
	Whole  bool
	Signed bool
	Found  string // how the positions were found
	// the end test, as in Compiled
	end shape.Compiled
	lo  []int64
	hi  []int64
}

// Into is a group of moves and the histories of the positions it is
// played from.
type Into struct {
	Group int
	From  []int
}

// DeclineError is ErrDeclines with its reason; Stated tells whether the
// reason is the un-move path's own (and not one the compiled path gives).
type DeclineError struct {
	Why    string
	Stated bool
}

func (e *DeclineError) Error() string { return ErrDeclines.Error() + ": " + e.Why }

// Unwrap makes errors.Is find ErrDeclines.
func (e *DeclineError) Unwrap() error { return ErrDeclines }

// Compile checks that an instance has the un-move shape and finds
// its positions: the whole [bounds] box where the game has no history,
// otherwise those reached from the starts (every tuple of [bounds], or
// [start]) by a search in the box. A game of another shape gives a
// DeclineError; other errors are the caller's stop.
func Compile(in *rules.Instance, opt positions.Options) (*Game, error) {
	if err := opt.Stopped(); err != nil {
		return nil, err
	}
	u, err := shapeOf(in, opt)
	if err != nil {
		return nil, err
	}
	opt = opt.WithDefaults()
	starts, err := positions.ListStarts(in, opt, rules.MaxStarts)
	if err != nil {
		return nil, err
	}
	bounds, err := in.Bounds()
	if err != nil {
		return nil, err
	}
	if err := u.bound(starts, bounds, len(in.Game.Piles)); err != nil {
		return nil, err
	}
	size := positions.Sides(u.lo, u.hi)
	vol := positions.NewCellBox(u.lo, size, u.Hist).Volume()
	var sp *positions.Space
	if u.Hist == 1 && bounds != nil {
		sp, err = u.wholeBox(in.Game, size, vol, opt)
	} else {
		sp, err = u.searchBox(in.Game, starts, bounds != nil, size, vol, opt)
	}
	if err != nil {
		return nil, err
	}
	u.Space = sp
	_, spSize := sp.Box()
	u.Stride = positions.Strides(spSize, u.Hist)
	for _, s := range starts {
		i, ok := sp.Index(s.Piles, 0)
		if !ok {
			return nil, fmt.Errorf("start position %s was not enumerated", positions.Format(in.Game, s.Piles, 0))
		}
		u.Starts = append(u.Starts, positions.StartPos{Params: s.Params, Index: i})
	}
	return u, nil
}

// decline is the DeclineError of a game of another shape; stated tells
// whether the reason is the un-move path's own.
func decline(why string, stated bool) error { return &DeclineError{Why: why, Stated: stated} }

// shapeOf checks the rules of an instance against the un-move shape: no
// heap, horizon or extra starts, affine moves each of which can be undone
// and which keep the tier, an allow table and a linear end. It returns the
// game with its moves, plays and end, its positions not found yet.
func shapeOf(in *rules.Instance, opt positions.Options) (*Game, error) {
	g := in.Game
	switch {
	case g.Sum:
		return nil, decline("a heap game", false)
	case opt.Horizon >= 0:
		return nil, decline("a horizon", false)
	case len(opt.Extra) > 0:
		return nil, decline("extra start positions", false)
	}
	moves, why := in.Affine()
	if why != "" {
		return nil, decline(why, false)
	}
	at, why := in.AllowTable()
	if why != "" {
		return nil, decline(why, false)
	}
	u := &Game{Moves: moves, Signed: g.Signed, Hist: positions.HistorySize(g)}
	u.Plays, u.Groups = shape.PlaysOf(moves, at, u.Hist)
	u.Into = intoOf(u.Plays, u.Hist)
	end, has, why := in.LinearEnd()
	if why != "" {
		return nil, decline(why, false)
	}
	if has {
		u.end.SetEnd(end)
	}
	for k := range moves {
		if why := undoable(&moves[k]); why != "" {
			return nil, decline(why, true)
		}
	}
	if why := shape.TierKept(in, moves); why != "" {
		return nil, decline(why, false)
	}
	return u, nil
}

// bound sets the box of the positions (u.box) and checks that no move
// overflows in it, nor undoes out of it.
func (u *Game) bound(starts []rules.Start, bounds []rules.Range, np int) error {
	var why string
	if u.lo, u.hi, why = u.box(starts, bounds, np); why != "" {
		return decline(why, true)
	}
	u.end.Moves = u.Moves
	if why := u.end.OverflowFree(u.lo, u.hi); why != "" {
		return decline(why, true)
	}
	if why := u.undoFree(); why != "" {
		return decline(why, true)
	}
	return nil
}

// wholeBox is the space of a game without history whose positions are
// every tuple of its [bounds] box, of vol cells.
func (u *Game) wholeBox(g *rules.Game, size []int64, vol uint64, opt positions.Options) (*positions.Space, error) {
	if vol > uint64(opt.MaxPositions) || vol > 1<<32-1 {
		return nil, decline(fmt.Sprintf("more than %d positions", min(uint64(opt.MaxPositions), 1<<32-1)), false)
	}
	// the index and the solver's tables: a 16-bit word a position
	// and the outcome bits, with the frontiers
	if err := opt.Afford("the box and the un-move solver", int(vol), int64(vol)/8*2+int64(vol)/16+int64(vol)*33/4); err != nil {
		return nil, err
	}
	u.Whole, u.Found = true, "every tuple of [bounds] a position"
	return positions.FullSpace(g, u.lo, size), nil
}

// searchBox is the space of the positions reached from the starts by a
// search of the box of vol cells, dense in the box fitted tightly around
// them, which becomes u's box.
func (u *Game) searchBox(g *rules.Game, starts []rules.Start, hasBounds bool, size []int64, vol uint64, opt positions.Options) (*positions.Space, error) {
	if vol > min(uint64(positions.BoxCeiling), max(uint64(1<<26), 4*uint64(opt.MaxPositions))) {
		return nil, decline("the box around the positions is too large", false)
	}
	if n, ok := shape.EndPoints(&u.end, u.lo, u.hi, vol); ok && !positions.IsDense(vol, int(min(n*uint64(u.Hist), vol))) {
		return nil, decline("the positions fill too little of their box", false)
	}
	if err := opt.Afford("the box and the un-move solver", int(vol), int64(vol)/4+int64(vol)*33/4); err != nil {
		return nil, err
	}
	member, count, why, err := u.search(starts, hasBounds, size, opt)
	if why != "" || err != nil {
		if err != nil {
			return nil, err
		}
		return nil, decline(why, true)
	}
	if count > opt.MaxPositions {
		return nil, decline(fmt.Sprintf("more than %d positions", opt.MaxPositions), false)
	}
	tlo, thi := tightOf(member, u.lo, size, u.Hist)
	sp, why := positions.FitDense(g, u.Hist, u.lo, size, member, count, tlo, thi)
	if why != "" {
		return nil, decline(why, false)
	}
	u.lo, u.hi = tlo, thi
	u.Found = "the positions reached from [start] by a search of the box"
	if hasBounds {
		u.Found = "every tuple of [bounds] and the histories reached from it by a search of the box"
	}
	return sp, nil
}

// intoOf inverts the plays: for each history, the groups played into it
// and the histories they are played from.
func intoOf(plays [][]shape.Play, hist int) [][]Into {
	into := make([][]Into, hist)
	for h, ps := range plays {
		for _, pl := range ps {
			l := into[pl.Next]
			k := 0
			for k < len(l) && l[k].Group != pl.Group {
				k++
			}
			if k == len(l) {
				l = append(l, Into{Group: pl.Group})
			}
			l[k].From = append(l[k].From, h)
			into[pl.Next] = l
		}
	}
	return into
}

// box is the box that holds the positions: [bounds] (the starts inside
// it), or from the starts up to what a linear end leaves of non-negative
// piles (Σ c_j p_j + K >= 0 with every c_j > 0 ends the game, so a
// non-final position has p_k <= (-1-K)/c_k), and down to 0.
func (u *Game) box(starts []rules.Start, bounds []rules.Range, np int) (lo, hi []int64, why string) {
	lo, hi = make([]int64, np), make([]int64, np)
	if bounds != nil {
		for k, r := range bounds {
			if r.Hi < r.Lo {
				return nil, nil, "the box is empty"
			}
			lo[k], hi[k] = r.Lo, r.Hi
		}
		for _, s := range starts {
			for k, v := range s.Piles {
				if v < lo[k] || v > hi[k] {
					return nil, nil, "a start lies outside [bounds]" // the general path's error to report
				}
			}
		}
		return lo, hi, ""
	}
	if len(starts) == 0 {
		return nil, nil, "no start positions"
	}
	for k := range np {
		top, ok := u.end.EndBound(k, true)
		if !ok || u.Signed {
			return nil, nil, "nothing bounds the piles (no [bounds], and no end Σ c·p >= K with every c > 0)"
		}
		hi[k] = top
		for _, s := range starts {
			if s.Piles[k] < 0 {
				return nil, nil, "a start has a negative pile"
			}
			hi[k] = max(hi[k], s.Piles[k])
		}
	}
	return lo, hi, ""
}

// search finds the positions reached from the starts in the box lo, size:
// with [bounds] (whole) every tuple of no history is a start. A position
// reached by a move that has no legal move is an end, not a position; a
// move that leaves the box for a position that is not final takes the
// game off the un-move path (the general path names it).
func (u *Game) search(starts []rules.Start, whole bool, size []int64, opt positions.Options) (positions.Bitset, int, string, error) {
	np := len(u.lo)
	hist := int64(u.Hist)
	u.Stride = positions.Strides(size, u.Hist)
	bx := positions.NewCellBox(u.lo, size, u.Hist)
	vol := bx.Volume()
	seen, member := positions.NewBitset(int(vol)), positions.NewBitset(int(vol))
	queue := &positions.Fifo{Width: 1}
	isStart := map[int64]bool{}
	p, t, q := make([]int64, np), make([]int64, np), make([]int64, np)
	count := 0
	steps := 0
	// visit marks what the moves of the position of cell lead to.
	visit := func(cell int64) (string, error) {
		if steps++; steps&(1<<16-1) == 0 {
			if err := opt.Stopped(); err != nil {
				return "", err
			}
		}
		h := bx.Decode(uint64(cell), p)
		if u.Holds(p) {
			return "", nil // a final start
		}
		legal := 0
		for _, pl := range u.Plays[h] {
			for _, mi := range pl.Moves {
				if !u.Apply(&u.Moves[mi], p, t) {
					continue
				}
				legal++
				if u.Holds(t) {
					continue
				}
				tc, ok := u.cellIn(t)
				if !ok {
					if u.hasMove(t, pl.Next, q) {
						return "a move leaves the box", nil
					}
					continue // final: no legal move there
				}
				tc += int64(pl.Next)
				if !seen.Has(int(tc)) {
					seen.Set(int(tc))
					member.Set(int(tc))
					count++
					queue.Push(tc)
				}
			}
		}
		if legal == 0 && !(whole && cell%hist == 0) && !isStart[cell] {
			member.Clear(int(cell)) // reached by a move, no legal move: an end
			count--
		}
		return "", nil
	}
	cellOf := func(piles []int64) int64 {
		c, _ := u.cellIn(piles)
		return c
	}
	if whole {
		for cell := int64(0); cell < int64(vol); cell += hist {
			seen.Set(int(cell))
			member.Set(int(cell))
			count++
		}
		for cell := int64(0); cell < int64(vol); cell += hist {
			if why, err := visit(cell); why != "" || err != nil {
				return nil, 0, why, err
			}
		}
	} else {
		for _, s := range starts {
			c := cellOf(s.Piles)
			isStart[c] = true
			if !seen.Has(int(c)) {
				seen.Set(int(c))
				member.Set(int(c))
				count++
				queue.Push(c)
			}
		}
	}
	rec := make([]int64, 1)
	for queue.Pop(rec) {
		if why, err := u.checkCount(count, opt); why != "" || err != nil {
			return nil, 0, why, err
		}
		if why, err := visit(rec[0]); why != "" || err != nil {
			return nil, 0, why, err
		}
	}
	return member, count, "", nil
}

// checkCount stops a search that passes the position cap.
func (u *Game) checkCount(count int, opt positions.Options) (string, error) {
	if count > opt.MaxPositions {
		return fmt.Sprintf("more than %d positions", opt.MaxPositions), nil
	}
	return "", nil
}

// hasMove reports whether position (t, h) has a legal move (q is scratch).
func (u *Game) hasMove(t []int64, h int, q []int64) bool {
	for _, pl := range u.Plays[h] {
		for _, mi := range pl.Moves {
			if u.Apply(&u.Moves[mi], t, q) {
				return true
			}
		}
	}
	return false
}

// HasMove reports whether position (t, h) has a legal move (q is
// scratch of t's length).
func (u *Game) HasMove(t []int64, h int, q []int64) bool { return u.hasMove(t, h, q) }

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
func (u *Game) Holds(p []int64) bool {
	return u.end.EndOp != shape.EndNone && u.end.Holds(u.end.EndSum(p))
}

// Apply writes into t the piles after move m from p, and reports whether
// it is a move (Compiled.Apply).
func (u *Game) Apply(m *rules.AffineMove, p, t []int64) bool { return u.end.Apply(m, p, t) }

// cellIn is the cell of tuple t (history 0) in the box, and false when t
// lies outside it.
func (u *Game) cellIn(t []int64) (int64, bool) {
	var cell int64
	for k, v := range t {
		if v < u.lo[k] || v > u.hi[k] {
			return 0, false
		}
		cell += (v - u.lo[k]) * u.Stride[k]
	}
	return cell, true
}

// Cell is the cell of tuple t with history h, and false when t lies
// outside the box.
func (u *Game) Cell(t []int64, h int) (int64, bool) {
	c, ok := u.cellIn(t)
	return c + int64(h), ok
}

// Decode writes the piles of a cell into p and returns its history.
func (u *Game) Decode(cell int64, p []int64) int {
	return u.Space.Decode(uint64(cell), p)
}

// Undo calls fn with every non-final tuple p of the box from which move
// m leads to t (p is a slice reused between calls; q is scratch of the
// same length), until fn returns false. Each target pile v' = (a·v + c)
// // d is undone on its own: a·v lies in d·v' - c .. d·v' + d - 1 - c, an
// interval of v cut to the box; the piles the move does not change are
// those of t. Every p is checked by making the move again.
func (u *Game) Undo(m *rules.AffineMove, t, p, q []int64, fn func(p []int64) bool) bool {
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
func (u *Game) undoFree() string {
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

// tightOf is the tight box of the members of the box lo, size.
func tightOf(member positions.Bitset, lo, size []int64, hist int) (tlo, thi []int64) {
	np := len(lo)
	tlo, thi = make([]int64, np), make([]int64, np)
	for k := range tlo {
		tlo[k], thi[k] = math.MaxInt64, math.MinInt64
	}
	positions.EachMember(member, lo, size, hist, true, func(_ int64, p []int64, _ int) bool {
		for k, v := range p {
			tlo[k], thi[k] = min(tlo[k], v), max(thi[k], v)
		}
		return true
	})
	return tlo, thi
}
