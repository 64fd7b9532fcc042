package main

import (
	"errors"
	"fmt"
	"slices"

	"retro/out"
	"retro/retro"
	"retro/rules"
)

// heapPosition solves the engine's view of a heap game around a list of
// heaps ("3,5,6"), as retro.HeapViewAt makes it, and returns the
// collection's index in it.
func (gf *gameFlags) heapPosition(g *rules.Game, arg string) (*retro.Result, int, error) {
	heaps, err := parseHeapList(arg)
	if err != nil {
		return nil, 0, fmt.Errorf("position %q: %v", arg, err)
	}
	in, err := singleInstance(g)
	if err != nil {
		return nil, 0, err
	}
	if err := gf.unbounded(g); err != nil {
		return nil, 0, err
	}
	if top := slices.Max(heaps); top > int64(gf.maxPositions) {
		return nil, 0, fmt.Errorf("position %q: a heap of %d is solved with every heap below it, more than --max-positions %d", arg, top, gf.maxPositions)
	}
	view, tuple, err := retro.HeapViewAt(in, heaps)
	if err != nil {
		return nil, 0, err
	}
	return gf.solveAt(view, tuple, 0)
}

// treeHeaps is tree for a heap game: the position is a list of heaps, as
// show takes it, and positions are written as show writes them.
func (o *treeOptions) treeHeaps(e *env, g *rules.Game, res *retro.Result, i int) error {
	tree, err := res.Tree(i, res.Instance.NewMachine(), retro.TreeOptions{Depth: o.depth, AllMoves: o.allMoves, MaxNodes: o.maxNodes})
	if err != nil {
		return err
	}
	vg := res.Instance.Game
	switch {
	case o.dot:
		return out.WriteTreeDot(e.stdout, vg, tree)
	case o.json:
		return out.WriteTreeJSON(e.stdout, vg, tree)
	}
	return out.WriteTree(e.stdout, vg, tree, out.TreeOptions{MarkBest: o.allMoves,
		Position: func(p []int64, _ int) string { return heapTuple(p) }})
}

// heapTableIndex finds a list of heaps in a heap game's table
// (retro.Result.HeapIndex) for show and tree. When the table's positions
// have fewer heaps, the message names the heaps as given (asGiven, tree's
// way) or largest first (show's); notHeld says that the table lacks the
// position (its heaps largest first).
func heapTableIndex(file string, res *retro.Result, arg string, asGiven bool, notHeld func(tuple string) error) (int, error) {
	heaps, err := parseHeapList(arg)
	if err != nil {
		return 0, fmt.Errorf("position %q: %v", arg, err)
	}
	i, err := res.HeapIndex(heaps)
	var missing *retro.HeapsNotHeldError
	switch {
	case !errors.As(err, &missing):
		return i, err
	case missing.TooMany():
		named := missing.Tuple
		if asGiven {
			named = heaps
		}
		return 0, fmt.Errorf("%s does not hold %s: its positions have at most %d heaps", file, heapText(named), missing.Most)
	}
	return 0, notHeld(heapTuple(missing.Tuple))
}

// heapTuple writes a view's tuple as its heaps: "14 + 10 + 9".
func heapTuple(t []int64) string {
	var h []int64
	for _, v := range t {
		if v > 0 {
			h = append(h, v)
		}
	}
	if len(h) == 0 {
		return "(no heaps)"
	}
	return heapText(h)
}
