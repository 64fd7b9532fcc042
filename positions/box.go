package positions

import "math/bits"

// box numbers the tuples of a box of piles, each with every history value,
// in mixed radix: the first pile slowest, the history fastest. Dense spaces
// and the growing set of discovery both number their cells so.
type box struct {
	piles, hist int
	lo, size    []int64 // each pile runs over lo..lo+size-1
}

// cell is the number of a position, and false when it is outside the box.
// The offsets are taken in uint64, so that a pile far from the box (a
// signed game may span more than 2^63) is never wrapped into it.
func (b *box) cell(p []int64, h int) (uint64, bool) {
	var c uint64
	for k, v := range p {
		if v < b.lo[k] {
			return 0, false
		}
		d := uint64(v) - uint64(b.lo[k])
		if d >= uint64(b.size[k]) {
			return 0, false
		}
		c = c*uint64(b.size[k]) + d
	}
	return c*uint64(b.hist) + uint64(h), true
}

// decode writes the piles of cell c into p and returns its history.
func (b *box) decode(c uint64, p []int64) int {
	h := int(c % uint64(b.hist))
	c /= uint64(b.hist)
	for k := b.piles - 1; k >= 0; k-- {
		s := uint64(b.size[k])
		p[k] = b.lo[k] + int64(c%s)
		c /= s
	}
	return h
}

// volume is the number of cells of a box of the given sides, or more than
// boxCeiling when that is too many to number.
func (b *box) volume(size []int64) uint64 {
	v := uint64(b.hist)
	for _, s := range size {
		if s <= 0 {
			return boxCeiling + 1
		}
		hi, lo := bits.Mul64(v, uint64(s))
		if hi != 0 || lo > boxCeiling {
			return boxCeiling + 1
		}
		v = lo
	}
	return v
}

// side is the number of values lo..hi, or 0 when they are more than
// boxCeiling (or none).
func side(lo, hi int64) int64 {
	if hi < lo {
		return 0
	}
	if d := uint64(hi) - uint64(lo); d < boxCeiling {
		return int64(d) + 1
	}
	return 0
}

// sides are the sides of the box lo..hi, pile by pile; a side of 0 makes
// its volume more than boxCeiling.
func sides(lo, hi []int64) []int64 {
	size := make([]int64, len(lo))
	for k := range lo {
		size[k] = side(lo[k], hi[k])
	}
	return size
}
