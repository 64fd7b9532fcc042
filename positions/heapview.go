package positions

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"retro/rules"
)

// The heap view of a heap game (rules.Instance.HeapView) holds a
// collection of heaps as a tuple, largest first, padded with zeros
// (HeapTuple); how many heaps it holds is the most that the heaps it
// starts from can split into (MaxHeaps).
//
// MaxHeaps lists every option of every heap below the largest, which
// takes time in the square of the heap for the usual games (a heap of n
// has about n options). A view of more than rules.MaxHeaps heaps is
// refused, and a lower bound from a few options of each heap
// (rules.Machine.FewHeapMoves, in time linear in the heap) shows most such
// views too many at once: the full count is made only for a view that the
// bound does not refuse.

// MaxHeaps returns, for every heap of 0..upto, the most heaps a collection
// reached from it can hold: 1 for a heap that never splits, and no fewer
// than its options to smaller heaps can hold. Options of several heaps
// must hold smaller heaps; an option to a single heap not smaller is not
// followed.
func MaxHeaps(m *rules.Machine, upto int) ([]int, error) {
	return heapCounts(upto, m.HeapMoves)
}

// mostCounted bounds the counts of heapCounts, which grow exponentially
// where splits make more stones than they take: beyond any view.
const mostCounted = 1 << 40

// heapCounts is MaxHeaps over the options that options lists. Over some
// of the options only (rules.Machine.FewHeapMoves) it is a lower bound: a
// heap of n can become a collection of that many heaps.
func heapCounts(upto int, options func(n int64, out *rules.HeapOptions) error) ([]int, error) {
	most := make([]int, upto+1)
	var opts rules.HeapOptions
	for n := 1; n <= upto; n++ {
		opts.Reset()
		if err := options(int64(n), &opts); err != nil {
			return nil, err
		}
		most[n] = 1
		for k := 0; k < opts.Len(); k++ {
			parts := opts.Option(k)
			if len(parts) == 1 {
				if p := parts[0]; p < int64(n) {
					most[n] = max(most[n], most[p])
				}
				continue
			}
			c := 0
			for _, p := range parts {
				if p >= int64(n) {
					return nil, fmt.Errorf("heap grows without bound: a heap of %d splits into a heap of %d", n, p)
				}
				c = min(c+most[p], mostCounted)
			}
			most[n] = max(most[n], c)
		}
	}
	return most, nil
}

// heapLister lists the options of heaps: a rules.Machine of a heap game.
type heapLister interface {
	HeapMoves(n int64, out *rules.HeapOptions) error
	FewHeapMoves(n int64, out *rules.HeapOptions) error
}

// viewHeaps is how many heaps the view of a heap game around heaps of
// 0..top holds, size(MaxHeaps(top)), or a number of them that one heap or
// a collection can reach beyond rules.MaxHeaps, which the view refuses.
// A fault of the few options is left for the count of every option to
// report, as it always has.
func viewHeaps(m heapLister, top int, size func(most []int) int) (int, error) {
	if few, err := heapCounts(top, m.FewHeapMoves); err == nil {
		if k := size(few); k > rules.MaxHeaps {
			return k, nil
		}
	}
	most, err := heapCounts(top, m.HeapMoves)
	if err != nil {
		return 0, err
	}
	return size(most), nil
}

// HeapStarts turns an instance of a heap game into the engine's view of
// it (rules.Instance.HeapView): a position is a collection of heaps,
// largest first, padded to the most heaps one heap of 0..upto can become;
// the seeds are the single heaps 0..upto.
func HeapStarts(in *rules.Instance, upto int) (*rules.Instance, []Seed, error) {
	k, err := viewHeaps(in.NewMachine(), upto, func(most []int) int { return max(1, slices.Max(most)) })
	if err != nil {
		return nil, nil, err
	}
	view, err := in.HeapView(k)
	if err != nil {
		return nil, nil, err
	}
	seeds := make([]Seed, upto+1)
	for n := range seeds {
		p := make([]int64, k)
		p[0] = int64(n)
		seeds[n] = Seed{Piles: p}
	}
	return view, seeds, nil
}

// HeapViewAt returns the engine's view of a heap game around one
// collection of heaps: a view of as many heaps as the collection can split
// into, and the collection's tuple in it (HeapTuple).
func HeapViewAt(in *rules.Instance, heaps []int64) (*rules.Instance, []int64, error) {
	k, err := viewHeaps(in.NewMachine(), int(slices.Max(heaps)), func(most []int) int {
		k := 0
		for _, h := range heaps {
			k = min(k+most[h], mostCounted)
		}
		return max(k, 1)
	})
	if err != nil {
		return nil, nil, err
	}
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

// HeapIndex finds a collection of heaps in s, a space of a heap view: the
// index of the collection's tuple (HeapTuple), without history. A
// collection s does not hold gives a *HeapsNotHeldError.
func (s *Space) HeapIndex(heaps []int64) (int, error) {
	k := s.Piles()
	tuple := HeapTuple(heaps, k)
	missing := &HeapsNotHeldError{Heaps: heaps, Tuple: tuple, Most: k, Positions: s.Len()}
	if missing.TooMany() {
		return 0, missing
	}
	i, ok := s.Index(tuple[:k], 0)
	if !ok {
		return 0, missing
	}
	return i, nil
}

// HeapsNotHeldError is a collection of heaps that a space of a heap view
// does not hold: one of more heaps than the view's positions have
// (TooMany), or one its starts do not reach.
type HeapsNotHeldError struct {
	Heaps     []int64 // the collection, as asked for
	Tuple     []int64 // its tuple, HeapTuple(Heaps, Most)
	Most      int     // the heaps of a position of the view
	Positions int     // the positions the space holds
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
