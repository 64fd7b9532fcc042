package compiled

import (
	"errors"
	"math/rand/v2"
	"retro/retro/internal/shape"
	"testing"
)

// TestTwinsAgainstPairs checks newTwins against its definition, pair by
// pair and value by value: a value of a pile is marked where two moves of
// that pile lead to the same value other than its own. The moves are
// drawn at random, with and without divisors and repeats, over two piles.
func TestTwinsAgainstPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	never := func() error { return nil }
	for trial := range 400 {
		lo := []int64{rng.Int64N(5) - 2, rng.Int64N(3)}
		size := []int64{1 + rng.Int64N(40), 1 + rng.Int64N(40)}
		var ss []simpleStep
		for range 1 + rng.IntN(8) {
			m := shape.SimpleMove{P: rng.IntN(2), Mul: rng.Int64N(4) - 1, Add: rng.Int64N(9) - 4, Div: 1}
			if rng.IntN(3) == 0 {
				m.Div = 2 + rng.Int64N(3)
			}
			ss = append(ss, simpleStep{SimpleMove: m})
			if rng.IntN(5) == 0 {
				ss = append(ss, ss[len(ss)-1]) // the same move twice
			}
		}
		tw, err := newTwins(ss, lo, size, never)
		if err != nil {
			t.Fatal(err)
		}
		anyMark := false
		for pl := range size {
			for v := lo[pl]; v < lo[pl]+size[pl]; v++ {
				want := false
				for a := range ss {
					for b := a + 1; b < len(ss); b++ {
						if ss[a].P == pl && ss[b].P == pl {
							x, y := ss[a].apply(v), ss[b].apply(v)
							want = want || x == y && x != v
						}
					}
				}
				got := tw.mark[pl] != nil && tw.mark[pl][v-lo[pl]]
				if got != want {
					t.Fatalf("trial %d: moves %v, pile %d at %d: marked %v, want %v", trial, ss, pl, v, got, want)
				}
				anyMark = anyMark || want
			}
		}
		if tw.any != anyMark {
			t.Fatalf("trial %d: any = %v, want %v", trial, tw.any, anyMark)
		}
	}
}

// TestTwinsStop checks that newTwins stops on its stop's error, among
// many pairs of moves.
func TestTwinsStop(t *testing.T) {
	var ss []simpleStep
	for k := range int64(1000) {
		ss = append(ss, simpleStep{SimpleMove: shape.SimpleMove{Mul: 1, Add: k + 1, Div: 1}})
	}
	calls := 0
	halt := errors.New("halt")
	_, err := newTwins(ss, []int64{0}, []int64{100}, func() error {
		calls++
		return halt
	})
	if !errors.Is(err, halt) || calls != 1 {
		t.Fatalf("newTwins: %v after %d calls, want halt after 1", err, calls)
	}
}
