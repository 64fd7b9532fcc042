package positions

import (
	"fmt"
	"math/bits"
	"slices"
	"sort"
)

// A slice is the set of points c >= 0 (one value a pile) whose weighted
// sum Σ w_k·c_k is one of a few sums: the positions of a game whose every
// move keeps that sum lie on the slice of its starts' sums. The points
// are ranked in lexicographic order, the first pile slowest, by counting:
// comp_k(x), the completions of a prefix, is the number of tuples of
// piles k.. that bring a prefix of weighted sum x to one of the sums, and
// the points that agree with c on piles 0..k-1 and are below it on pile
// k number comp_k(x_k) - comp_k(x_k + w_k·c_k), x_k the weighted sum of
// c's piles before k. The rank of c is the sum of these over its piles
// that are not zero (a pile of 0 adds nothing). A shift that changes
// piles j0..j1 keeps the sum, so it changes only the terms of the piles
// j0..j1 that are not zero before or after it: the rank of a successor
// is the rank of its position and a few table look-ups (stepRank).
//
// The counts are kept in 32 bits, wrapping: a rank is a sum of
// differences, right modulo 2^32 and below 2^32, so right. Every count
// read at a prefix of a point is at most the points of the slice.

// maxSlicePoints is the most points a slice ranks: a rank is 32-bit.
const maxSlicePoints = 1<<32 - 1

type slice struct {
	weight []int64
	sums   []int64 // ascending
	stride int     // the largest sum + 1
	comp   []uint32
	points uint64
}

// newSlice counts the completions of the slice of the given sums, or
// says why it does not: a count table of more than maxCells cells, or
// more than maxPoints points.
func newSlice(weight, sums []int64, maxPoints uint64, maxCells int64) (*slice, string) {
	p := len(weight)
	top := sums[len(sums)-1]
	if top >= maxCells/int64(p+1) {
		return nil, fmt.Sprintf("the table counting the points of the kept sum %d would have more than %d cells", top, maxCells)
	}
	s := &slice{weight: weight, sums: sums, stride: int(top) + 1}
	s.comp = make([]uint32, (p+1)*s.stride)
	// comp_P(x) = 1 when x is a sum; comp_k(x) = comp_{k+1}(x) +
	// comp_k(x + w_k), counted in 64 bits, held at 2^32 at most.
	const ceiling = 1 << 32
	next := make([]uint64, s.stride)
	row := make([]uint64, s.stride)
	for _, v := range sums {
		next[v] = 1
	}
	s.fill(p, next)
	for k := p - 1; k >= 0; k-- {
		w := int(weight[k])
		for x := s.stride - 1; x >= 0; x-- {
			row[x] = next[x]
			if x+w < s.stride {
				row[x] = min(row[x]+row[x+w], ceiling)
			}
		}
		s.fill(k, row)
		row, next = next, row
	}
	s.points = next[0]
	if s.points > maxPoints {
		return nil, fmt.Sprintf("the slice of the kept sum has more than %d points", maxPoints)
	}
	return s, ""
}

// fill writes row k of the table.
func (s *slice) fill(k int, row []uint64) {
	out := s.comp[k*s.stride : (k+1)*s.stride]
	for x, v := range row {
		out[x] = uint32(min(v, maxSlicePoints))
	}
}

func (s *slice) piles() int { return len(s.weight) }

// at is comp_k(x).
func (s *slice) at(k int, x int64) uint32 { return s.comp[k*s.stride+int(x)] }

// rank is the rank of point v, and false when v is not on the slice.
func (s *slice) rank(v []int64) (uint32, bool) {
	if len(v) != len(s.weight) {
		return 0, false
	}
	top := int64(s.stride - 1)
	var sum int64
	for k, c := range v {
		if c < 0 || c > top/s.weight[k] {
			return 0, false
		}
		sum += c * s.weight[k] // at most piles times top: the table is larger
	}
	if _, ok := slices.BinarySearch(s.sums, sum); !ok {
		return 0, false
	}
	var r uint32
	var x int64
	for k, c := range v {
		if c != 0 {
			r += s.at(k, x)
			x += c * s.weight[k]
			r -= s.at(k, x)
		}
	}
	return r, true
}

