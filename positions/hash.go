package positions

import (
	"encoding/binary"
	"fmt"
	"sort"
)

// keyIndex is the index of a hashed space: its keys in index order.
type keyIndex interface {
	len() int
	find(piles []int64, hist uint32) int32    // the id of a key, or -1; safe for concurrent use
	tuple(id int32, piles []int64) uint32     // the piles and history of key id
	unpack() (tuples []int64, hists []uint32) // every key, flat
	bytes() int64                             // the memory it takes
}

// keyWalker is a keyIndex that walks its keys in order faster than it
// finds them one by one: ids lo..hi-1, with their piles (which fn may
// change) and no history.
type keyWalker interface {
	walk(lo, hi int32, fn func(id int32, piles []int64) error) error
}

// hashIndex is a set of (piles, history) keys with ids in insertion order.
// Each key is kept packed, its pile values and history as varints one after
// another (a pile of 0 takes one byte), and an open-addressing table of ids,
// each with a tag of the key's hash, finds them. Sparse games have many
// piles of small values: 64 piles cost about 64 bytes a key here, against
// 512 unpacked.
type hashIndex struct {
	piles int
	data  []byte   // the packed keys, one after another
	off   []uint64 // key id starts at data[off[id]]; len = keys + 1
	table []uint64 // a slot: the key's tag (its hash's top 32 bits) and id+1; 0: empty
	mask  uint64
	buf   []byte // scratch of add, which is not safe for concurrent use
}

func newHashIndex(piles int) *hashIndex {
	h := &hashIndex{piles: piles, off: []uint64{0}}
	h.rehash(1 << 10)
	return h
}

func (h *hashIndex) len() int { return len(h.off) - 1 }

// pack appends the packed key to b.
func pack(b []byte, piles []int64, hist uint32) []byte {
	for _, v := range piles {
		b = binary.AppendVarint(b, v)
	}
	return binary.AppendUvarint(b, uint64(hist))
}

func (h *hashIndex) key(id int32) []byte { return h.data[h.off[id]:h.off[id+1]] }

// tuple decodes key id into piles and returns its history.
func (h *hashIndex) tuple(id int32, piles []int64) uint32 {
	b := h.key(id)
	for k := range piles {
		v, n := binary.Varint(b)
		piles[k] = v
		b = b[n:]
	}
	hist, _ := binary.Uvarint(b)
	return uint32(hist)
}

// hashBytes mixes a packed key, eight bytes at a time, and finishes with
// the finaliser of MurmurHash3 so that every bit reaches the low bits that
// choose the slot.
func hashBytes(b []byte) uint64 {
	x := uint64(len(b))
	for len(b) >= 8 {
		x = (x ^ binary.LittleEndian.Uint64(b)) * 0x9E3779B97F4A7C15
		x ^= x >> 32
		b = b[8:]
	}
	var tail uint64
	for k, c := range b {
		tail |= uint64(c) << (8 * k)
	}
	x = (x ^ tail) * 0x9E3779B97F4A7C15
	x ^= x >> 33
	x *= 0xFF51AFD7ED558CCD
	x ^= x >> 33
	x *= 0xC4CEB9FE1A85EC53
	return x ^ x>>33
}

// slot finds a key's slot and id, -1 when it is not there. A slot's tag
// spares most comparisons with other keys: many-pile keys share long
// runs of bytes.
func (h *hashIndex) slot(key []byte) (uint64, int32) { return h.slotOf(key, hashBytes(key)) }

// slotOf is slot of a key whose hash is x.
func (h *hashIndex) slotOf(key []byte, x uint64) (uint64, int32) {
	tag := x &^ (1<<32 - 1)
	for s := x & h.mask; ; s = (s + 1) & h.mask {
		e := h.table[s]
		if e == 0 {
			return s, -1
		}
		if e&^(1<<32-1) == tag {
			if id := int32(e) - 1; string(h.key(id)) == string(key) {
				return s, id
			}
		}
	}
}

