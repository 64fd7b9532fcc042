package positions

import (
	"errors"
	"flag"
	"math/bits"
	"math/rand"
	"slices"
	"testing"
	"time"

	"retro/rules"
	"retro/rules/rulestest"
)

var seedFlag = flag.Int64("seed", 1, "seed of the random tests (0: a new seed from the clock)")

// instance is the first instance of the game src, read as t.toml.
func instance(t *testing.T, src string) *rules.Instance {
	t.Helper()
	return rulestest.Instance(t, "t.toml", src)
}

const twoPiles = `
piles = ["a", "b"]
moves = ["each +1", "each *2", "a = a - 3"]
end = "a + b >= 60"
allow = "no-repeat-opponent"
[start]
a = "S"
b = 2
[params]
S = "1..5"
`

// Every index maps to a position and back, in increasing order of piles
// then history, whether the space is dense or hashed; both kinds hold the
// same positions and the same graph.
func TestSpaceRoundTripDenseAndHashed(t *testing.T) {
	in := instance(t, twoPiles)
	dense, err := Enumerate(in, DefaultOptions(in.Game))
	if err != nil {
		t.Fatal(err)
	}
	if !dense.Space.Dense() {
		t.Fatal("want a dense space")
	}
	old := sparseRatio
	sparseRatio, sparseFloor = 0, 0
	defer func() { sparseRatio, sparseFloor = old, 1<<24 }()
	hashed, err := Enumerate(in, DefaultOptions(in.Game))
	if err != nil {
		t.Fatal(err)
	}
	if hashed.Space.Dense() {
		t.Fatal("want a hashed space")
	}
	if dense.Len() != hashed.Len() || dense.Edges() != hashed.Edges() || dense.Moves != hashed.Moves {
		t.Fatalf("dense %d positions %d edges, hashed %d and %d", dense.Len(), dense.Edges(), hashed.Len(), hashed.Edges())
	}
	prev := make([]int64, 2)
	prevH := -1
	for _, gr := range []*Graph{dense, hashed} {
		sp := gr.Space
		p := make([]int64, 2)
		for i := 0; i < sp.Len(); i++ {
			h := sp.Position(i, p)
			j, ok := sp.Index(p, h)
			if !ok || j != i {
				t.Fatalf("Index(Position(%d)) = %d, %v", i, j, ok)
			}
			if i > 0 {
				c := slices.Compare(prev, p)
				if c > 0 || (c == 0 && prevH >= h) {
					t.Fatalf("positions %d and %d out of order: %v/%d, %v/%d", i-1, i, prev, prevH, p, h)
				}
			}
			copy(prev, p)
			prevH = h
		}
		var walked int
		err := sp.Walk(3, sp.Len()-2, func(i int, q []int64, h int) error {
			hh := sp.Position(i, p)
			if !slices.Equal(p, q) || hh != h || i != 3+walked {
				t.Fatalf("Walk at %d gives %v/%d, Position %v/%d", i, q, h, p, hh)
			}
			walked++
			return nil
		})
		if err != nil || walked != sp.Len()-5 {
			t.Fatalf("Walk: %d positions, %v", walked, err)
		}
	}
	for j := 0; j < dense.Len(); j++ {
		if !slices.Equal(dense.Preds(j), hashed.Preds(j)) || dense.Out[j] != hashed.Out[j] {
			t.Fatalf("position %d: graphs differ", j)
		}
	}
}

// Positions not in the space are not found, far outside the box or not.
func TestSpaceIndexMisses(t *testing.T) {
	seed := *seedFlag
	if seed == 0 {
		seed = time.Now().UnixNano()
	}
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewSource(seed))
	in := instance(t, twoPiles)
	gr, err := Enumerate(in, DefaultOptions(in.Game))
	if err != nil {
		t.Fatal(err)
	}
	sp := gr.Space
	members := map[[3]int64]bool{}
	p := make([]int64, 2)
	for i := 0; i < sp.Len(); i++ {
		h := sp.Position(i, p)
		members[[3]int64{p[0], p[1], int64(h)}] = true
	}
	for k := 0; k < 20000; k++ {
		q := []int64{rng.Int63n(140) - 20, rng.Int63n(140) - 20}
		h := rng.Intn(sp.HistorySize())
		_, ok := sp.Index(q, h)
		if ok != members[[3]int64{q[0], q[1], int64(h)}] {
			t.Fatalf("Index(%v, %d) = %v", q, h, ok)
		}
	}
}