// nextPile is the first pile k' >= k not zero in the point of rank r
// among those with prefix sum x before k (r counted from the first of
// them): the first whose completions with a zero there number at most
// r; -1 when the piles from k on are all zero.
func (s *slice) nextPile(k int, x int64, r uint32) int {
	p := len(s.weight)
	j := k + sort.Search(p-k, func(i int) bool { return s.at(k+i+1, x) <= r })
	if j == p {
		return -1
	}
	return j
}

// value is the value of pile k (not zero) in the point of rank r among
// those with prefix sum x before k, and the points among those below it.
func (s *slice) value(k int, x int64, r uint32) (int64, uint32) {
	w := s.weight[k]
	most := (int64(s.stride-1) - x) / w
	a := s.at(k, x)
	// the last c in 1..most with a - comp_k(x + w·c) <= r
	c := int64(sort.Search(int(most-1), func(i int) bool { return a-s.at(k, x+w*int64(i+2)) > r })) + 1
	return c, a - s.at(k, x+w*c)
}

// unrank writes the point of rank r.
func (s *slice) unrank(r uint32, piles []int64) {
	clear(piles)
	var x int64
	for k := 0; ; k++ {
		if k = s.nextPile(k, x, r); k < 0 {
			return
		}
		c, below := s.value(k, x, r)
		piles[k] = c
		r -= below
		x += c * s.weight[k]
	}
}

// sliceCursor holds one point of a slice, its piles that are not zero
// and, for each, its prefix sum and the ranks of the points that agree
// with it up to that pile, so that the next point asked for is found
// from the piles they share; and, once prepared, what stepRank reads.
type sliceCursor struct {
	s    *slice
	v    []int64  // the piles
	nz   []int32  // the piles not zero, ascending
	pre  []int64  // the weighted sum of the piles before nz[i]; pre[len(nz)] is the point's sum
	lo   []uint32 // the points that agree with it up to pile nz[i] have ranks lo[i]..lo[i]+size[i]-1
	size []uint32
	rank uint32

	// prepared: first[k] is the first i with nz[i] >= k, term[i] pile
	// nz[i]'s term of the rank, and at[len(nz)] a pile past the last
	first []int32
	term  []uint32
	at    []int32
}

func newSliceCursor(s *slice) *sliceCursor {
	return &sliceCursor{s: s, v: make([]int64, s.piles()), pre: []int64{0}, first: make([]int32, s.piles()+1)}
}

// seek moves the cursor to the point of rank r.
func (c *sliceCursor) seek(r uint32) {
	s := c.s
	n := len(c.nz)
	for n > 0 && r-c.lo[n-1] >= c.size[n-1] {
		n--
		c.v[c.nz[n]] = 0
	}
	c.nz, c.pre, c.lo, c.size = c.nz[:n], c.pre[:n+1], c.lo[:n], c.size[:n]
	k, x, base := 0, int64(0), uint32(0)
	if n > 0 {
		k, x, base = int(c.nz[n-1])+1, c.pre[n], c.lo[n-1]
	}
	left := r - base
	for {
		if k = s.nextPile(k, x, left); k < 0 {
			break
		}
		v, below := s.value(k, x, left)
		x += v * s.weight[k]
		base += below
		left -= below
		c.v[k] = v
		c.nz = append(c.nz, int32(k))
		c.pre = append(c.pre, x)
		c.lo = append(c.lo, base)
		c.size = append(c.size, s.at(k+1, x))
		k++
	}
	c.rank = r
}

// prepare works out what stepRank reads of the point.
func (c *sliceCursor) prepare() {
	s := c.s
	c.term, c.at = c.term[:0], append(c.at[:0], c.nz...)
	c.at = append(c.at, int32(s.piles()))
	k := 0
	for i, p := range c.at {
		for ; k <= int(p) && k < len(c.first); k++ {
			c.first[k] = int32(i)
		}
		if i < len(c.nz) {
			base := int(p) * s.stride
			c.term = append(c.term, s.comp[base+int(c.pre[i])]-s.comp[base+int(c.pre[i+1])])
		}
	}
}

