package grid

import "slices"

// Flat is a map as the explorer draws it: each cell's palette index and
// code (as the CSV grid writes it), row by row from Y.Lo, and the legend
// in both languages. The explorer's canvas takes its colours from Palette,
// so that the page draws what the pictures draw.
type Flat struct {
	Colours []uint8  `json:"colours"`
	Codes   []string `json:"codes"`
	Legend  []Key    `json:"legend"`
}

// Key is one line of a legend: a colour and its words.
type Key struct {
	Colour int    `json:"colour"`
	En     string `json:"en"`
	Ru     string `json:"ru"`
}

// Flatten reads every cell of the map.
func (g *Grid) Flatten() (*Flat, error) {
	f := &Flat{Colours: make([]uint8, 0, g.Cells()), Codes: make([]string, 0, g.Cells())}
	err := g.rows(func(_ int64, a, b []Cell) error {
		for j := range a {
			f.Colours = append(f.Colours, uint8(g.colour(a, b, j)))
			f.Codes = append(f.Codes, g.code(a, b, j))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	ru := g.Ru
	g.Ru = false
	en := g.legend(isNim(g))
	g.Ru = true
	for k, e := range g.legend(isNim(g)) {
		f.Legend = append(f.Legend, Key{Colour: e.colour, En: en[k].text, Ru: e.text})
	}
	g.Ru = ru
	return f, nil
}

// Palette is the palette as #rrggbb, by index.
func Palette() []string { return slices.Clone(hexColours) }

// The palette's indices the explorer needs by name.
const (
	BlankColour = pBlank // never reached
	FinalColour = pFinal // the game is over
	RuleColour  = pRule  // grid lines
)

// Hatched lists the colours SVG, HTML and the explorer hatch.
func Hatched() []int { return colours(hatched) }

// Dark lists the colours text is written light on.
func Dark() []int { return colours(dark) }

func colours(is func(k int) bool) []int {
	var out []int
	for k := range Colours {
		if is(k) {
			out = append(out, k)
		}
	}
	return out
}
