package positions

import "sort"

// hashIndex is a set of (piles, history) keys with ids in insertion order:
// the tuples are kept flat and an open-addressing table of ids finds them.
// It costs (piles+1)·8 bytes per key plus the table.
type hashIndex struct {
	piles  int
	tuples []int64
	hists  []uint32
	table  []int32 // -1: empty
	mask   uint64
}

func newHashIndex(piles int) *hashIndex {
	h := &hashIndex{piles: piles}
	h.rehash(1 << 10)
	return h
}

func (h *hashIndex) len() int { return len(h.hists) }

func (h *hashIndex) tuple(id int32) []int64 {
	return h.tuples[int(id)*h.piles : int(id+1)*h.piles]
}

func hashKey(piles []int64, hist uint32) uint64 {
	x := uint64(hist)
	for _, v := range piles {
		x = (x ^ uint64(v)) * 0x9E3779B97F4A7C15
		x ^= x >> 32
	}
	// The finaliser of MurmurHash3: every bit of the key reaches the low
	// bits that choose the slot.
	x ^= x >> 33
	x *= 0xFF51AFD7ED558CCD
	x ^= x >> 33
	x *= 0xC4CEB9FE1A85EC53
	return x ^ x>>33
}

func (h *hashIndex) equal(id int32, piles []int64, hist uint32) bool {
	if h.hists[id] != hist {
		return false
	}
	t := h.tuple(id)
	for k, v := range piles {
		if t[k] != v {
			return false
		}
	}
	return true
}

// find returns the id of a key, or -1.
func (h *hashIndex) find(piles []int64, hist uint32) int32 {
	for s := hashKey(piles, hist) & h.mask; ; s = (s + 1) & h.mask {
		id := h.table[s]
		if id < 0 || h.equal(id, piles, hist) {
			return id
		}
	}
}

// add inserts a key and returns its id and whether it is new.
func (h *hashIndex) add(piles []int64, hist uint32) (int32, bool) {
	s := hashKey(piles, hist) & h.mask
	for ; ; s = (s + 1) & h.mask {
		id := h.table[s]
		if id < 0 {
			break
		}
		if h.equal(id, piles, hist) {
			return id, false
		}
	}
	id := int32(len(h.hists))
	h.tuples = append(h.tuples, piles...)
	h.hists = append(h.hists, hist)
	h.table[s] = id
	if uint64(len(h.hists))*2 > h.mask {
		h.rehash(2 * len(h.table))
	}
	return id, true
}

func (h *hashIndex) rehash(size int) {
	h.table = make([]int32, size)
	for i := range h.table {
		h.table[i] = -1
	}
	h.mask = uint64(size - 1)
	for id := range h.hists {
		s := hashKey(h.tuple(int32(id)), h.hists[id]) & h.mask
		for h.table[s] >= 0 {
			s = (s + 1) & h.mask
		}
		h.table[s] = int32(id)
	}
}

// less orders keys by pile values, then history.
func (h *hashIndex) less(a, b int32) bool {
	ta, tb := h.tuple(a), h.tuple(b)
	for k := range ta {
		if ta[k] != tb[k] {
			return ta[k] < tb[k]
		}
	}
	return h.hists[a] < h.hists[b]
}

// sorted returns a new index holding the keys for which keep is true, with
// ids in key order, and for every old id its new id (-1 when dropped).
func (h *hashIndex) sorted(keep func(id int32) bool) (*hashIndex, []int32) {
	var ids []int32
	for id := range h.hists {
		if keep(int32(id)) {
			ids = append(ids, int32(id))
		}
	}
	sort.Slice(ids, func(a, b int) bool { return h.less(ids[a], ids[b]) })
	out := &hashIndex{piles: h.piles}
	out.tuples = make([]int64, 0, len(ids)*h.piles)
	out.hists = make([]uint32, 0, len(ids))
	remap := make([]int32, len(h.hists))
	for i := range remap {
		remap[i] = -1
	}
	for n, id := range ids {
		out.tuples = append(out.tuples, h.tuple(id)...)
		out.hists = append(out.hists, h.hists[id])
		remap[id] = int32(n)
	}
	size := 1 << 10
	for size < 2*len(ids)+2 {
		size *= 2
	}
	out.rehash(size)
	return out, remap
}
