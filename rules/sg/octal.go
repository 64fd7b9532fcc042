package sg

import (
	"context"
	"fmt"
	"math/bits"

	"retro/rules"
)

// OctalMethod chooses how OctalGrundy computes the values.
type OctalMethod uint8

// The methods.
const (
	// Fast is Sparse until the octal periodicity theorem proves a period
	// of the values found so far (checked at every power of two), and then
	// the period: the values past the proof follow from it exactly.
	Fast OctalMethod = iota
	// Sparse is the rare/common ("sparse space") method: near-linear time
	// when few heaps are sparse, every value by mex.
	Sparse
	// Naive looks at every split of every heap: quadratic time.
	Naive
)

// String names the method.
func (m OctalMethod) String() string {
	switch m {
	case Sparse:
		return "sparse"
	case Naive:
		return "naive"
	}
	return "fast"
}

// ParseOctalMethod reads a method's name.
func ParseOctalMethod(s string) (OctalMethod, bool) {
	for m := Fast; m <= Naive; m++ {
		if m.String() == s {
			return m, true
		}
	}
	return 0, false
}

// SparseInfo describes the sparse space the Sparse method settled on.
//
// A heap n is sparse when the parity of the 1-bits of g(n)&Mask is even
// (or, with Domain, equal to the parity of n-t, t the number of tokens a
// split takes). The XOR of two values has the parity of the sum of theirs,
// so a split option of a heap whose value lies in the "common" class
// (the other parity) needs a sparse part: listing the sparse heaps finds
// every common option, and the "rare" options come from an early-exit
// search. Only a heap that turns out sparse needs a full scan.
type SparseInfo struct {
	Mask   uint32
	Domain bool
	Heaps  int   // sparse heaps in the table
	Last   int   // the largest sparse heap; -1 when none
	Scans  int64 // full scans of a heap's splits
	// Proven is the heap from which the Fast method took the values from
	// a proven period instead of computing them; -1 when it did not.
	Proven int
	// List is the sparse heaps >= 1, ascending (Heaps of them).
	List []int64
	// Rows and Listed, for a game given by moves: its split entries read
	// as rows, and its other entries, whose options are listed in full.
	Rows, Listed int
	// Scanned, when not empty, says why every option of every heap was
	// scanned (no rows, or no sparse space).
	Scanned string
}

// String describes the sparse space in one line.
func (s *SparseInfo) String() string {
	rows := ""
	if s.Rows > 0 {
		rows = fmt.Sprintf("; %d split %s read as rows, %d %s listed in full", s.Rows, plural(s.Rows, "entry", "entries"), s.Listed, plural(s.Listed, "entry", "entries"))
	}
	if s.Scanned != "" {
		return "every option of every heap scanned (" + s.Scanned + ")" + rows
	}
	if s.Mask == 0 && !s.Domain {
		str := "no sparse space in use: every split of every heap scanned"
		if s.Proven >= 0 {
			str += fmt.Sprintf(" up to %d, then the proven period", s.Proven)
		}
		return str
	}
	kind := "values"
	if s.Domain {
		kind = "values and heap parity"
	}
	last := "none"
	if s.Last >= 0 {
		last = fmt.Sprintf("the last at %d", s.Last)
	}
	str := fmt.Sprintf("mask %#x on %s: %d sparse heaps, %s; %d full scans", s.Mask, kind, s.Heaps, last, s.Scans)
	if s.Proven >= 0 {
		str += fmt.Sprintf("; from %d on by the proven period", s.Proven)
	}
	return str + rows
}

// plural picks the word for n things.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// OctalGrundy computes g(0..upto) of the octal game with code o. Values
// take one byte each while they stay below 256.
func OctalGrundy(ctx context.Context, o rules.Octal, upto int, method OctalMethod) (*Table, error) {
	return octalGrundy(ctx, o, upto, SparseOptions{Method: method})
}

