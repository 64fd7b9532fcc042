package retro

import (
	"fmt"

	"retro/positions"
	"retro/rules"
)

// SolveInstance enumerates one game instance and solves it, by the
// compiled path where the game has its shape (compiled.go), by un-moves
// where its moves go both ways in a [bounds] box (unmove.go), and by the
// general one otherwise; Result.Path says which and why.
func SolveInstance(in *rules.Instance, popt positions.Options, opt Options) (*Result, error) {
	why := "forced"
	if !opt.General && in.Game.Tier != "" {
		if popt.Horizon < 0 {
			return solveTiers(in, popt, opt)
		}
		why = "the declared tier is not used with a horizon"
	} else if !opt.General {
		c, reason, err := positions.Compile(in, popt)
		if err != nil {
			return nil, err
		}
		if c != nil {
			r, err := solveCompiled(c, in, opt)
			if err != nil {
				return nil, err
			}
			if popt.MaxEdges > 0 && r.Edges > popt.MaxEdges {
				return nil, fmt.Errorf("%w: more than %d", positions.ErrTooManyEdges, popt.MaxEdges)
			}
			r.Path = compiledPath(c)
			return r, nil
		}
		why = reason
		r, ok, unWhy, err := solveByUnmoves(in, popt, opt)
		if ok {
			return r, err
		}
		if unWhy != "" {
			why += "; " + unWhy
		}
		r, ok, fastWhy, err := solveFast(in, popt, opt)
		if ok {
			return r, err
		}
		why += "; " + fastWhy
	}
	gr, err := positions.Enumerate(in, popt)
	if err != nil {
		return nil, err
	}
	r, err := Solve(gr, opt)
	if err != nil {
		return nil, err
	}
	r.Path = "general: " + why
	return r, nil
}
