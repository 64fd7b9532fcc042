package retro

import (
	"math"
	"retro/retro/internal/core"
	"slices"

	"github.com/RoaringBitmap/roaring/v2"

	"retro/positions"
	"retro/rules"
)

// Result is the coloured table of one game instance: the outcome and layer
// of every position. Positions are the Space's indices.
type Result struct {
	Space     *positions.Space
	Instance  *rules.Instance
	Starts    []positions.StartPos
	Count     rules.Count
	MoveCount int64  // legal moves from the non-final positions
	Edges     int64  // distinct edges between positions
	Path      string // how it was solved, and why: "compiled: …" or "general: …"

	col  core.Colours // what the path coloured, as it handed it over
	lazy *lazyOrder   // set where col.Order is not kept but rebuilt on demand
}

// Len is the number of positions.
func (r *Result) Len() int { return r.Space.Len() }

// Outcome is the outcome of position i for the player to move.
func (r *Result) Outcome(i int) core.Outcome { return r.col.Shown(i) }

// Layer is the layer of a W or L position, and -1 for D and ?.
func (r *Result) Layer(i int) int {
	switch r.Outcome(i) {
	case core.Win, core.Lose:
		return int(r.col.LayerAt(i))
	}
	return -1
}

// Horizon is the horizon of the analysis, -1 for none.
func (r *Result) Horizon() int { return r.col.HorizonOf() }

// Depth is the number of moves from a start to position i (0 without a
// horizon).
func (r *Result) Depth(i int) int {
	if r.col.Depth == nil {
		return 0
	}
	return int(r.col.Depth[i])
}

// Tally counts the positions of each outcome: from the sets' sizes where
// no horizon hides a position, one by one otherwise.
func (r *Result) Tally() map[core.Outcome]int {
	var c [core.Unknown + 1]int
	if r.col.Depth == nil && r.col.Unknown == nil {
		start := 0
		for _, s := range r.col.Sets {
			c[s.Outcome] += int(s.End) - start
			start = int(s.End)
		}
		c[core.Draw] = r.Len() - start
	} else {
		for i := 0; i < r.Len(); i++ {
			c[r.Outcome(i)]++
		}
	}
	t := map[core.Outcome]int{}
	for o, k := range c {
		if k > 0 {
			t[core.Outcome(o)] = k
		}
	}
	return t
}

// Set returns the positions of one outcome and layer as a bitmap.
func (r *Result) Set(o core.Outcome, layer int) *roaring.Bitmap {
	b := roaring.New()
	start := int64(0)
	for _, s := range r.col.Sets {
		if s.Outcome == o && int(s.Layer) == layer {
			b.AddMany(r.Positions()[start:s.End])
		}
		start = s.End
	}
	return b
}

// Rows calls fn for every position in table order: by layer, then by index
// (pile values, then history); D and ? last, by index. It stops when fn
// returns false.
func (r *Result) Rows(fn func(i int) bool) {
	if order := r.Positions(); order != nil || r.Len() <= math.MaxUint32 {
		rowsOf(r, order, fn)
	} else {
		rowsOf(r, core.RebuildOrder[uint64](&r.col), fn)
	}
}

// rowsOf is Rows over a colouring order.
func rowsOf[T uint32 | uint64](r *Result, order []T, fn func(i int) bool) {
	segs := r.Segments()
	for len(segs) > 0 {
		k := 1
		for k < len(segs) && segs[k].Layer == segs[0].Layer {
			k++
		}
		var rows []T
		if k == 1 {
			rows = order[segs[0].Start:segs[0].End]
		} else {
			for _, s := range segs[:k] {
				rows = append(rows, order[s.Start:s.End]...)
			}
			slices.Sort(rows)
		}
		for _, i := range rows {
			if !r.col.Hidden(int(i)) && !fn(int(i)) {
				return
			}
		}
		segs = segs[k:]
	}
	for i := 0; i < r.Len(); i++ {
		coloured := r.col.Win.Has(i) || r.col.Lose.Has(i)
		if (!coloured || r.col.Hidden(i)) && !fn(i) {
			return
		}
	}
}

// Segments lists the coloured sets in the order they were coloured: by
// layer, and at layer 0 the W set of the exam count before the L set.
func (r *Result) Segments() []core.Segment { return core.UnpackSegments(r.col.Sets) }
