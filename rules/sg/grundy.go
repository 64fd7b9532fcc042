package sg

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"retro/rules"
)

// HeapMover gives the options of one heap of a heap game: each option is
// the list of heaps that replace it. *rules.Machine is one.
type HeapMover interface {
	HeapMoves(n int64, out *rules.HeapOptions) error
}

// Table holds the Grundy values g(0..N) of one heap game instance. Values
// are kept in one byte each while they fit, in two while they stay below
// 65 536, in four otherwise.
type Table struct {
	small []uint8  // the values, when every one is below 256
	mid   []uint16 // the values, when every one is below 65 536 and one is not below 256
	large []uint32 // the values otherwise

	// Theorem says which periodicity theorem applies to the game, read
	// from its octal code or from its moves.
	Theorem Theorem
	// Sparse describes the sparse space the octal method used; nil when
	// the table was not made by it.
	Sparse *SparseInfo
}

// NewTable makes a table of the given values (for tests and tools).
func NewTable(values []uint32) *Table {
	t := &Table{large: append([]uint32(nil), values...)}
	t.shrink()
	return t
}

// setValues keeps g as the table's values, in the field of its width.
func setValues[T value](t *Table, g []T) {
	t.small, t.mid, t.large = nil, nil, nil
	switch g := any(g).(type) {
	case []uint8:
		t.small = g
	case []uint16:
		t.mid = g
	case []uint32:
		t.large = g
	}
}

// Len is the number of values: N+1 for g(0..N).
func (t *Table) Len() int {
	switch {
	case t.small != nil:
		return len(t.small)
	case t.mid != nil:
		return len(t.mid)
	}
	return len(t.large)
}

// G is the Grundy value of a heap of n, 0 <= n < Len().
func (t *Table) G(n int) uint32 {
	switch {
	case t.small != nil:
		return uint32(t.small[n])
	case t.mid != nil:
		return uint32(t.mid[n])
	}
	return t.large[n]
}

// Max is the largest value in the table.
func (t *Table) Max() uint32 {
	var m uint32
	for n := 0; n < t.Len(); n++ {
		m = max(m, t.G(n))
	}
	return m
}

// Bytes is the memory the values take.
func (t *Table) Bytes() int { return len(t.small) + 2*len(t.mid) + 4*len(t.large) }

// shrink moves four-byte values into one or two bytes each when they all
// fit.
func (t *Table) shrink() {
	if t.large == nil {
		return
	}
	switch m := slices.Max(append([]uint32{0}, t.large...)); {
	case m <= math.MaxUint8:
		setValues(t, narrow[uint8](t.large))
	case m <= math.MaxUint16:
		setValues(t, narrow[uint16](t.large))
	}
}

// narrow copies values that fit in T into a []T.
func narrow[T value](vs []uint32) []T {
	out := make([]T, len(vs))
	for n, v := range vs {
		out[n] = T(v)
	}
	return out
}

// Errors of Grundy.
var (
	// ErrLoopy: a heap can reach itself again, so the game need not end and
	// Grundy values in the ordinary sense do not exist.
	ErrLoopy = errors.New("heap game with a cycle")
	// ErrHeapGrows: an option holds a heap far larger than the table.
	ErrHeapGrows = errors.New("heap grows without bound")
)

// maxGrowth is how far beyond the table an option's heap may lie; such
// heaps get their values too, by recursion.
const maxGrowth = 1 << 20

// maxDepth bounds that recursion.
const maxDepth = 1 << 14

// Grundy computes g(0..upto) of a heap game by mex: g(n) is the least
// value not among its options, an option of several heaps counting as
// the XOR of their values. Options holding heaps not smaller than n are
// followed by recursion; a heap that can reach itself is ErrLoopy.
//
// It also reads the moves as an octal code where they fit one (every
// option takes k tokens and leaves no heap, one heap, or two heaps in
// every possible way), for the periodicity theorems: see Table.Theorem.
// The code must fit every heap of the table, end in its lower half, and
// still fit two heaps far beyond it (2N+1 and 4N+2); a rule that changes
// elsewhere beyond the table could still fool it, which a game given by
// its octal code cannot.
func Grundy(ctx context.Context, m HeapMover, upto int) (*Table, error) {
	return grundyScan(ctx, m, upto, nil)
}

