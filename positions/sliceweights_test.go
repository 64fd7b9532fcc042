package positions

import (
	"math/rand"
	"slices"
	"testing"

	"retro/rules"
)

// shiftsKeeping makes random shifts of p piles that keep the weighted
// sum of weight: each moves weight between two or three piles.
func shiftsKeeping(rng *rand.Rand, weight []int64, n int) []rules.Shift {
	var out []rules.Shift
	for range n {
		perm := rng.Perm(len(weight))
		a, b := perm[0], perm[1]
		g := gcdInt64(weight[a], weight[b])
		d := map[int]int64{a: -weight[b] / g, b: weight[a] / g}
		if len(weight) > 2 && rng.Intn(2) == 0 {
			c := perm[2]
			g := gcdInt64(weight[a], weight[c])
			d[a] -= weight[c] / g
			d[c] += weight[a] / g
		}
		var s rules.Shift
		for k := range weight {
			if d[k] != 0 {
				s.Piles, s.Deltas = append(s.Piles, k), append(s.Deltas, d[k])
			}
		}
		out = append(out, s)
	}
	return out
}

// keeps tells whether every shift keeps the weighted sum.
func keeps(shifts []rules.Shift, w []int64) bool {
	for _, s := range shifts {
		var sum int64
		for i, k := range s.Piles {
			sum += w[k] * s.Deltas[i]
		}
		if sum != 0 {
			return false
		}
	}
	return true
}

// The weights found are positive and kept by every shift, where shifts
// keep some; where none is kept, or none with positive weights, there
// are none; of several, the least start sum is taken.
func TestKeptWeights(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	for trial := 0; trial < 300; trial++ {
		p := 2 + rng.Intn(7)
		weight := make([]int64, p)
		for k := range weight {
			weight[k] = 1 + rng.Int63n(5)
		}
		shifts := shiftsKeeping(rng, weight, 1+rng.Intn(2*p))
		seed := make([]int64, p)
		seed[rng.Intn(p)] = 3
		w, why := keptWeights(shifts, p, [][]int64{seed})
		if w == nil {
			t.Fatalf("weights %v, shifts %v: %s", weight, shifts, why)
		}
		if slices.Min(w) < 1 || !keeps(shifts, w) {
			t.Fatalf("weights %v, shifts %v: found %v", weight, shifts, w)
		}
		// A shift that adds to every pile keeps no sum.
		grow := rules.Shift{Piles: make([]int, p), Deltas: make([]int64, p)}
		for k := range grow.Piles {
			grow.Piles[k], grow.Deltas[k] = k, 1
		}
		if w, _ := keptWeights(append(shifts, grow), p, [][]int64{seed}); w != nil {
			t.Fatalf("weights %v: a growing shift keeps %v", weight, w)
		}
	}
	for _, c := range []struct {
		shifts []rules.Shift
		seed   []int64
		want   []int64
	}{
		// two piles that trade, and two more: each pair keeps its sum
		{[]rules.Shift{{Piles: []int{0, 1}, Deltas: []int64{-1, 1}}, {Piles: []int{2, 3}, Deltas: []int64{-1, 1}}},
			[]int64{1, 0, 2, 0}, []int64{1, 1, 1, 1}},
		// a pile worth two of another; a pile no move touches weighs 1
		{[]rules.Shift{{Piles: []int{0, 1}, Deltas: []int64{-1, 2}}}, []int64{1, 0, 0}, []int64{2, 1, 1}},
		// the sum of two piles grows as a third shrinks: no positive weights
		{[]rules.Shift{{Piles: []int{0, 1}, Deltas: []int64{1, 1}}, {Piles: []int{2}, Deltas: []int64{-1}}},
			[]int64{1, 1, 1}, nil},
		// a sum that cannot weigh 1 throughout: w0 + w1 = 3·w2 takes
		// (1, 2, 1) or (2, 1, 1), whichever gives the start the least sum
		{[]rules.Shift{{Piles: []int{0, 1, 2}, Deltas: []int64{1, 1, -3}}}, []int64{1, 0, 0}, []int64{1, 2, 1}},
		{[]rules.Shift{{Piles: []int{0, 1, 2}, Deltas: []int64{1, 1, -3}}}, []int64{0, 1, 0}, []int64{2, 1, 1}},
	} {
		w, why := keptWeights(c.shifts, len(c.seed), [][]int64{c.seed})
		if !slices.Equal(w, c.want) {
			t.Errorf("shifts %v: weights %v (%s), want %v", c.shifts, w, why, c.want)
		}
	}
}
