package grid

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/png"
	"strconv"
	"strings"
	"testing"

	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// testGrid is the default map of a built-in game.
func testGrid(t *testing.T, name string, c Choice) *Grid {
	t.Helper()
	sv := retrotest.SolveGame(t, rules.FromArg(name), retro.GameOptions{})
	probed := retro.ProbedAll(sv.Results)
	s, err := Choose(sv.Game, probed, c)
	if err != nil {
		t.Fatal(err)
	}
	src, err := NewSource(sv.Game, probed, s)
	if err != nil {
		t.Fatal(err)
	}
	return &Grid{Title: sv.Game.ShownName(), Note: s.Label(sv.Game), X: s.X, Y: s.Y, A: src}
}

// cellsOf reads every cell of a map, row by row.
func cellsOf(t *testing.T, g *Grid) [][]Cell {
	t.Helper()
	var rows [][]Cell
	for y := g.Y.Lo; y <= g.Y.Hi; y++ {
		row := make([]Cell, g.X.Len())
		if err := g.A.Row(y, row); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, row)
	}
	return rows
}

// TestPNGCellsHaveTheirColours decodes the PNG of maps (small cells with
// their codes written in them, and one pixel a position) and checks the
// pixel at each cell's corner against the cell's colour in the palette.
func TestPNGCellsHaveTheirColours(t *testing.T) {
	for _, c := range []struct {
		game   string
		choice Choice
	}{
		{"ege-two-piles-77", Choice{}},
		{"ege-two-piles-77", Choice{XRange: &rules.Range{Lo: 7, Hi: 20}, YRange: &rules.Range{Lo: 20, Hi: 40}}},
		{"wythoff", Choice{}},
		{"lebedev-operations", Choice{Last: "none"}},
	} {
		g := testGrid(t, c.game, c.choice)
		var b bytes.Buffer
		if err := WritePNG(&b, g); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&b)
		if err != nil {
			t.Fatalf("%s: the PNG does not decode: %v", c.game, err)
		}
		pal, ok := img.(*image.Paletted)
		if !ok {
			t.Fatalf("%s: a %T, not a paletted PNG", c.game, img)
		}
		l, _ := newLayout(g)
		if pal.Bounds().Dx() != l.width || pal.Bounds().Dy() != l.height {
			t.Fatalf("%s: %v, laid out %d × %d", c.game, pal.Bounds(), l.width, l.height)
		}
		cells := cellsOf(t, g)
		for i, row := range cells {
			for j, cell := range row {
				x, y := l.left+j*l.cell, l.top+i*l.cell // the corner: no text there
				if got, want := int(pal.ColorIndexAt(x, y)), cell.Colour(); got != want {
					t.Fatalf("%s %+v: cell (%d, %d) %+v is colour %d in the PNG, %d in the palette",
						c.game, c.choice, g.X.Lo+int64(j), g.Y.Lo+int64(i), cell, got, want)
				}
			}
		}
	}
}

// svgRect is a cell run of an SVG map.
type svgRect struct {
	Class string `xml:"class,attr"`
	X     string `xml:"data-x,attr"`
	N     string `xml:"data-n,attr"`
}

type svgRow struct {
	Y     string    `xml:"data-y,attr"`
	Rects []svgRect `xml:"rect"`
}

type svgDoc struct {
	XMLName xml.Name `xml:"svg"`
	Cells   []struct {
		Rows []svgRow `xml:"g"`
	} `xml:"g"`
}

// TestSVGParsesAndRunsMatchCells parses the SVG of a map as XML and checks
// its runs of cells, colour by colour, against the cells.
func TestSVGParsesAndRunsMatchCells(t *testing.T) {
	for _, name := range []string{"ege-two-piles-77", "ege-2027-demo", "up-and-down"} {
		g := testGrid(t, name, Choice{})
		var b bytes.Buffer
		if err := WriteSVG(&b, g); err != nil {
			t.Fatal(err)
		}
		var doc svgDoc
		if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
			t.Fatalf("%s: the SVG does not parse: %v", name, err)
		}
		cells := cellsOf(t, g)
		if len(doc.Cells) != 1 || len(doc.Cells[0].Rows) != len(cells) {
			t.Fatalf("%s: %d rows of cells in the SVG, want %d", name, len(doc.Cells[0].Rows), len(cells))
		}
		for i, row := range doc.Cells[0].Rows {
			j := 0
			for _, r := range row.Rects {
				if r.Class == "" {
					continue // hatching
				}
				x, _ := strconv.ParseInt(r.X, 10, 64)
				n, _ := strconv.Atoi(r.N)
				if x != g.X.Lo+int64(j) {
					t.Fatalf("%s row %s: a run at %d, want %d", name, row.Y, x, g.X.Lo+int64(j))
				}
				for k := j; k < j+n; k++ {
					if want := fmt.Sprintf("c%d", cells[i][k].Colour()); r.Class != want {
						t.Fatalf("%s row %s: cell %d is %s in the SVG, want %s", name, row.Y, g.X.Lo+int64(k), r.Class, want)
					}
				}
				j += n
			}
			if j != len(cells[i]) {
				t.Fatalf("%s row %s: runs cover %d cells of %d", name, row.Y, j, len(cells[i]))
			}
		}
	}
}

