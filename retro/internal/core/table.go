package core

import "retro/positions"

// Table is what a path hands back for one game instance, the one contract
// of every path: its space and starts, the counts of its moves and edges,
// the line that says how it was solved, each position's outcome bits and
// layer, the coloured sets, and under a horizon each position's depth.
// Package retro turns it into a Result (and, with peers, into a Part).
type Table struct {
	Space     *positions.Space
	Starts    []positions.StartPos
	MoveCount int64  // legal moves from the non-final positions
	Edges     int64  // distinct edges between positions
	Path      string // how it was solved, and why: "compiled: …"

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
	return &Table{Space: sp, Starts: starts, Horizon: -1}
}