// stepRank is the rank of the point a shift leads to from the cursor's
// (prepared): the shift adds deltas[t] to pile piles[t], piles
// ascending, and keeps the weighted sum (the result must be a point: no
// pile below 0). The terms of the piles not zero between the shift's are
// read again at their prefix sums moved by the shift's piles before them.
func (c *sliceCursor) stepRank(piles []int32, deltas []int64) uint32 {
	at, comp, stride, weight := c.at, c.s.comp, c.s.stride, c.s.weight
	i := c.first[piles[0]]
	x := c.pre[i] // the prefix sum before the next pile, and its change
	var dx int64
	r := c.rank
	for t, k := range piles {
		for ; at[i] < k; i++ {
			p := at[i]
			y := int(x+dx) + int(p)*stride
			x = c.pre[i+1]
			r += comp[y] - comp[y+int(x-c.pre[i])] - c.term[i]
		}
		old := c.v[k]
		if at[i] == k {
			r -= c.term[i]
			i++
		}
		if now := old + deltas[t]; now != 0 {
			y := int(x+dx) + int(k)*stride
			r += comp[y] - comp[y+int(weight[k]*now)]
		}
		x += weight[k] * old
		dx += weight[k] * deltas[t]
	}
	return r
}

// sliceIndex is the index of a space on a slice: a membership bitset over
// the slice's ranks, the positions' bits set, and its rank directory; a
// position's index is the members before its rank.
type sliceIndex struct {
	s      *slice
	member Bitset
	rank   ranks // the members in the words before each
	n      int
}

func newSliceIndex(s *slice, member Bitset) *sliceIndex {
	rank, n := rankDirectory(member)
	return &sliceIndex{s: s, member: member, rank: rank, n: n}
}

func (x *sliceIndex) len() int { return x.n }

// at is the index of the member of rank r, and false when r is not one.
func (x *sliceIndex) at(r uint32) (int32, bool) {
	w := r >> 6
	bit := uint64(1) << (r & 63)
	if x.member[w]&bit == 0 {
		return -1, false
	}
	return int32(x.rank.at(int(w)) + bits.OnesCount64(x.member[w]&(bit-1))), true
}

// sliceRank is the rank of member id.
func (x *sliceIndex) sliceRank(id int32) uint32 {
	w := x.rank.word(int(id), 0, x.rank.len())
	word := x.member[w]
	for k := int(id) - x.rank.at(w); k > 0; k-- {
		word &= word - 1
	}
	return uint32(w)<<6 + uint32(bits.TrailingZeros64(word))
}

func (x *sliceIndex) find(piles []int64, hist uint32) int32 {
	if hist != 0 {
		return -1
	}
	r, ok := x.s.rank(piles)
	if !ok {
		return -1
	}
	id, _ := x.at(r)
	return id
}

func (x *sliceIndex) tuple(id int32, piles []int64) uint32 {
	x.s.unrank(x.sliceRank(id), piles)
	return 0
}

// walk calls fn for the members lo..hi-1 in order, with their piles.
func (x *sliceIndex) walk(lo, hi int32, fn func(id int32, piles []int64) error) error {
	if lo >= hi {
		return nil
	}
	c := newSliceCursor(x.s)
	piles := make([]int64, x.s.piles()) // fn may write them: the cursor's stay
	r := int(x.sliceRank(lo))
	for id := lo; id < hi; id++ {
		c.seek(uint32(r))
		copy(piles, c.v)
		if err := fn(id, piles); err != nil {
			return err
		}
		r = x.member.Next(r + 1)
	}
	return nil
}

func (x *sliceIndex) unpack() ([]int64, []uint32) {
	p := x.s.piles()
	tuples := make([]int64, x.n*p)
	_ = x.walk(0, int32(x.n), func(id int32, piles []int64) error {
		copy(tuples[int(id)*p:], piles)
		return nil
	})
	return tuples, make([]uint32, x.n)
}

func (x *sliceIndex) bytes() int64 {
	return int64(len(x.member))*8 + x.rank.bytes() + int64(len(x.s.comp))*4
}
