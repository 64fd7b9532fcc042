package retro

import (
	"retro/positions"
	"retro/retro/internal/core"
	"retro/rules"
)

// Values are the outcome and layer of each position of a space (layer -1
// for D and ?), and its depth under a horizon, however they are kept: a
// Result's, in memory, or a table file's, read a block at a time. An
// error is a fault of where they are kept (a damaged block).
type Values interface {
	Value(i int) (core.Outcome, int, error)
	// Depth is the moves from a start to position i under a horizon (0
	// without one).
	Depth(i int) (int, error)
}

// Probed is a solved instance read a position at a time: its space, its
// rules, its starts and horizon, and the values of its positions, and no
// more. What follows a position's moves (Moves, Tree) and the questions
// asked at the starts (package query) need only this, so they work alike
// on a Result and on a table too large to rebuild as one.
type Probed struct {
	Space    *positions.Space
	Instance *rules.Instance
	Starts   []positions.StartPos
	Horizon  int // -1 for none
	Values   Values
	// Held is what the values take in memory: a Result's arrays, or
	// nothing for a table read a block at a time (its cache is bounded).
	Held int64
}

// Probed is r read a position at a time.
func (r *Result) Probed() *Probed {
	held := 4*int64(len(r.col.Layer)+len(r.col.Order)+len(r.col.Depth)) + 2*int64(len(r.col.Layer16)) +
		8*int64(len(r.col.Win)+len(r.col.Lose)+len(r.col.Unknown))
	return &Probed{Space: r.Space, Instance: r.Instance, Starts: r.Starts, Horizon: r.Horizon(), Values: resultValues{r}, Held: held}
}

// resultValues are a Result's values.
type resultValues struct{ r *Result }

func (v resultValues) Value(i int) (core.Outcome, int, error) {
	return v.r.Outcome(i), v.r.Layer(i), nil
}
func (v resultValues) Depth(i int) (int, error) { return v.r.Depth(i), nil }

// Len is the number of positions.
func (p *Probed) Len() int { return p.Space.Len() }

// ProbedAll is each result read a position at a time.
func ProbedAll(results []*Result) []*Probed {
	out := make([]*Probed, len(results))
	for k, r := range results {
		out[k] = r.Probed()
	}
	return out
}