// octalGrundy is OctalGrundy with progress.
func octalGrundy(ctx context.Context, o rules.Octal, upto int, opt SparseOptions) (*Table, error) {
	method := opt.Method
	if upto < 0 {
		return nil, fmt.Errorf("grundy: negative table size %d", upto)
	}
	c := newOctalCode(o)
	t := &Table{Theorem: OctalTheorem(o)}
	// One byte a value, then two, then four: each width that a value
	// overflows starts the computation again at the next.
	ok, err := octalWidth[uint8](ctx, c, t, upto, method, opt)
	if !ok && err == nil {
		ok, err = octalWidth[uint16](ctx, c, t, upto, method, opt)
	}
	if !ok && err == nil {
		_, err = octalWidth[uint32](ctx, c, t, upto, method, opt)
	}
	if err != nil {
		return nil, err
	}
	return t, nil
}

// octalWidth computes the values of c at one width into t, by the method;
// false when a value does not fit in T.
func octalWidth[T value](ctx context.Context, c *octalCode, t *Table, upto int, method OctalMethod, opt SparseOptions) (bool, error) {
	if method == Naive {
		g, ok, err := octalNaive[T](ctx, c, upto)
		if ok && err == nil {
			setValues(t, g)
		}
		return ok, err
	}
	s := newSparseRun[T](c, upto, method == Fast)
	s.prog = opt.Progress
	ok, err := s.run(ctx)
	if ok && err == nil {
		setValues(t, s.g)
		t.Sparse = s.info()
	}
	return ok, err
}

// octalCode is an octal code sorted by what its digits allow.
type octalCode struct {
	takeAll  []int // k: a heap of exactly k may be taken away
	leaveOne []int // k >= 1: k may be taken from a larger heap
	split    []int // k: k may be taken, leaving two non-empty heaps
	twistOK  bool  // every split digit has the same parity
	t0       int   // the parity of the split digits
	theorem  Theorem
}

func newOctalCode(o rules.Octal) *octalCode {
	c := &octalCode{twistOK: true, theorem: OctalTheorem(o)}
	for k, d := range o.Digits {
		if d&1 != 0 && k > 0 {
			c.takeAll = append(c.takeAll, k)
		}
		if d&2 != 0 && k > 0 {
			c.leaveOne = append(c.leaveOne, k)
		}
		if d&4 != 0 {
			if len(c.split) > 0 && (k-c.split[0])%2 != 0 {
				c.twistOK = false
			}
			c.split = append(c.split, k)
		}
	}
	if len(c.split) > 0 {
		c.t0 = c.split[0] & 1
	}
	return c
}

// value is a Grundy value stored in one byte, two or four.
type value interface{ ~uint8 | ~uint16 | ~uint32 }

// stampSet is a set of values below a power of two with an O(1) clear.
type stampSet struct {
	stamp []uint32
	cur   uint32
}

func (s *stampSet) reset(size int) {
	s.stamp, s.cur = make([]uint32, size), 1
}

func (s *stampSet) clear() {
	if s.cur++; s.cur == 0 {
		clear(s.stamp)
		s.cur = 1
	}
}

// grow makes room for values below size.
func (s *stampSet) grow(size int) {
	if size > len(s.stamp) {
		s.stamp = append(s.stamp, make([]uint32, size-len(s.stamp))...)
	}
}

// markSingles marks in seen the values of the options of a heap of n that
// leave no heap or one heap.
func markSingles[T value](c *octalCode, seen *stampSet, g []T, n int) {
	st, cur := seen.stamp, seen.cur
	for _, k := range c.takeAll {
		if n == k {
			st[0] = cur
		}
	}
	for _, k := range c.leaveOne {
		if n > k {
			st[g[n-k]] = cur
		}
	}
}

// maxOf is the largest value a T holds.
func maxOf[T value]() uint64 { return uint64(^T(0)) }

