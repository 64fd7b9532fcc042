package out

import (
	"bufio"
	"encoding/csv"
	"io"
	"strconv"
	"strings"

	"retro/retro"
	"retro/rules"
)

// CSVOptions choose what WriteCSV writes.
type CSVOptions struct {
	Layer int // only positions of this layer; -1 for all
}

// Header returns the CSV column names of a game.
func Header(g *rules.Game) []string {
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
	return append(h, "outcome", "layer", "best")
}

// WriteCSV writes the tables of a game's instances, one after another.
func WriteCSV(w io.Writer, results []*retro.Result, opt CSVOptions) error {
	if len(results) == 0 {
		return nil
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	cw := csv.NewWriter(bw)
	g := results[0].Instance.Game
	if err := cw.Write(Header(g)); err != nil {
		return err
	}
	for _, r := range results {
		if err := writeRows(cw, r, opt); err != nil {
			return err
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}

func writeRows(cw *csv.Writer, r *retro.Result, opt CSVOptions) error {
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
		rec = append(rec, row.Outcome.String(), layer, row.Best)
		return cw.Write(rec)
	})
}

// Best writes the optimal moves of position i as command:(v1,v2,…),
// separated by "; ".
func Best(r *retro.Result, m *rules.Machine, i int) (string, error) {
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
		b.WriteString(MoveText(r.Instance.Game, mv))
	}
	return b.String(), nil
}

// MoveText writes one move as command:(v1,v2,…).
func MoveText(g *rules.Game, mv retro.Move) string {
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
