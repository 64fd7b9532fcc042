package grid

import (
	"bufio"
	"fmt"
	"image"
	"io"
	"strconv"
)

// Plot is the picture of a heap game's Grundy values: g(n) against n, a
// point a heap, as CGSuite plots nim sequences.
type Plot struct {
	Title string
	G     func(n int) uint32
	Upto  int // the heaps 0..Upto
}

// plot's frame, in pixels.
const (
	plotWidth  = 840
	plotHeight = 420
	plotLeft   = 56
	plotTop    = 40
	plotBottom = 40
)

// frame is where the points go: n across, g down from the top.
type frame struct {
	w, h int // the plotting area
	maxG uint32
	n    int
}

func (p *Plot) frame() frame {
	f := frame{w: plotWidth - plotLeft - 16, h: plotHeight - plotTop - plotBottom, n: p.Upto}
	for n := 0; n <= p.Upto; n++ {
		f.maxG = max(f.maxG, p.G(n))
	}
	return f
}

// at is the pixel of point (n, g).
func (f frame) at(n int, g uint32) (x, y int) {
	x = plotLeft + int(int64(n)*int64(f.w-1)/int64(max(f.n, 1)))
	y = plotTop + f.h - 1 - int(int64(g)*int64(f.h-1)/int64(max(f.maxG, 1)))
	return x, y
}

// size is the side of a point: smaller the more points share a pixel.
func (f frame) size() int {
	return min(max(f.w/max(f.n+1, 1), 1), 6)
}

// WritePNG draws the plot as a PNG.
func (p *Plot) WritePNG(w io.Writer) error {
	f := p.frame()
	img := image.NewPaletted(image.Rect(0, 0, plotWidth, plotHeight), Colours)
	txt, err := newInk(plotWidth, plotHeight)
	if err != nil {
		return err
	}
	txt.text(16, lineHeight, p.Title)
	for _, t := range p.ticks(f) {
		txt.text(t.x-txt.width(t.label)/2, t.y, t.label)
	}
	for y := plotTop; y < plotTop+f.h; y++ {
		img.Pix[y*img.Stride+plotLeft-1] = pInk
	}
	for x := plotLeft - 1; x < plotLeft+f.w; x++ {
		img.Pix[(plotTop+f.h)*img.Stride+x] = pInk
	}
	s := f.size()
	for n := 0; n <= p.Upto; n++ {
		g := p.G(n)
		x, y := f.at(n, g)
		c := uint8(pWin)
		if g == 0 {
			c = pLose
		}
		for dy := range s {
			for dx := range s {
				if xx, yy := x+dx-s/2, y+dy-s/2; xx >= plotLeft && yy < plotTop+f.h {
					img.Pix[yy*img.Stride+xx] = c
				}
			}
		}
	}
	enc := newPNGWriter(w, plotWidth, plotHeight, Colours, false)
	for y := range plotHeight {
		row := img.Pix[y*img.Stride : y*img.Stride+plotWidth]
		txt.over(y, row, pInk)
		if err := enc.row(row); err != nil {
			return err
		}
	}
	return enc.close()
}

// WriteSVG draws the plot as SVG: a rectangle a point (the class L for
// the heaps of value 0, W for the others, data-n the heap, data-g its
// value).
func (p *Plot) WriteSVG(w io.Writer) error {
	if p.Upto >= MaxSVGCells {
		return fmt.Errorf("%d points, more than an SVG draws well (%d): write the plot as .png", p.Upto+1, MaxSVGCells)
	}
	f := p.frame()
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Go, DejaVu Sans, Arial, sans-serif" font-size="%d">`+"\n",
		plotWidth, plotHeight, plotWidth, plotHeight, fontSize)
	fmt.Fprintf(bw, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", plotWidth, plotHeight)
	fmt.Fprintf(bw, `<text x="16" y="%d" font-size="13">%s</text>`+"\n", lineHeight, esc(p.Title))
	for _, t := range p.ticks(f) {
		fmt.Fprintf(bw, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", t.x, t.y, esc(t.label))
	}
	fmt.Fprintf(bw, `<path fill="none" stroke="%s" d="M%d %dV%dH%d"/>`+"\n", RGB(pInk), plotLeft-1, plotTop, plotTop+f.h, plotLeft+f.w)
	s := f.size()
	for n := 0; n <= p.Upto; n++ {
		g := p.G(n)
		x, y := f.at(n, g)
		class, c := "W", pWin
		if g == 0 {
			class, c = "L", pLose
		}
		fmt.Fprintf(bw, `<rect class=%q data-n="%d" data-g="%d" x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n",
			class, n, g, x-s/2, y-s/2, s, s, RGB(c))
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// tick is a label of the plot's axes.
type tick struct {
	x, y  int
	label string
}

// ticks are the labels of both axes and their names.
func (p *Plot) ticks(f frame) []tick {
	var out []tick
	xStep := tickStep(max(f.w/max(f.n+1, 1), 1), 48)
	if f.w/max(f.n+1, 1) < 1 {
		xStep = tickStep(1, 48*(f.n+1)/f.w+1)
	}
	for n := 0; n <= f.n; n += int(xStep) {
		x, _ := f.at(n, 0)
		out = append(out, tick{x, plotTop + f.h + 16, strconv.Itoa(n)})
	}
	yStep := tickStep(max(f.h/int(f.maxG+1), 1), 18)
	for g := uint32(0); g <= f.maxG; g += uint32(yStep) {
		_, y := f.at(0, g)
		out = append(out, tick{plotLeft - 20, y + 4, strconv.Itoa(int(g))})
	}
	out = append(out, tick{plotLeft + f.w/2, plotTop + f.h + 34, "n"}, tick{plotLeft - 20, plotTop - 8, "g(n)"})
	return out
}
