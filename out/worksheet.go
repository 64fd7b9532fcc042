package out

import (
	"bufio"
	"fmt"
	"html"
	"io"

	"retro/out/query"
	"retro/out/variant"
)

// The worksheets of a batch of variants, in two copies. The teacher's:
// every variant's tasks, then, on a page of its own, the key (the
// answers, how many S qualify for each task) and the short solutions,
// under a line that says how the batch was made. The students': every
// variant on a page of its own, its tasks and fields for the student's
// name and answers, without the key or that line. Each as Markdown
// (WriteWorksheetMarkdown, WriteStudentsMarkdown) and as one printable
// HTML file (WriteWorksheetHTML, WriteStudentsHTML) that a word processor
// opens for editing: no script, its style in one element, the fields in
// tables, made of the same parts.

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

// The words of the students' fields.
var (
	txtName   = query.Text{En: "Name:", Ru: "Фамилия, имя:"}
	txtClass  = query.Text{En: "Class:", Ru: "Класс:"}
	txtAnswer = query.Text{En: "Answer", Ru: "Ответ"}
	txtTaskNo = query.Text{En: "Task", Ru: "Задание"}
	txt19g    = query.Text{En: "19 (guaranteed)", Ru: "19 (гарантированно)"}
)

// solutionLines are a variant's solutions, one a task (two for 20), how
// the readings of task 19 stand right after 19's.
func (s *sheet) solutionLines(v *variant.Variant) [][2]string {
	sol := v.Solutions[s.l]
	lines := [][2]string{{"19", sol.Task19}}
	if note := readingsNote(v, s.l); note != "" {
		label := "19"
		if sol.Other != "" {
			note += ": " + sol.Other
			label = s.l.Say(txt19g)
		}
		lines = append(lines, [2]string{label, note})
	}
	return append(lines, [2]string{"20", sol.Task20[0]}, [2]string{"20", sol.Task20[1]}, [2]string{"21", sol.Task21})
}

