package retro

import (
	"retro/positions"
	"retro/rules"
)

// Values are the outcome and layer of each position of a space (layer -1
// for D and ?), however they are kept: a Result's, in memory, or a table
// file's, read a block at a time. An error is a fault of where they are
// kept (a damaged block).
type Values interface {
	Value(i int) (Outcome, int, error)
}

// Probed is a solved instance read a position at a time: its space, its
// rules and the values of its positions, and no more. What follows a
// position's moves (Moves, Tree) needs only this, so it works alike on a
// Result and on a table too large to rebuild as one.
type Probed struct {
	Space    *positions.Space
	Instance *rules.Instance
	Values   Values
}

// Probed is r read a position at a time.
func (r *Result) Probed() *Probed {
	return &Probed{Space: r.Space, Instance: r.Instance, Values: resultValues{r}}
}

// resultValues are a Result's values.
type resultValues struct{ r *Result }

func (v resultValues) Value(i int) (Outcome, int, error) { return v.r.Outcome(i), v.r.Layer(i), nil }

// Len is the number of positions.
func (p *Probed) Len() int { return p.Space.Len() }
