package positions

// growBox is the set of positions found so far while their bounding box is
// small: one bit per cell of a box that grows, doubling a side at a time, to
// take in every position added. It gives up (add returns ok = false) when
// the box would hold too many cells per position, and the caller moves to a
// hashed set.
type growBox struct {
	box
	bits   Bitset
	count  int
	fixed  bool // a [bounds] box: never grows
	nonNeg bool // piles never go below zero
	// afford, when set, tells whether extra bytes more fit the memory
	// budget; the box does not grow beyond it.
	afford func(extra int64) bool
}

// While positions are being found, a box may grow to growFloor cells (one
// bit each), or growRatio cells per position found, but never beyond
// growCeiling, before the set moves to a hash index. Once they are all
// found, the space is dense when its tight box has at most sparseRatio
// cells per position, or sparseFloor cells in all.
var (
	growFloor   uint64 = 1 << 26
	growRatio   uint64 = 256
	growCeiling uint64 = 1 << 31
	sparseRatio uint64 = 64
	sparseFloor uint64 = 1 << 24
)

const BoxCeiling = 1 << 40

// newGrowBox makes an empty set over the box lo..lo+size-1, whose volume
// the caller has checked.
func newGrowBox(piles, hist int, lo, size []int64, fixed, nonNeg bool) *growBox {
	g := &growBox{box: box{piles: piles, hist: hist, lo: append([]int64(nil), lo...), size: append([]int64(nil), size...)},
		fixed: fixed, nonNeg: nonNeg}
	g.bits = NewBitset(int(g.volume(g.size)))
	return g
}

// growLimit is the most cells the box may have for count positions.
func growLimit(count int) uint64 {
	return min(growCeiling, max(growFloor, growRatio*uint64(count)))
}

func (g *growBox) has(p []int64, h int) bool {
	c, ok := g.cell(p, h)
	return ok && g.bits.Has(int(c))
}

func (g *growBox) remove(p []int64, h int) {
	if c, ok := g.cell(p, h); ok && g.bits.Has(int(c)) {
		g.bits.Clear(int(c))
		g.count--
	}
}

// add puts a position in the set; isNew tells whether it was not there yet,
// ok = false that the box may not grow to take it in.
func (g *growBox) add(p []int64, h int) (isNew, ok bool) {
	c, in := g.cell(p, h)
	if !in {
		if g.fixed || !g.grow(p) {
			return false, false
		}
		c, _ = g.cell(p, h)
	}
	if g.bits.Has(int(c)) {
		return false, true
	}
	g.bits.Set(int(c))
	g.count++
	return true, true
}

func (g *growBox) grow(p []int64) bool {
	lo := append([]int64(nil), g.lo...)
	size := append([]int64(nil), g.size...)
	for k, v := range p {
		if v < lo[k] {
			// Down to v less the old side (at most), not below 0 when piles
			// are never negative; in uint64, as the span may pass 2^63.
			nl := v - size[k]
			if nl > v { // overflow
				nl = v
			}
			if g.nonNeg && nl < 0 {
				nl = 0
			}
			s := side(nl, lo[k]+size[k]-1)
			if s == 0 {
				return false
			}
			size[k], lo[k] = s, nl
		}
		if d := uint64(v) - uint64(lo[k]); d >= uint64(size[k]) {
			if d >= BoxCeiling {
				return false
			}
			size[k] = max(2*size[k], int64(d)+1)
		}
	}
	vol := g.volume(size)
	if vol > growLimit(g.count) || g.afford != nil && !g.afford(int64(vol)/8) {
		return false
	}
	old := *g
	g.lo, g.size = lo, size
	g.bits = NewBitset(int(vol))
	t := make([]int64, g.piles)
	for c := old.bits.Next(0); c >= 0; c = old.bits.Next(c + 1) {
		h := old.Decode(uint64(c), t)
		nc, _ := g.cell(t, h)
		g.bits.Set(int(nc))
	}
	return true
}

// each calls fn for every position in the set, in cell order.
func (g *growBox) each(fn func(p []int64, h int)) {
	t := make([]int64, g.piles)
	for c := g.bits.Next(0); c >= 0; c = g.bits.Next(c + 1) {
		h := g.Decode(uint64(c), t)
		fn(t, h)
	}
}
