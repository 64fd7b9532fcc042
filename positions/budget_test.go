package positions

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
)

// allocated runs fn and returns its error and the bytes it allocated.
func allocated(fn func() error) (error, uint64) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err := fn()
	runtime.ReadMemStats(&after)
	return err, after.TotalAlloc - before.TotalAlloc
}

// A [bounds] box read with history is sized against the cap before it is
// made: x = 1..2**40 under allow asked for a 137 GB bitset, the same box
// without history was refused.
func TestBoundsBoxCheckedFirst(t *testing.T) {
	for _, allow := range []string{`allow = "no-repeat-opponent"`, ""} {
		in := instance(t, `
piles = ["x"]
`+allow+`
end = "x >= 2**41"
[commands]
a = ["x + 1"]
b = ["x + 2"]
[bounds]
x = "1..2**40"
`)
		err, bytes := allocated(func() error { _, err := Enumerate(in, DefaultOptions(in.Game)); return err })
		if !errors.Is(err, ErrTooManyPositions) || err.Error() != "too many positions: the box holds more than 100000000" {
			t.Errorf("%q: err = %v", allow, err)
		}
		if bytes > 1<<20 {
			t.Errorf("%q: %d bytes allocated before the refusal", allow, bytes)
		}
	}
}

// Starts spread thin over their bounding box are found in a hash index:
// (2, S, 2S) for S = 1..100000 asked for a 2.5 GB bitset for 100 000 starts.
func TestSparseStartsHashed(t *testing.T) {
	in := instance(t, `
piles = ["a", "b", "c"]
moves = ["a = a + 1"]
end = "a >= 3"
[start]
a = 2
b = "S"
c = "2 * S"
[params]
S = "1..100000"
`)
	var gr *Graph
	err, bytes := allocated(func() (err error) { gr, err = Enumerate(in, DefaultOptions(in.Game)); return err })
	if err != nil {
		t.Fatal(err)
	}
	if gr.Len() != 100000 || gr.Space.Dense() || len(gr.Starts) != 100000 {
		t.Fatalf("%d positions, dense %v, %d starts", gr.Len(), gr.Space.Dense(), len(gr.Starts))
	}
	for _, s := range gr.Starts[:3] {
		p := make([]int64, 3)
		gr.Space.Position(s.Index, p)
		if p[0] != 2 || p[1] != s.Params[0] || p[2] != 2*s.Params[0] {
			t.Fatalf("start %v is %v", s.Params, p)
		}
	}
	if bytes > 200<<20 {
		t.Errorf("%d bytes allocated for 100 000 positions", bytes)
	}
}

// A position far from the starts, added to them (show, tree, the
// explorer's position), does not make a box between them: a hash index
// holds both.
func TestFarExtraPosition(t *testing.T) {
	in := instance(t, `
piles = ["a", "b"]
moves = ["each +4", "each *2"]
end = "a + b >= 133"
[start]
a = 17
b = "S"
[params]
S = "1..115"
`)
	base, err := Enumerate(in, DefaultOptions(in.Game))
	if err != nil {
		t.Fatal(err)
	}
	n := base.Len()
	for _, far := range [][]int64{{1000000, 1000000}, {17, 1000000000000}, {17, 4611686018427387904}} {
		opt := DefaultOptions(in.Game)
		opt.Extra = []Seed{{Piles: far}}
		var gr *Graph
		err, bytes := allocated(func() (err error) { gr, err = Enumerate(in, opt); return err })
		if err != nil {
			t.Fatalf("%v: %v", far, err)
		}
		if _, ok := gr.Space.Index(far, 0); !ok || gr.Len() != n+1 {
			t.Errorf("%v: in the space %v, %d positions", far, ok, gr.Len())
		}
		if bytes > 64<<20 {
			t.Errorf("%v: %d bytes allocated", far, bytes)
		}
	}
}

// A signed game whose piles span more than 2^63 is found whole (it has no
// box to leave), on one core and on all.
func TestSignedSpan(t *testing.T) {
	in := instance(t, `
piles = ["x"]
signed = true
moves = ["-x if x < 0", "x - 1 if x > 0"]
end = "x == 5*10**18 - 3"
[start]
x = "-5*10**18"
`)
	defer func(old int) { parallelLevel = old }(parallelLevel)
	for _, level := range []int{1, 1 << 30} {
		parallelLevel = level
		gr, err := Enumerate(in, DefaultOptions(in.Game))
		if err != nil {
			t.Fatal(err)
		}
		if gr.Len() != 4 || gr.Edges() != 3 {
			t.Fatalf("%d positions, %d edges; want 4 and 3", gr.Len(), gr.Edges())
		}
		for _, x := range []int64{-5e18, 5e18, 5e18 - 1, 5e18 - 2} {
			if _, ok := gr.Space.Index([]int64{x}, 0); !ok {
				t.Errorf("(%d) is not in the space", x)
			}
		}
	}
}

