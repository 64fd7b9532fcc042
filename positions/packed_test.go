package positions

import (
	"math/rand"
	"slices"
	"testing"
)

// The radix sort of keys against sorting by comparisons, on keys that
// share long prefixes (as packed positions do) and on random ones.
func TestSortedKeys(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, n := range []int{0, 1, 100, 5000, 200000} {
		keys := make([][3]uint64, n)
		for i := range keys {
			keys[i] = [3]uint64{uint64(rng.Intn(3)) << 60, rng.Uint64() >> uint(rng.Intn(64)), rng.Uint64()}
			if i%7 == 0 {
				keys[i][0] = rng.Uint64()
			}
		}
		got := sortedKeys(func(fn func([3]uint64)) {
			for _, k := range keys {
				fn(k)
			}
		})
		want := slices.Clone(keys)
		slices.SortFunc(want, compareKeys[[3]uint64])
		if !slices.Equal(got, want) {
			t.Fatalf("%d keys: the radix sort differs from sorting by comparisons", n)
		}
	}
}

// A packed delta added to a key changes the piles by the deltas, across
// word boundaries and for negative deltas too.
func TestPackedDelta(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for trial := 0; trial < 2000; trial++ {
		p := 2 + rng.Intn(30)
		width := make([]uint8, p)
		for k := range width {
			width[k] = uint8(rng.Intn(12))
		}
		lay, ok := newLayout(width)
		if !ok {
			continue
		}
		v := make([]int64, p)
		for k := range v {
			v[k] = rng.Int63n(lay.max(k) + 1)
		}
		var piles []int
		var deltas []int64
		want := slices.Clone(v)
		for k := range v {
			if rng.Intn(3) == 0 {
				d := rng.Int63n(lay.max(k)+1) - v[k] // v + d in 0..max
				if d != 0 {
					piles, deltas = append(piles, k), append(deltas, d)
					want[k] += d
				}
			}
		}
		var got []int64
		switch lay.words {
		case 1:
			got = shifted[[1]uint64](&lay, v, piles, deltas)
		case 2:
			got = shifted[[2]uint64](&lay, v, piles, deltas)
		case 3:
			got = shifted[[3]uint64](&lay, v, piles, deltas)
		default:
			got = shifted[[4]uint64](&lay, v, piles, deltas)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("widths %v: %v + %v at %v gives %v", width, v, deltas, piles, got)
		}
	}
}

// shifted packs v, adds the packed deltas and unpacks the result.
func shifted[K packedKey](lay *layout, v []int64, piles []int, deltas []int64) []int64 {
	key, _ := packKey[K](lay, v)
	d := make([]uint64, lay.words)
	lay.delta(piles, deltas, d)
	var dk K
	for w := range d {
		dk[w] = d[w]
	}
	got := make([]int64, len(v))
	unpackKey(lay, addKey(key, dk), got)
	return got
}
