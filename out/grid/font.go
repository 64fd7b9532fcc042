package grid

import (
	"image"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// face is the PNG's type face: Go Regular, whose glyphs cover Latin and
// Cyrillic, so that a Russian title is drawn as written.
var face = sync.OnceValues(func() (font.Face, error) {
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, err
	}
	return opentype.NewFace(f, &opentype.FaceOptions{Size: fontSize, DPI: 72, Hinting: font.HintingFull})
})

// ink is text drawn into a band of a picture as a mask, then laid over
// the band's palette indices in one colour.
type ink struct {
	mask *image.Alpha
	face font.Face
}

func newInk(w, h int) (*ink, error) {
	f, err := face()
	if err != nil {
		return nil, err
	}
	return &ink{mask: image.NewAlpha(image.Rect(0, 0, w, h)), face: f}, nil
}

// width is the advance of s in pixels.
func (k *ink) width(s string) int { return font.MeasureString(k.face, s).Ceil() }

// text draws s with its baseline's left end at x, y.
func (k *ink) text(x, y int, s string) {
	d := font.Drawer{Dst: k.mask, Src: image.Opaque, Face: k.face, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

// clear wipes the mask.
func (k *ink) clear() { clear(k.mask.Pix) }

// over sets to colour every pixel of row y (of the mask) that the text
// covers at least half, in a row of palette indices.
func (k *ink) over(y int, row []uint8, colour uint8) {
	m := k.mask.Pix[y*k.mask.Stride : y*k.mask.Stride+k.mask.Rect.Dx()]
	for x, a := range m {
		if a >= 110 && x < len(row) {
			row[x] = colour
		}
	}
}
