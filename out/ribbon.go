package out

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"retro/out/query"
	"retro/retro"
)

// RibbonCell is one start position on a ribbon: the value of its last
// parameter, its outcome and layer, and whether the question holds there.
type RibbonCell struct {
	Label   string
	Outcome retro.Outcome
	Layer   int // -1 for D and ?
	Holds   query.Truth
	Answer  bool // among the values the answer picked: RibbonLine marks it [[28:W3]]
	// Exam, when set, is the value in the exam's notation ("П2"), which
	// Value writes instead of the outcome and layer.
	Exam string
}

// Value is the cell's outcome and layer: "W3", "L12", "D", "?"; or its
// Exam notation when it has one.
func (c RibbonCell) Value() string {
	if c.Exam != "" {
		return c.Exam
	}
	if c.Layer < 0 {
		return c.Outcome.String()
	}
	return fmt.Sprintf("%s%d", c.Outcome, c.Layer)
}

// Text is the cell as "28:W3".
func (c RibbonCell) Text() string { return c.Label + ":" + c.Value() }

// RibbonGroup is one ribbon: a heading (the values of the other
// parameters, "" for a game of one parameter) and its cells in order.
type RibbonGroup struct {
	Heading string
	Cells   []RibbonCell
}

// RibbonOptions tune WriteRibbon and RibbonLine.
type RibbonOptions struct {
	Color bool // ANSI colours for a terminal
	Width int  // the line width; 0: 80
	// Exam, when set, writes each value in that language's exam notation
	// (П2, В1; P2, V1: who wins with his how many-th move, Petya moving at
	// the start) instead of the outcome and layer.
	Exam query.Lang
}

// The marks of a cell: where the question holds, [28:W3]; where a horizon
// leaves it open, {28:?}; elsewhere the cell stands between spaces.
var ribbonMarks = [...][2]string{query.No: {" ", " "}, query.Yes: {"[", "]"}, query.Maybe: {"{", "}"}}

const (
	ansiReset = "\x1b[0m"
	ansiYes   = "\x1b[1;32m" // bold green
	ansiMaybe = "\x1b[33m"   // yellow
	ansiDim   = "\x1b[2m"
)

// paint wraps s in the colour of the cell.
func paint(s string, c RibbonCell, color bool) string {
	if !color {
		return s
	}
	switch {
	case c.Holds == query.Yes:
		return ansiYes + s + ansiReset
	case c.Holds == query.Maybe:
		return ansiMaybe + s + ansiReset
	case c.Outcome == retro.Draw || c.Outcome == retro.Unknown:
		return ansiDim + s + ansiReset
	}
	return s
}