// writeTasksMarkdown writes a variant's text: its game, then its tasks.
func writeTasksMarkdown(bw *bufio.Writer, v *variant.Variant, l query.Lang) {
	st := v.Statement(l)
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

// markdownBreak is a page break in Markdown that printing from HTML obeys.
const markdownBreak = "<div style=\"break-before: page\"></div>\n"

// WriteWorksheetMarkdown writes the teacher's worksheet as Markdown, the
// key after a page break.
func WriteWorksheetMarkdown(w io.Writer, b *variant.Batch, l query.Lang) error {
	s := newSheet(b, l)
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# %s\n\n%s\n", s.title, s.made)
	for _, v := range b.Variants {
		fmt.Fprintf(bw, "\n## %s\n\n", l.Say(txtVariant, v.Number))
		writeTasksMarkdown(bw, v, l)
	}
	fmt.Fprintf(bw, "\n%s\n# %s\n\n", markdownBreak, l.Say(txtKey))
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

// WriteStudentsMarkdown writes the students' worksheet as Markdown: each
// variant after a page break, with lines for the name and a table for
// the answers; no key.
func WriteStudentsMarkdown(w io.Writer, b *variant.Batch, l query.Lang) error {
	s := newSheet(b, l)
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# %s\n", s.title)
	for k, v := range b.Variants {
		if k > 0 {
			fmt.Fprintf(bw, "\n%s", markdownBreak)
		}
		fmt.Fprintf(bw, "\n## %s\n\n%s ______________________________ %s ________\n\n", l.Say(txtVariant, v.Number), l.Say(txtName), l.Say(txtClass))
		writeTasksMarkdown(bw, v, l)
		fmt.Fprintf(bw, "\n| %s | 19 | 20 | 21 |\n|---|---|---|---|\n| %s | | | |\n", l.Say(txtTaskNo), l.Say(txtAnswer))
	}
	return bw.Flush()
}

// worksheetCSS lays the worksheets out for the screen and for print: a
// variant is not split across pages where it fits on one, and the key
// starts a page. Word processors read it too; the page breaks they obey
// are also written on the elements (pageBreak).
const worksheetCSS = `body { font-family: "PT Serif", Georgia, serif; max-width: 46em; margin: 2em auto; padding: 0 1em; line-height: 1.4; }
h1 { font-size: 1.4em; } h2 { font-size: 1.2em; margin-top: 2em; }
.made { color: #555; font-size: 0.9em; }
.variant { break-inside: avoid-page; }
.task { margin: 0.8em 0; }
.task ul { margin: 0.3em 0; padding-left: 1.5em; list-style: "— "; }
.key { break-before: page; }
table { border-collapse: collapse; } td, th { border: 1px solid #999; padding: 0.2em 0.6em; text-align: left; }
table.fields td { height: 2em; min-width: 6em; }
@media print { body { margin: 0; max-width: none; } h2 { margin-top: 1.2em; } }
`

// pageBreak is the attribute that starts an element on a new page in
// browsers and in word processors (Word and LibreOffice read the older
// property).
const pageBreak = ` style="page-break-before: always; break-before: page"`

// writeHead writes the HTML file's head and its title.
func writeHead(bw *bufio.Writer, s *sheet) {
	e := html.EscapeString
	fmt.Fprintf(bw, "<!doctype html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n",
		s.l, e(s.title), worksheetCSS)
	fmt.Fprintf(bw, "<h1>%s</h1>\n", e(s.title))
}

// writeTasksHTML writes a variant's text: its game, then its tasks.
func writeTasksHTML(bw *bufio.Writer, v *variant.Variant, l query.Lang) {
	e := html.EscapeString
	st := v.Statement(l)
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
}

// WriteWorksheetHTML writes the teacher's worksheet as one HTML file,
// its style within: the variants, then the key on a page of its own.
func WriteWorksheetHTML(w io.Writer, b *variant.Batch, l query.Lang) error {
	s := newSheet(b, l)
	e := html.EscapeString
	bw := bufio.NewWriter(w)
	writeHead(bw, s)
	fmt.Fprintf(bw, "<p class=\"made\">%s</p>\n", e(s.made))
	for _, v := range b.Variants {
		fmt.Fprintf(bw, "<section class=\"variant\" id=\"variant-%d\">\n<h2>%s</h2>\n", v.Number, e(l.Say(txtVariant, v.Number)))
		writeTasksHTML(bw, v, l)
		bw.WriteString("</section>\n")
	}
	fmt.Fprintf(bw, "<section class=\"key\">\n<h1%s>%s</h1>\n<table>\n<tr><th>%s</th><th>19</th><th>20</th><th>21</th><th>%s</th></tr>\n",
		pageBreak, e(l.Say(txtKey)), e(l.Say(txtVariantCol)), e(l.Say(txtQualify)))
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

// WriteStudentsHTML writes the students' worksheet as one HTML file, its
// style within: each variant on a page of its own, a table for the
// student's name and class before its tasks and one for the answers
// after them; no key, no line of how the batch was made.
func WriteStudentsHTML(w io.Writer, b *variant.Batch, l query.Lang) error {
	s := newSheet(b, l)
	e := html.EscapeString
	bw := bufio.NewWriter(w)
	writeHead(bw, s)
	for k, v := range b.Variants {
		brk := ""
		if k > 0 {
			brk = pageBreak
		}
		fmt.Fprintf(bw, "<section class=\"variant\" id=\"variant-%d\">\n<h2%s>%s</h2>\n", v.Number, brk, e(l.Say(txtVariant, v.Number)))
		fmt.Fprintf(bw, "<table class=\"fields name\">\n<tr><th>%s</th><td style=\"width: 22em\"></td><th>%s</th><td style=\"width: 5em\"></td></tr>\n</table>\n",
			e(l.Say(txtName)), e(l.Say(txtClass)))
		writeTasksHTML(bw, v, l)
		fmt.Fprintf(bw, "<table class=\"fields answers\">\n<tr><th>%s</th><th>19</th><th>20</th><th>21</th></tr>\n<tr><th>%s</th><td></td><td></td><td></td></tr>\n</table>\n",
			e(l.Say(txtTaskNo)), e(l.Say(txtAnswer)))
		bw.WriteString("</section>\n")
	}
	bw.WriteString("</body>\n</html>\n")
	return bw.Flush()
}