// entry is the slot of key id, whose hash is x.
func entry(x uint64, id int32) uint64 { return x&^(1<<32-1) | uint64(id+1) }

// find returns the id of a key, or -1. It is safe for concurrent use.
func (h *hashIndex) find(piles []int64, hist uint32) int32 {
	var local [160]byte
	_, id := h.slot(pack(local[:0], piles, hist))
	return id
}

// add inserts a key and returns its id and whether it is new.
func (h *hashIndex) add(piles []int64, hist uint32) (int32, bool) {
	h.buf = pack(h.buf[:0], piles, hist)
	return h.addKey(h.buf)
}

// addKey is add of a key packed already (copied in when new).
func (h *hashIndex) addKey(key []byte) (int32, bool) {
	x := hashBytes(key)
	s, id := h.slotOf(key, x)
	if id >= 0 {
		return id, false
	}
	id = int32(h.len())
	h.data = append(h.data, key...)
	h.off = append(h.off, uint64(len(h.data)))
	h.table[s] = entry(x, id)
	if uint64(h.len())*2 > h.mask {
		h.rehash(2 * len(h.table))
	}
	return id, true
}

func (h *hashIndex) rehash(size int) {
	h.table = make([]uint64, size)
	h.mask = uint64(size - 1)
	for id := 0; id < h.len(); id++ {
		x := hashBytes(h.key(int32(id)))
		s := x & h.mask
		for h.table[s] != 0 {
			s = (s + 1) & h.mask
		}
		h.table[s] = entry(x, int32(id))
	}
}

// compare orders keys by pile values, then history.
func (h *hashIndex) compare(a, b int32) int { return comparePacked(h.key(a), h.key(b), h.piles) }

// sorted returns a new index holding the keys for which keep is true, with
// ids in key order, and for every old id its new id (-1 when dropped).
func (h *hashIndex) sorted(keep func(id int32) bool) (*hashIndex, []int32) {
	var ids []int32
	for id := 0; id < h.len(); id++ {
		if keep(int32(id)) {
			ids = append(ids, int32(id))
		}
	}
	sort.Slice(ids, func(a, b int) bool { return h.compare(ids[a], ids[b]) < 0 })
	out := &hashIndex{piles: h.piles, off: make([]uint64, 1, len(ids)+1)}
	remap := make([]int32, h.len())
	for i := range remap {
		remap[i] = -1
	}
	for n, id := range ids {
		out.data = append(out.data, h.key(id)...)
		out.off = append(out.off, uint64(len(out.data)))
		remap[id] = int32(n)
	}
	out.rehash(tableSize(len(ids)))
	return out, remap
}

func tableSize(n int) int {
	size := 1 << 10
	for size < 2*n+2 {
		size *= 2
	}
	return size
}

// unpack returns the keys as flat pile values and histories.
func (h *hashIndex) unpack() ([]int64, []uint32) {
	tuples := make([]int64, h.len()*h.piles)
	hists := make([]uint32, h.len())
	for id := range hists {
		hists[id] = h.tuple(int32(id), tuples[id*h.piles:(id+1)*h.piles])
	}
	return tuples, hists
}

// packAll builds an index of keys given flat, which must be in key order.
func packAll(piles int, tuples []int64, hists []uint32) (*hashIndex, error) {
	h := &hashIndex{piles: piles, off: make([]uint64, 1, len(hists)+1)}
	for id, hist := range hists {
		h.data = pack(h.data, tuples[id*piles:(id+1)*piles], hist)
		h.off = append(h.off, uint64(len(h.data)))
		if id > 0 && h.compare(int32(id-1), int32(id)) >= 0 {
			return nil, fmt.Errorf("%w: tuples out of order at %d", ErrBadSpace, id)
		}
	}
	h.rehash(tableSize(len(hists)))
	return h, nil
}
