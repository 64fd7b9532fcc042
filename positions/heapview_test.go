package positions

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"retro/rules"
	"retro/rules/rulestest"
)

// builtinInstance is the first instance of a built-in game.
func builtinInstance(t testing.TB, name string) *rules.Instance {
	t.Helper()
	src, ok := rules.Builtin(name)
	if !ok {
		t.Fatalf("no built-in game %s", name)
	}
	return rulestest.Instance(t, name+".toml", string(src))
}

// A Kayles heap of n becomes at most (n+1)/2 heaps (knocking down one pin
// of every two); a Nim heap never splits.
func TestMaxHeaps(t *testing.T) {
	most, err := MaxHeaps(builtinInstance(t, "kayles").NewMachine(), 40)
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 40; n++ {
		if most[n] != (n+1)/2 {
			t.Fatalf("Kayles %d: at most %d heaps, want %d", n, most[n], (n+1)/2)
		}
	}
	if most, _ = MaxHeaps(builtinInstance(t, "nim").NewMachine(), 10); slices.Max(most) != 1 {
		t.Errorf("Nim: %v", most)
	}
}

// heapGames are the built-in heap games and a few more split games, by
// name: Dawson's Kayles, 4.07, a split in three by two generators, a game
// that splits only a heap of 2 (so that a heap of 3 splits after a move to
// one heap), and splits in a command of [commands].
func heapGames(t *testing.T) map[string]*rules.Instance {
	games := map[string]*rules.Instance{}
	for name, src := range map[string]string{
		"dawson":  "piles = [\"x\"]\nsum = true\noctal = \"0.07\"\n",
		"4.07":    "piles = [\"x\"]\nsum = true\noctal = \"4.07\"\n",
		"three":   "piles = [\"x\"]\nsum = true\nmoves = [\"x -> i, j, x - i - j - 1 for i in 1..x for j in i..x if i + j < x\", \"x - 2\"]\n",
		"late":    "piles = [\"x\"]\nsum = true\nmoves = [\"x - 1\", \"x -> 1, 1 if x == 2\"]\n",
		"grouped": "piles = [\"x\"]\nsum = true\n[commands]\nsplit = [\"x -> i, x - 2 - i for i in 1..x-3\", \"x -> 1, x - 1 if x >= 2\"]\ntake = [\"x - k for k in 1..2\"]\n",
	} {
		games[name] = instance(t, src)
	}
	for _, name := range rules.BuiltinNames() {
		if in := builtinInstance(t, name); in.Game.Sum {
			games[name] = in
		}
	}
	return games
}

// mostByCollections is the definition of MaxHeaps worked out in full: the
// most heaps of the collections reached from a heap of n, every one of
// them listed.
func mostByCollections(t *testing.T, m *rules.Machine, n int64) int {
	key := func(c []int64) string { return fmt.Sprint(c) }
	start := []int64{n}
	if n == 0 {
		start = nil
	}
	seen := map[string]bool{key(start): true}
	queue := [][]int64{start}
	most := 0
	var opts rules.HeapOptions
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		most = max(most, len(c))
		for i, h := range c {
			opts.Reset()
			if err := m.HeapMoves(h, &opts); err != nil {
				t.Fatal(err)
			}
			for k := 0; k < opts.Len(); k++ {
				next := append(slices.Clone(c[:i]), c[i+1:]...)
				next = append(next, opts.Option(k)...)
				slices.Sort(next)
				if !seen[key(next)] {
					seen[key(next)] = true
					queue = append(queue, next)
				}
			}
		}
	}
	return most
}

// mostBySplits is how MaxHeaps counted before it followed the options to
// one heap: over the options of several heaps only.
func mostBySplits(t *testing.T, m *rules.Machine, upto int) []int {
	most := make([]int, upto+1)
	var opts rules.HeapOptions
	for n := 1; n <= upto; n++ {
		opts.Reset()
		if err := m.HeapMoves(int64(n), &opts); err != nil {
			t.Fatal(err)
		}
		most[n] = 1
		for k := 0; k < opts.Len(); k++ {
			if parts := opts.Option(k); len(parts) >= 2 {
				c := 0
				for _, p := range parts {
					c += most[p]
				}
				most[n] = max(most[n], c)
			}
		}
	}
	return most
}

