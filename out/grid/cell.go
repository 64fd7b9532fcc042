package grid

import (
	"strconv"

	"retro/out/query"
	"retro/retro"
)

// Kind says what a cell of a map is.
type Kind uint8

// The kinds of cells.
const (
	Absent Kind = iota // a position the game never reaches
	Final              // the game is over there: no row in the table
	Value              // a position of the table, with its outcome and layer
	Nim                // a sum of two heaps, with its Grundy value g(a) XOR g(b)
)

// Cell is one position of a map.
type Cell struct {
	Kind    Kind
	Outcome retro.Outcome // of a Value cell
	// Layer is a Value cell's layer (-1 for D and ?), or a Nim cell's
	// Grundy value.
	Layer int32
}

// Code is the cell as a CSV grid writes it: W3, L2, D, ? (as retro export
// writes the outcome and layer of its row), a Nim cell's value, and
// nothing for a position without a row.
func (c Cell) Code() string {
	switch c.Kind {
	case Value:
		if c.Layer < 0 {
			return c.Outcome.String()
		}
		return c.Outcome.String() + strconv.Itoa(int(c.Layer))
	case Nim:
		return strconv.Itoa(int(c.Layer))
	}
	return ""
}

// Exam is the cell in the exam's notation, the player to move being the
// first player (Петя): "П2" when he wins with his second move, "В1" when
// the second player wins with his first, a draw "Н", "?" beyond a horizon,
// "" for cells without a value (query.Lang.Exam). En gives the English
// letters (P, V, D).
func (c Cell) Exam(en bool) string {
	if c.Kind == Nim {
		return c.Code()
	}
	if c.Kind != Value {
		return ""
	}
	l := query.Ru
	if en {
		l = query.En
	}
	return l.Exam(c.Outcome, int(c.Layer))
}

// Change is how a cell of one game differs from the same position in
// another.
type Change uint8

// The changes, in the order a diff counts them.
const (
	Same      Change = iota // the same outcome and layer, or absent from both
	WinToLose               // W in a, L in b
	LoseToWin               // L in a, W in b
	ToDraw                  // W or L in a, D or ? in b
	FromDraw                // D or ? in a, W or L in b
	DrawKind                // D in one, ? in the other
	LayerOnly               // the same outcome, another layer
	OnlyA                   // a position of a's table only
	OnlyB                   // a position of b's table only
	changes
)

// String names the change as a diff reports it.
func (c Change) String() string {
	return [...]string{"same", "W→L", "L→W", "to D or ?", "from D or ?", "D↔?", "layer only", "only in A", "only in B"}[c]
}

// Compare is how cell b differs from cell a.
func Compare(a, b Cell) Change {
	va, vb := a.Kind == Value || a.Kind == Nim, b.Kind == Value || b.Kind == Nim
	switch {
	case !va && !vb:
		return Same
	case !vb:
		return OnlyA
	case !va:
		return OnlyB
	case a.Kind == Nim || b.Kind == Nim:
		if a.Layer == b.Layer {
			return Same
		}
		return LayerOnly
	}
	decided := func(o retro.Outcome) bool { return o == retro.Win || o == retro.Lose }
	switch {
	case a.Outcome == b.Outcome && a.Layer == b.Layer:
		return Same
	case a.Outcome == b.Outcome:
		return LayerOnly
	case a.Outcome == retro.Win && b.Outcome == retro.Lose:
		return WinToLose
	case a.Outcome == retro.Lose && b.Outcome == retro.Win:
		return LoseToWin
	case decided(a.Outcome) && !decided(b.Outcome):
		return ToDraw
	case !decided(a.Outcome) && decided(b.Outcome):
		return FromDraw
	}
	return DrawKind
}

// Changes counts the cells of a comparison by change.
type Changes [changes]int64

// Differ is the number of positions whose value differs, those of one
// game only apart.
func (c *Changes) Differ() int64 {
	var n int64
	for k := WinToLose; k <= LayerOnly; k++ {
		n += c[k]
	}
	return n
}

// Kinds lists the changes a diff reports, in order.
func Kinds() []Change {
	out := make([]Change, 0, changes)
	for k := Same; k < changes; k++ {
		out = append(out, k)
	}
	return out
}
