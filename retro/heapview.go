package retro

import (
	"slices"

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
