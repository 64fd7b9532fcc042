package out

import (
	"bufio"
	"context"
	"encoding/csv"
	"io"
	"strconv"
	"strings"

	"retro/retro"
	"retro/rules"
)

// BestMode says which optimal moves an export lists in its best column.
type BestMode int

const (
	BestAll  BestMode = iota // every optimal move (at D, every move that keeps the draw)
	BestOne                  // the first optimal move, in the game's order of moves
	BestNone                 // no best column: the moves are not generated at all
)

// CSVOptions choose what WriteCSV and WriteParquet write.
type CSVOptions struct {
	Layer int // only positions of this layer; -1 for all (then see Outcome)
	// KeepOutcome keeps only the positions of Outcome: with D or ?, the
	// positions without a layer.
	KeepOutcome bool
	Outcome     retro.Outcome
	Best        BestMode
	Comma       rune // CSV only: the field separator; 0 for ','
	BOM         bool // CSV only: start with a UTF-8 byte order mark
	// Progress, when set, is called now and then with the rows written
	// so far.
	Progress func(rows int64)
	// Context, when set, stops the writing with its error once it is
	// done, checked every 16 384 rows.
	Context context.Context
}

// utf8BOM is what spreadsheets that take a file for their locale's code
// page unless told otherwise need to read UTF-8 (Excel with Russian text).
const utf8BOM = "\ufeff"

// Header returns the CSV column names of a game's export.
func Header(g *rules.Game, best BestMode) []string {
	var h []string
	for _, p := range g.RuleParams() {
		h = append(h, p.Name)
	}
	h = append(h, g.Piles...)
	switch g.History {
	case rules.LastHistory:
		h = append(h, "last")
	case rules.BothHistory:
		h = append(h, "last", "mylast")
	}
	h = append(h, "outcome", "layer")
	if best != BestNone {
		h = append(h, "best")
	}
	return h
}

// WriteCSV writes the tables of a game's instances, one after another.
func WriteCSV(w io.Writer, results []*retro.Result, opt CSVOptions) error {
	if len(results) == 0 {
		return nil
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	if opt.BOM {
		bw.WriteString(utf8BOM)
	}
	cw := csv.NewWriter(bw)
	if opt.Comma != 0 {
		cw.Comma = opt.Comma
	}
	g := results[0].Instance.Game
	if err := cw.Write(Header(g, opt.Best)); err != nil {
		return err
	}
	rows := newRowCounter(opt)
	for _, r := range results {
		if err := writeRows(cw, r, opt, rows); err != nil {
			return err
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}

func writeRows(cw *csv.Writer, r *retro.Result, opt CSVOptions, rows *rowCounter) error {
	g := r.Instance.Game
	var rec []string
	return eachRow(r, opt, func(row *Row) error {
		rec = rec[:0]
		for _, v := range row.Params {
			rec = append(rec, strconv.FormatInt(v, 10))
		}
		for _, v := range row.Piles {
			rec = append(rec, strconv.FormatInt(v, 10))
		}
		switch g.History {
		case rules.LastHistory:
			rec = append(rec, row.Last)
		case rules.BothHistory:
			rec = append(rec, row.Last, row.Mylast)
		}
		layer := ""
		if row.Layer >= 0 {
			layer = strconv.Itoa(row.Layer)
		}
		rec = append(rec, row.Outcome.String(), layer)
		if opt.Best != BestNone {
			rec = append(rec, row.Best)
		}
		if err := rows.add(); err != nil {
			return err
		}
		return cw.Write(rec)
	})
}

// Best writes the optimal moves of position i as command:(v1,v2,…),
// separated by "; ": all of them, or the first (BestOne).
func Best(r *retro.Result, m *rules.Machine, i int, mode BestMode) (string, error) {
	if mode == BestNone {
		return "", nil
	}
	moves, err := r.Moves(i, m)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, mv := range moves {
		if !mv.Best {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("; ")
		}
		b.WriteString(MoveText(mv))
		if mode == BestOne {
			break
		}
	}
	return b.String(), nil
}

// MoveText writes one move as name:(v1,v2,…).
func MoveText(mv retro.Move) string {
	var b strings.Builder
	b.WriteString(mv.Name)
	b.WriteString(":(")
	for k, v := range mv.To {
		if k > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(v, 10))
	}
	b.WriteByte(')')
	return b.String()
}

// rowCounter reports the rows written to CSVOptions.Progress every so
// many rows.
type rowCounter struct {
	fn  func(int64)
	ctx context.Context
	n   int64
}

func newRowCounter(opt CSVOptions) *rowCounter {
	return &rowCounter{fn: opt.Progress, ctx: opt.Context}
}

// add counts a row, and every 16 384 rows reports the progress and
// returns the context's error, if it is done.
func (c *rowCounter) add() error {
	if c.n++; c.n%(1<<14) != 0 {
		return nil
	}
	if c.fn != nil {
		c.fn(c.n)
	}
	if c.ctx != nil {
		return c.ctx.Err()
	}
	return nil
}