// MaxHeaps is the most heaps of the collections a heap reaches, each
// collection listed (heaps of 0..12), for the built-in heap games and the
// split games of heapGames. It counts as it did when it followed only
// splits, but for the game that splits a heap after a move to one heap:
// there a heap of 3 reaches 1 + 1 by way of 2, which the count of splits
// missed.
func TestMaxHeapsByCollections(t *testing.T) {
	const upto = 12
	for name, in := range heapGames(t) {
		m := in.NewMachine()
		most, err := MaxHeaps(m, upto)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for n := range most {
			if want := mostByCollections(t, m, int64(n)); most[n] != want {
				t.Errorf("%s: a heap of %d reaches %d heaps at most, MaxHeaps says %d", name, n, want, most[n])
			}
		}
		if old := mostBySplits(t, m, upto); !slices.Equal(old, most) != (name == "late") {
			t.Errorf("%s: by splits %v, MaxHeaps %v", name, old, most)
		}
	}
}

// The few options of FewHeapMoves give a lower bound of MaxHeaps, and for
// the built-in heap games the count itself, so that a view of these games
// too large to hold is refused at once.
func TestFewHeapsBound(t *testing.T) {
	const upto = 300
	for name, in := range heapGames(t) {
		m := in.NewMachine()
		most, err := MaxHeaps(m, upto)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		few, err := heapCounts(upto, m.FewHeapMoves)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for n := range most {
			if _, builtin := rules.Builtin(name); few[n] > most[n] || builtin && few[n] != most[n] {
				t.Errorf("%s: heap %d: few options %d heaps, every option %d", name, n, few[n], most[n])
				break
			}
		}
	}
}

// countingLister counts the heaps it is asked about, in full (HeapMoves)
// and for a few options (FewHeapMoves), and the few options it gives.
type countingLister struct {
	m                       *rules.Machine
	heaps, fewHeaps, fewOpt int
}

func (c *countingLister) HeapMoves(n int64, out *rules.HeapOptions) error {
	c.heaps++
	return c.m.HeapMoves(n, out)
}

func (c *countingLister) FewHeapMoves(n int64, out *rules.HeapOptions) error {
	k := out.Len()
	err := c.m.FewHeapMoves(n, out)
	c.fewHeaps, c.fewOpt = c.fewHeaps+1, c.fewOpt+out.Len()-k
	return err
}

// A view around a heap of 200 000 is refused after a few options of each
// heap below it (at most 20), not every option (some 10^10): a Kayles or
// strip heap of n splits into (n+1)/2 heaps, a heap of Lasker's Nim into
// n; a view holds 65 536. In the words it was refused in before.
func TestHeapViewRefusedAtOnce(t *testing.T) {
	const top = 200_000
	for _, c := range []struct {
		game string
		most int
	}{{"kayles", top / 2}, {"strip-tiling", top / 2}, {"lasker-nim", top}} {
		m := &countingLister{m: builtinInstance(t, c.game).NewMachine()}
		k, err := viewHeaps(m, top, func(most []int) int { return most[top] })
		if err != nil || k != c.most || m.heaps != 0 || m.fewHeaps != top || m.fewOpt > 20*top {
			t.Errorf("%s: %d heaps (%v); %d heaps listed in full, %d heaps and %d options in few",
				c.game, k, err, m.heaps, m.fewHeaps, m.fewOpt)
		}
	}
	_, _, err := HeapViewAt(builtinInstance(t, "kayles"), []int64{top})
	want := "kayles.toml: the heaps asked about can split into as many as 100000 heaps, and a position of the engine holds at most 65536: ask about smaller heaps"
	if err == nil || err.Error() != want {
		t.Errorf("HeapViewAt: %v\nwant %s", err, want)
	}
	// A view the few options do not refuse is counted in full.
	m := &countingLister{m: builtinInstance(t, "kayles").NewMachine()}
	if k, err := viewHeaps(m, 100, func(most []int) int { return most[100] }); err != nil || k != 50 || m.heaps != 100 {
		t.Errorf("Kayles 100: %d heaps (%v), %d heaps listed in full", k, err, m.heaps)
	}
}

// A heap of 3 of the game that splits only a heap of 2 is viewed with room
// for the two heaps it reaches by way of 2, and solved.
func TestHeapViewAfterOneHeapMove(t *testing.T) {
	view, tuple, err := HeapViewAt(heapGames(t)["late"], []int64{3})
	if err != nil {
		t.Fatal(err)
	}
	opt := DefaultOptions(view.Game)
	opt.Extra = []Seed{{Piles: tuple}}
	gr, err := Enumerate(view, opt)
	if err != nil {
		t.Fatal(err)
	}
	// 3, 2, 1 + 1 and 1 (no heaps is an end, not a position).
	if len(tuple) != 2 || gr.Space.Len() != 4 {
		t.Errorf("tuple %v, %d positions", tuple, gr.Space.Len())
	}
}

// BenchmarkHeapViewRefused: the view around a Kayles heap of 200 000,
// refused by the few options of every heap below it.
func BenchmarkHeapViewRefused(b *testing.B) {
	in := builtinInstance(b, "kayles")
	for b.Loop() {
		if _, _, err := HeapViewAt(in, []int64{200_000}); err == nil {
			b.Fatal("not refused")
		}
	}
}

