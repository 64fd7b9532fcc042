package grid

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Text limits of a map printed on a terminal: wider or longer maps are
// written to a file (-o map.png, .html, .csv).
const (
	TextColumns = 80
	TextRows    = 200
)

// WriteText writes the map as a compact text grid: a column per x, a line
// per y, each cell its layer's code (W3, L2, D, ?), "·" where the game
// never reaches, "#" where it is over, and in a map of differences "*"
// before a changed cell (its value in B). Colour, with the pictures'
// palette, when colour is set (a terminal).
func WriteText(w io.Writer, g *Grid, colour bool) error {
	if g.X.Len() > TextColumns || g.Y.Len() > TextRows {
		return fmt.Errorf("the map is %d × %d positions, more than a terminal shows (%d × %d): write it with -o map.png, map.svg, map.html or map.csv",
			g.X.Len(), g.Y.Len(), TextColumns, TextRows)
	}
	width := 3
	for _, v := range []int64{g.X.Lo, g.X.Hi} {
		width = max(width, len(strconv.FormatInt(v, 10)))
	}
	if g.B != nil {
		width++
	}
	labels := 1
	for _, v := range []int64{g.Y.Lo, g.Y.Hi} {
		labels = max(labels, len(strconv.FormatInt(v, 10)))
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, g.heading())
	fmt.Fprintf(bw, "%*s", labels, "")
	for x := g.X.Lo; x <= g.X.Hi; x++ {
		fmt.Fprintf(bw, " %*d", width, x)
	}
	fmt.Fprintf(bw, "   ← %s\n", g.X.Name)
	err := g.rows(func(y int64, a, b []Cell) error {
		label := strconv.FormatInt(y, 10)
		if g.yName() == "" {
			label = ""
		}
		fmt.Fprintf(bw, "%*s", labels, label)
		for j := range a {
			bw.WriteByte(' ')
			text := textCell(g, a, b, j)
			pad := strings.Repeat(" ", max(width-len([]rune(text)), 0))
			if colour {
				bw.WriteString(ansi(g.colour(a, b, j)) + pad + text + "\x1b[0m")
			} else {
				bw.WriteString(pad + text)
			}
		}
		return bw.WriteByte('\n')
	})
	if err != nil {
		return err
	}
	if y := g.yName(); y != "" {
		fmt.Fprintf(bw, "%*s ↑ %s\n", labels, "", y)
	}
	if g.B != nil {
		fmt.Fprintln(bw, g.words("*: the value in B where it differs from A", "*: значение в B, где оно не такое, как в A"))
	} else {
		fmt.Fprintln(bw, g.words("·: never reached, #: the game is over", "·: не встречается, #: игра окончена"))
	}
	return bw.Flush()
}

// textCell is the text of cell j of a row.
func textCell(g *Grid, a, b []Cell, j int) string {
	c := a[j]
	mark := ""
	if b != nil && Compare(a[j], b[j]) != Same {
		c, mark = b[j], "*"
	}
	switch c.Kind {
	case Absent:
		return mark + "·"
	case Final:
		return mark + "#"
	}
	return mark + c.Code()
}

// ansi is the escape that sets a cell's colours: its palette colour as the
// background, and the text light or dark on it.
func ansi(k int) string {
	c := rgbOf(k)
	fg := "30"
	if dark(k) {
		fg = "97"
	}
	return fmt.Sprintf("\x1b[%s;48;2;%d;%d;%dm", fg, c.R, c.G, c.B)
}
