package retro

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"retro/positions"
	"retro/retro/sg"
	"retro/rules"
)

// HeapStarts turns an instance of a heap game into the engine's view of
// it (rules.Instance.HeapView): a position is a collection of heaps,
// largest first, padded to the most heaps one heap of 0..upto can become;
// the seeds are the single heaps 0..upto.
func HeapStarts(in *rules.Instance, upto int) (*rules.Instance, []positions.Seed, error) {
	most, err := sg.MaxHeaps(in.NewMachine(), upto)
	if err != nil {
		return nil, nil, err
	}
	k := max(1, slices.Max(most))
	view, err := in.HeapView(k)
	if err != nil {
		return nil, nil, err
	}
	seeds := make([]positions.Seed, upto+1)
	for n := range seeds {
		p := make([]int64, k)
		p[0] = int64(n)
		seeds[n] = positions.Seed{Piles: p}
	}
	return view, seeds, nil
}

// HeapViewAt returns the engine's view of a heap game around one
// collection of heaps: a view of as many heaps as the collection can split
// into, and the collection's tuple in it (HeapTuple).
func HeapViewAt(in *rules.Instance, heaps []int64) (*rules.Instance, []int64, error) {
	most, err := sg.MaxHeaps(in.NewMachine(), int(slices.Max(heaps)))
	if err != nil {
		return nil, nil, err
	}
	k := 0
	for _, h := range heaps {
		k += most[h]
	}
	k = max(k, 1)
	view, err := in.HeapView(k)
	if err != nil {
		return nil, nil, err
	}
	return view, HeapTuple(heaps, k), nil
}

// HeapTuple is the tuple of a collection of heaps in a view of k heaps:
// the heaps, largest first, padded with zeros to k. A collection of more
// than k heaps gives them all, longer than the view's tuples.
func HeapTuple(heaps []int64, k int) []int64 {
	sorted := slices.Clone(heaps)
	slices.Sort(sorted)
	slices.Reverse(sorted)
	tuple := make([]int64, max(k, len(sorted)))
	copy(tuple, sorted)
	return tuple
}

// HeapIndex finds a collection of heaps in r, a result of a heap view:
// the index of the collection's tuple (HeapTuple), without history. A
// collection r does not hold gives a *HeapsNotHeldError.
func (r *Result) HeapIndex(heaps []int64) (int, error) {
	k := r.Space.Piles()
	tuple := HeapTuple(heaps, k)
	missing := &HeapsNotHeldError{Heaps: heaps, Tuple: tuple, Most: k, Positions: r.Len()}
	if missing.TooMany() {
		return 0, missing
	}
	i, ok := r.Space.Index(tuple[:k], 0)
	if !ok {
		return 0, missing
	}
	return i, nil
}

// HeapsNotHeldError is a collection of heaps that a result of a heap view
// does not hold: one of more heaps than the view's positions have
// (TooMany), or one its starts do not reach.
type HeapsNotHeldError struct {
	Heaps     []int64 // the collection, as asked for
	Tuple     []int64 // its tuple, HeapTuple(Heaps, Most)
	Most      int     // the heaps of a position of the view
	Positions int     // the positions the result holds
}

// TooMany tells whether the collection has more heaps (not counting
// empty ones) than a position of the view.
func (e *HeapsNotHeldError) TooMany() bool { return len(e.Tuple) > e.Most && e.Tuple[e.Most] > 0 }

func (e *HeapsNotHeldError) Error() string {
	var hs []string
	for _, h := range e.Tuple {
		if h > 0 {
			hs = append(hs, strconv.FormatInt(h, 10))
		}
	}
	what := "heaps " + strings.Join(hs, " + ")
	if len(hs) == 0 {
		what = "no heaps"
	}
	if e.TooMany() {
		return fmt.Sprintf("%s: a position holds at most %d heaps", what, e.Most)
	}
	return fmt.Sprintf("%s: not among the %d positions reachable from the starts", what, e.Positions)
}
