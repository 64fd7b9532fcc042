package grid

import (
	"bufio"
	"fmt"
	"html"
	"io"
)

// WriteSVG draws the map as SVG: the picture WritePNG draws, its cells as
// rectangles (a run of equal cells in a row one rectangle), L cells
// hatched as well as coloured, so that a print in black and white keeps
// them apart, and the text as text. A map of more than MaxSVGCells cells
// is refused: a PNG draws it.
func WriteSVG(w io.Writer, g *Grid) error {
	if g.Cells() > MaxSVGCells {
		return fmt.Errorf("the map has %d cells, more than an SVG draws well (%d): write it with -o map.png, one pixel a position", g.Cells(), MaxSVGCells)
	}
	l, err := newLayout(g)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Go, DejaVu Sans, Arial, sans-serif" font-size="%d">`+"\n",
		l.width, l.height, l.width, l.height, fontSize)
	fmt.Fprintf(bw, `<defs><pattern id="hatch" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">`+
		`<rect width="1.6" height="5" fill="#000" fill-opacity="0.45"/></pattern></defs>`+"\n")
	fmt.Fprintf(bw, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", l.width, l.height)
	fmt.Fprintf(bw, `<text x="16" y="%d" font-size="13">%s</text>`+"\n", lineHeight, esc(g.heading()))
	fmt.Fprintf(bw, `<text x="16" y="%d">%s</text>`+"\n", 2*lineHeight+4, esc(axesLine(g)))
	for _, v := range ticks(g.X, l.xStep) {
		cx := l.left + int(v-g.X.Lo)*l.cell + l.cell/2
		fmt.Fprintf(bw, `<text x="%d" y="%d" text-anchor="middle">%d</text><rect x="%d" y="%d" width="1" height="4" fill="%s"/>`+"\n",
			cx, l.top-8, v, cx, l.top-4, RGB(pInk))
	}
	if g.yName() != "" {
		for _, v := range ticks(g.Y, l.yStep) {
			cy := l.top + int(v-g.Y.Lo)*l.cell + l.cell/2
			fmt.Fprintf(bw, `<text x="%d" y="%d" text-anchor="end">%d</text><rect x="%d" y="%d" width="4" height="1" fill="%s"/>`+"\n",
				l.left-8, cy+4, v, l.left-4, cy, RGB(pInk))
		}
	}
	if err := svgCells(bw, g, l); err != nil {
		return err
	}
	for k, e := range g.legend(isNim(g)) {
		x, y := l.legendAt(k)
		fmt.Fprintf(bw, `<rect x="%d" y="%d" width="12" height="12" fill="%s" stroke="%s"/>`, x, y+2, RGB(e.colour), RGB(pRule))
		if hatched(e.colour) {
			fmt.Fprintf(bw, `<rect x="%d" y="%d" width="12" height="12" fill="url(#hatch)"/>`, x, y+2)
		}
		fmt.Fprintf(bw, `<text x="%d" y="%d">%s</text>`+"\n", x+18, y+lineHeight-4, esc(e.text))
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// svgCells writes the cells, a row at a time: a rectangle a run of cells
// of one colour (class "c" and the colour's index, data-x the first x,
// data-n the run), hatching over the L runs, the grid lines of a map of
// large cells, and the cells' codes where they fit.
func svgCells(bw *bufio.Writer, g *Grid, l *layout) error {
	fmt.Fprintf(bw, `<g shape-rendering="crispEdges" data-x0="%d" data-y0="%d">`+"\n", g.X.Lo, g.Y.Lo)
	k := 0
	err := g.rows(func(y int64, a, b []Cell) error {
		top := l.top + k*l.cell
		k++
		fmt.Fprintf(bw, `<g data-y="%d">`, y)
		for j := 0; j < len(a); {
			c := g.colour(a, b, j)
			n := 1
			for j+n < len(a) && g.colour(a, b, j+n) == c {
				n++
			}
			x := l.left + j*l.cell
			fmt.Fprintf(bw, `<rect class="c%d" data-x="%d" data-n="%d" x="%d" y="%d" width="%d" height="%d" fill="%s"/>`,
				c, g.X.Lo+int64(j), n, x, top, n*l.cell, l.cell, RGB(c))
			if hatched(c) {
				fmt.Fprintf(bw, `<rect x="%d" y="%d" width="%d" height="%d" fill="url(#hatch)"/>`, x, top, n*l.cell, l.cell)
			}
			j += n
		}
		if l.textIn {
			for j := range a {
				if s := cellText(a, b, j); s != "" {
					ink := RGB(pInk)
					if dark(g.colour(a, b, j)) {
						ink = RGB(pLight)
					}
					fmt.Fprintf(bw, `<text x="%d" y="%d" text-anchor="middle" fill="%s" font-size="11">%s</text>`,
						l.left+j*l.cell+l.cell/2, top+l.cell/2+4, ink, esc(s))
				}
			}
		}
		bw.WriteString("</g>\n")
		return nil
	})
	if err != nil {
		return err
	}
	if l.cell >= 8 {
		w, h := int(g.X.Len())*l.cell, int(g.Y.Len())*l.cell
		fmt.Fprintf(bw, `<path fill="none" stroke="%s" stroke-width="1" d="`, RGB(pRule))
		for j := 0; j <= int(g.X.Len()); j++ {
			fmt.Fprintf(bw, "M%d.5 %dv%d", l.left+j*l.cell-1, l.top, h)
		}
		for i := 0; i <= int(g.Y.Len()); i++ {
			fmt.Fprintf(bw, "M%d %d.5h%d", l.left, l.top+i*l.cell-1, w)
		}
		bw.WriteString(`"/>` + "\n")
	}
	bw.WriteString("</g>\n")
	return nil
}

func esc(s string) string { return html.EscapeString(s) }
