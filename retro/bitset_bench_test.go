package retro_test

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"

	"retro/positions"
)

// The solver tests and sets single positions at random while it colours;
// these benchmarks measure that access on a flat bitset and on a roaring
// bitmap of 8 million positions, and the building of one layer's set from
// a sorted run, the way Result.Set does it.
const benchUniverse = 8_000_000

func randomPositions(n int) []uint32 {
	rng := rand.New(rand.NewSource(1))
	p := make([]uint32, n)
	for i := range p {
		p[i] = uint32(rng.Intn(benchUniverse))
	}
	return p
}

func BenchmarkTestAndSetFlat(b *testing.B) {
	p := randomPositions(1 << 20)
	set := positions.NewBitset(benchUniverse)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x := int(p[i&(1<<20-1)])
		if !set.Has(x) {
			set.Set(x)
		}
	}
}

func BenchmarkTestAndSetRoaring(b *testing.B) {
	p := randomPositions(1 << 20)
	set := roaring.New()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		set.CheckedAdd(p[i&(1<<20-1)])
	}
}

func BenchmarkLayerSetFromRun(b *testing.B) {
	run := randomPositions(1 << 16)
	slices.Sort(run)
	run = slices.Compact(run)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bm := roaring.New()
		bm.AddMany(run)
	}
	b.ReportMetric(float64(len(run)), "positions")
}
