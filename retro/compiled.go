package retro

import (
	"fmt"
	"math/bits"
	"unsafe"

	"retro/positions"
	"retro/rules"
)

// The compiled path. When every move raises a position's index (or every
// move lowers it), the index order is an order of play: each position's
// moves lead only to positions after it. Then one sweep against that order
// values every position from its moves, with no move graph, no counters
// and no reverse edges: the finest tiers, one position each. The values
// are those of the colouring exactly (see doc.go's Layer): a W is 1 + the
// least layer among its moves to L, an L the most, over its moves, of 1 +
// the layer the move leads to.
//
// A value is kept per cell of the box as (layer+1)<<1 | W while sweeping;
// a move into an end of the game reads as a position: won by the mover, an
// L 0; a losing move, a W of layer -1 under the exam count (it adds
// nothing) or 1 under Lebedev's. A final row of the table is the same: L 0
// where the player to move has lost, W 0 or W 1 where he has won (the
// exam's W 0 acts as -1 in its predecessors' layers, as in Solve).

// cellValue is a value kept per cell: uint16 while the layers fit, uint32
// otherwise.
type cellValue interface{ ~uint16 | ~uint32 }

// compiledSolver values the positions of a Compiled game.
type compiledSolver struct {
	c       *positions.Compiled
	in      *rules.Instance
	m       *rules.Machine
	lebedev bool
	// the codes of a move into an end: won by the mover, lost by him
	wonEnd, lostEnd uint32
	winConst        bool
	winner          rules.Player
	t               []int64
	moves, edges    int64
}

// errLayers: the layers outgrew the cell values; the sweep runs again
// with wider ones.
type errLayers struct{}

func (errLayers) Error() string { return "layers too deep for 16-bit cells" }

func newCompiledSolver(c *positions.Compiled, in *rules.Instance) *compiledSolver {
	g := in.Game
	s := &compiledSolver{c: c, in: in, m: in.NewMachine(), lebedev: g.Count == rules.Lebedev,
		t: make([]int64, len(g.Piles))}
	s.winner, s.winConst = g.ConstWinner()
	s.wonEnd = 2 // an L 0
	s.lostEnd = 1
	if s.lebedev {
		s.lostEnd = 2<<1 | 1 // a W 1
	}
	return s
}

// endCode is the value of a move into the end t (or of a final row, seen
// from its predecessors: the same).
func (s *compiledSolver) endCode(t []int64) (uint32, error) {
	w := s.winner
	if !s.winConst {
		var err error
		if w, err = s.m.Winner(t); err != nil {
			return 0, err
		}
	}
	if w == rules.Mover {
		return s.wonEnd, nil
	}
	return s.lostEnd, nil
}

// solveCompiled values every position of c and makes the Result.
func solveCompiled(c *positions.Compiled, in *rules.Instance, opt Options) (*Result, error) {
	if opt.Context != nil {
		if err := opt.Context.Err(); err != nil {
			return nil, err
		}
	}
	s := newCompiledSolver(c, in)
	r, err := sweepValues[uint16](s, opt)
	if _, deep := err.(errLayers); deep {
		s = newCompiledSolver(c, in)
		r, err = sweepValues[uint32](s, opt)
	}
	return r, err
}

