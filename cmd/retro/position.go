package main

import (
	"context"
	"fmt"
	"strings"

	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// parsePosition reads a position as "17,28", "(17, 28)" or "a=17,b=28".
// A position that does not read is a bad command line.
func parsePosition(g *rules.Game, s string) ([]int64, error) {
	piles, err := g.ParsePosition(s)
	if err != nil {
		return nil, &usageError{err: err}
	}
	return piles, nil
}

// parseCommand reads a history part given to --flag: "none", or a
// command's name.
func parseCommand(g *rules.Game, flag, s string) (int, error) {
	c, err := g.ParseCommand(s)
	if err != nil {
		return 0, &usageError{err: fmt.Errorf("--%s %w", flag, err)}
	}
	return c, nil
}

// singleInstance is the one instance of a game a position belongs to: a
// game with parameters in its rules needs each of them fixed by --param.
func singleInstance(g *rules.Game) (*rules.Instance, error) {
	insts, err := g.Instances()
	if err != nil {
		return nil, err
	}
	if len(insts) != 1 {
		var names, flags []string
		for _, p := range g.RuleParams() {
			if p.Lo != p.Hi {
				names = append(names, p.Name)
				flags = append(flags, fmt.Sprintf("--param %s=VALUE", p.Name))
			}
		}
		return nil, fmt.Errorf("the rules of %s depend on %s: fix %s with %s",
			g.File, strings.Join(names, ", "), strings.Join(names, ", "), strings.Join(flags, " "))
	}
	return insts[0], nil
}

// solveAt enumerates and solves one instance with a position added to its
// starts, so that any position can be looked at.
func (gf *gameFlags) solveAt(in *rules.Instance, piles []int64, hist int) (*retro.Result, int, error) {
	opt, err := gf.gameOptions()
	if err != nil {
		return nil, 0, err
	}
	if err := gf.unbounded(in.Game); err != nil {
		return nil, 0, err
	}
	return retro.SolveAt(context.Background(), in, positions.Seed{Piles: piles, Hist: hist}, opt)
}
