package out

import (
	"bufio"
	"fmt"
	"html"
	"io"

	"retro/retro/query"
	"retro/retro/variant"
)

// The worksheet of a batch of variants: every variant's tasks, then, on
// a page of its own, the key (the answers, how many S qualify for each
// task) and the short solutions. As Markdown (WriteWorksheetMarkdown)
// and as one printable HTML file (WriteWorksheetHTML), made of the same
// parts.

// sheet is a worksheet's parts in one language.
type sheet struct {
	l     query.Lang
	title string
	made  string
	b     *variant.Batch
}

func newSheet(b *variant.Batch, l query.Lang) *sheet {
	return &sheet{l: l, b: b, title: l.Say(txtVariants, b.Family.Title(l), len(b.Variants)),
		made: l.Say(txtMadeBy, b.Family.File, b.Seed, b.Tried)}
}

// solutionLines are a variant's solutions, one a task (two for 20), then
// how the readings of task 19 stand.
func (s *sheet) solutionLines(v *variant.Variant) [][2]string {
	sol := v.Solutions[s.l]
	lines := [][2]string{{"19", sol.Task19}, {"20", sol.Task20[0]}, {"20", sol.Task20[1]}, {"21", sol.Task21}}
	if note := readingsNote(v, s.l); note != "" {
		if sol.Other != "" {
			note += ": " + sol.Other
		}
		lines = append(lines, [2]string{"19", note})
	}
	return lines
}

// WriteWorksheetMarkdown writes the worksheet as Markdown, the key after
// a page break that printing from HTML obeys.
func WriteWorksheetMarkdown(w io.Writer, b *variant.Batch, l query.Lang) error {
	s := newSheet(b, l)
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# %s\n\n%s\n", s.title, s.made)
	for _, v := range b.Variants {
		st := v.Statement(l)
		fmt.Fprintf(bw, "\n## %s\n\n", l.Say(txtVariant, v.Number))
		for _, p := range st.Game {
			fmt.Fprintf(bw, "%s\n\n", p)
		}
		for k, t := range st.Tasks {
			fmt.Fprintf(bw, "**%s** %s\n", l.Say(txtTask, t.Number), t.Lead)
			if len(t.Items) > 0 {
				bw.WriteString("\n")
			}
			for _, it := range t.Items {
				fmt.Fprintf(bw, "- %s\n", it)
			}
			if t.Tail != "" {
				fmt.Fprintf(bw, "\n%s\n", t.Tail)
			}
			if k < len(st.Tasks)-1 {
				bw.WriteString("\n")
			}
		}
	}
	fmt.Fprintf(bw, "\n<div style=\"break-before: page\"></div>\n\n# %s\n\n", l.Say(txtKey))
	fmt.Fprintf(bw, "| %s | 19 | 20 | 21 | %s |\n|---|---|---|---|---|\n", l.Say(txtVariantCol), l.Say(txtQualify))
	for _, v := range b.Variants {
		a19, a20, a21, q := keyLine(v, l)
		fmt.Fprintf(bw, "| %d | %s | %s | %s | %s |\n", v.Number, a19, a20, a21, q)
	}
	fmt.Fprintf(bw, "\n## %s\n", l.Say(txtSolutions))
	for _, v := range b.Variants {
		fmt.Fprintf(bw, "\n### %s\n\n", l.Say(txtVariant, v.Number))
		for _, line := range s.solutionLines(v) {
			fmt.Fprintf(bw, "- %s: %s\n", line[0], line[1])
		}
	}
	return bw.Flush()
}

// worksheetCSS lays the worksheet out for the screen and for print: a
// variant is not split across pages where it fits on one, and the key
// starts a page.
const worksheetCSS = `body { font-family: "PT Serif", Georgia, serif; max-width: 46em; margin: 2em auto; padding: 0 1em; line-height: 1.4; }
h1 { font-size: 1.4em; } h2 { font-size: 1.2em; margin-top: 2em; }
.made { color: #555; font-size: 0.9em; }
.variant { break-inside: avoid-page; }
.task { margin: 0.8em 0; }
.task ul { margin: 0.3em 0; padding-left: 1.5em; list-style: "— "; }
.key { break-before: page; }
table { border-collapse: collapse; } td, th { border: 1px solid #999; padding: 0.2em 0.6em; text-align: left; }
@media print { body { margin: 0; max-width: none; } h2 { margin-top: 1.2em; } }
`

// WriteWorksheetHTML writes the worksheet as one HTML file, its style
// within: the variants, then the key on a page of its own.
func WriteWorksheetHTML(w io.Writer, b *variant.Batch, l query.Lang) error {
	s := newSheet(b, l)
	e := html.EscapeString
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "<!doctype html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n",
		l, e(s.title), worksheetCSS)
	fmt.Fprintf(bw, "<h1>%s</h1>\n<p class=\"made\">%s</p>\n", e(s.title), e(s.made))
	for _, v := range b.Variants {
		st := v.Statement(l)
		fmt.Fprintf(bw, "<section class=\"variant\" id=\"variant-%d\">\n<h2>%s</h2>\n", v.Number, e(l.Say(txtVariant, v.Number)))
		for _, p := range st.Game {
			fmt.Fprintf(bw, "<p>%s</p>\n", e(p))
		}
		for _, t := range st.Tasks {
			fmt.Fprintf(bw, "<div class=\"task\"><p><strong>%s</strong> %s</p>\n", e(l.Say(txtTask, t.Number)), e(t.Lead))
			if len(t.Items) > 0 {
				bw.WriteString("<ul>\n")
				for _, it := range t.Items {
					fmt.Fprintf(bw, "<li>%s</li>\n", e(it))
				}
				bw.WriteString("</ul>\n")
			}
			if t.Tail != "" {
				fmt.Fprintf(bw, "<p>%s</p>\n", e(t.Tail))
			}
			bw.WriteString("</div>\n")
		}
		bw.WriteString("</section>\n")
	}
	fmt.Fprintf(bw, "<section class=\"key\">\n<h1>%s</h1>\n<table>\n<tr><th>%s</th><th>19</th><th>20</th><th>21</th><th>%s</th></tr>\n",
		e(l.Say(txtKey)), e(l.Say(txtVariantCol)), e(l.Say(txtQualify)))
	for _, v := range b.Variants {
		a19, a20, a21, q := keyLine(v, l)
		fmt.Fprintf(bw, "<tr><td>%d</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", v.Number, e(a19), e(a20), e(a21), e(q))
	}
	fmt.Fprintf(bw, "</table>\n<h2>%s</h2>\n", e(l.Say(txtSolutions)))
	for _, v := range b.Variants {
		fmt.Fprintf(bw, "<h3>%s</h3>\n<ul>\n", e(l.Say(txtVariant, v.Number)))
		for _, line := range s.solutionLines(v) {
			fmt.Fprintf(bw, "<li>%s: %s</li>\n", e(line[0]), e(line[1]))
		}
		bw.WriteString("</ul>\n")
	}
	bw.WriteString("</section>\n</body>\n</html>\n")
	return bw.Flush()
}
