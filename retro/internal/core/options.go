package core

import (
	"context"
	"errors"
)

// Options tune Solve.
type Options struct {
	// Context, when set, stops Solve with its error once it is done.
	Context context.Context
	// Progress, when set, is called after each layer with the layer, the
	// number of positions coloured so far and the number of positions.
	Progress func(layer, coloured, positions int)
	// Path, when set, is the path SolveInstance takes (Paths names them):
	// an error, with the path's reason, when it does not take the game.
	Path string
	// Checkpoint, when set, is where the solve keeps what it needs to go
	// on after it is stopped, and resumes from (checkpoint.go); Instance
	// is the number of the instance being solved, which names its files.
	Checkpoint *Checkpoint
	Instance   int
}

// CtxErr is the context's error, for the core's checks; nil without one.
func (opt Options) CtxErr() func() error {
	if opt.Context == nil {
		return nil
	}
	return opt.Context.Err
}

// ErrSpillable: a solve over the memory budget whose arrays a spill
// directory (positions.Options.Spill) would hold in files.
var ErrSpillable = errors.New("the arrays over the budget can be kept in files of a spill directory")
