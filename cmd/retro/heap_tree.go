package main

import (
	"fmt"
	"slices"

	"retro/out"
	"retro/retro"
	"retro/retro/sg"
	"retro/rules"
)

// heapPosition solves the engine's view of a heap game (rules.HeapView)
// around a list of heaps ("3,5,6"): a view of as many heaps as the
// collection can split into, and the collection's index in it.
func (gf *gameFlags) heapPosition(g *rules.Game, arg string) (*retro.Result, int, error) {
	heaps, err := parseHeapList(arg)
	if err != nil {
		return nil, 0, fmt.Errorf("position %q: %v", arg, err)
	}
	in, err := singleInstance(g)
	if err != nil {
		return nil, 0, err
	}
	if top := slices.Max(heaps); top > int64(gf.maxPositions) {
		return nil, 0, fmt.Errorf("position %q: a heap of %d is solved with every heap below it, more than --max-positions %d", arg, top, gf.maxPositions)
	}
	most, err := sg.MaxHeaps(in.NewMachine(), int(slices.Max(heaps)))
	if err != nil {
		return nil, 0, err
	}
	k := 0
	for _, h := range heaps {
		k += most[h]
	}
	view, err := in.HeapView(max(k, 1))
	if err != nil {
		return nil, 0, err
	}
	return gf.solveAt(view, heapTupleOf(heaps, max(k, 1)), 0)
}

// heapTupleOf is the view's tuple of a collection: the heaps, largest
// first, padded with zeros to k.
func heapTupleOf(heaps []int64, k int) []int64 {
	sorted := slices.Clone(heaps)
	slices.Sort(sorted)
	slices.Reverse(sorted)
	tuple := make([]int64, max(k, len(sorted)))
	copy(tuple, sorted)
	return tuple
}

// treeHeaps is tree for a heap game: the position is a list of heaps, as
// show takes it, and positions are written as show writes them.
func (o *treeOptions) treeHeaps(e *env, g *rules.Game, res *retro.Result, i int) error {
	tree, err := res.Tree(i, res.Instance.NewMachine(), retro.TreeOptions{Depth: o.depth, AllMoves: o.allMoves, MaxNodes: o.maxNodes})
	if err != nil {
		return &sourceError{err: err, src: g.Source}
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

// heapTableIndex finds a list of heaps in a heap game's table.
func heapTableIndex(file string, res *retro.Result, arg string) (int, error) {
	heaps, err := parseHeapList(arg)
	if err != nil {
		return 0, fmt.Errorf("position %q: %v", arg, err)
	}
	n := res.Space.Piles()
	tuple := heapTupleOf(heaps, n)
	if len(tuple) > n && tuple[n] > 0 {
		return 0, fmt.Errorf("%s does not hold %s: its positions have at most %d heaps", file, heapText(heaps), n)
	}
	i, ok := res.Space.Index(tuple[:n], 0)
	if !ok {
		return 0, fmt.Errorf("%s does not hold position %s: a table holds the %d positions reachable from its starts", file, heapTuple(tuple), res.Len())
	}
	return i, nil
}
