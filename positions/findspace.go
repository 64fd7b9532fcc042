package positions

// The set the search found becomes a Space: dense, a box with a rank
// directory, when the positions fill their tight box well, hashed
// otherwise; a [bounds] game without history or horizon is its whole box.

// wholeBox is the space of a [bounds] game without history or horizon:
// every tuple of the box, nothing else. boxFits has checked its volume.
func (f *finder) wholeBox() (*Space, error) {
	lo, hi := make([]int64, f.piles), make([]int64, f.piles)
	for k, r := range f.bounds {
		lo[k], hi[k] = r.Lo, r.Hi
	}
	size := Sides(lo, hi)
	b := newGrowBox(f.piles, 1, lo, size, true, false)
	vol := b.volume(size)
	if err := f.Opt.Afford("the box", int(vol), int64(vol)/8*2+int64(vol)/16); err != nil {
		return nil, err
	}
	for i := range b.bits {
		b.bits[i] = ^uint64(0)
	}
	if r := int(vol) % 64; r != 0 {
		b.bits[len(b.bits)-1] = 1<<r - 1
	}
	b.count = int(vol)
	f.box = b
	return f.space()
}

// space turns the set found into a Space. The finder's sets are let go:
// only the depths and the unexplored positions stay, for the graph. The
// space is dense when the positions found fill their tight box well
// (isDense), however the search kept them on its way, so that the kind of
// index is a function of the set alone; under a horizon, which needs each
// position's depth, it is hashed.
func (f *finder) space() (*Space, error) {
	sp := &Space{game: f.g, box: box{piles: f.piles, hist: f.hist}}
	if f.box != nil {
		for w := f.piles + 1; len(f.dead) >= w; f.dead = f.dead[w:] {
			f.box.remove(f.dead[:f.piles], int(f.dead[f.piles]))
		}
		f.dead = nil
	}
	if f.Opt.Horizon < 0 {
		dense, err := f.denseSpace(sp)
		if err != nil || dense {
			f.box, f.hash, f.gone = nil, nil, nil
			return sp, err
		}
	}
	if f.box != nil {
		if err := f.toHash(); err != nil {
			return nil, err
		}
	}
	if err := f.Opt.Afford("the index", f.hash.len(), f.bytes()+f.hash.bytes()); err != nil {
		return nil, err
	}
	idx, remap := f.hash.sorted(func(id int32) bool { return !f.gone[id] })
	f.hash, f.gone = nil, nil
	sp.index = idx
	sp.n = idx.len()
	if f.depth != nil {
		d := make([]uint32, sp.n)
		for id, nid := range remap {
			if nid >= 0 {
				d[nid] = f.depth[id]
			}
		}
		f.depth = d
	}
	for k, id := range f.unexp {
		f.unexp[k] = remap[id]
	}
	return sp, nil
}

// each calls fn for every position found and kept, from the box or the
// hash index, in no set order.
func (f *finder) each(fn func(p []int64, h int)) {
	if f.box != nil {
		f.box.each(fn)
		return
	}
	t := make([]int64, f.piles)
	for id := range f.hash.len() {
		if !f.gone[id] {
			h := f.hash.tuple(int32(id), t)
			fn(t, int(h))
		}
	}
}

// IsDense tells whether n positions whose tight box has vol cells are
// indexed densely: when the box has at most sparseRatio cells a
// position, or sparseFloor cells in all.
func IsDense(vol uint64, n int) bool { return vol <= max(sparseFloor, sparseRatio*uint64(n)) }

// tightBox is the bounding box of some positions: its low corner and
// sides (each 1 when there are none).
func tightBox(piles int, each func(fn func(p []int64, h int))) (lo, size []int64) {
	lo, hi := make([]int64, piles), make([]int64, piles)
	first := true
	each(func(p []int64, _ int) {
		if first {
			copy(lo, p)
			copy(hi, p)
			first = false
		}
		for k, v := range p {
			lo[k], hi[k] = min(lo[k], v), max(hi[k], v)
		}
	})
	return lo, Sides(lo, hi)
}

// denseSpace fits a box tightly around the positions found and ranks them;
// it returns false, leaving sp alone, when that box is sparse.
func (f *finder) denseSpace(sp *Space) (bool, error) {
	n := f.count()
	if f.box == nil {
		n = 0
		for _, g := range f.gone {
			if !g {
				n++
			}
		}
	}
	lo, size := tightBox(f.piles, f.each)
	tight := &growBox{box: box{piles: f.piles, hist: f.hist, lo: lo, size: size}}
	vol := tight.volume(tight.size)
	if !IsDense(vol, n) {
		return false, nil
	}
	if err := f.Opt.Afford("the index", n, f.bytes()+int64(vol)/8+int64(vol)/16); err != nil {
		return false, err
	}
	tight.bits = NewBitset(int(vol))
	sp.dense = true
	f.each(func(p []int64, h int) { tight.add(p, h) })
	sp.lo, sp.size, sp.member = tight.lo, tight.size, tight.bits
	sp.rank, sp.n = rankDirectory(sp.member)
	return true, nil
}
