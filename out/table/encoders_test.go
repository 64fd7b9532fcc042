package table

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"retro/positions"
	"retro/retro"
)

// randomSymbols are n symbols in runs: few symbols or many, short runs
// or long ones, as outcome blocks have them.
func randomSymbols(rng *rand.Rand, n int) []uint64 {
	syms := make([]uint64, n)
	kinds := 1 + rng.IntN(1<<uint(rng.IntN(12)))
	runMax := 1 + rng.IntN(1<<uint(rng.IntN(10)))
	for k := 0; k < n; {
		v := uint64(rng.IntN(kinds))
		if rng.IntN(4) == 0 {
			v = 0 // a commonest symbol
		}
		for end := min(n, k+1+rng.IntN(runMax)); k < end; k++ {
			syms[k] = v
		}
	}
	return syms
}

// TestSymbolEncodersMatchReference: each symbol encoding writes the bytes
// of its reference, written a position at a time.
func TestSymbolEncodersMatchReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 100 {
		n := rng.IntN(3 * BlockPositions / 2)
		if trial%3 == 0 {
			n = rng.IntN(40)
		}
		syms := randomSymbols(rng, n)
		if trial%7 == 0 {
			for k := range syms {
				syms[k] = rng.Uint64() >> uint(rng.IntN(64)) // far apart: varints of every length
			}
		}
		for _, enc := range []byte{encDelta, encRuns, encSets} {
			var got, want wbuf
			appendSymbols(&got, enc, syms)
			refAppendSymbols(&want, enc, syms)
			if !bytes.Equal(got.b, want.b) {
				t.Fatalf("trial %d, %d symbols, encoding %d: %d bytes, the reference %d", trial, n, enc, len(got.b), len(want.b))
			}
		}
	}
}

// TestWordEncodersMatchReference: the encodings of membership words are
// the reference's, written a bit at a time.
func TestWordEncodersMatchReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 100 {
		words := make([]uint64, rng.IntN(1500))
		for k := range words {
			switch rng.IntN(5) {
			case 0:
			case 1:
				words[k] = ^uint64(0)
			case 2:
				words[k] = ^uint64(0) << uint(rng.IntN(64)) // a run's start
			case 3:
				words[k] = ^uint64(0) >> uint(rng.IntN(64)) // a run's end
			default:
				words[k] = rng.Uint64() & rng.Uint64()
			}
		}
		got, want := wordCandidates(words), refWordCandidates(words)
		for k := range want {
			if !bytes.Equal(got[k], want[k]) {
				t.Fatalf("trial %d, %d words, candidate %d: %d bytes, the reference %d", trial, len(words), k, len(got[k]), len(want[k]))
			}
		}
	}
}

// TestFillSymbols: the symbols written a word at a time are those of the
// reference, a position at a time, from any first position, with layers
// in 16 bits or in 32, with ? positions or without.
func TestFillSymbols(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	n := 1000
	d := retro.Data{Win: positions.NewBitset(n), Lose: positions.NewBitset(n), Unknown: positions.NewBitset(n),
		Layer: make([]uint32, n), Layer16: make([]uint16, n)}
	for i := range n {
		switch rng.IntN(4) {
		case 0:
			d.Win.Set(i)
		case 1:
			d.Lose.Set(i)
		case 2:
			if i%200 < 100 {
				d.Unknown.Set(i)
			}
		}
		if d.Win.Has(i) || d.Lose.Has(i) {
			d.Layer[i] = uint32(rng.IntN(70000))
			d.Layer16[i] = uint16(rng.IntN(70000))
		}
	}
	for _, form := range []string{"layer", "layer16", "no unknown"} {
		e := d
		switch form {
		case "layer":
			e.Layer16 = nil
		case "no unknown":
			e.Unknown = nil
		}
		for range 50 {
			from := rng.IntN(n)
			got := make([]uint64, rng.IntN(n-from+1))
			fillSymbols(&e, from, got)
			for k, v := range got {
				if want := symbol(&e, from+k); v != want {
					t.Fatalf("%s: position %d: symbol %d, want %d", form, from+k, v, want)
				}
			}
		}
	}
}