// octalNaive computes the values by looking at every option. ok is false
// when a value does not fit in T.
func octalNaive[T value](ctx context.Context, c *octalCode, upto int) (g []T, ok bool, err error) {
	g = make([]T, upto+1)
	var seen stampSet
	seen.reset(1 << 8)
	top := 0 // the values are below 1<<top... rounded up to 8 bits
	w := workCheck{ctx: ctx}
	for n := 1; n <= upto; n++ {
		if err := w.add(int64(1 + n/2*len(c.split))); err != nil {
			return nil, false, err
		}
		seen.clear()
		markSingles(c, &seen, g, n)
		st, cur := seen.stamp, seen.cur
		for _, k := range c.split {
			m := n - k
			for a := 1; a <= m/2; a++ {
				st[g[a]^g[m-a]] = cur
			}
		}
		v := 0
		for v < len(st) && st[v] == cur {
			v++
		}
		if uint64(v) > maxOf[T]() {
			return nil, false, nil
		}
		g[n] = T(v)
		if b := bits.Len(uint(v)); b > top {
			top = b
			seen.grow(1 << max(top+1, 8))
		}
	}
	return g, true, nil
}

// sparseRun is one computation by the sparse-space method.
type sparseRun[T value] struct {
	c      *octalCode
	g      []T
	upto   int
	mask   uint32
	domain bool
	sparse []int64 // the sparse heaps >= 1, ascending
	seen   stampSet
	top    int // the values are below 1<<top
	scans  int64
	// prove: at every review, try to prove a period and fill the rest by
	// it; proven is the heap it did so from (-1: not yet).
	prove  bool
	proven int
	prog   func(done, sparse int)
}

// maxSparse: a mask is used only when at most 1/maxSparse of the heaps
// are sparse under it.
const maxSparse = 4

// warmUp is the heap up to which every heap counts as sparse (the naive
// method) before a mask is chosen.
const warmUp = 64

func newSparseRun[T value](c *octalCode, upto int, prove bool) *sparseRun[T] {
	s := &sparseRun[T]{c: c, g: make([]T, upto+1), upto: upto, prove: prove, proven: -1}
	s.seen.reset(1 << 8)
	return s
}

func (s *sparseRun[T]) info() *SparseInfo {
	in := &SparseInfo{Mask: s.mask, Domain: s.domain, Heaps: len(s.sparse), Last: -1, Scans: s.scans, Proven: s.proven}
	in.List = append(in.List, s.sparse...)
	if len(s.sparse) > 0 {
		in.Last = int(s.sparse[len(s.sparse)-1])
	}
	return in
}

// isSparse tells whether heap n is sparse under the current mask.
func (s *sparseRun[T]) isSparse(n int) bool {
	u := bits.OnesCount32(uint32(s.g[n])&s.mask) & 1
	if s.domain {
		u ^= (n - s.c.t0) & 1
	}
	return u == 0
}

// searchable tells whether a split taking k from heap n may give v from
// two common heaps, which listing the sparse heaps does not find.
func (s *sparseRun[T]) searchable(v uint32, m int) bool {
	p := bits.OnesCount32(v&s.mask) & 1
	if s.domain {
		return p == m&1
	}
	return p == 0
}

// run computes the values; false when one does not fit in T.
func (s *sparseRun[T]) run(ctx context.Context) (bool, error) {
	review := warmUp
	for n := 1; n <= s.upto; n++ {
		if err := tick(ctx, n, s.prog, len(s.sparse)); err != nil {
			return false, err
		}
		if n == review {
			if s.prove && s.extend(n) {
				return true, nil
			}
			s.choose(n)
			review *= 2
		}
		v := s.mex(n)
		if uint64(v) > maxOf[T]() {
			return false, nil
		}
		s.g[n] = T(v)
		if b := bits.Len32(v); b > s.top {
			s.top = b
			s.seen.grow(1 << max(b+1, 8))
		}
		if s.isSparse(n) && (s.mask != 0 || s.domain) {
			s.sparse = append(s.sparse, int64(n))
		}
	}
	return true, nil
}

// extend fills g(n..upto) by the period of g(0..n-1) when the octal
// periodicity theorem proves it.
func (s *sparseRun[T]) extend(n int) bool {
	p := findPeriod(n, func(i int) int64 { return int64(s.g[i]) }, s.c.theorem)
	if !p.Proven {
		return false
	}
	for i := n; i <= s.upto; i++ {
		s.g[i] = s.g[i-p.Period]
	}
	s.proven = n
	return true
}