// hugeRows is a slice of as many positions as asked, every cell a win in
// one: what the limits of the formats are tested on, without a solve.
type hugeRows struct{}

func (hugeRows) Row(y int64, cells []Cell) error {
	for j := range cells {
		cells[j] = Cell{Kind: Value, Outcome: retro.Win, Layer: 1}
	}
	return nil
}

// TestLargeMapsAreRefusedWithAdvice checks that a slice too large for a
// format is refused in one line that names what to use instead.
func TestLargeMapsAreRefusedWithAdvice(t *testing.T) {
	g := &Grid{X: Axis{Name: "a", Hi: 9999}, Y: Axis{Name: "b", Pile: 1, Hi: 9999}, A: hugeRows{}}
	var b bytes.Buffer
	for name, write := range map[string]func() error{
		"html": func() error { return WriteHTML(&b, g) },
		"svg":  func() error { return WriteSVG(&b, g) },
		"text": func() error { return WriteText(&b, g, false) },
	} {
		err := write()
		if err == nil || !strings.Contains(err.Error(), "map.png") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line that says to write map.png", name, err)
		}
		if b.Len() != 0 {
			t.Errorf("%s: %d bytes written before the refusal", name, b.Len())
		}
	}
	g.X.Hi, g.Y.Hi = 40000, 10
	if err := WritePNG(&b, g); err == nil || !strings.Contains(err.Error(), "--x a=LO..HI") {
		t.Errorf("png of 40001 columns: %v, want the advice to choose a part", err)
	}
}

// TestExamNotation checks the exam's notation by hand: W 2n−1 is Пn, L
// 2n is Вn.
func TestExamNotation(t *testing.T) {
	for _, c := range []struct {
		cell   Cell
		ru, en string
	}{
		{Cell{Kind: Value, Outcome: retro.Win, Layer: 1}, "П1", "P1"},
		{Cell{Kind: Value, Outcome: retro.Win, Layer: 3}, "П2", "P2"},
		{Cell{Kind: Value, Outcome: retro.Lose, Layer: 2}, "В1", "V1"},
		{Cell{Kind: Value, Outcome: retro.Lose, Layer: 4}, "В2", "V2"},
		{Cell{Kind: Value, Outcome: retro.Draw, Layer: -1}, "Н", "D"},
		{Cell{Kind: Final}, "", ""},
	} {
		if got := c.cell.Exam(false); got != c.ru {
			t.Errorf("%+v: %q, want %q", c.cell, got, c.ru)
		}
		if got := c.cell.Exam(true); got != c.en {
			t.Errorf("%+v: %q, want %q", c.cell, got, c.en)
		}
	}
}

// TestPaletteKeepsWinAndLoseApartInGrey checks the colour scheme's
// promise: every W shade lighter than every L shade, in luma.
func TestPaletteKeepsWinAndLoseApartInGrey(t *testing.T) {
	luma := func(k int) int {
		c := rgbOf(k)
		return 299*int(c.R) + 587*int(c.G) + 114*int(c.B)
	}
	for w := pWin; w < pWin+Levels; w++ {
		for l := pLose; l < pLose+Levels; l++ {
			if luma(w) <= luma(l) {
				t.Errorf("W shade %d (%s) is no lighter than L shade %d (%s)", w-pWin, RGB(w), l-pLose, RGB(l))
			}
		}
	}
	if len(Colours) != paletteLen || pInk != pChange+int(changes) {
		t.Errorf("the palette's indices overlap: %d colours, ink at %d", len(Colours), pInk)
	}
}

// TestSumIsXOROfHeaps checks the map of a heap game's sums by hand on
// Nim, whose g(n) is n: each cell is x XOR y, and 0 on the diagonal only.
func TestSumIsXOROfHeaps(t *testing.T) {
	g := SumGrid("nim", func(n int) uint32 { return uint32(n) }, 40)
	for y := int64(0); y <= 40; y++ {
		row := make([]Cell, g.X.Len())
		if err := g.A.Row(y, row); err != nil {
			t.Fatal(err)
		}
		for x, c := range row {
			if c.Kind != Nim || int64(c.Layer) != int64(x)^y || (c.Colour() == pLose) != (int64(x) == y) {
				t.Fatalf("(%d, %d): %+v, colour %d", x, y, c, c.Colour())
			}
		}
	}
}
