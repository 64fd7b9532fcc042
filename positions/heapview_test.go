package positions

import (
	"errors"
	"slices"
	"testing"

	"retro/rules"
)

// builtinInstance is the one instance of a built-in game.
func builtinInstance(t *testing.T, name string) *rules.Instance {
	t.Helper()
	src, ok := rules.Builtin(name)
	if !ok {
		t.Fatalf("no built-in game %s", name)
	}
	return instance(t, string(src))
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