// Shards cover the range without overlap, each starting at a multiple of 64.
func TestShards(t *testing.T) {
	for _, n := range []int{0, 1, 63, 64, 65, 4095, 4096, 100000, 1 << 20} {
		for _, k := range []int{1, 2, 3, 8} {
			at := 0
			for _, s := range Shards(n, k) {
				if s.Lo != at || s.Lo%64 != 0 || s.Hi <= s.Lo {
					t.Fatalf("Shards(%d, %d): %v", n, k, Shards(n, k))
				}
				at = s.Hi
			}
			if at != n {
				t.Fatalf("Shards(%d, %d) ends at %d", n, k, at)
			}
		}
	}
}

// A game that never ends stops at the cap with an error that says so.
func TestPositionCap(t *testing.T) {
	in := instance(t, `
piles = ["x"]
moves = ["x + 1", "x * 2"]
end = "isprime(x) and x > 1000000000000"
[start]
x = 1
`)
	opt := DefaultOptions(in.Game)
	opt.MaxPositions = 5000
	_, err := Enumerate(in, opt)
	if err == nil || !errors.Is(err, ErrTooManyPositions) {
		t.Fatalf("err = %v", err)
	}
}

// A move from the box to a non-final position outside it is an error that
// names the file, the move and both positions.
func TestOutsideBox(t *testing.T) {
	in := instance(t, `
piles = ["x"]
moves = ["x + 2"]
end = "x >= 12"
[bounds]
x = "0..9"
`)
	_, err := Enumerate(in, DefaultOptions(in.Game))
	if err == nil || !errors.Is(err, ErrOutsideBox) || err.Error() != `t.toml: move leaves the box: "x + 2" from (8) to (10), which is not final (a move may leave [bounds] only to a final position)` {
		t.Fatalf("err = %v", err)
	}
}

// A space rebuilt from its data finds the same positions at the same
// indices, dense or hashed; data that does not fit the game is refused.
func TestSpaceData(t *testing.T) {
	in := instance(t, twoPiles)
	for _, hashed := range []bool{false, true} {
		if hashed {
			old := sparseRatio
			sparseRatio, sparseFloor = 0, 0
			defer func() { sparseRatio, sparseFloor = old, 1<<24 }()
		}
		gr, err := Enumerate(in, DefaultOptions(in.Game))
		if err != nil {
			t.Fatal(err)
		}
		sp, err := NewSpace(in.Game, gr.Space.Data())
		if err != nil {
			t.Fatal(err)
		}
		if sp.Len() != gr.Len() || sp.Dense() == hashed {
			t.Fatalf("rebuilt space: %d positions, dense %v", sp.Len(), sp.Dense())
		}
		p, q := make([]int64, 2), make([]int64, 2)
		for i := 0; i < sp.Len(); i++ {
			h1, h2 := gr.Space.Position(i, p), sp.Position(i, q)
			j, ok := sp.Index(p, h1)
			if h1 != h2 || !slices.Equal(p, q) || !ok || j != i {
				t.Fatalf("position %d: %v/%d against %v/%d", i, p, h1, q, h2)
			}
		}
		d := gr.Space.Data()
		d.Piles = 3
		if _, err := NewSpace(in.Game, d); !errors.Is(err, ErrBadSpace) {
			t.Errorf("3 piles: %v", err)
		}
		if hashed {
			d := gr.Space.Data()
			d.Tuples[0], d.Tuples[2] = d.Tuples[2], d.Tuples[0]
			d.Tuples[1], d.Tuples[3] = d.Tuples[3], d.Tuples[1]
			if _, err := NewSpace(in.Game, d); !errors.Is(err, ErrBadSpace) {
				t.Errorf("tuples out of order: %v", err)
			}
		}
	}
}

// The edge cap stops a game whose move graph would be too large.
func TestEdgeCap(t *testing.T) {
	in := instance(t, `
piles = ["x"]
moves = ["x - k for k in 1..x"]
[bounds]
x = "0..200"
`)
	opt := DefaultOptions(in.Game)
	opt.MaxEdges = 1000 // the game has 200·201/2 = 20100
	if _, err := Enumerate(in, opt); !errors.Is(err, ErrTooManyEdges) {
		t.Fatalf("err = %v", err)
	}
	opt.MaxEdges = 20100
	if gr, err := Enumerate(in, opt); err != nil || gr.Edges() != 20100 {
		t.Fatalf("%v", err)
	}
}