// fanOut has 1000 positions of a million moves each.
const fanOut = `
piles = ["x"]
moves = ["(x + k) % 1000 for k in 1..1000000"]
[start]
x = "S"
[params]
S = "1..3"
`

// The moves generated are capped, all positions together, and the cap is
// checked within a level: a game of a huge fan-out stops at the cap.
func TestMoveCap(t *testing.T) {
	in := instance(t, fanOut)
	opt := DefaultOptions(in.Game)
	opt.MaxMoves = 5_000_000
	_, err := Enumerate(in, opt)
	if !errors.Is(err, ErrTooManyMoves) {
		t.Fatalf("err = %v", err)
	}
	// The cap counts every generation of a move: 7 to 3 have three moves
	// each, 2 two and 1 one, 18 in all, generated to find the positions and
	// to count the edges, and again to place them but for 1, whose one move
	// is to an end: 53.
	in = instance(t, `
piles = ["x"]
moves = ["x - 1", "x - 2", "x - 3"]
[start]
x = 7
`)
	for limit, ok := range map[int64]bool{52: false, 53: true} {
		opt.MaxMoves = limit
		if _, err := Enumerate(in, opt); (err == nil) != ok {
			t.Errorf("cap %d: err = %v", limit, err)
		}
	}
}

// The context is checked within the moves of a level, not only between
// levels: the game above, whose first level alone is three million moves,
// stops at a deadline.
func TestContextWithinLevel(t *testing.T) {
	in := instance(t, fanOut)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	opt := DefaultOptions(in.Game)
	opt.Context = ctx
	if _, err := Enumerate(in, opt); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v", err)
	}
}

// The memory budget stops games that do not end before the position cap
// does, whether their positions fill a box or a hash index, and the tables
// stay within it.
func TestMemoryBudget(t *testing.T) {
	games := map[string]string{"box": `
piles = ["a", "b"]
moves = ["each +1", "each *2"]
[start]
a = 1
b = 1
`, "hashed": `
piles = ["a", "b", "c", "d", "e", "f"]
moves = ["each +1"]
[start]
a = 0
b = 0
c = 0
d = 0
e = 0
f = 0
`}
	const budget = 32 << 20
	for name, src := range games {
		in := instance(t, src)
		opt := DefaultOptions(in.Game)
		opt.MaxBytes = budget
		err, peak := peakHeap(func() error { _, err := Enumerate(in, opt); return err })
		if !errors.Is(err, ErrMemoryBudget) {
			t.Errorf("%s: err = %v", name, err)
		}
		t.Logf("%s: %v; peak heap %d", name, err, peak)
		if peak > 2*budget {
			t.Errorf("%s: a peak heap of %d bytes under a budget of %d", name, peak, budget)
		}
	}
	// A game that fits is not refused, and its tables are as estimated.
	in := instance(t, twoPiles)
	opt := DefaultOptions(in.Game)
	opt.MaxBytes = 1 << 20
	if _, err := Enumerate(in, opt); err != nil {
		t.Fatal(err)
	}
}

// A cap beyond what a 32-bit index numbers is taken as that, and the
// error of passing it says so rather than suggest raising it.
func TestCapAtMostIndex(t *testing.T) {
	if got := (Options{MaxPositions: 1 << 40}).WithDefaults().MaxPositions; got != MaxIndex {
		t.Fatalf("cap %d, want %d", got, MaxIndex)
	}
	if got := (Options{MaxPositions: 5}).WithDefaults().MaxPositions; got != 5 {
		t.Fatalf("cap %d, want 5", got)
	}
	err := tooManyPositions(MaxIndex)
	if !errors.Is(err, ErrTooManyPositions) || !strings.Contains(err.Error(), "32-bit position index") {
		t.Fatalf("error %v", err)
	}
	if err := tooManyPositions(5); !strings.Contains(err.Error(), "raise the cap") {
		t.Fatalf("error %v", err)
	}
}
