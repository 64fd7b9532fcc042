package positions

import (
	"math/bits"
	"retro/rules"
)

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

// Decode writes the piles of cell c into p and returns its history.
func (b *box) Decode(c uint64, p []int64) int {
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
			return BoxCeiling + 1
		}
		hi, lo := bits.Mul64(v, uint64(s))
		if hi != 0 || lo > BoxCeiling {
			return BoxCeiling + 1
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
	if d := uint64(hi) - uint64(lo); d < BoxCeiling {
		return int64(d) + 1
	}
	return 0
}

// Sides are the sides of the box lo..hi, pile by pile; a side of 0 makes
// its volume more than boxCeiling.
func Sides(lo, hi []int64) []int64 {
	size := make([]int64, len(lo))
	for k := range lo {
		size[k] = side(lo[k], hi[k])
	}
	return size
}

// DecodeCell writes the piles of a cell of the box lo, size into p.
func DecodeCell(cell int64, lo, size, p []int64) {
	for k := len(size) - 1; k >= 0; k-- {
		p[k] = lo[k] + cell%size[k]
		cell /= size[k]
	}
}

// CopyBits copies n bits of src from bit from to dst at bit to.
func CopyBits(dst Bitset, to int64, src Bitset, from int64, n int64) {
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

// SetBits sets the bits from..to of b, inclusive.
func SetBits(b Bitset, from, to int64) {
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

// EachMember calls fn for every member of a dense box (the tuples
// lo..lo+size-1, each with hist history values, numbered as a dense Space
// numbers them), in cell order (up) or against it, with the cell, the
// piles (a slice reused between calls) and the history, until fn returns
// false. fn may add members ahead of the cell it is given, in the order
// of the walk; they are visited too. It reports whether the walk went to
// the end.
func EachMember(member Bitset, lo, size []int64, hist int, up bool, fn func(cell int64, p []int64, h int) bool) bool {
	return EachMemberFrom(member, lo, size, hist, up, 0, fn)
}

// EachMemberFrom is EachMember from the walk's row from on (a row: the
// cells of one tuple of every pile but the last; the walk's row r0 is row
// r0 of the box up, rows-1-r0 down), so that a walk stopped after a row
// goes on where it stood.
func EachMemberFrom(member Bitset, lo, size []int64, hist int, up bool, from int64, fn func(cell int64, p []int64, h int) bool) bool {
	np := len(size)
	last := np - 1
	row := size[last] * int64(hist)
	vol := int64(hist)
	for _, s := range size {
		vol *= s
	}
	rows := vol / row
	p := make([]int64, np)
	for r0 := from; r0 < rows; r0++ {
		r := r0
		if !up {
			r = rows - 1 - r0
		}
		DecodeCell(r*size[last], lo, size, p)
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
				h, off := 0, cell-base
				if hist > 1 {
					h, off = int(off%int64(hist)), off/int64(hist)
				}
				p[last] = lo[last] + off
				if !fn(cell, p, h) {
					return false
				}
			}
		}
	}
	return true
}

// CellBox is a box's numbering of its cells, for a path that walks the
// cells of a box itself (the un-move path's search).
type CellBox struct{ b box }

// NewCellBox numbers the cells of the box whose piles run over
// lo..lo+size-1, hist histories a tuple.
func NewCellBox(lo, size []int64, hist int) CellBox {
	return CellBox{box{piles: len(lo), hist: hist, lo: lo, size: size}}
}

// Volume is the number of cells, or more than the ceiling of a box when
// that is too many to number.
func (c CellBox) Volume() uint64 { return c.b.volume(c.b.size) }

// Decode writes the piles of cell x into p and returns its history.
func (c CellBox) Decode(x uint64, p []int64) int { return c.b.Decode(x, p) }

// FullSpace is the dense space of every tuple of the box lo, size, with
// no history: every cell a position.
func FullSpace(g *rules.Game, lo, size []int64) *Space {
	sp := &Space{game: g, box: box{piles: len(lo), hist: 1, lo: lo, size: size}, dense: true}
	vol := sp.volume(size)
	member := NewBitset(int(vol))
	for w := range member {
		member[w] = ^uint64(0)
	}
	if r := vol % 64; r != 0 {
		member[len(member)-1] = 1<<r - 1
	}
	sp.member = member
	sp.rank, sp.n = rankDirectory(member)
	return sp
}

// Strides are the cells between neighbours of each pile in a box of the
// given sides whose tuples carry hist history values each.
func Strides(size []int64, hist int) []int64 {
	st := make([]int64, len(size))
	s := int64(hist)
	for k := len(size) - 1; k >= 0; k-- {
		st[k] = s
		s *= size[k]
	}
	return st
}
