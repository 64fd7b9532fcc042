package grid

import (
	"fmt"
	"strconv"
)

// Rows are the cells of a slice, a row at a time: a Source, or a Sum.
type Rows interface {
	Row(y int64, cells []Cell) error
}

// Grid is a map to draw: a slice of one game (A), or of two games (A and
// B) for a map of their differences.
type Grid struct {
	Title string // the game's name, or both
	Note  string // where the slice stands off its axes
	X, Y  Axis
	A, B  Rows // B nil but in a map of differences
	// Ru writes the picture's words in Russian.
	Ru bool
	// Counts, in a map of differences, counts the changes of the cells
	// read so far.
	Counts Changes
}

// Cells is the number of cells of the map.
func (g *Grid) Cells() int64 { return g.X.Len() * g.Y.Len() }

// rows calls fn for each row of the map, top (Y.Lo) first, with the cells
// of A and, in a map of differences, of B; the slices are reused.
func (g *Grid) rows(fn func(y int64, a, b []Cell) error) error {
	a := make([]Cell, g.X.Len())
	var b []Cell
	if g.B != nil {
		b = make([]Cell, len(a))
	}
	for y := g.Y.Lo; y <= g.Y.Hi; y++ {
		if err := g.A.Row(y, a); err != nil {
			return err
		}
		if b != nil {
			if err := g.B.Row(y, b); err != nil {
				return err
			}
			for j := range a {
				g.Counts[Compare(a[j], b[j])]++
			}
		}
		if err := fn(y, a, b); err != nil {
			return err
		}
	}
	return nil
}

// colour is the palette index of cell j of a row.
func (g *Grid) colour(a, b []Cell, j int) int {
	if b == nil {
		return a[j].Colour()
	}
	return changeColour(a[j], Compare(a[j], b[j]))
}

// code is the text of cell j of a row in a CSV grid: its code, or in a
// map of differences "W3→L2" where it changed.
func (g *Grid) code(a, b []Cell, j int) string {
	if b == nil || Compare(a[j], b[j]) == Same {
		return a[j].Code()
	}
	return a[j].Code() + "→" + b[j].Code()
}

// words picks the English or the Russian words.
func (g *Grid) words(en, ru string) string {
	if g.Ru {
		return ru
	}
	return en
}

// heading is the title line of a picture: the title, and where the slice
// stands.
func (g *Grid) heading() string {
	if g.Note == "" {
		return g.Title
	}
	return g.Title + " (" + g.Note + ")"
}

// yName is the name of the axis down the map, "" for a map of one row.
func (g *Grid) yName() string {
	if g.Y.Pile < 0 && g.Y.Param < 0 {
		return ""
	}
	return g.Y.Name
}

// legendEntry is one line of a picture's legend: a colour and its words.
type legendEntry struct {
	colour int
	text   string
}

// legend lists the colours a picture uses, with their words.
func (g *Grid) legend(nim bool) []legendEntry {
	var out []legendEntry
	add := func(k int, en, ru string) { out = append(out, legendEntry{k, g.words(en, ru)}) }
	if g.B != nil {
		for _, ch := range Kinds()[1:] {
			add(pChange+int(ch), "changed: "+ch.String(), "изменилось: "+changeRu(ch))
		}
		add(pFaded+pWin, "the same in both (faded)", "одинаково в обеих (бледно)")
		return out
	}
	if nim {
		add(pLose, "0: the player to move loses", "0: ходящий проигрывает")
		add(pWin, "1", "1")
		add(pWin+Levels-1, strconv.Itoa(Levels)+"+", strconv.Itoa(Levels)+"+")
		return out
	}
	add(pWin, "W: the player to move wins, in 1 move", "W: ходящий выигрывает, за 1 ход")
	add(pWin+Levels-1, fmt.Sprintf("… in %d moves or more", Levels), fmt.Sprintf("… за %d ходов и больше", Levels))
	add(pLose, "L: the player to move loses, in 1 move of the other", "L: ходящий проигрывает, за 1 ход соперника")
	add(pLose+Levels-1, fmt.Sprintf("… in %d or more", Levels), fmt.Sprintf("… за %d и больше", Levels))
	add(pDraw, "D: a draw", "Н (D): ничья")
	add(pUnknown, "?: beyond the horizon", "?: за горизонтом")
	add(pFinal, "the game is over", "игра окончена")
	add(pBlank, "never reached", "не встречается")
	return out
}

func changeRu(ch Change) string {
	return [...]string{"нет", "W→L", "L→W", "в D или ?", "из D или ?", "D↔?", "только слой", "только в A", "только в B"}[ch]
}
