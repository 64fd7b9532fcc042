package out

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"

	"retro/retro"
	"retro/rules"
	"retro/rules/sg"
)

// GrundyTable is one table for WriteGrundyCSV: the values of the rule
// params of its instance (in RuleParams order) and its Grundy values.
type GrundyTable struct {
	Params []int64
	Table  *sg.Table
	Upto   int // the last heap written
	// Misere, for misère games, is whether the player to move wins a
	// single heap under misère play, heap by heap from 0; heaps beyond it
	// are left empty.
	Misere []bool
	// Collections is the number of collections of heaps enumerated for
	// Misere, and CapHit why Misere stops short of Upto (nil when it does
	// not).
	Collections int
	CapHit      error
	// Period is the table's period.
	Period sg.Period
	// Extendable is whether --find-period would extend the table: its
	// last heap is below the cap of the extension.
	Extendable bool
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
	return writeGrundyCSV(w, g, tables, anyMisere(tables), tableHeaps)
}

// anyMisere reports whether one of the tables is of misère play.
func anyMisere(tables []GrundyTable) bool {
	for _, t := range tables {
		if t.Misere != nil {
			return true
		}
	}
	return false
}

// tableHeaps gives the heaps of a table: 0 to its Upto.
func tableHeaps(t GrundyTable) iter.Seq[int] {
	return func(yield func(int) bool) {
		for n := 0; n <= t.Upto && n < t.Table.Len() && yield(n); n++ {
		}
	}
}

// WriteRareCSV writes the sparse (rare) heaps of Grundy tables, the ones
// the sparse-space method lists (sg.SparseInfo): x,grundy after the
// rule params, ascending. A table made without a sparse space has none.
func WriteRareCSV(w io.Writer, g *rules.Game, tables []GrundyTable) error {
	return writeGrundyCSV(w, g, tables, false, func(t GrundyTable) iter.Seq[int] {
		return func(yield func(int) bool) {
			if t.Table.Sparse == nil {
				return
			}
			for _, n := range t.Table.Sparse.List {
				if n > int64(t.Upto) || n >= int64(t.Table.Len()) || !yield(int(n)) {
					return
				}
			}
		}
	})
}