// grundyScan is Grundy, calling progress (when set) every progressEvery
// heaps with the heaps done.
func grundyScan(ctx context.Context, m HeapMover, upto int, progress func(done, sparse int)) (*Table, error) {
	if upto < 0 {
		return nil, fmt.Errorf("grundy: negative table size %d", upto)
	}
	r := &grundyRun{m: m, upto: upto, vals: make([]uint32, upto+1), state: make([]uint8, upto+1)}
	r.code.start()
	w := workCheck{ctx: ctx}
	for n := 0; n <= upto; n++ {
		if err := w.add(1 + r.options); err != nil {
			return nil, err
		}
		r.options = 0
		if n&4095 == 0 && progress != nil && n > 0 {
			progress(n, -1)
		}
		if _, err := r.value(int64(n), 0); err != nil {
			return nil, err
		}
	}
	t := &Table{large: r.vals[:upto+1]}
	t.Theorem = r.code.theorem(upto)
	if t.Theorem.Kind != NoTheorem {
		for _, n := range probeHeaps(upto) {
			if !followsCode(m, t.Theorem.Code, n) {
				t.Theorem = Theorem{}
			}
		}
	}
	t.shrink()
	return t, nil
}

// grundyRun is the state of one Grundy computation.
type grundyRun struct {
	m     HeapMover
	upto  int
	vals  []uint32
	state []uint8              // 0: not yet, 1: being computed, 2: done
	opts  []*rules.HeapOptions // per recursion depth
	vals1 [][]uint32           // per recursion depth: the options' values
	seen  mexSet
	code  codeReader
	// options is the count of options looked at since the scan last
	// counted its work
	options int64
}

func (r *grundyRun) value(n int64, depth int) (uint32, error) {
	if n < int64(len(r.state)) && r.state[n] == 2 {
		return r.vals[n], nil
	}
	if n > int64(r.upto)+maxGrowth {
		return 0, fmt.Errorf("%w: an option holds a heap of %d, beyond the table of %d", ErrHeapGrows, n, r.upto)
	}
	if depth > maxDepth {
		return 0, fmt.Errorf("%w: heaps grow through more than %d moves (at a heap of %d)", ErrHeapGrows, maxDepth, n)
	}
	for n >= int64(len(r.state)) {
		r.state = append(r.state, 0)
		r.vals = append(r.vals, 0)
	}
	if r.state[n] == 1 {
		return 0, fmt.Errorf("%w: a heap of %d can reach itself", ErrLoopy, n)
	}
	r.state[n] = 1
	for len(r.opts) <= depth {
		r.opts = append(r.opts, &rules.HeapOptions{})
	}
	o := r.opts[depth]
	o.Reset()
	if err := r.m.HeapMoves(n, o); err != nil {
		return 0, err
	}
	if depth == 0 {
		r.code.heap(n, o)
	} else {
		r.code.fail()
	}
	// The options' values first (recursion may reuse the mex set), then
	// the mex.
	for len(r.vals1) <= depth {
		r.vals1 = append(r.vals1, nil)
	}
	vs := r.vals1[depth][:0]
	r.options += int64(o.Len())
	for k := 0; k < o.Len(); k++ {
		var x uint32
		for _, h := range o.Option(k) {
			v, err := r.value(h, depth+1)
			if err != nil {
				return 0, err
			}
			x ^= v
		}
		vs = append(vs, x)
	}
	r.vals1[depth] = vs
	g := mexOf(&r.seen, vs)
	r.vals[n], r.state[n] = g, 2
	return g, nil
}

// mexSet is a set of small values with an O(1) clear: a value is in the
// set when its stamp is the current one.
type mexSet struct {
	stamp []uint32
	cur   uint32
}

// clear empties the set.
func (s *mexSet) clear() {
	s.cur++
	if s.cur == 0 { // wrapped: start afresh
		clear(s.stamp)
		s.cur = 1
	}
}

// add puts v in the set.
func (s *mexSet) add(v uint32) {
	if int(v) >= len(s.stamp) {
		s.stamp = append(s.stamp, make([]uint32, max(int(v)+1, 2*len(s.stamp))-len(s.stamp))...)
	}
	s.stamp[v] = s.cur
}

// has reports whether v is in the set.
func (s *mexSet) has(v uint32) bool { return int64(v) < int64(len(s.stamp)) && s.stamp[v] == s.cur }

// mex returns the least value not in the set.
func (s *mexSet) mex() uint32 {
	var v uint32
	for s.has(v) {
		v++
	}
	return v
}

// mexOf returns the least value not in vs, using s as scratch.
func mexOf(s *mexSet, vs []uint32) uint32 {
	s.clear()
	for _, v := range vs {
		if int(v) <= len(vs) { // larger values cannot be the mex's concern
			s.add(v)
		}
	}
	return s.mex()
}

// Mex returns the minimum excludant of vs: the least non-negative integer
// not among them.
func Mex(vs []uint32) uint32 {
	var s mexSet
	return mexOf(&s, vs)
}
