package grid

import (
	"bufio"
	"encoding/csv"
	"io"
	"strconv"
)

// CSVOptions choose how WriteCSV writes: the field separator (0 for ',')
// and a UTF-8 byte order mark, for spreadsheets as retro export has them.
type CSVOptions struct {
	Comma rune
	BOM   bool
}

// WriteCSV writes the map as a grid: the first row the name of the axes
// ("y\x") and the x values, then a row for each y, its value first, then
// each cell's code (W3, L2, D, ?, a Grundy value, or nothing for a
// position without a row in the table; "W3→L2" where two games differ).
func WriteCSV(w io.Writer, g *Grid, opt CSVOptions) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	if opt.BOM {
		bw.WriteString("\ufeff")
	}
	cw := csv.NewWriter(bw)
	if opt.Comma != 0 {
		cw.Comma = opt.Comma
	}
	rec := make([]string, 1+g.X.Len())
	rec[0] = g.X.Name
	if y := g.yName(); y != "" {
		rec[0] = y + `\` + g.X.Name
	}
	for j := range g.X.Len() {
		rec[1+j] = strconv.FormatInt(g.X.Lo+j, 10)
	}
	if err := cw.Write(rec); err != nil {
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
		return cw.Write(rec)
	})
	if err != nil {
		return err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}