// writeGrundyCSV writes the rows of the heaps each table's heaps gives.
func writeGrundyCSV(w io.Writer, g *rules.Game, tables []GrundyTable, misere bool, heaps func(GrundyTable) iter.Seq[int]) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	cw := csv.NewWriter(bw)
	if err := cw.Write(GrundyHeader(g, misere)); err != nil {
		return err
	}
	var rec []string
	err := eachGrundyRow(tables, misere, heaps, func(r grundyRow) error {
		rec = rec[:0]
		for _, v := range r.params {
			rec = append(rec, strconv.FormatInt(v, 10))
		}
		rec = append(rec, strconv.Itoa(r.heap), strconv.FormatUint(uint64(r.grundy), 10))
		if misere {
			rec = append(rec, r.misere)
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

// grundyRow is one row of a Grundy table's CSV or Parquet file: the rule
// params' values, the heap, its value, and for misère games W or L, the
// single heap's misère outcome ("" beyond the heaps analysed).
type grundyRow struct {
	params []int64
	heap   int
	grundy uint32
	misere string
}

// eachGrundyRow calls row for each heap that heaps gives of each table.
func eachGrundyRow(tables []GrundyTable, misere bool, heaps func(GrundyTable) iter.Seq[int], row func(grundyRow) error) error {
	for _, t := range tables {
		for n := range heaps(t) {
			r := grundyRow{params: t.Params, heap: n, grundy: t.Table.G(n)}
			if misere && n < len(t.Misere) {
				r.misere = retro.Lose.String()
				if t.Misere[n] {
					r.misere = retro.Win.String()
				}
			}
			if err := row(r); err != nil {
				return err
			}
		}
	}
	return nil
}

// GrundyJSON is a game's Grundy tables as JSON.
type GrundyJSON struct {
	Game   string            `json:"game"`
	File   string            `json:"file"`
	Octal  string            `json:"octal,omitempty"`
	Params []string          `json:"params"` // the rule params, in the order of each table's values
	Tables []GrundyTableJSON `json:"tables"`
}

// GrundyTableJSON is one instance's table.
type GrundyTableJSON struct {
	Params []int64     `json:"params"` // the rule params' values
	Values []uint32    `json:"values"` // g(0..upto)
	Misere []string    `json:"misere,omitempty"`
	Period PeriodJSON  `json:"period"`
	Method string      `json:"method"` // the method asked for
	Sparse *SparseJSON `json:"sparse,omitempty"`
}

// PeriodJSON is a table's period; period is 0 when none is apparent.
type PeriodJSON struct {
	Period    int    `json:"period"`
	Preperiod int    `json:"preperiod"`
	Saltus    int64  `json:"saltus"`
	Proven    bool   `json:"proven"`
	Upto      int    `json:"upto"`
	Text      string `json:"text"`
}

// SparseJSON is how the values were computed (sg.SparseInfo).
type SparseJSON struct {
	Mask      uint32  `json:"mask"`
	Parity    bool    `json:"heapParity,omitempty"`
	Heaps     []int64 `json:"sparseHeaps"` // ascending
	FullScans int64   `json:"fullScans"`
	Proven    int     `json:"periodFrom,omitempty"` // values from here on by the proven period
	Scanned   string  `json:"scanned,omitempty"`    // why every option was scanned
	Text      string  `json:"text"`
}

// WriteGrundyJSON writes Grundy tables as one GrundyJSON object.
func WriteGrundyJSON(w io.Writer, g *rules.Game, tables []GrundyTable, method string) error {
	j := GrundyJSON{Game: g.Name, File: g.File, Octal: g.Octal, Params: []string{}, Tables: []GrundyTableJSON{}}
	for _, p := range g.RuleParams() {
		j.Params = append(j.Params, p.Name)
	}
	for _, t := range tables {
		top := min(t.Upto, t.Table.Len()-1)
		tj := GrundyTableJSON{Params: t.Params, Values: make([]uint32, top+1), Method: method}
		if tj.Params == nil {
			tj.Params = []int64{}
		}
		for n := range tj.Values {
			tj.Values[n] = t.Table.G(n)
		}
		for _, win := range t.Misere {
			tj.Misere = append(tj.Misere, map[bool]string{true: retro.Win.String(), false: retro.Lose.String()}[win])
		}
		p := t.Period
		tj.Period = PeriodJSON{Proven: p.Proven, Upto: p.Upto, Text: p.String()}
		if p.Found {
			tj.Period.Period, tj.Period.Preperiod, tj.Period.Saltus = p.Period, p.Preperiod, p.Saltus
		}
		if s := t.Table.Sparse; s != nil {
			tj.Sparse = &SparseJSON{Mask: s.Mask, Parity: s.Domain, Heaps: s.List, FullScans: s.Scans, Scanned: s.Scanned, Text: s.String()}
			if s.Proven >= 0 {
				tj.Sparse.Proven = s.Proven
			}
			if tj.Sparse.Heaps == nil {
				tj.Sparse.Heaps = []int64{}
			}
		}
		j.Tables = append(j.Tables, tj)
	}
	return WriteJSONValue(w, j)
}

// WriteGrundyText writes Grundy tables as retro sg prints them: the game,
// for misère play what the values do not decide, and for each table the
// rule params of its instance, g(0..Upto) ten to a row, the misère outcome
// of each single heap, the period (with a hint at --find-period when none
// was found and findPeriod is false) and the method the values came by
// (method, as asked for).
func WriteGrundyText(w io.Writer, g *rules.Game, tables []GrundyTable, method string, findPeriod bool) {
	kind := ""
	if g.Octal != "" {
		kind = ", octal " + g.Octal
	}
	fmt.Fprintf(w, "game:     %s (%s)%s\n", g.ShownName(), g.File, kind)
	if len(tables) > 0 && tables[0].Misere != nil {
		fmt.Fprintln(w, "play:     misère (winner = \"other\"): the Grundy values are those of normal play,")
		fmt.Fprintln(w, "          and decide no misère position; the misère outcome of each single heap")
		fmt.Fprintln(w, "          is found exactly, by enumerating the collections of heaps it reaches")
	}
	for _, t := range tables {
		fmt.Fprintln(w)
		for k, p := range g.RuleParams() {
			fmt.Fprintf(w, "%s = %d\n", p.Name, t.Params[k])
		}
		top := min(t.Upto, t.Table.Len()-1)
		fmt.Fprintf(w, "g(0..%d):\n", top)
		writeValues(w, top, func(n int) string { return strconv.FormatUint(uint64(t.Table.G(n)), 10) })
		if t.Misere != nil {
			fmt.Fprintf(w, "misère outcome of one heap (%d collections enumerated):\n", t.Collections)
			writeValues(w, len(t.Misere)-1, func(n int) string {
				if t.Misere[n] {
					return "W"
				}
				return "L"
			})
			if t.CapHit != nil {
				fmt.Fprintf(w, "  stopped at heap %d: %v (raise --misere-cap)\n", len(t.Misere), t.CapHit)
			}
		}
		writeGrundyTrailer(w, t, method, findPeriod)
	}
}

// writeGrundyTrailer writes a table's period (with a hint at
// --find-period when none was found and findPeriod is false) and the
// method its values came by.
func writeGrundyTrailer(w io.Writer, t GrundyTable, method string, findPeriod bool) {
	hint := ""
	if !t.Period.Found && !findPeriod && t.Extendable {
		hint = " (--find-period extends the table)"
	}
	fmt.Fprintf(w, "period:   %s%s\n", t.Period, hint)
	if t.Table.Sparse != nil {
		fmt.Fprintf(w, "method:   %s; %s\n", method, t.Table.Sparse)
	}
}

// WriteGrundySummary is what WriteGrundyText says beside the values, for
// a table written as a file: the game, and each table's rule params,
// period and method.
func WriteGrundySummary(w io.Writer, g *rules.Game, tables []GrundyTable, method string, findPeriod bool) {
	fmt.Fprintf(w, "game:     %s (%s)\n", g.ShownName(), g.File)
	for _, t := range tables {
		for k, p := range g.RuleParams() {
			fmt.Fprintf(w, "%s = %d\n", p.Name, t.Params[k])
		}
		writeGrundyTrailer(w, t, method, findPeriod)
	}
}

// writeValues writes the values of 0..top, ten to a row.
func writeValues(w io.Writer, top int, val func(n int) string) {
	width := 1
	for n := 0; n <= top; n++ {
		width = max(width, len(val(n)))
	}
	for row := 0; row <= top; row += 10 {
		fmt.Fprintf(w, "%6d:", row)
		for n := row; n < row+10 && n <= top; n++ {
			fmt.Fprintf(w, " %*s", width, val(n))
		}
		fmt.Fprintln(w)
	}
}

// SumJSON is the analysis of a sum of heaps.
type SumJSON struct {
	Heaps  []string      `json:"heaps"`                       // as written: "9", or "kayles:9" in a sum of games
	Games  []string      `json:"games"`                       // the games' names
	Values []uint32      `json:"values,omitempty"`            // each heap's Grundy value (normal play)
	Grundy *uint32       `json:"grundy,omitempty"`            // their XOR (normal play)
	Misere int           `json:"misereCollections,omitempty"` // misère: collections enumerated
	Win    bool          `json:"win"`                         // the player to move wins
	Moves  []SumMoveJSON `json:"moves"`
}

// SumMoveJSON is a winning move of a sum: heap Heap becomes the heaps To
// (none when it is taken away), leaving the position Leaves.
type SumMoveJSON struct {
	Heap   string  `json:"heap"`
	To     []int64 `json:"to"`
	Leaves string  `json:"leaves"`
}

// WriteSumText writes the analysis of a sum as retro sg prints it: the
// heaps, their Grundy values and XOR (or, under misère play, the
// collections enumerated), who wins, and the winning moves.
func WriteSumText(w io.Writer, res SumJSON) {
	fmt.Fprintf(w, "sum:      %s", strings.Join(res.Heaps, " + "))
	if len(res.Games) == 1 {
		fmt.Fprintf(w, "  (%s)", res.Games[0])
	}
	fmt.Fprintln(w)
	if res.Grundy == nil {
		fmt.Fprintf(w, "play:     misère: solved exactly, by enumerating the %d collections of heaps reached\n", res.Misere)
	} else {
		vs := make([]string, len(res.Values))
		for k, v := range res.Values {
			vs[k] = strconv.FormatUint(uint64(v), 10)
		}
		fmt.Fprintf(w, "grundy:   %s = %d\n", strings.Join(vs, " ^ "), *res.Grundy)
	}
	if !res.Win {
		fmt.Fprintln(w, "outcome:  L: the player to move loses; every move leaves the opponent a win")
		return
	}
	fmt.Fprintln(w, "outcome:  W: the player to move wins")
	fmt.Fprintf(w, "winning moves: %d\n", len(res.Moves))
	for _, mv := range res.Moves {
		fmt.Fprintf(w, "  %s -> %s   leaves %s\n", mv.Heap, HeapText(mv.To), mv.Leaves)
	}
}

// HeapText writes heaps as "2 + 5", or "nothing".
func HeapText(h []int64) string {
	if len(h) == 0 {
		return "nothing"
	}
	s := make([]string, len(h))
	for k, v := range h {
		s[k] = strconv.FormatInt(v, 10)
	}
	return strings.Join(s, " + ")
}

// WriteJSONValue writes v as indented JSON and a newline.
func WriteJSONValue(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
