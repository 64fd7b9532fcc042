package grid

import (
	"fmt"
	"strconv"
)

// Picture limits: the largest side of a PNG, and the most cells of an SVG
// or HTML map (each cell an element; a PNG draws a pixel a position).
const (
	MaxSide     = 32768
	MaxSVGCells = 250_000
)

// layout is where a picture puts things, in pixels: a title band over the
// cells with the x axis's ticks, the y axis's ticks left of them, and the
// legend under them.
type layout struct {
	cell          int // the side of a cell
	left, top     int // the cells' top left corner
	width, height int // the whole picture
	legendTop     int // the legend's first line
	xStep, yStep  int64
	textIn        bool // each cell's code written in it
}

const (
	fontSize   = 12
	lineHeight = 16
	charWidth  = 7 // an upper bound of a digit's advance at fontSize
)

// newLayout lays out a picture of the map: cells of a side that makes
// the picture about 800 pixels (down to one pixel a position for a large
// map, up to 32).
func newLayout(g *Grid) (*layout, error) {
	nx, ny := g.X.Len(), g.Y.Len()
	if nx > MaxSide || ny > MaxSide {
		return nil, fmt.Errorf("the map is %d × %d positions, more than a picture of %d pixels a side: choose a part with --x %s=LO..HI --y %s=LO..HI, or write it with -o map.csv",
			nx, ny, MaxSide, g.X.Name, g.yName())
	}
	l := &layout{cell: int(min(max(800/max(nx, ny), 1), 32))}
	l.textIn = l.cell >= 24
	digits := func(a Axis) int {
		return max(len(strconv.FormatInt(a.Lo, 10)), len(strconv.FormatInt(a.Hi, 10)))
	}
	l.left = 16 + charWidth*max(digits(g.Y), 2) + 8
	if g.yName() != "" {
		l.left += lineHeight
	}
	l.top = 2*lineHeight + 12 + lineHeight
	l.xStep = tickStep(l.cell, charWidth*digits(g.X)+10)
	l.yStep = tickStep(l.cell, lineHeight)
	entries := len(g.legend(false))
	l.width = max(l.left+int(nx)*l.cell+16, 460)
	l.legendTop = l.top + int(ny)*l.cell + 12
	l.height = l.legendTop + (entries+1)/2*lineHeight + 8
	return l, nil
}

// tickStep is the step between labelled ticks: 1, 2, 5, 10, 20, 50, …
// values, the least whose labels, each need pixels wide, do not touch.
func tickStep(cell, need int) int64 {
	for step := int64(1); ; step *= 10 {
		for _, m := range []int64{1, 2, 5} {
			if int64(cell)*step*m >= int64(need) {
				return step * m
			}
		}
	}
}

// ticks lists the values of an axis that get a label: the multiples of
// step, and the first value.
func ticks(a Axis, step int64) []int64 {
	var out []int64
	for v := a.Lo; v <= a.Hi; v++ {
		if v%step == 0 {
			out = append(out, v)
		}
	}
	if len(out) == 0 || (out[0] != a.Lo && out[0]-a.Lo >= step/2) {
		out = append([]int64{a.Lo}, out...)
	}
	return out
}

// legendAt is where legend entry k stands: two columns.
func (l *layout) legendAt(k int) (x, y int) {
	return 16 + (k%2)*((l.width-16)/2), l.legendTop + (k/2)*lineHeight
}
