package positions

import (
	"math/bits"
	"slices"
)

// Packed keys: a tuple of pile values as bit fields of a few 64-bit words,
// each pile as wide as the largest value it takes needs. The first pile
// takes the top bits of the first word, the next ones follow below it and
// no field crosses a word boundary, so comparing the words in order
// compares the tuples in index order. A move that adds constants to piles
// adds one packed number to the key.

// maxKeyWords is the most words a packed key may take.
const maxKeyWords = 4

// packedKey is a key of one to four words.
type packedKey interface {
	[1]uint64 | [2]uint64 | [3]uint64 | [4]uint64
}

// layout places the piles of a game in the words of a key.
type layout struct {
	width []uint8 // bits of each pile
	word  []uint8 // the word holding it
	shift []uint8 // its lowest bit in that word
	words int
	pile  []int16 // the pile of bit b of word w: pile[64*w+b]; -1 for none
}

// newLayout places piles of the given widths (each at most 63); ok is
// false when they need more than maxKeyWords words.
func newLayout(width []uint8) (layout, bool) {
	l := layout{width: width, word: make([]uint8, len(width)), shift: make([]uint8, len(width))}
	w, free := 0, 64
	for k, b := range width {
		if int(b) > free {
			w, free = w+1, 64
		}
		free -= int(b)
		l.word[k], l.shift[k] = uint8(w), uint8(free)
	}
	l.words = w + 1
	l.pile = make([]int16, 64*l.words)
	for b := range l.pile {
		l.pile[b] = -1
	}
	for k, b := range width {
		for i := range b {
			l.pile[64*int(l.word[k])+int(l.shift[k])+int(i)] = int16(k)
		}
	}
	return l, l.words <= maxKeyWords
}

// max is the largest value pile k can hold.
func (l *layout) max(k int) int64 { return int64(1)<<l.width[k] - 1 }

// bitsFor is the width a pile needs to hold v >= 0.
func bitsFor(v int64) uint8 { return uint8(bits.Len64(uint64(v))) }

// packKey returns the key of piles; false when a value is negative or
// does not fit its pile.
func packKey[K packedKey](l *layout, piles []int64) (K, bool) {
	var key K
	for k, v := range piles {
		if v < 0 || v > l.max(k) {
			return key, false
		}
		key[l.word[k]] |= uint64(v) << l.shift[k]
	}
	return key, true
}

// unpackKey writes the pile values of a key.
func unpackKey[K packedKey](l *layout, key K, piles []int64) {
	for k := range piles {
		piles[k] = int64(key[l.word[k]] >> l.shift[k] & (1<<l.width[k] - 1))
	}
}

// unpackNonZero writes the piles of a key that are not zero into piles
// (leaving the others alone) and appends them to nz, ascending: it reads
// the set bits only, which in a sparse game are few.
func unpackNonZero[K packedKey](l *layout, key K, piles []int64, nz []int32) []int32 {
	for w := 0; w < len(key); w++ {
		x := key[w]
		for x != 0 {
			k := l.pile[64*w+63-bits.LeadingZeros64(x)]
			s := l.shift[k]
			piles[k] = int64(x >> s)
			nz = append(nz, int32(k))
			x &= 1<<s - 1
		}
	}
	return nz
}

// delta is the packed number a shift adds to a key, in two's complement
// over the words (the last word least significant).
func (l *layout) delta(piles []int, deltas []int64, out []uint64) {
	clear(out)
	for i, k := range piles {
		d := make([]uint64, len(out))
		w, s := int(l.word[k]), l.shift[k]
		v := uint64(deltas[i])
		d[w] = v << s
		if s > 0 && w > 0 { // the bits shifted out of the word, sign included
			d[w-1] = uint64(deltas[i] >> (64 - s))
		} else if w > 0 && deltas[i] < 0 {
			d[w-1] = ^uint64(0)
		}
		if deltas[i] < 0 {
			for j := w - 2; j >= 0; j-- {
				d[j] = ^uint64(0)
			}
		}
		addWords(out, d)
	}
}

// addWords adds b to a, word by word from the last, dropping the carry
// out of the first.
func addWords(a, b []uint64) {
	var c uint64
	for i := len(a) - 1; i >= 0; i-- {
		a[i], c = bits.Add64(a[i], b[i], c)
	}
}

// addKey is addWords on keys.
func addKey[K packedKey](a, b K) K {
	var c uint64
	for i := len(a) - 1; i >= 0; i-- {
		a[i], c = bits.Add64(a[i], b[i], c)
	}
	return a
}

