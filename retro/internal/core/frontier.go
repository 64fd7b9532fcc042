package core

import (
	"iter"

	"retro/positions"
)

// frontier is a set of positions coloured at one layer: a list while it
// is short, and a bitset once it holds more than one position in 64 (the
// bitset is then read in fewer words than there are positions). The list
// and the bitset are made once, at their full size, and kept from layer
// to layer: grown as needed, they would leave their smaller copies to the
// garbage collector at every layer.
type frontier struct {
	n     int // positions in the set
	list  []uint32
	bits  positions.Bitset // in use once big
	big   bool
	limit int
	size  int // positions the set is of
}

func newFrontier(n int) *frontier { return &frontier{limit: n / 64, size: n} }

func (f *frontier) add(i int) {
	f.n++
	if f.big {
		f.bits.Set(i)
		return
	}
	if f.list == nil {
		f.list = make([]uint32, 0, f.limit+1)
	}
	f.list = append(f.list, uint32(i))
	if len(f.list) > f.limit {
		if f.bits == nil {
			f.bits = positions.NewBitset(f.size)
		}
		for _, j := range f.list {
			f.bits.Set(int(j))
		}
		f.list, f.big = f.list[:0], true
	}
}

// reset empties the set, keeping its room.
func (f *frontier) reset() {
	if f.big {
		clear(f.bits)
	}
	f.n, f.list, f.big = 0, f.list[:0], false
}

// all yields the positions: those of a list in the order they came,
// those of a bitset ascending. The order does not matter: a set is
// found from the one before it whatever the order its positions are
// taken in, and the Result rebuilds the colouring order.
func (f *frontier) all() iter.Seq[uint32] {
	return func(yield func(uint32) bool) {
		if !f.big {
			for _, x := range f.list {
				if !yield(x) {
					return
				}
			}
			return
		}
		for i := f.bits.Next(0); i >= 0; i = f.bits.Next(i + 1) {
			if !yield(uint32(i)) {
				return
			}
		}
	}
}
