package grid

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// MaxHTMLCells is the most cells of an HTML map: a table a teacher prints,
// not a picture of a large game (a PNG draws that).
const MaxHTMLCells = 100_000

// WriteHTML writes the map as one printable HTML file: a table, the x
// values across and the y values down, each cell in the exam's notation
// (П1, В1, П2, …: the player to move, Petya, or the other, Vanya, wins
// with his first, second, … move; P and V in English), coloured as the
// pictures are and L cells hatched, with the legend and what the notation
// means. In a map of differences a changed cell shows both values, A's
// first.
func WriteHTML(w io.Writer, g *Grid) error {
	if g.Cells() > MaxHTMLCells {
		return fmt.Errorf("the map has %d cells, more than a table prints (%d): write it with -o map.png, or choose a part with --x %s=LO..HI --y %s=LO..HI",
			g.Cells(), MaxHTMLCells, g.X.Name, g.yName())
	}
	bw := bufio.NewWriter(w)
	lang := "en"
	if g.Ru {
		lang = "ru"
	}
	fmt.Fprintf(bw, "<!DOCTYPE html>\n<html lang=%q>\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<style>\n", lang, esc(g.heading()))
	bw.WriteString(htmlStyle)
	for k := range paletteLen {
		ink := ""
		if dark(k) {
			ink = ";color:#fff"
		}
		fmt.Fprintf(bw, ".c%d{background-color:%s%s}\n", k, RGB(k), ink)
	}
	bw.WriteString("</style>\n</head>\n<body>\n")
	fmt.Fprintf(bw, "<h1>%s</h1>\n", esc(g.Title))
	if g.Note != "" {
		fmt.Fprintf(bw, "<p>%s</p>\n", esc(g.Note))
	}
	bw.WriteString("<table>\n<thead><tr><th class=\"corner\">")
	if y := g.yName(); y != "" {
		fmt.Fprintf(bw, "%s ↓ &nbsp; %s →", esc(y), esc(g.X.Name))
	} else {
		fmt.Fprintf(bw, "%s →", esc(g.X.Name))
	}
	bw.WriteString("</th>")
	for x := g.X.Lo; x <= g.X.Hi; x++ {
		fmt.Fprintf(bw, "<th>%d</th>", x)
	}
	bw.WriteString("</tr></thead>\n<tbody>\n")
	err := g.rows(func(y int64, a, b []Cell) error {
		label := strconv.FormatInt(y, 10)
		if g.yName() == "" {
			label = ""
		}
		fmt.Fprintf(bw, "<tr><th>%s</th>", label)
		for j := range a {
			c := g.colour(a, b, j)
			class := "c" + strconv.Itoa(c)
			if hatched(c) {
				class += " h"
			}
			fmt.Fprintf(bw, "<td class=%q title=%q>%s</td>", class, esc(g.code(a, b, j)), esc(g.examText(a, b, j)))
		}
		bw.WriteString("</tr>\n")
		return nil
	})
	if err != nil {
		return err
	}
	bw.WriteString("</tbody>\n</table>\n")
	g.htmlLegend(bw)
	bw.WriteString("</body>\n</html>\n")
	return bw.Flush()
}

// examText is cell j of a row in the exam's notation; "A→B" where two
// games differ.
func (g *Grid) examText(a, b []Cell, j int) string {
	en := !g.Ru
	if b == nil || Compare(a[j], b[j]) == Same {
		return a[j].Exam(en)
	}
	return a[j].Exam(en) + "→" + b[j].Exam(en)
}

// htmlLegend writes what the colours and the notation mean.
func (g *Grid) htmlLegend(bw *bufio.Writer) {
	bw.WriteString("<div class=\"legend\">\n")
	if !isNim(g) && g.B == nil {
		bw.WriteString(g.words(
			"<p>P<i>n</i>: the player to move (Petya) wins with his <i>n</i>-th move, whatever the other does; "+
				"V<i>n</i>: the other player (Vanya) wins with his <i>n</i>-th move, whatever Petya does. "+
				"The engine's layer counts the moves of both: P<i>n</i> is W 2<i>n</i>−1 and V<i>n</i> is L 2<i>n</i> (the title of each cell).</p>\n",
			"<p>П<i>n</i>: ходящий (Петя) выигрывает своим <i>n</i>-м ходом, как бы ни играл соперник; "+
				"В<i>n</i>: соперник (Ваня) выигрывает своим <i>n</i>-м ходом, как бы ни играл Петя. "+
				"Слой считает ходы обоих игроков: П<i>n</i> — это W 2<i>n</i>−1, В<i>n</i> — L 2<i>n</i> (подсказка ячейки).</p>\n"))
	}
	for _, e := range g.legend(isNim(g)) {
		class := "c" + strconv.Itoa(e.colour)
		if hatched(e.colour) {
			class += " h"
		}
		fmt.Fprintf(bw, "<span class=\"key\"><span class=%q></span>%s</span>\n", "swatch "+class, esc(e.text))
	}
	bw.WriteString("</div>\n")
}

const htmlStyle = `body{font-family:"DejaVu Sans",Arial,sans-serif;margin:1.5em}
h1{font-size:1.2em;margin:0 0 .3em}
table{border-collapse:collapse;font-size:11px}
th,td{border:1px solid #8a8a8a;min-width:2.3em;height:1.7em;text-align:center;padding:0 2px}
th{background:#f4f4f4;font-weight:normal}
th.corner{white-space:nowrap}
td.h{background-image:repeating-linear-gradient(45deg,rgba(0,0,0,.28) 0 1.5px,transparent 1.5px 5px)}
.legend{margin-top:1em;font-size:12px}
.key{display:inline-block;margin:0 1.2em .3em 0}
.swatch{display:inline-block;width:1em;height:1em;border:1px solid #8a8a8a;vertical-align:middle;margin-right:.4em}
@media print{*{-webkit-print-color-adjust:exact;print-color-adjust:exact}@page{size:landscape;margin:1cm}body{margin:0}}
`
