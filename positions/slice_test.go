package positions

import (
	"math/rand"
	"slices"
	"testing"
)

// slicePoints lists the points of a slice in lexicographic order, from
// the definition: every tuple of a box large enough, kept when its
// weighted sum is one of the sums.
func slicePoints(weight, sums []int64) [][]int64 {
	top := slices.Max(sums)
	var out [][]int64
	v := make([]int64, len(weight))
	var rec func(k int, sum int64)
	rec = func(k int, sum int64) {
		if k == len(weight) {
			if slices.Contains(sums, sum) {
				out = append(out, slices.Clone(v))
			}
			return
		}
		for c := int64(0); sum+c*weight[k] <= top; c++ {
			v[k] = c
			rec(k+1, sum+c*weight[k])
		}
		v[k] = 0
	}
	rec(0, 0)
	return out
}

// randomSlice is a slice of a few piles of small weights and one to three
// sums.
func randomSlice(rng *rand.Rand) ([]int64, []int64) {
	weight := make([]int64, 1+rng.Intn(6))
	for k := range weight {
		weight[k] = 1 + rng.Int63n(4)
	}
	var sums []int64
	for range 1 + rng.Intn(3) {
		sums = append(sums, rng.Int63n(13))
	}
	slices.Sort(sums)
	return weight, slices.Compact(sums)
}

// Ranking by counting numbers the points of a slice in lexicographic
// order: rank, unrank and a cursor moved in order and at random against
// the list of the points, and points off the slice refused.
func TestSliceRanks(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for trial := 0; trial < 400; trial++ {
		weight, sums := randomSlice(rng)
		s, why := newSlice(weight, sums, maxSlicePoints, 1<<20)
		if s == nil {
			t.Fatal(why)
		}
		points := slicePoints(weight, sums)
		if s.points != uint64(len(points)) {
			t.Fatalf("weights %v, sums %v: %d points, want %d", weight, sums, s.points, len(points))
		}
		c := newSliceCursor(s)
		got := make([]int64, len(weight))
		for i, v := range points {
			if r, ok := s.rank(v); !ok || r != uint32(i) {
				t.Fatalf("weights %v, sums %v: rank of %v is %d %v, want %d", weight, sums, v, r, ok, i)
			}
			if s.unrank(uint32(i), got); !slices.Equal(got, v) {
				t.Fatalf("weights %v, sums %v: point %d is %v, want %v", weight, sums, i, got, v)
			}
			if c.seek(uint32(i)); !slices.Equal(c.v, v) {
				t.Fatalf("weights %v, sums %v: the cursor at %d holds %v, want %v", weight, sums, i, c.v, v)
			}
		}
		for range 50 {
			if len(points) == 0 {
				break
			}
			i := rng.Intn(len(points))
			if c.seek(uint32(i)); !slices.Equal(c.v, points[i]) || !slices.Equal(c.nz, nonZero(points[i], nil)) {
				t.Fatalf("weights %v, sums %v: the cursor sought to %d holds %v, want %v", weight, sums, i, c.v, points[i])
			}
		}
		for range 50 {
			v := make([]int64, len(weight))
			for k := range v {
				v[k] = rng.Int63n(6) - 1
			}
			_, on := s.rank(v)
			want := slices.ContainsFunc(points, func(p []int64) bool { return slices.Equal(p, v) })
			if on != want {
				t.Fatalf("weights %v, sums %v: %v on the slice: %v, want %v", weight, sums, v, on, want)
			}
		}
	}
}

// The rank of a point a shift leads to, from the rank of the point it
// leaves, against ranking it afresh: every pair of points of one sum is
// a shift.
func TestStepRank(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	for trial := 0; trial < 300; trial++ {
		weight, sums := randomSlice(rng)
		s, _ := newSlice(weight, sums, maxSlicePoints, 1<<20)
		points := slicePoints(weight, sums)
		c := newSliceCursor(s)
		for range 40 {
			if len(points) == 0 {
				break
			}
			i, j := rng.Intn(len(points)), rng.Intn(len(points))
			a, b := points[i], points[j]
			var sa, sb int64
			for k := range a {
				sa, sb = sa+weight[k]*a[k], sb+weight[k]*b[k]
			}
			if sa != sb {
				continue
			}
			var piles []int32
			var deltas []int64
			for k := range a {
				if a[k] != b[k] {
					piles, deltas = append(piles, int32(k)), append(deltas, b[k]-a[k])
				}
			}
			if len(piles) == 0 {
				continue
			}
			c.seek(uint32(i))
			c.prepare()
			if r := c.stepRank(piles, deltas); r != uint32(j) {
				t.Fatalf("weights %v, sums %v: %v to %v steps to rank %d, want %d", weight, sums, a, b, r, j)
			}
		}
	}
}
