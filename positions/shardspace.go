package positions

import (
	"encoding/binary"
	"fmt"
	"sort"
)

// cuts say which peer holds each position of a shard's space: peer r
// holds those from its first position up to the next peer's first. Only
// peers 0..live-1 hold any; rank 0 holds everything before the first
// position of peer 1.
type cuts struct {
	me, live int
	cells    []uint64 // dense: the cell of each live peer's first position
	keys     [][]byte // hashed: the packed key of each live peer's first position
	wordLo   int      // dense: the word of the box where this shard's membership bits begin
	words    int      // dense: the words of the whole box
}

// owner is the peer that holds a position, if any peer does: the one
// whose Index decides whether it is in the space. A whole space holds
// every position itself.
func (s *Space) owner(piles []int64, hist int) int {
	c := s.shard
	if c == nil || c.live <= 1 {
		return 0
	}
	if s.dense {
		cell, ok := s.cell(piles, hist)
		if !ok {
			return c.me // in no shard's box: in no shard
		}
		return sort.Search(c.live-1, func(r int) bool { return c.cells[r+1] > cell })
	}
	var local [160]byte
	key := pack(local[:0], piles, uint32(hist))
	return sort.Search(c.live-1, func(r int) bool { return comparePacked(c.keys[r+1], key, s.piles) > 0 })
}

// Mine tells whether this peer holds the position if any peer does.
func (s *Space) mine(piles []int64, hist int) bool {
	return s.shard == nil || s.owner(piles, hist) == s.shard.me
}

// comparePacked orders two packed keys of piles piles by pile values,
// then history.
func comparePacked(a, b []byte, piles int) int {
	for k := 0; k <= piles; k++ {
		var va, vb int64
		var na, nb int
		if k < piles {
			va, na = binary.Varint(a)
			vb, nb = binary.Varint(b)
		} else {
			ua, _ := binary.Uvarint(a)
			ub, _ := binary.Uvarint(b)
			va, vb = int64(ua), int64(ub)
		}
		if va != vb {
			if va < vb {
				return -1
			}
			return 1
		}
		a, b = a[na:], b[nb:]
	}
	return 0
}

// readKey reads one packed key from the front of b into piles, and
// returns its history and the rest of b.
func readKey(b []byte, piles []int64) (uint32, []byte, error) {
	for k := range piles {
		v, n := binary.Varint(b)
		if n <= 0 {
			return 0, nil, fmt.Errorf("positions: a truncated position in a message")
		}
		piles[k] = v
		b = b[n:]
	}
	h, n := binary.Uvarint(b)
	if n <= 0 || h > 1<<31 {
		return 0, nil, fmt.Errorf("positions: a truncated position in a message")
	}
	return uint32(h), b[n:], nil
}

// keyLen is the length of the packed key at the front of b (which is
// whole).
func keyLen(b []byte, piles int) int {
	n := 0
	for k := 0; k <= piles; k++ {
		for b[n] >= 0x80 {
			n++
		}
		n++
	}
	return n
}
