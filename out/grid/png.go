package grid

import (
	"io"
	"strconv"
)

// WritePNG draws the map as a PNG: the title, the axes with their ticks,
// a cell a position coloured by the palette (one pixel a position in a
// large map, its code written in it in a small one), and the legend. It
// holds a row of the picture and the y axis's labels, not the map.
func WritePNG(w io.Writer, g *Grid) error {
	l, err := newLayout(g)
	if err != nil {
		return err
	}
	enc := newPNGWriter(w, l.width, l.height, Colours, g.Cells() > 1<<20)
	row := make([]uint8, l.width)
	if err := pngTop(enc, g, l, row); err != nil {
		return err
	}
	if err := pngCells(enc, g, l, row); err != nil {
		return err
	}
	if err := pngLegend(enc, g, l, row); err != nil {
		return err
	}
	return enc.close()
}

// pngTop writes the band over the cells: the title, the axes' names and
// the x axis's labels and ticks.
func pngTop(enc *pngWriter, g *Grid, l *layout, row []uint8) error {
	top, err := newInk(l.width, l.top)
	if err != nil {
		return err
	}
	top.text(16, lineHeight, g.heading())
	top.text(16, 2*lineHeight+4, axesLine(g))
	marks := ticks(g.X, l.xStep)
	for _, v := range marks {
		s := strconv.FormatInt(v, 10)
		cx := l.left + int(v-g.X.Lo)*l.cell + l.cell/2
		top.text(cx-top.width(s)/2, l.top-8, s)
	}
	for y := range l.top {
		fill(row, pBlank)
		if y >= l.top-4 {
			for _, v := range marks {
				row[l.left+int(v-g.X.Lo)*l.cell+l.cell/2] = pInk
			}
		}
		top.over(y, row, pInk)
		if err := enc.row(row); err != nil {
			return err
		}
	}
	return nil
}

// axesLine names the axes: "→ a, ↓ b".
func axesLine(g *Grid) string {
	s := "→ " + g.X.Name
	if y := g.yName(); y != "" {
		s += ",  ↓ " + y
	}
	return s
}

// pngCells writes the cells' rows, with the y axis's labels left of them.
func pngCells(enc *pngWriter, g *Grid, l *layout, row []uint8) error {
	ny := int(g.Y.Len())
	left, err := newInk(l.left, ny*l.cell)
	if err != nil {
		return err
	}
	yMarks := map[int64]bool{}
	if g.yName() != "" {
		for _, v := range ticks(g.Y, l.yStep) {
			s := strconv.FormatInt(v, 10)
			yMarks[v] = true
			left.text(l.left-8-left.width(s), int(v-g.Y.Lo)*l.cell+l.cell/2+4, s)
		}
	}
	var band *ink
	if l.textIn {
		if band, err = newInk(l.width, l.cell); err != nil {
			return err
		}
	}
	base := make([]uint8, l.width)
	lines := l.cell >= 8
	k := 0
	return g.rows(func(y int64, a, b []Cell) error {
		fill(base, pBlank)
		for j := range a {
			x := l.left + j*l.cell
			fill(base[x:x+l.cell], uint8(g.colour(a, b, j)))
			if lines {
				base[x+l.cell-1] = pRule
			}
		}
		if band != nil {
			band.clear()
			for j := range a {
				if s := cellText(a, b, j); s != "" {
					band.text(l.left+j*l.cell+(l.cell-band.width(s))/2, l.cell/2+4, s)
				}
			}
		}
		for py := range l.cell {
			copy(row, base)
			if lines && py == l.cell-1 {
				fill(row[l.left:l.left+len(a)*l.cell], pRule)
			}
			if yMarks[y] && py == l.cell/2 {
				fill(row[l.left-4:l.left], pInk)
			}
			left.over(k*l.cell+py, row, pInk)
			if band != nil {
				band.overContrast(py, row)
			}
			if err := enc.row(row); err != nil {
				return err
			}
		}
		k++
		return nil
	})
}

// cellText is what a cell of a small picture shows: its code (B's where
// two games differ), nothing for a position without a value.
func cellText(a, b []Cell, j int) string {
	c := a[j]
	if b != nil && Compare(a[j], b[j]) != Same {
		c = b[j]
	}
	return c.Code()
}

// pngLegend writes the band under the cells: a swatch and words for each
// colour the map uses.
func pngLegend(enc *pngWriter, g *Grid, l *layout, row []uint8) error {
	h := l.height - l.legendTop + 12
	leg, err := newInk(l.width, h)
	if err != nil {
		return err
	}
	entries := g.legend(isNim(g))
	for k, e := range entries {
		x, y := l.legendAt(k)
		leg.text(x+18, y-l.legendTop+12+lineHeight-4, e.text)
	}
	for y := range h {
		fill(row, pBlank)
		for k, e := range entries {
			x, ey := l.legendAt(k)
			ey -= l.legendTop - 12
			if y >= ey+2 && y < ey+14 {
				fill(row[x:x+12], uint8(e.colour))
				row[x], row[x+11] = pRule, pRule
				if y == ey+2 || y == ey+13 {
					fill(row[x:x+12], pRule)
				}
			}
		}
		leg.over(y, row, pInk)
		if err := enc.row(row); err != nil {
			return err
		}
	}
	return nil
}

// isNim reports whether the map is one of Grundy values.
func isNim(g *Grid) bool {
	_, ok := g.A.(*Sum)
	return ok
}

func fill(row []uint8, c uint8) {
	for i := range row {
		row[i] = c
	}
}

// overContrast is over with each pixel's colour chosen against the
// colour under it: light on a dark cell, dark on a light one.
func (k *ink) overContrast(y int, row []uint8) {
	m := k.mask.Pix[y*k.mask.Stride : y*k.mask.Stride+k.mask.Rect.Dx()]
	for x, a := range m {
		if a >= 110 && x < len(row) {
			if dark(int(row[x])) {
				row[x] = pLight
			} else {
				row[x] = pInk
			}
		}
	}
}
