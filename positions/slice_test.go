package positions

import (
	"cmp"
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

// The rank of a move's target from its position's (stepRank, with the
// position sought and prepared once for its moves, as the search does)
// against ranking it afresh from its piles, on the slice of FSVP 70
// (weights 1..70, sum 70) and its moves: a heap split into equal heaps,
// two heaps of different sizes merged; positions at random, in order.
func BenchmarkStepRank(b *testing.B) {
	const n = 70
	weight := make([]int64, n)
	for k := range weight {
		weight[k] = int64(k + 1)
	}
	s, _ := newSlice(weight, []int64{n}, maxSlicePoints, 1<<20)
	var moves [][2][]int64 // piles (as int64) and deltas
	for x := 2; x <= n; x++ {
		for y := 1; y <= x/2; y++ {
			if x%y == 0 {
				moves = append(moves, [2][]int64{{int64(y - 1), int64(x - 1)}, {int64(x / y), -1}})
			}
		}
	}
	for i := 1; i <= n; i++ {
		for j := i + 1; i+j <= n; j++ {
			moves = append(moves, [2][]int64{{int64(i - 1), int64(j - 1), int64(i + j - 1)}, {-1, -1, 1}})
		}
	}
	rng := rand.New(rand.NewSource(15))
	c := newSliceCursor(s)
	type step struct {
		from   uint32
		piles  []int32
		deltas []int64
	}
	var steps []step
	for len(steps) < 1<<16 {
		r := uint32(rng.Int63n(int64(s.points)))
		c.seek(r)
		for _, m := range moves {
			legal := true
			for i, p := range m[0] {
				legal = legal && c.v[p]+m[1][i] >= 0
			}
			if legal {
				st := step{from: r, deltas: m[1]}
				for _, p := range m[0] {
					st.piles = append(st.piles, int32(p))
				}
				steps = append(steps, st)
			}
		}
	}
	slices.SortStableFunc(steps, func(a, b step) int { return cmp.Compare(a.from, b.from) })
	b.Run("step", func(b *testing.B) {
		var sum uint32
		for i := 0; i < b.N; i++ {
			st := &steps[i%len(steps)]
			if c.rank != st.from || i%len(steps) == 0 {
				c.seek(st.from)
				c.prepare()
			}
			sum += c.stepRank(st.piles, st.deltas)
		}
		_ = sum
	})
	b.Run("afresh", func(b *testing.B) {
		v := make([]int64, n)
		var sum uint32
		for i := 0; i < b.N; i++ {
			st := &steps[i%len(steps)]
			if c.rank != st.from || i%len(steps) == 0 {
				c.seek(st.from)
			}
			copy(v, c.v)
			for t, p := range st.piles {
				v[p] += st.deltas[t]
			}
			r, _ := s.rank(v)
			sum += r
		}
		_ = sum
	})
}