func compareKeys[K packedKey](a, b K) int {
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// hashKey mixes the words of a key, each by its own odd constant and
// rotation (the products are independent, so they overlap), and finishes
// with a multiply between two folds, so that every bit reaches both the
// low bits that pick a slot and the high ones kept as a tag.
func hashKey[K packedKey](k K) uint64 {
	mul := [maxKeyWords]uint64{0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93}
	var x uint64
	for i := 0; i < len(k); i++ {
		x ^= bits.RotateLeft64(k[i]*mul[i], 17*i)
	}
	x ^= x >> 32
	x *= 0xFF51AFD7ED558CCD
	return x ^ x>>29
}

// packedIndex is the index of a hashed space whose keys are packed: the
// keys in index order and an open-addressing table of their ids.
type packedIndex[K packedKey] struct {
	lay   layout
	keys  []K
	table []uint32 // id + 1; 0: empty
	mask  uint64
}

// newPackedIndex indexes keys, which must be sorted and distinct.
func newPackedIndex[K packedKey](lay layout, keys []K) *packedIndex[K] {
	size := tableSize(len(keys))
	x := &packedIndex[K]{lay: lay, keys: keys, table: make([]uint32, size), mask: uint64(size - 1)}
	// A group at a time: the first slots are read together, so that their
	// cache misses overlap, then the keys are placed.
	const group = 32
	var hs [group]uint64
	var first [group]uint32
	for lo := 0; lo < len(keys); lo += group {
		g := keys[lo:min(lo+group, len(keys))]
		for i := range g {
			hs[i] = hashKey(g[i]) & x.mask
		}
		for i := range g {
			first[i] = x.table[hs[i]]
		}
		for i := range g {
			s := hs[i]
			if first[i] != 0 || x.table[s] != 0 {
				for x.table[s] != 0 {
					s = (s + 1) & x.mask
				}
			}
			x.table[s] = uint32(lo + i + 1)
		}
	}
	return x
}

func (x *packedIndex[K]) len() int { return len(x.keys) }

func (x *packedIndex[K]) bytes() int64 {
	var k K
	return int64(len(x.keys))*int64(len(k))*8 + int64(len(x.table))*4
}

// findKey returns the id of a key, or -1.
func (x *packedIndex[K]) findKey(k K) int32 {
	for s := hashKey(k) & x.mask; ; s = (s + 1) & x.mask {
		id := x.table[s]
		if id == 0 {
			return -1
		}
		if x.keys[id-1] == k {
			return int32(id - 1)
		}
	}
}

func (x *packedIndex[K]) find(piles []int64, hist uint32) int32 {
	if hist != 0 || len(piles) != len(x.lay.width) {
		return -1
	}
	k, ok := packKey[K](&x.lay, piles)
	if !ok {
		return -1
	}
	return x.findKey(k)
}

func (x *packedIndex[K]) tuple(id int32, piles []int64) uint32 {
	unpackKey(&x.lay, x.keys[id], piles)
	return 0
}

func (x *packedIndex[K]) unpack() ([]int64, []uint32) {
	p := len(x.lay.width)
	tuples := make([]int64, len(x.keys)*p)
	for id := range x.keys {
		unpackKey(&x.lay, x.keys[id], tuples[id*p:(id+1)*p])
	}
	return tuples, make([]uint32, len(x.keys))
}

// sortKeys sorts keys in place.
func sortKeys[K packedKey](keys []K) {
	slices.SortFunc(keys, compareKeys[K])
}

// bucketBits is how many top bits of a key choose its bucket in
// sortedKeys, and digitBits how many more each later pass takes.
const (
	bucketBits = 16
	digitBits  = 11
	smallSort  = 64
)

// sortedKeys returns the keys each yields, sorted: a pass counts them by
// their top bits, a second puts each in its bucket, and each bucket is
// sorted by the next bits the same way (radix sort, most significant
// digit first) until it is small enough to sort by comparisons.
func sortedKeys[K packedKey](each func(fn func(K))) []K {
	count := make([]int, 1<<bucketBits+1)
	each(func(k K) { count[k[0]>>(64-bucketBits)+1]++ })
	big := 0
	for b := 1; b < len(count); b++ {
		big = max(big, count[b])
		count[b] += count[b-1]
	}
	keys := make([]K, count[len(count)-1])
	at := slices.Clone(count[:len(count)-1])
	each(func(k K) {
		b := k[0] >> (64 - bucketBits)
		keys[at[b]] = k
		at[b]++
	})
	var tmp []K
	if big > smallSort {
		tmp = make([]K, big)
	}
	for b := 0; b+1 < len(count); b++ {
		sortFrom(keys[count[b]:count[b+1]], bucketBits, tmp)
	}
	return keys
}

// digit is the digitBits bits of a key from bit off (0: the top of the
// first word).
func digit[K packedKey](k K, off int) uint64 {
	w, s := off/64, off%64
	d := k[w] << s >> (64 - digitBits)
	if s > 64-digitBits && w+1 < len(k) {
		d |= k[w+1] >> (128 - digitBits - s)
	}
	return d
}

// sortFrom sorts keys that agree on their first off bits.
func sortFrom[K packedKey](keys []K, off int, tmp []K) {
	if len(keys) <= smallSort || off >= 64*len(keys[0]) {
		if len(keys) > 1 {
			slices.SortFunc(keys, compareKeys[K])
		}
		return
	}
	var count [1<<digitBits + 1]int
	for i := range keys {
		count[digit(keys[i], off)+1]++
	}
	for b := 1; b < len(count); b++ {
		count[b] += count[b-1]
	}
	at := count
	buf := tmp[:len(keys)]
	for i := range keys {
		d := digit(keys[i], off)
		buf[at[d]] = keys[i]
		at[d]++
	}
	copy(keys, buf)
	for b := 0; b+1 < len(count); b++ {
		if lo, hi := count[b], count[b+1]; hi-lo > 1 {
			sortFrom(keys[lo:hi], off+digitBits, tmp)
		}
	}
}
