package grid

import (
	"fmt"
	"image/color"

	"retro/retro"
)

// Levels is the number of shades of W and of L: a win (loss) in 1, 2, …,
// Levels-1 moves of the winner, and in Levels or more.
const Levels = 8

// The palette's indices: the colour of every cell of every picture, the
// page's included (Colours).
const (
	pBlank     = 0               // background, and positions never reached
	pFinal     = 1               // the game is over
	pDraw      = 2               // D
	pUnknown   = 3               // ?
	pWin       = 4               // W, Levels shades, darkest first
	pLose      = pWin + Levels   // L, Levels shades
	pFaded     = pLose + Levels  // the above, faded: unchanged cells of a diff
	pChange    = pFaded + pFaded // the changes, Same first
	pInk       = pChange + 9     // text and axes (9: the changes)
	pRule      = pInk + 1        // grid lines and frames
	pLight     = pRule + 1       // the light text on dark cells
	paletteLen = pLight + 1
)

// Colours is the palette, in index order: what the explorer draws with.
var Colours = makePalette()

// RGB writes colour k as #rrggbb.
func RGB(k int) string { return hexColours[k] }

// hexColours are the palette's colours as #rrggbb, made once: an SVG
// writes one a run of cells.
var hexColours = func() []string {
	out := make([]string, len(Colours))
	for k := range Colours {
		c := rgbOf(k)
		out[k] = fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
	}
	return out
}()

func makePalette() color.Palette {
	p := make(color.Palette, paletteLen)
	hex := func(v uint32) color.RGBA { return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255} }
	p[pBlank] = hex(0xffffff)
	p[pFinal] = hex(0xdcdcdc)
	p[pDraw] = hex(0x9a9a9a)
	p[pUnknown] = hex(0xeee3a8)
	// W from a middle blue to a pale one, L from a dark brown to orange:
	// hue apart for the colour-blind (blue against orange), lightness
	// apart for a print in grey (W lighter than every L).
	for k := range Levels {
		t := float64(k) / float64(Levels-1)
		p[pWin+k] = mix(hex(0x4a90d0), hex(0xdcebf8), t)
		p[pLose+k] = mix(hex(0x6e2400), hex(0xc45a10), t)
	}
	for k := range pFaded {
		p[pFaded+k] = mix(p[k].(color.RGBA), hex(0xffffff), 0.72)
	}
	changeRGB := [changes]uint32{Same: 0xffffff, WinToLose: 0xd55e00, LoseToWin: 0x0072b2, ToDraw: 0xcc79a7,
		FromDraw: 0x882255, DrawKind: 0x999933, LayerOnly: 0xf0e442, OnlyA: 0x009e73, OnlyB: 0x56b4e9}
	for k, v := range changeRGB {
		p[pChange+k] = hex(v)
	}
	p[pInk] = hex(0x202020)
	p[pRule] = hex(0x8a8a8a)
	p[pLight] = hex(0xffffff)
	return p
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t + 0.5) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 255}
}

// level is the shade of a W or L cell: the winner's moves to the end, less
// one, at most Levels-1. A Nim cell's value v > 0 is shaded as a win in v.
func level(c Cell) int {
	var n int32
	switch {
	case c.Kind == Nim:
		n = c.Layer
	case c.Outcome == retro.Win:
		n = (c.Layer + 1) / 2
	default:
		n = c.Layer / 2
	}
	return int(min(max(n-1, 0), Levels-1))
}

// Colour is the palette index of a cell.
func (c Cell) Colour() int {
	switch c.Kind {
	case Final:
		return pFinal
	case Nim:
		if c.Layer == 0 {
			return pLose
		}
		return pWin + level(c)
	case Value:
		switch c.Outcome {
		case retro.Win:
			return pWin + level(c)
		case retro.Lose:
			return pLose + level(c)
		case retro.Draw:
			return pDraw
		}
		return pUnknown
	}
	return pBlank
}

// changeColour is the palette index of a cell of a map of differences:
// the change's colour, or a's own colour faded where nothing changed.
func changeColour(a Cell, ch Change) int {
	if ch == Same {
		if a.Kind == Absent {
			return pBlank
		}
		return pFaded + a.Colour()
	}
	return pChange + int(ch)
}

// dark reports whether text on colour k is written light.
func dark(k int) bool {
	c := rgbOf(k)
	return 299*int(c.R)+587*int(c.G)+114*int(c.B) < 128*1000
}

// hatched reports whether SVG and HTML hatch cells of colour k: the L
// cells and the cells of a losing change, so that they read apart from W
// cells without colour.
func hatched(k int) bool {
	return (k >= pLose && k < pLose+Levels) || k == pChange+int(WinToLose)
}

// rgbOf is colour k of the palette.
func rgbOf(k int) color.RGBA { return Colours[k].(color.RGBA) }
