package tiers

import (
	"math/rand"
	"slices"
	"testing"
)

// TestOrderByTier checks both ways of ordering (counting, for tiers close
// together, and sorting, for tiers far apart) against a plain sort.
func TestOrderByTier(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, spread := range []int64{1, 5, 3000, 1 << 40} {
		for _, n := range []int{0, 1, 7, 2000} {
			tier := make([]int64, n)
			for i := range tier {
				tier[i] = rng.Int63n(spread) - spread/2
			}
			want := make([]uint32, n)
			for i := range want {
				want[i] = uint32(i)
			}
			slices.SortStableFunc(want, func(a, b uint32) int {
				switch {
				case tier[a] > tier[b]:
					return -1
				case tier[a] < tier[b]:
					return 1
				}
				return 0
			})
			if got := orderByTier(tier); !slices.Equal(got, want) {
				t.Errorf("spread %d, n %d: %v, want %v", spread, n, got, want)
			}
		}
	}
}
