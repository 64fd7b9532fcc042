package retro

import (
	"math"
	"retro/retro/internal/core"
	"sync"

	"retro/rules"
)

// Positions returns the coloured positions, segment by segment (see
// Segments), each segment in ascending order. No path keeps them while it
// solves: the first call rebuilds them from the outcomes and layers (4
// bytes a coloured position, kept from then on); a result read from a
// table has them. A result of more than 2^32 - 1 positions has none: its
// rows are numbered in 64 bits (Rows).
func (r *Result) Positions() []uint32 {
	if r.col.Order != nil || r.lazy == nil || r.Len() > math.MaxUint32 {
		return r.col.Order
	}
	r.lazy.once.Do(func() { r.lazy.order = core.RebuildOrder[uint32](&r.col) })
	return r.lazy.order
}

// lazyOrder is the colouring order of a result that rebuilds it on
// demand; copies of the result share it.
type lazyOrder struct {
	once  sync.Once
	order []uint32
}

// fromPath is the Result of a path's table: the one place where what a
// path found becomes a Result.
func fromPath(in *rules.Instance, t *core.Table) *Result {
	r := &Result{Space: t.Space, Instance: in, Starts: t.Starts, Count: in.Game.Count,
		MoveCount: t.MoveCount, Edges: t.Edges, Path: t.Path, col: t.Colours}
	if r.col.Order == nil {
		r.lazy = &lazyOrder{}
	}
	return r
}
