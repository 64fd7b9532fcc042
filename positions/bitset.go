package positions

import "math/bits"

// Bitset is a flat set of indices, one bit each. The solver's inner loops
// test and set single positions at random, where a flat bitset is many
// times faster than a compressed one.
type Bitset []uint64

// NewBitset makes an empty set for indices 0..n-1.
func NewBitset(n int) Bitset { return make(Bitset, (n+63)/64) }

// Has reports whether i is in the set.
func (b Bitset) Has(i int) bool { return b[i>>6]&(1<<(uint(i)&63)) != 0 }

// Set adds i.
func (b Bitset) Set(i int) { b[i>>6] |= 1 << (uint(i) & 63) }

// Clear removes i.
func (b Bitset) Clear(i int) { b[i>>6] &^= 1 << (uint(i) & 63) }

// Count is the number of indices in the set.
func (b Bitset) Count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// Next returns the smallest index >= i in the set, or -1.
func (b Bitset) Next(i int) int {
	w := i >> 6
	if w >= len(b) {
		return -1
	}
	word := b[w] >> (uint(i) & 63)
	if word != 0 {
		return i + bits.TrailingZeros64(word)
	}
	for w++; w < len(b); w++ {
		if b[w] != 0 {
			return w<<6 + bits.TrailingZeros64(b[w])
		}
	}
	return -1
}
