package out

import (
	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// Row is one row of a table export: the position's rule parameters, piles
// and history, its outcome and layer (-1 for D and ?), and its optimal
// moves written as command:(v1,v2,…) separated by "; ".
type Row struct {
	Params       []int64
	Piles        []int64
	Last, Mylast string // empty when the game carries no such history
	Outcome      retro.Outcome
	Layer        int
	Best         string
}

// eachRow calls fn for the rows of one result in table order (see
// Result.Rows), keeping only the layer or outcome opt asks for. The slices
// of a Row are reused between calls.
func eachRow(r *retro.Result, opt CSVOptions, fn func(row *Row) error) error {
	g := r.Instance.Game
	m := r.Instance.NewMachine()
	row := &Row{Params: r.Instance.Values, Piles: make([]int64, len(g.Piles))}
	var err error
	r.Rows(func(i int) bool {
		row.Layer = r.Layer(i)
		if !opt.keeps(r, i, row.Layer) {
			return true
		}
		h := r.Space.Position(i, row.Piles)
		last, mylast := positions.SplitHistory(g, h)
		row.Last, row.Mylast = "", ""
		if g.History != rules.NoHistory {
			row.Last = positions.CommandName(g, last)
		}
		if g.History == rules.BothHistory {
			row.Mylast = positions.CommandName(g, mylast)
		}
		row.Outcome = r.Outcome(i)
		if row.Best, err = Best(r, m, i, opt.Best); err != nil {
			return false
		}
		err = fn(row)
		return err == nil
	})
	return err
}

// nodeName is the name of the move that led to a tree node: its own, or
// its command's for a node made without one.
func nodeName(g *rules.Game, n *retro.Node) string {
	if n.Name == "" && n.Cmd >= 0 {
		return g.Commands[n.Cmd].Name
	}
	return n.Name
}

// keeps reports whether position i, of the given layer, is one of the
// rows asked for.
func (opt CSVOptions) keeps(r *retro.Result, i, layer int) bool {
	switch {
	case opt.Layer >= 0:
		return layer == opt.Layer
	case opt.KeepOutcome:
		return r.Outcome(i) == opt.Outcome
	}
	return true
}

// RowCount is the number of rows an export of the results writes: the
// positions keeps keeps, counted from the coloured sets and the tally
// without visiting them.
func (opt CSVOptions) RowCount(results []*retro.Result) int64 {
	var n int64
	for _, r := range results {
		switch {
		case opt.Layer >= 0:
			for _, seg := range r.Segments() {
				if seg.Layer == opt.Layer {
					n += int64(seg.End - seg.Start)
				}
			}
		case opt.KeepOutcome:
			n += int64(r.Tally()[opt.Outcome])
		default:
			n += int64(r.Len())
		}
	}
	return n
}
