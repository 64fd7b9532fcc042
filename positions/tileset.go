package positions

import (
	"math/bits"
)

// tiling numbers the positions of a game of few piles with one 64-bit
// code each, so that the distributed search can keep them as bitmaps of
// tiles rather than in a hash index: each pile's value in zig-zag form
// (0, -1, 1, -2, ... as 0, 1, 2, 3, ...) takes w bits, its low s bits
// place the position in its tile and the others name the tile, and the
// history takes the lowest hb bits of the place. A tile is every
// position whose piles agree but in their low s bits: 2^(s·piles+hb)
// places, at most 2^16. A position some pile of which does not fit w
// bits has no code.
type tiling struct {
	piles, hb, w, s int
	place           int // bits of a place in a tile: s·piles + hb
}

// newTiling is the tiling of the positions of a game of piles piles and
// hist history values, or nil when a tile would not hold at least two
// values of every pile.
func newTiling(piles, hist int) *tiling {
	hb := bits.Len(uint(hist - 1))
	if piles == 0 || hb > 12 {
		return nil
	}
	w := (64 - hb) / piles
	s := min(w, (16-hb)/piles)
	if s < 1 || w < 8 {
		return nil
	}
	return &tiling{piles: piles, hb: hb, w: w, s: s, place: s*piles + hb}
}

func zigzag(v int64) uint64   { return uint64(v<<1) ^ uint64(v>>63) }
func unzigzag(z uint64) int64 { return int64(z>>1) ^ -int64(z&1) }

// code is the code of a position, and false when it has none.
func (t *tiling) code(p []int64, h int) (uint64, bool) {
	var tile, place uint64
	lowMask := uint64(1)<<t.s - 1
	for _, v := range p {
		z := zigzag(v)
		if z>>t.w != 0 {
			return 0, false
		}
		tile = tile<<(t.w-t.s) | z>>t.s
		place = place<<t.s | z&lowMask
	}
	return tile<<t.place | place<<t.hb | uint64(h), true
}

// decode writes the piles of a code into p and returns its history.
func (t *tiling) decode(c uint64, p []int64) int {
	h := int(c & (1<<t.hb - 1))
	place := c >> t.hb & (1<<(t.s*t.piles) - 1)
	tile := c >> t.place
	lowMask, highMask := uint64(1)<<t.s-1, uint64(1)<<(t.w-t.s)-1
	for k := t.piles - 1; k >= 0; k-- {
		p[k] = unzigzag((tile&highMask)<<t.s | place&lowMask)
		tile >>= t.w - t.s
		place >>= t.s
	}
	return h
}

// tileOwner is the peer of size that owns the positions of a code's
// tile during the search: neighbours in a tile go to one peer.
func (t *tiling) tileOwner(c uint64, size int) int {
	x := (c >> t.place) * 0x9E3779B97F4A7C15
	return int((x >> 32) % uint64(size))
}

// tileSet is a set of codes of a tiling: a bitmap of 2^place bits for
// every tile that holds any, found by a map from the tile's number (with
// the last tile asked for at hand, as moves mostly stay near).
type tileSet struct {
	t         *tiling
	index     map[uint64]int32
	tiles     []Bitset
	ids       []uint64 // the number of each tile, in the order made
	count     int
	last      uint64
	lastTile  int32
	placeMask uint64
}

func newTileSet(t *tiling) *tileSet {
	return &tileSet{t: t, index: map[uint64]int32{}, lastTile: -1, placeMask: 1<<t.place - 1}
}

// tile is the bitmap of a code's tile, made when create is set (nil when
// there is none).
func (s *tileSet) tile(c uint64, create bool) Bitset {
	id := c >> s.t.place
	if s.lastTile >= 0 && s.last == id {
		return s.tiles[s.lastTile]
	}
	k, ok := s.index[id]
	if !ok {
		if !create {
			return nil
		}
		k = int32(len(s.tiles))
		s.index[id] = k
		s.tiles = append(s.tiles, NewBitset(1<<s.t.place))
		s.ids = append(s.ids, id)
	}
	s.last, s.lastTile = id, k
	return s.tiles[k]
}

func (s *tileSet) has(c uint64) bool {
	b := s.tile(c, false)
	return b != nil && b.Has(int(c&s.placeMask))
}

// add puts a code in the set and tells whether it is new.
func (s *tileSet) add(c uint64) bool {
	b := s.tile(c, true)
	if b.Has(int(c & s.placeMask)) {
		return false
	}
	b.Set(int(c & s.placeMask))
	s.count++
	return true
}

func (s *tileSet) remove(c uint64) {
	if b := s.tile(c, false); b != nil && b.Has(int(c&s.placeMask)) {
		b.Clear(int(c & s.placeMask))
		s.count--
	}
}

// cells is the places of the tiles made.
func (s *tileSet) cells() int64 { return int64(len(s.tiles)) << s.t.place }

// bytes is what the set takes.
func (s *tileSet) bytes() int64 { return s.cells()/8 + int64(len(s.tiles))*48 }

// each calls fn for every code of the set, tile by tile in the order
// they were made.
func (s *tileSet) each(fn func(c uint64)) {
	for k, b := range s.tiles {
		base := s.ids[k] << s.t.place
		for i := b.Next(0); i >= 0; i = b.Next(i + 1) {
			fn(base | uint64(i))
		}
	}
}
