package core

import (
	"math/bits"

	"retro/positions"
)

// Table is what a path hands back for one game instance, the one contract
// of every path: its space and starts, the counts of its moves and edges,
// the line that says how it was solved, and its Colours. Package retro
// turns it into a Result (and a Share into a Part).
type Table struct {
	Space     *positions.Space
	Starts    []positions.StartPos
	MoveCount int64  // legal moves from the non-final positions
	Edges     int64  // distinct edges between positions
	Path      string // how it was solved, and why: "compiled: …"
	Colours
}

// Colours are what the colouring found of each position: its outcome bits
// and layer, the coloured sets, and under a horizon its depth. A Result
// keeps them as its path handed them over, and reads them through the
// methods below, the one statement of what a position shows.
type Colours struct {
	// Layer is the layer of each W or L position, unless Layer16 holds
	// them (Layer is then nil).
	Layer   []uint32
	Layer16 []uint16
	// Win and Lose are the coloured positions; Unknown, under a horizon,
	// those left uncoloured that reach it (nil otherwise).
	Win, Lose, Unknown positions.Bitset
	// Sets are the coloured sets in the order they were coloured; Order,
	// where the path kept it, their positions set by set, each set sorted
	// (nil: rebuilt from the outcomes and layers when it is asked for).
	Sets  []Packed
	Order []uint32
	// Depth, under a horizon, is each position's distance in moves from a
	// start, and Horizon the horizon; Depth nil and Horizon -1 without one.
	Depth   []uint32
	Horizon int
	// Release, where the layers are kept in a file (a spilled solve), lets
	// those of positions lo..hi-1 go from memory.
	Release func(lo, hi int)
}

// NewTable is the table of a path before its outcomes, layers and sets
// are filled in: no horizon.
func NewTable(sp *positions.Space, starts []positions.StartPos) *Table {
	return &Table{Space: sp, Starts: starts, Colours: Colours{Horizon: -1}}
}

// LayerAt is the layer kept for position i: that of a W or L position,
// hidden ones included, and 0 for the others.
func (c *Colours) LayerAt(i int) uint32 {
	if c.Layer16 != nil {
		return uint32(c.Layer16[i])
	}
	return c.Layer[i]
}

// Shown is the outcome position i shows: its colour, but ? for one
// coloured beyond what the horizon can decide (Hidden) or left uncoloured
// at the horizon, and D for one never coloured.
func (c *Colours) Shown(i int) Outcome {
	switch {
	case c.Win.Has(i):
		if c.Hidden(i) {
			return Unknown
		}
		return Win
	case c.Lose.Has(i):
		if c.Hidden(i) {
			return Unknown
		}
		return Lose
	case c.Unknown != nil && c.Unknown.Has(i):
		return Unknown
	}
	return Draw
}

// Hidden tells whether a coloured position lies beyond what the horizon
// can decide: its layer is more than the horizon less its depth.
func (c *Colours) Hidden(i int) bool {
	return c.Depth != nil && int64(c.LayerAt(i)) > int64(c.Horizon)-int64(c.Depth[i])
}

// HorizonOf is the horizon of the analysis, -1 for none.
func (c *Colours) HorizonOf() int {
	if c.Depth == nil {
		return -1
	}
	return c.Horizon
}

// RebuildOrder lists the coloured positions segment by segment, each in
// ascending order: a counting sort of the positions by outcome and layer,
// the sets giving the place of each.
func RebuildOrder[T uint32 | uint64](c *Colours) []T {
	top := uint32(0)
	for _, s := range c.Sets {
		top = max(top, s.Layer)
	}
	// slot[2·layer + (1 for L)] is the set of that outcome and layer
	slot := make([]int32, 2*(int(top)+1))
	for k := range slot {
		slot[k] = -1
	}
	fill := make([]int64, len(c.Sets)) // where the next position of each goes
	start := int64(0)
	for k, s := range c.Sets {
		at := 2 * int(s.Layer)
		if s.Outcome == Lose {
			at++
		}
		slot[at], fill[k] = int32(k), start
		start = s.End
	}
	order := make([]T, start)
	for w := range c.Win {
		for word := c.Win[w] | c.Lose[w]; word != 0; word &= word - 1 {
			i := w<<6 + bits.TrailingZeros64(word)
			at := 2 * int(c.LayerAt(i))
			if c.Lose.Has(i) {
				at++
			}
			k := slot[at]
			order[fill[k]] = T(i)
			fill[k]++
		}
	}
	return order
}
