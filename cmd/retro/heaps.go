package main

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"retro/out"
	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// parseHeapList reads heaps written "9,10,14" (or "9 + 10 + 14").
func parseHeapList(s string) ([]int64, error) {
	var heaps []int64
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '+' || r == ' ' }) {
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("%q is not a heap size", f)
		}
		heaps = append(heaps, n)
	}
	if len(heaps) == 0 {
		return nil, fmt.Errorf("no heaps in %q", s)
	}
	return heaps, nil
}

// heapPosition solves the engine's view of a heap game around a list of
// heaps ("3,5,6"), as positions.HeapViewAt makes it, and returns the
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
	view, tuple, err := positions.HeapViewAt(in, heaps)
	if err != nil {
		return nil, 0, err
	}
	return gf.solveAt(view, tuple, 0)
}

// heapTableIndex finds a list of heaps in a heap game's table
// (positions.Space.HeapIndex) for show and tree. When the table's positions
// have fewer heaps, the message names the heaps as given (asGiven, tree's
// way) or largest first (show's); notHeld says that the table lacks the
// position (its heaps largest first).
func heapTableIndex(file string, res *retro.Probed, arg string, asGiven bool, notHeld func(tuple string) error) (int, error) {
	heaps, err := parseHeapList(arg)
	if err != nil {
		return 0, fmt.Errorf("position %q: %v", arg, err)
	}
	i, err := res.Space.HeapIndex(heaps)
	var missing *positions.HeapsNotHeldError
	switch {
	case !errors.As(err, &missing):
		return i, err
	case missing.TooMany():
		named := missing.Tuple
		if asGiven {
			named = heaps
		}
		return 0, fmt.Errorf("%s does not hold %s: its positions have at most %d heaps", file, out.HeapText(named), missing.Most)
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
	return out.HeapText(h)
}
