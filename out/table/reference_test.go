package table

import (
	"encoding/binary"
	"math"
	"math/bits"
	"retro/retro"
	"slices"

	"github.com/RoaringBitmap/roaring/v2"
)

// The encoders as first written, one position or one bit at a time: the
// references that the encoders of block.go must match byte for byte.

// refAppendSymbols writes syms in encoding enc.
func refAppendSymbols(w *wbuf, enc byte, syms []uint64) {
	w.byte1(enc)
	switch enc {
	case encDelta:
		prev := uint64(0)
		for _, v := range syms {
			w.s(int64(v - prev))
			prev = v
		}
	case encRuns:
		for k := 0; k < len(syms); {
			j := k + 1
			for j < len(syms) && syms[j] == syms[k] {
				j++
			}
			w.u(syms[k])
			w.u(uint64(j - k - 1))
			k = j
		}
	case encSets:
		counts := map[uint64]int{}
		for _, v := range syms {
			counts[v]++
		}
		keys := make([]uint64, 0, len(counts))
		for v := range counts {
			keys = append(keys, v)
		}
		slices.Sort(keys)
		common := uint64(0)
		if len(keys) > 0 {
			common = keys[0]
		}
		for _, v := range keys {
			if counts[v] > counts[common] {
				common = v
			}
		}
		w.u(common)
		w.u(uint64(max(len(keys)-1, 0)))
		sets := map[uint64][]uint32{}
		for k, v := range syms {
			if v != common {
				sets[v] = append(sets[v], uint32(k))
			}
		}
		for _, v := range keys {
			if v == common {
				continue
			}
			b := roaring.BitmapOf(sets[v]...)
			b.RunOptimize()
			data, _ := b.MarshalBinary() // writing to memory does not fail
			w.u(v)
			w.bytes(data)
		}
	}
}

// refWordCandidates returns the two encodings of a run of membership words.
func refWordCandidates(words []uint64) [][]byte {
	a := wbuf{b: make([]byte, 0, 1+8*len(words))}
	a.byte1(encWords)
	for _, x := range words {
		a.b = binary.LittleEndian.AppendUint64(a.b, x)
	}
	b := wbuf{}
	b.byte1(encMembers)
	bm := roaring.New()
	for w, x := range words {
		for x != 0 {
			bm.Add(uint32(w*64 + bits.TrailingZeros64(x)))
			x &= x - 1
		}
	}
	bm.RunOptimize()
	data, _ := bm.MarshalBinary()
	b.b = append(b.b, data...)
	c := wbuf{}
	c.byte1(encBitRuns)
	bit, run := uint64(0), uint64(0)
	for _, x := range words {
		if (bit == 0 && x == 0) || (bit == 1 && x == math.MaxUint64) {
			run += 64 // a whole word of the current run
			continue
		}
		for k := range 64 {
			if x>>k&1 != bit {
				c.u(run)
				bit, run = 1-bit, 0
			}
			run++
		}
	}
	c.u(run)
	return [][]byte{a.b, b.b, c.b}
}

// symbol packs the outcome and layer of position i (see encDelta).
func symbol(d *retro.Data, i int) uint64 {
	switch {
	case d.Win.Has(i):
		return 2 + 2*uint64(d.LayerOf(i))
	case d.Lose.Has(i):
		return 3 + 2*uint64(d.LayerOf(i))
	case d.Unknown != nil && d.Unknown.Has(i):
		return 1
	}
	return 0
}