// WriteRibbon writes ribbons: each group's heading on a line of its own,
// then its cells in aligned columns (the colons one above the other),
// wrapped to the width.
func WriteRibbon(w io.Writer, groups []RibbonGroup, opt RibbonOptions) error {
	width := opt.Width
	if width <= 0 {
		width = 80
	}
	if opt.Exam != "" {
		for _, g := range groups {
			for k := range g.Cells {
				g.Cells[k].Exam = opt.Exam.Exam(g.Cells[k].Outcome, g.Cells[k].Layer)
			}
		}
	}
	labelW, valueW := 1, 1
	for _, g := range groups {
		for _, c := range g.Cells {
			labelW = max(labelW, utf8.RuneCountInString(c.Label))
			valueW = max(valueW, utf8.RuneCountInString(c.Value()))
		}
	}
	cellW := labelW + valueW + 3 // two marks and the colon
	perLine := max((width+1)/(cellW+1), 1)
	var b strings.Builder
	for _, g := range groups {
		if g.Heading != "" {
			b.WriteString(g.Heading)
			b.WriteString(":\n")
		}
		for k, c := range g.Cells {
			if k%perLine != 0 {
				b.WriteByte(' ')
			}
			mark := ribbonMarks[c.Holds]
			cell := mark[0] + c.Label + ":" + c.Value() + mark[1]
			eol := k%perLine == perLine-1 || k == len(g.Cells)-1
			if eol {
				cell = strings.TrimRight(cell, " ")
			}
			b.WriteString(strings.Repeat(" ", labelW-utf8.RuneCountInString(c.Label)))
			b.WriteString(paint(cell, c, opt.Color))
			if eol {
				b.WriteByte('\n')
			} else {
				b.WriteString(strings.Repeat(" ", valueW-utf8.RuneCountInString(c.Value())))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// RibbonLine is an excerpt of a ribbon on one line: the cells with show
// set, in order, "…" standing for the cells left out, cut to the width.
// The cells of the answer are marked twice, [[28:W3]], the others where
// the question holds once, [49:W3].
func RibbonLine(cells []RibbonCell, show []bool, opt RibbonOptions) string {
	width := opt.Width
	if width <= 0 {
		width = 80
	}
	var b strings.Builder
	n := 0 // characters written
	add := func(plain, coloured string) bool {
		sep := 0
		if n > 0 {
			sep = 1
		}
		if n+sep+utf8.RuneCountInString(plain) > width {
			return false
		}
		if sep > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(coloured)
		n += sep + utf8.RuneCountInString(plain)
		return true
	}
	gap := false
	for k, c := range cells {
		if !show[k] {
			gap = true
			continue
		}
		if gap && !add("…", "…") {
			return b.String()
		}
		gap = false
		mark := ribbonMarks[c.Holds]
		switch {
		case c.Answer:
			mark = [2]string{"[[", "]]"}
		case c.Holds == query.No:
			mark = [2]string{"", ""}
		}
		cell := mark[0] + c.Text() + mark[1]
		// Leave room for a closing "…".
		if k < len(cells)-1 && n+1+utf8.RuneCountInString(cell)+2 > width {
			add("…", "…")
			return b.String()
		}
		if !add(cell, paint(cell, c, opt.Color)) {
			return b.String()
		}
	}
	if gap {
		add("…", "…")
	}
	return b.String()
}

// RibbonGroups makes the ribbons of an answer: one per tuple of all
// parameters but the last, headed by it, each cell labelled with the last
// parameter's value ("start" in a game without parameters).
func RibbonGroups(a *query.Answer) []RibbonGroup {
	var groups []RibbonGroup
	n := len(a.Names)
	for _, c := range a.Cells {
		heading := ""
		if n > 1 {
			heading = query.FormatAssignments(a.Names[:n-1], c.Params[:n-1])
		}
		if len(groups) == 0 || groups[len(groups)-1].Heading != heading {
			groups = append(groups, RibbonGroup{Heading: heading})
		}
		g := &groups[len(groups)-1]
		g.Cells = append(g.Cells, ribbonCell(c))
	}
	return groups
}

// ribbonCell is the cell of one start of an answer, labelled with its
// last parameter's value.
func ribbonCell(c query.Cell) RibbonCell {
	label := "start"
	if n := len(c.Params); n > 0 {
		label = fmt.Sprint(c.Params[n-1])
	}
	return RibbonCell{Label: label, Outcome: c.Outcome, Layer: c.Layer, Holds: c.Holds}
}

// RibbonExcerpt is a line of the ribbon of an answer around its values
// (RibbonLine), after the name of the last parameter: the two cells
// before each value and the one after it, or the first six cells when the
// answer has no value. opt.Width counts the name too.
func RibbonExcerpt(a *query.Answer, opt RibbonOptions) string {
	// The cells and the values are both ascending by tuple: one walk marks
	// the answer's cells, with no text made for the cells not shown (a
	// ribbon of millions of starts shows a line of them).
	answer := make([]bool, len(a.Cells))
	found := false
	for k, j := 0, 0; k < len(a.Cells) && j < len(a.Values); {
		switch c := slices.Compare(a.Cells[k].Params, a.Values[j]); {
		case c < 0:
			k++
		case c > 0:
			j++
		default:
			answer[k], found = true, true
			k++
		}
	}
	show := make([]bool, len(a.Cells))
	for k := range a.Cells {
		if answer[k] {
			for j := max(k-2, 0); j <= min(k+1, len(show)-1); j++ {
				show[j] = true
			}
		}
	}
	if !found {
		for j := 0; j < min(6, len(show)); j++ {
			show[j] = true
		}
	}
	// The cells shown, a run of hidden ones as one hidden cell, up to more
	// than a line holds.
	var cells []RibbonCell
	var shown []bool
	for k, c := range a.Cells {
		if !show[k] {
			if len(shown) == 0 || shown[len(shown)-1] {
				cells, shown = append(cells, RibbonCell{}), append(shown, false)
			}
			continue
		}
		if len(cells) > maxExcerptCells {
			cells, shown = append(cells, RibbonCell{}), append(shown, false)
			break
		}
		rc := ribbonCell(c)
		rc.Answer = answer[k]
		if opt.Exam != "" {
			rc.Exam = opt.Exam.Exam(rc.Outcome, rc.Layer)
		}
		cells, shown = append(cells, rc), append(shown, true)
	}
	prefix := "" // a game without parameters: its one cell is labelled start
	if n := len(a.Names); n > 0 {
		prefix = a.Names[n-1] + ": "
	}
	opt.Width -= len([]rune(prefix))
	return prefix + RibbonLine(cells, shown, opt)
}

// maxExcerptCells is more cells than a line of an excerpt holds (each
// takes three characters at least).
const maxExcerptCells = 400
