package grid

import (
	"bufio"
	"encoding/csv"
	"io"
	"strconv"

	"retro/rules"
)

// CSVOptions choose how WriteCSV writes: the field separator (0 for ',')
// and a UTF-8 byte order mark, for spreadsheets as retro export has them.
type CSVOptions struct {
	Comma rune
	BOM   bool
}

// csvFile is a CSV being written, buffered.
type csvFile struct {
	b *bufio.Writer
	w *csv.Writer
}

// open starts a CSV with the options' byte order mark and separator.
func (opt CSVOptions) open(w io.Writer) *csvFile {
	b := bufio.NewWriterSize(w, 1<<16)
	if opt.BOM {
		b.WriteString("\ufeff")
	}
	c := &csvFile{b: b, w: csv.NewWriter(b)}
	if opt.Comma != 0 {
		c.w.Comma = opt.Comma
	}
	return c
}

// close writes what is buffered, and says the first error of the writing.
func (c *csvFile) close() error {
	c.w.Flush()
	if err := c.w.Error(); err != nil {
		return err
	}
	return c.b.Flush()
}

// WriteCSV writes the map as a grid: the first row the name of the axes
// ("y\x") and the x values, then a row for each y, its value first, then
// each cell's code (W3, L2, D, ?, a Grundy value, or nothing for a
// position without a row in the table; "W3→L2" where two games differ).
func WriteCSV(w io.Writer, g *Grid, opt CSVOptions) error {
	c := opt.open(w)
	rec := make([]string, 1+g.X.Len())
	rec[0] = g.X.Name
	if y := g.yName(); y != "" {
		rec[0] = y + `\` + g.X.Name
	}
	for j := range g.X.Len() {
		rec[1+j] = strconv.FormatInt(g.X.Lo+j, 10)
	}
	if err := c.w.Write(rec); err != nil {
		return err
	}
	err := g.rows(func(y int64, a, b []Cell) error {
		rec[0] = strconv.FormatInt(y, 10)
		if g.yName() == "" {
			rec[0] = ""
		}
		for j := range a {
			rec[1+j] = g.code(a, b, j)
		}
		return c.w.Write(rec)
	})
	if err != nil {
		return err
	}
	return c.close()
}

// WriteDiffCSV writes the positions whose value differs between the two
// games of a pair: A's rule parameters, the piles (by A's names), the
// history columns A's positions carry (or B's, where only B keeps one),
// then outcome and layer in A and in B, empty where the position is not
// in that game; and returns the counts of every change.
func WriteDiffCSV(w io.Writer, p *Pair, opt CSVOptions) (Changes, error) {
	c := opt.open(w)
	hist := p.A.History
	if p.B.History > hist {
		hist = p.B.History
	}
	var head []string
	for _, q := range p.A.RuleParams() {
		head = append(head, q.Name)
	}
	head = append(head, p.A.Piles...)
	switch hist {
	case rules.LastHistory:
		head = append(head, "last")
	case rules.BothHistory:
		head = append(head, "last", "mylast")
	}
	head = append(head, "outcome_a", "layer_a", "outcome_b", "layer_b", "change")
	if err := c.w.Write(head); err != nil {
		return Changes{}, err
	}
	var rec []string
	n, err := p.Compare(func(d *Difference) error {
		rec = rec[:0]
		for k := range p.A.RuleParams() {
			v := ""
			if k < len(d.Params) && len(d.Params) == len(p.A.RuleParams()) {
				v = strconv.FormatInt(d.Params[k], 10)
			}
			rec = append(rec, v)
		}
		for _, v := range d.Piles {
			rec = append(rec, strconv.FormatInt(v, 10))
		}
		last, mylast := d.Last, d.Mylast
		if last == "" {
			last = "none"
		}
		if mylast == "" {
			mylast = "none"
		}
		switch hist {
		case rules.LastHistory:
			rec = append(rec, last)
		case rules.BothHistory:
			rec = append(rec, last, mylast)
		}
		rec = append(rec, outcomeText(d.A), layerText(d.A), outcomeText(d.B), layerText(d.B), d.Change.String())
		return c.w.Write(rec)
	})
	if err != nil {
		return n, err
	}
	return n, c.close()
}

// outcomeText and layerText are a cell's outcome and layer as retro export
// writes them: empty for a position without a value.
func outcomeText(c Cell) string {
	if c.Kind != Value {
		return ""
	}
	return c.Outcome.String()
}

func layerText(c Cell) string {
	if c.Kind != Value || c.Layer < 0 {
		return ""
	}
	return strconv.Itoa(int(c.Layer))
}