// A Kayles heap of 3 or 4 splits into two heaps at most (3 -> 1 + 1,
// 4 -> 2 + 1), so that the view around 3 + 4 holds four heaps, and the
// collection is 4, 3 padded with zeros.
func TestHeapViewAt(t *testing.T) {
	kayles := builtinInstance(t, "kayles")
	view, tuple, err := HeapViewAt(kayles, []int64{3, 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(view.Game.Piles) != 4 || !slices.Equal(tuple, []int64{4, 3, 0, 0}) {
		t.Errorf("view of %d heaps, tuple %v: want 4 heaps, [4 3 0 0]", len(view.Game.Piles), tuple)
	}
	if _, tuple, _ = HeapViewAt(kayles, []int64{0}); !slices.Equal(tuple, []int64{0}) {
		t.Errorf("no heaps: tuple %v, want [0]", tuple)
	}
	if got := HeapTuple([]int64{1, 5, 2, 7}, 2); !slices.Equal(got, []int64{7, 5, 2, 1}) {
		t.Errorf("more heaps than the view holds: %v", got)
	}
}

// The starts of the view through heap 5 are the single heaps 0..5, in a
// view of as many heaps as a heap of 5 becomes at most: three, by
// 5 -> 3 + 1 -> 1 + 1 + 1.
func TestHeapStarts(t *testing.T) {
	view, seeds, err := HeapStarts(builtinInstance(t, "kayles"), 5)
	if err != nil {
		t.Fatal(err)
	}
	k := len(view.Game.Piles)
	if k != 3 || len(seeds) != 6 {
		t.Fatalf("view of %d heaps, %d seeds: want 3 and 6", k, len(seeds))
	}
	for n, s := range seeds {
		want := make([]int64, k)
		want[0] = int64(n)
		if !slices.Equal(s.Piles, want) || s.Hist != 0 {
			t.Errorf("seed %d: %v", n, s)
		}
	}
}

// From one Kayles heap of 3 in a view of two heaps the collections
// reached are 3, 2, 1 + 1 (the middle pin knocked down) and 1: four
// positions (no heaps left is an end, not a position). HeapIndex finds
// them in any order, with empty heaps or without, and says why it does
// not find the others.
func TestHeapIndex(t *testing.T) {
	view, err := builtinInstance(t, "kayles").HeapView(2)
	if err != nil {
		t.Fatal(err)
	}
	opt := DefaultOptions(view.Game)
	opt.Extra = []Seed{{Piles: HeapTuple([]int64{3}, 2)}}
	gr, err := Enumerate(view, opt)
	if err != nil {
		t.Fatal(err)
	}
	s := gr.Space
	if s.Len() != 4 {
		t.Fatalf("%d positions, want 4", s.Len())
	}
	for _, c := range []struct {
		heaps []int64
		tuple []int64
	}{
		{[]int64{1, 1}, []int64{1, 1}},
		{[]int64{0, 1}, []int64{1, 0}},
		{[]int64{1, 1, 0}, []int64{1, 1}},
		{[]int64{3}, []int64{3, 0}},
	} {
		i, err := s.HeapIndex(c.heaps)
		if err != nil {
			t.Errorf("%v: %v", c.heaps, err)
			continue
		}
		got := make([]int64, 2)
		s.Position(i, got)
		if !slices.Equal(got, c.tuple) {
			t.Errorf("%v: index %d is %v, want %v", c.heaps, i, got, c.tuple)
		}
	}
	for _, c := range []struct {
		heaps   []int64
		tooMany bool
		msg     string
	}{
		{[]int64{1, 2, 1}, true, "heaps 2 + 1 + 1: a position holds at most 2 heaps"},
		{[]int64{2, 1}, false, "heaps 2 + 1: not among the 4 positions reachable from the starts"},
		{[]int64{4}, false, "heaps 4: not among the 4 positions reachable from the starts"},
		{[]int64{0}, false, "no heaps: not among the 4 positions reachable from the starts"},
	} {
		_, err := s.HeapIndex(c.heaps)
		var missing *HeapsNotHeldError
		if !errors.As(err, &missing) {
			t.Errorf("%v: %v, want a *HeapsNotHeldError", c.heaps, err)
			continue
		}
		if missing.TooMany() != c.tooMany || err.Error() != c.msg || !slices.Equal(missing.Heaps, c.heaps) {
			t.Errorf("%v: too many %v, heaps %v, %q; want %v, %q", c.heaps, missing.TooMany(), missing.Heaps, err, c.tooMany, c.msg)
		}
	}
}
