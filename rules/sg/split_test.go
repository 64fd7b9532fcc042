package sg_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"retro/rules"
	"retro/rules/sg"
)

var sgGames = flag.Int("sg.games", 60, "TestSplitRandom: how many random splitting games")

// grundysGame is Grundy's game: split a heap into two unequal heaps.
const grundysGame = "name = \"Grundy's game\"\npiles = [\"x\"]\nsum = true\nmoves = [\"x -> i, x - i for i in 1..x-1 if 2 * i != x\"]\n"

// bruteGrundys computes Grundy's game by the definition alone, with
// nothing of retro: g(x) is the least value not among g(i) ^ g(x-i) for
// 1 <= i < x, 2i != x.
func bruteGrundys(upto int) []uint32 {
	g := make([]uint32, upto+1)
	seen := make([]bool, 2*upto+2)
	for x := 0; x <= upto; x++ {
		clear(seen)
		for i := 1; i < x; i++ {
			if 2*i != x {
				seen[g[i]^g[x-i]] = true
			}
		}
		v := uint32(0)
		for seen[v] {
			v++
		}
		g[x] = v
	}
	return g
}

// heapGrundy computes a table by HeapGrundy with the given method.
func heapGrundy(t testing.TB, in *rules.Instance, upto int, m sg.OctalMethod) *sg.Table {
	t.Helper()
	tab, err := sg.HeapGrundy(context.Background(), in, upto, sg.SparseOptions{Method: m})
	if err != nil {
		t.Fatalf("%s (%s): %v", in.Game.File, m, err)
	}
	return tab
}

// TestGrundysGame checks Grundy's game (OEIS A002188) through n = 10 000
// against bruteGrundys, and against what is published: the sequence's
// first 21 terms as OEIS A002188 lists them, and 1222 as the last heap of
// value 0 (the last P-position known, Winning Ways ch. 4; OEIS A002187).
// The values through 10 000 are the brute force's, computed here: OEIS's
// b-file is not shipped (reference_test.go checks the published terms and
// sparse values that are, in testdata).
func TestGrundysGame(t *testing.T) {
	in := sgInstances(t, "grundy.toml", grundysGame)[0]
	const upto = 10_000
	want := bruteGrundys(upto)
	tab := heapGrundy(t, in, upto, sg.Sparse)
	if got := values(tab, upto+1); !slices.Equal(got, want) {
		for n := range want {
			if got[n] != want[n] {
				t.Fatalf("g(%d) = %d, brute force %d", n, got[n], want[n])
			}
		}
	}
	a002188 := []uint32{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0}
	if got := values(tab, len(a002188)); !slices.Equal(got, a002188) {
		t.Errorf("g(0..20) = %v, OEIS A002188 %v", got, a002188)
	}
	last := 0
	for n := range upto + 1 {
		if tab.G(n) == 0 {
			last = n
		}
	}
	if last != 1222 {
		t.Errorf("the last heap of value 0 through %d is %d, not 1222", upto, last)
	}
	if s := tab.Sparse; s == nil || s.Mask == 0 || s.Scanned != "" || s.Rows != 1 {
		t.Errorf("Grundy's game was not computed in a sparse space: %v", s)
	}
	if tab.Bytes() != tab.Len() {
		t.Errorf("%d bytes for %d values: want one a value", tab.Bytes(), tab.Len())
	}
}

// TestGrundysSparseHeaps checks the sparse heaps the method lists against
// those of the brute force's values under the same mask.
func TestGrundysSparseHeaps(t *testing.T) {
	in := sgInstances(t, "grundy.toml", grundysGame)[0]
	const upto = 1 << 13
	tab := heapGrundy(t, in, upto, sg.Sparse)
	g := bruteGrundys(upto)
	s := tab.Sparse
	var want []int64
	for n := 1; n <= upto; n++ {
		if popParity(g[n]&s.Mask) == 0 {
			want = append(want, int64(n))
		}
	}
	if !slices.Equal(s.List, want) {
		t.Errorf("sparse heaps under mask %#x: %d listed, %d by the brute force", s.Mask, len(s.List), len(want))
	}
}

func popParity(v uint32) int {
	p := 0
	for ; v != 0; v &= v - 1 {
		p ^= 1
	}
	return p
}

// TestSplitMatchesScan compares the sparse-space method with the scan of
// every option (Grundy) on every heap game of the built-in set.
func TestSplitMatchesScan(t *testing.T) {
	const upto = 700
	for _, name := range rules.BuiltinNames() {
		g := sgGame(t, name)
		if !g.Sum {
			continue
		}
		insts, err := g.Instances()
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range insts[:min(len(insts), 3)] {
			fast := heapGrundy(t, in, upto, sg.Fast)
			scan, err := sg.Grundy(context.Background(), in.NewMachine(), upto)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(values(fast, upto+1), values(scan, upto+1)) {
				t.Errorf("%s %v: the methods differ (%v)", name, in.Values, fast.Sparse)
			}
		}
	}
}

