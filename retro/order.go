package retro

import (
	"math"
	"math/bits"
	"retro/retro/internal/core"
	"sync"

	"retro/positions"
	"retro/rules"
)

// newResult is the result every path makes, before its outcomes, layers
// and sets are filled in: no horizon, and the colouring order rebuilt
// when it is first asked for.
func newResult(sp *positions.Space, in *rules.Instance, starts []positions.StartPos) *Result {
	return &Result{Space: sp, Instance: in, Starts: starts, Count: in.Game.Count, lazy: &lazyOrder{}, horizon: -1}
}

// Positions returns the coloured positions, segment by segment (see
// Segments), each segment in ascending order. No path keeps them while it
// solves: the first call rebuilds them from the outcomes and layers (4
// bytes a coloured position, kept from then on); a result read from a
// table has them. A result of more than 2^32 - 1 positions has none: its
// rows are numbered in 64 bits (Rows).
func (r *Result) Positions() []uint32 {
	if r.order != nil || r.lazy == nil || r.Len() > math.MaxUint32 {
		return r.order
	}
	r.lazy.once.Do(func() { r.lazy.order = rebuildOrder[uint32](r) })
	return r.lazy.order
}

// lazyOrder is the colouring order of a result that rebuilds it on
// demand; copies of the result share it.
type lazyOrder struct {
	once  sync.Once
	order []uint32
}

// rebuildOrder lists the coloured positions segment by segment, each in
// ascending order: a counting sort of the positions by outcome and layer,
// the segments giving the place of each.
func rebuildOrder[T uint32 | uint64](r *Result) []T {
	top := uint32(0)
	for _, s := range r.segs {
		top = max(top, s.Layer)
	}
	// slot[2·layer + (1 for L)] is the segment of that outcome and layer
	slot := make([]int32, 2*(int(top)+1))
	for k := range slot {
		slot[k] = -1
	}
	fill := make([]int64, len(r.segs)) // where the next position of each goes
	start := int64(0)
	for k, s := range r.segs {
		at := 2 * int(s.Layer)
		if s.Outcome == core.Lose {
			at++
		}
		slot[at], fill[k] = int32(k), start
		start = s.End
	}
	order := make([]T, start)
	for w := range r.win {
		for word := r.win[w] | r.lose[w]; word != 0; word &= word - 1 {
			i := w<<6 + bits.TrailingZeros64(word)
			at := 2 * int(r.layerAt(i))
			if r.lose.Has(i) {
				at++
			}
			k := slot[at]
			order[fill[k]] = T(i)
			fill[k]++
		}
	}
	return order
}

// fromPath is the Result of a path's table: the one place where what a
// path found becomes a Result.
func fromPath(in *rules.Instance, t *core.Table) *Result {
	r := &Result{Space: t.Space, Instance: in, Starts: t.Starts, Count: in.Game.Count,
		MoveCount: t.MoveCount, Edges: t.Edges, Path: t.Path,
		layer: t.Layer, layer16: t.Layer16, win: t.Win, lose: t.Lose, unknown: t.Unknown,
		order: t.Order, segs: t.Sets, depth: t.Depth, horizon: t.Horizon, release: t.Release}
	if r.order == nil {
		r.lazy = &lazyOrder{}
	}
	return r
}
