package out

import (
	"bufio"
	"encoding/csv"
	"io"
	"strconv"

	"retro/retro"
	"retro/rules"
)

// GrundyTable is one table for WriteGrundyCSV: the values of the rule
// params of its instance (in RuleParams order) and its Grundy values.
type GrundyTable struct {
	Params []int64
	Table  *retro.Table
	Upto   int // the last heap written
	// Misere, for misère games, is whether the player to move wins a
	// single heap under misère play, heap by heap from 0; heaps beyond it
	// are left empty.
	Misere []bool
}

// GrundyHeader returns the CSV column names of Grundy tables of a game:
// the rule params, the pile (the heap's size), grundy, and for misère
// games misere.
func GrundyHeader(g *rules.Game, misere bool) []string {
	var h []string
	for _, p := range g.RuleParams() {
		h = append(h, p.Name)
	}
	h = append(h, g.Piles[0], "grundy")
	if misere {
		h = append(h, "misere")
	}
	return h
}

// WriteGrundyCSV writes Grundy tables of a game's instances, one after
// another: one row per heap, x,grundy, preceded by the rule param values
// of its instance. With misère tables a last column gives W or L, the
// outcome of that single heap for the player to move under misère play.
func WriteGrundyCSV(w io.Writer, g *rules.Game, tables []GrundyTable) error {
	misere := false
	for _, t := range tables {
		misere = misere || t.Misere != nil
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	cw := csv.NewWriter(bw)
	if err := cw.Write(GrundyHeader(g, misere)); err != nil {
		return err
	}
	var rec []string
	for _, t := range tables {
		for n := 0; n <= t.Upto && n < t.Table.Len(); n++ {
			rec = rec[:0]
			for _, v := range t.Params {
				rec = append(rec, strconv.FormatInt(v, 10))
			}
			rec = append(rec, strconv.Itoa(n), strconv.FormatUint(uint64(t.Table.G(n)), 10))
			if misere {
				s := ""
				if n < len(t.Misere) {
					s = retro.Lose.String()
					if t.Misere[n] {
						s = retro.Win.String()
					}
				}
				rec = append(rec, s)
			}
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}
