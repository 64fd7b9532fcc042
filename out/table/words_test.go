package table

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestWordEncodings: every encoding of membership words reads back.
func TestWordEncodings(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for trial := 0; trial < 200; trial++ {
		words := make([]uint64, 1+rng.IntN(300))
		for k := range words {
			switch rng.IntN(4) {
			case 0:
			case 1:
				words[k] = ^uint64(0)
			default:
				words[k] = rng.Uint64() & rng.Uint64()
			}
		}
		for _, c := range wordCandidates(words) {
			got := make([]uint64, len(words))
			r := &rbuf{b: c}
			readWords(r, got)
			if err := r.end(); err != nil || !slices.Equal(got, words) {
				t.Fatalf("enc %d: %v", c[0], err)
			}
		}
	}
}