// Discovery cut among the cores level by level finds the same positions
// and graph as discovery on one core, on games with history, ends,
// positions without moves, a growing box, and a box outside the positions.
func TestParallelDiscovery(t *testing.T) {
	games := []string{twoPiles, `
piles = ["a", "b"]
moves = ["each +1", "each *3", "each -2", "a = a - 1, b = b + 5"]
end = "a + b >= 300 or a * b == 77"
[start]
a = "S"
b = 1
[params]
S = "0..30"
`, `
piles = ["x"]
moves = ["x - 1", "x - 2", "x // 3"]
[start]
x = 20000
`, `
piles = ["x"]
allow = "no-repeat-own"
end = "x >= 60"
[commands]
up = ["x + 1", "x + 4"]
down = ["x - 3 if x >= 8"]
[bounds]
x = "5..59"
`}
	defer func(old int) { parallelLevel = old }(parallelLevel)
	for _, src := range games {
		in := instance(t, src)
		parallelLevel = 1 << 30
		one, err := Enumerate(in, DefaultOptions(in.Game))
		if err != nil {
			t.Fatal(err)
		}
		parallelLevel = 1
		all, err := Enumerate(in, DefaultOptions(in.Game))
		if err != nil {
			t.Fatal(err)
		}
		if one.Len() != all.Len() || one.Edges() != all.Edges() || one.Moves != all.Moves {
			t.Fatalf("one core %d positions %d edges, all %d and %d", one.Len(), one.Edges(), all.Len(), all.Edges())
		}
		for j := 0; j < one.Len(); j++ {
			if !slices.Equal(one.Preds(j), all.Preds(j)) || one.Out[j] != all.Out[j] {
				t.Fatalf("position %d: graphs differ", j)
			}
		}
	}
}

// TestPositionNear: PositionNear finds what Position finds, asked in
// ascending order, at random, and from a stale hint, on a dense space
// with empty words and runs.
func TestPositionNear(t *testing.T) {
	member := NewBitset(64 * 40)
	rng := rand.New(rand.NewSource(7))
	for c := range 64 * 40 {
		if w := c / 64; w%5 != 2 && rng.Intn(3) == 0 || w == 39 {
			member.Set(c)
		}
	}
	rank, n := rankDirectory(member)
	g, err := rules.FromBuiltin("wythoff").Load()
	if err != nil {
		t.Fatal(err)
	}
	sp := &Space{game: g, box: box{piles: 2, hist: 1, lo: []int64{0, 0}, size: []int64{40, 64}},
		n: n, dense: true, member: member, rank: rank}
	want := make([][2]int64, n)
	p := make([]int64, 2)
	for i := range n {
		sp.Position(i, p)
		want[i] = [2]int64{p[0], p[1]}
	}
	check := func(name string, order []int, near int) {
		for _, i := range order {
			sp.PositionNear(i, &near, p)
			if [2]int64{p[0], p[1]} != want[i] {
				t.Fatalf("%s: position %d at (%d, %d), want %v", name, i, p[0], p[1], want[i])
			}
		}
	}
	asc := make([]int, n)
	for i := range asc {
		asc[i] = i
	}
	check("ascending", asc, 0)
	check("from a hint past the end", asc, rank.len()+5)
	check("at random", rng.Perm(n), 0)
	var sparse []int
	for i := 0; i < n; i += 1 + rng.Intn(40) {
		sparse = append(sparse, i)
	}
	check("ascending far apart", sparse, 0)
}

// TestRanksAcrossRuns checks the two-level rank directory against a count
// of every word, over more words than three runs hold, and a shard's
// directory shifted by its first position.
func TestRanksAcrossRuns(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	member := make(Bitset, 3<<rankShift+77)
	for w := range member {
		switch rng.Intn(3) {
		case 0:
			member[w] = ^uint64(0)
		case 1:
			member[w] = rng.Uint64()
		}
	}
	r, n := rankDirectory(member)
	count := 0
	for w := range len(member) + 1 {
		if got := r.at(w); got != count {
			t.Fatalf("word %d: %d members before it, want %d", w, got, count)
		}
		if w < len(member) {
			count += bits.OnesCount64(member[w])
		}
	}
	if n != count || r.len() != len(member)+1 {
		t.Fatalf("%d members and %d words, want %d and %d", n, r.len(), count, len(member)+1)
	}
	for _, i := range []int{0, 1, n / 3, n / 2, n - 1} {
		w := r.word(i, 0, r.len())
		if r.at(w) > i || r.at(w+1) <= i {
			t.Fatalf("member %d: word %d holds %d..%d", i, w, r.at(w), r.at(w+1))
		}
	}
	first := 5 << 32
	s := shardRanks(member, first)
	for _, w := range []int{0, 1 << rankShift, len(member)} {
		if got, want := s.at(w), first+r.at(w); got != want {
			t.Fatalf("shard word %d: %d, want %d", w, got, want)
		}
	}
}