// mex computes g(n).
func (s *sparseRun[T]) mex(n int) uint32 {
	g, c := s.g, s.c
	s.seen.clear()
	markSingles(c, &s.seen, g, n)
	st, cur := s.seen.stamp, s.seen.cur
	complete := s.mask == 0 && !s.domain // every heap is sparse: scan all
	for _, k := range c.split {
		m := n - k
		if complete {
			for a := 1; a <= m/2; a++ {
				st[g[a]^g[m-a]] = cur
			}
			continue
		}
		for _, a := range s.sparse {
			if int(a) >= m {
				break
			}
			st[g[a]^g[m-int(a)]] = cur
		}
	}
	for v := uint32(0); ; v++ {
		if int(v) < len(st) && st[v] == cur {
			continue
		}
		if complete || !s.found(n, v) {
			return v
		}
	}
}

// found searches the splits of heap n for a rare value v, stopping at the
// first. The split digits are searched side by side, so that a value one
// digit gives early costs little even when another digit cannot give it.
func (s *sparseRun[T]) found(n int, v uint32) bool {
	if uint64(v) > maxOf[T]() {
		return false
	}
	var ms [8]int
	ls := ms[:0]
	for _, k := range s.c.split {
		if m := n - k; m >= 2 && s.searchable(v, m) {
			ls = append(ls, m)
		}
	}
	g, w := s.g, T(v)
	switch len(ls) {
	case 0:
		return false
	case 1:
		m := ls[0]
		for a := 1; a <= m/2; a++ {
			if g[a]^g[m-a] == w {
				return true
			}
		}
	default:
		top := ls[0] / 2 // ls[0] is the largest: split digits ascend
		for a := 1; a <= top; a++ {
			for _, m := range ls {
				if a <= m/2 && g[a]^g[m-a] == w {
					return true
				}
			}
		}
	}
	s.scans++
	return false
}

// choose picks the mask (and whether heap parity counts) under which the
// fewest of the heaps n/2..n-1 are sparse, and lists the sparse heaps
// anew when it changes.
func (s *sparseRun[T]) choose(n int) {
	domainOK := s.c.twistOK && len(s.c.split) > 0
	mask, domain := bestMask(func(h int) uint32 { return uint32(s.g[h]) }, n, s.top, s.mask, s.domain, domainOK, s.c.t0)
	if mask == s.mask && domain == s.domain {
		return
	}
	s.mask, s.domain = mask, domain
	s.sparse = s.sparse[:0]
	for h := 1; h < n && (s.mask != 0 || s.domain); h++ {
		if s.isSparse(h) {
			s.sparse = append(s.sparse, int64(h))
		}
	}
}

// bestMask returns the mask (and, where domainOK, whether the parity of
// h-t0 counts too) under which the fewest of the heaps n/2..n-1 are
// sparse, keeping the current one unless another does strictly better;
// the zero mask when even the best leaves more than 1/maxSparse of them
// sparse (no sparse space: listing the sparse heaps and scanning them
// in full costs more than scanning every split).
func bestMask(val func(h int) uint32, n, top int, curMask uint32, curDomain, domainOK bool, t0 int) (uint32, bool) {
	width := min(max(top, 1), 10)
	hist := make([][2]int, 1<<width) // values beyond the width count in full
	var over int
	for h := n / 2; h < n; h++ {
		v := val(h)
		if v >= 1<<width {
			over++
			continue
		}
		hist[v][h&1]++
	}
	count := func(mask uint32, domain bool) int {
		c := over
		for v, ps := range hist {
			for par, k := range ps {
				u := bits.OnesCount32(uint32(v)&mask) & 1
				if domain {
					u ^= (par - t0) & 1
				}
				if u == 0 {
					c += k
				}
			}
		}
		return c
	}
	bestMask, bestDomain := curMask, curDomain
	best := count(curMask, curDomain)
	for mask := uint32(1); mask < 1<<width; mask++ {
		for _, domain := range []bool{false, true} {
			if domain && !domainOK {
				continue
			}
			if c := count(mask, domain); c < best {
				best, bestMask, bestDomain = c, mask, domain
			}
		}
	}
	if best > (n-n/2)/maxSparse {
		return 0, false
	}
	return bestMask, bestDomain
}