// TestSplitKayles: Kayles written as moves is computed by rows, and equals
// the octal code's values; its code is read and its period proven.
func TestSplitKayles(t *testing.T) {
	in := sgInstances(t, "kayles-moves.toml", "piles = [\"x\"]\nsum = true\n"+
		"moves = [\"x -> i, x - 1 - i for i in 0..x-1\", \"x -> i, x - 2 - i for i in 0..x-2\"]\n")[0]
	const upto = 2048
	tab := heapGrundy(t, in, upto, sg.Sparse)
	code, _ := rules.ParseOctal("0.77")
	want, err := sg.OctalGrundy(context.Background(), code, upto, sg.Naive)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(values(tab, upto+1), values(want, upto+1)) {
		t.Fatal("Kayles by rows differs from its octal code")
	}
	if tab.Sparse.Rows != 2 || tab.Sparse.Mask == 0 {
		t.Errorf("Kayles by rows: %v", tab.Sparse)
	}
	if p := sg.FindPeriod(tab); !p.Proven || p.Period != 12 || p.Preperiod != 71 {
		t.Errorf("Kayles by rows: period %v", p)
	}
}

// TestSplitFallback: a row whose parts sum to more than the heap is left
// to the scan, and says so.
func TestSplitFallback(t *testing.T) {
	in := sgInstances(t, "grow.toml", "piles = [\"x\"]\nsum = true\nmoves = [\"x -> i, x + 1 - i for i in 2..x-1\", \"x - 1\"]\n")[0]
	tab := heapGrundy(t, in, 200, sg.Sparse)
	scan, err := sg.Grundy(context.Background(), in.NewMachine(), 200)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(values(tab, 201), values(scan, 201)) {
		t.Error("fallback differs from the scan")
	}
	if s := tab.Sparse; s == nil || !strings.Contains(s.Scanned, "not smaller than the heap") {
		t.Errorf("fallback not reported: %v", s)
	}
}

// randomSplitGame writes a random heap game of split rows (with linear
// and non-linear conditions) and plain moves.
func randomSplitGame(r *rand.Rand) string {
	var moves []string
	for range 1 + r.Intn(3) {
		k := r.Intn(4)
		lo := r.Intn(3)
		e := fmt.Sprintf("x -> i, x - %d - i for i in %d..x-%d", k, lo, k+r.Intn(3))
		if r.Intn(2) == 0 {
			e = fmt.Sprintf("x -> x - %d - i, i for i in %d..x", k, lo)
		}
		switch r.Intn(7) {
		case 1:
			e += " if 2 * i != x"
		case 2:
			e += fmt.Sprintf(" if %d * i < x + %d", 2+r.Intn(3), r.Intn(5))
		case 3:
			e += fmt.Sprintf(" if i != %d and i >= x - %d * i", r.Intn(6), 1+r.Intn(3))
		case 4:
			e += fmt.Sprintf(" if i %% %d != 1", 2+r.Intn(3)) // not linear: evaluated per option
		case 5:
			e += fmt.Sprintf(" if x %% %d == 0 or i == 1", 2+r.Intn(2))
		case 6:
			e += fmt.Sprintf(" if x - i > %d", r.Intn(4))
		}
		moves = append(moves, e)
	}
	for range r.Intn(3) {
		moves = append(moves, fmt.Sprintf("x - %d", 1+r.Intn(4)))
	}
	slices.Sort(moves)
	moves = slices.Compact(moves)
	return "piles = [\"x\"]\nsum = true\nmoves = [\"" + strings.Join(moves, "\", \"") + "\"]\n"
}

// TestSplitRandom compares the sparse-space method with the scan on random
// splitting games (-sg.seed sets the seed, -sg.games how many).
func TestSplitRandom(t *testing.T) {
	r := rand.New(rand.NewSource(sgSeed(t)))
	const upto = 400
	games := *sgGames
	if testing.Short() {
		games = 20
	}
	sparse := 0
	for k := range games {
		src := randomSplitGame(r)
		name := fmt.Sprintf("random-%d.toml", k)
		g, err := rules.Parse(name, []byte(src))
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, src)
		}
		insts, _ := g.Instances()
		in := insts[0]
		scan, scanErr := sg.Grundy(context.Background(), in.NewMachine(), upto)
		fast, err := sg.HeapGrundy(context.Background(), in, upto, sg.SparseOptions{Method: sg.Sparse})
		if (err != nil) != (scanErr != nil) {
			t.Fatalf("%s: sparse %v, scan %v\n%s", name, err, scanErr, src)
		}
		if err != nil {
			continue
		}
		if !slices.Equal(values(fast, upto+1), values(scan, upto+1)) {
			t.Fatalf("%s: the methods differ (%v)\n%s", name, fast.Sparse, src)
		}
		if fast.Sparse.Mask != 0 {
			sparse++
		}
	}
	t.Logf("%d of %d games had a sparse space", sparse, games)
	if sparse == 0 {
		t.Error("no random game had a sparse space: the test compares nothing of it")
	}
}

// TestSplitProgress: Progress hears of every 2^16 heaps, with the sparse
// heaps so far, by rows and by the scan of every option alike.
func TestSplitProgress(t *testing.T) {
	for _, c := range []struct {
		src  string
		m    sg.OctalMethod
		upto int
		want int // calls
	}{{grundysGame, sg.Sparse, 1<<17 + 5, 2}, {grundysGame, sg.Naive, 1<<12 + 5, 1}} {
		in := sgInstances(t, "grundy.toml", c.src)[0]
		var done []int
		sparse := 0
		_, err := sg.HeapGrundy(context.Background(), in, c.upto, sg.SparseOptions{Method: c.m, Progress: func(n, s int) {
			done = append(done, n)
			sparse = s
		}})
		if err != nil {
			t.Fatal(err)
		}
		if len(done) != c.want || !slices.IsSorted(done) || c.m == sg.Sparse && sparse < 1000 || c.m == sg.Naive && sparse != -1 {
			t.Errorf("%s: progress at %v, sparse %d", c.m, done, sparse)
		}
	}
}