func sweepValues[V cellValue](s *compiledSolver, opt Options) (*Result, error) {
	c := s.c
	sp := c.Space
	lo, size := sp.Box()
	member := sp.Members()
	var vol int64 = 1
	for _, z := range size {
		vol *= z
	}
	vals, buf := cellBuffer[V](vol, sp.Len())
	limit := uint64(^V(0))
	np := len(size)
	t := s.t
	var err error
	// in reports whether t lies in the box, and its cell.
	in := func(t []int64) (int64, bool) {
		var cell int64
		for k, v := range t {
			d := v - lo[k]
			if d < 0 || d >= size[k] {
				return 0, false
			}
			cell += d * c.Stride[k]
		}
		return cell, true
	}
	var seen []int64
	steps := 0
	// With one winner at every end, the cells that are not positions hold
	// the value of a move into them.
	if c.Simple != nil && s.winConst {
		end, _ := s.endCode(t)
		for k := range vals {
			vals[k] = V(end << 1)
		}
		if err := sweepSimple(s, vals, uint64(end), limit, opt); err != nil {
			return nil, err
		}
		return resultOf(s, vals, buf, 1, opt)
	}
	ok := positions.EachMember(member, lo, size, !c.Up, func(cell int64, p []int64) bool {
		if steps++; steps&(1<<16-1) == 0 && opt.Context != nil {
			if err = opt.Context.Err(); err != nil {
				return false
			}
		}
		final := c.EndOp != positions.EndNone && c.Holds(c.EndSum(p))
		minL, maxW := uint64(1<<63), uint64(0)
		legal := 0
		seen = seen[:0]
		if !final {
			for mi := range c.Moves {
				m := &c.Moves[mi]
				if !c.Apply(m, p, t) {
					continue
				}
				legal++
				var code uint64
				if tc, ok := in(t); ok && member.Has(int(tc)) {
					code = uint64(vals[tc])
					seen = append(seen, tc)
				} else {
					var e uint32
					if e, err = s.endCode(t); err != nil {
						return false
					}
					code = uint64(e)
				}
				if code&1 == 0 {
					minL = min(minL, code>>1)
				} else {
					maxW = max(maxW, code>>1)
				}
			}
		}
		var v uint64
		switch {
		case final || legal == 0: // a final row
			var e uint32
			if e, err = s.endCode(p); err != nil {
				return false
			}
			// seen from the player to move: the mover has won, so he lost
			if e == s.wonEnd {
				v = 2
			} else if s.lebedev {
				v = 2<<1 | 1
			} else {
				v = 1
			}
		case minL != 1<<63:
			v = (minL+1)<<1 | 1
		default:
			v = (maxW + 1) << 1
		}
		if v > limit {
			err = errLayers{}
			return false
		}
		vals[cell] = V(v)
		s.moves += int64(legal)
		s.edges += int64(distinctCount(seen))
		return true
	})
	if !ok {
		return nil, err
	}
	_ = np
	return resultOf(s, vals, buf, 0, opt)
}

// distinctCount is the number of distinct cells in a short list.
func distinctCount(l []int64) int {
	n := 0
	for k, x := range l {
		dup := false
		for _, y := range l[:k] {
			if x == y {
				dup = true
				break
			}
		}
		if !dup {
			n++
		}
	}
	return n
}

// resultOf turns the cell values (each shifted left by shift) into a
// Result: layers and outcomes by index, and the coloured sets in the order
// Solve makes them (W 0 of the exam count, L 0, W 1, L 2, …), each sorted.
//
// buf is the memory of vals, as words: once the values are read, it
// becomes the order, so that the values and the order are never held at
// once.
func resultOf[V cellValue](s *compiledSolver, vals []V, buf []uint32, shift uint, opt Options) (*Result, error) {
	c := s.c
	sp := c.Space
	n := sp.Len()
	r := newResult(sp, s.in, c.Starts)
	r.MoveCount, r.Edges = s.moves, s.edges
	r.win, r.lose = positions.NewBitset(n), positions.NewBitset(n)
	layer := make([]uint32, n)
	// the key of a position: 0 for the exam's W 0, 1 for L 0, layer+1
	// above; outcomes follow from keys
	count := make([]uint32, 2)
	member := sp.Members()
	idx := 0
	for w, word := range member {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			word &= word - 1
			v := uint64(vals[w<<6+b]) >> shift
			l := uint32(v>>1) - 1
			key := int(l) + 1
			if v&1 == 1 {
				r.win[idx>>6] |= 1 << uint(idx&63)
				if v>>1 == 0 { // the exam's W 0 row
					l, key = 0, 0
				}
			} else {
				r.lose[idx>>6] |= 1 << uint(idx&63)
			}
			layer[idx] = l
			for len(count) <= key {
				count = append(count, 0)
			}
			count[key]++
			idx++
		}
	}
	if idx != n {
		return nil, fmt.Errorf("compiled solve: %d values for %d positions", idx, n)
	}
	r.layer = layer
	r.segs, _ = segmentsByKey(count)
	if opt.Progress != nil {
		opt.Progress(len(count)-2, n, n)
	}
	return r, nil
}

// compiledPath says how a compiled game was solved.
func compiledPath(c *positions.Compiled) string {
	dir := "raises"
	if !c.Up {
		dir = "lowers"
	}
	found := c.Found
	kind := "affine moves"
	if c.Simple != nil {
		kind = "one-pile moves"
	}
	return fmt.Sprintf("compiled: %s compiled to the box; every move %s the index, so tiers of one position each, valued in one pass from their moves; positions: %s", kind, dir, found)
}

// cellBuffer makes the cell values of a box of vol cells, in memory that
// will hold the order of n positions afterwards: vals and buf share it.
func cellBuffer[V cellValue](vol int64, n int) (vals []V, buf []uint32) {
	var v V
	size := int64(unsafe.Sizeof(v))
	words := max(int64(n), (vol*size+3)/4)
	buf = make([]uint32, words)
	if words == 0 {
		return nil, buf
	}
	return unsafe.Slice((*V)(unsafe.Pointer(&buf[0])), vol), buf
}
