package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"retro/cmd/retro/internal/history"
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

// parseHistory reads --last and --mylast into a history value, checking
// that the game's positions carry them (history.Parse). A name that is no
// command is a bad command line.
func parseHistory(g *rules.Game, last, mylast string) (int, error) {
	h, err := history.Parse(g, last, mylast)
	var name *history.NameError
	if errors.As(err, &name) {
		return 0, &usageError{err: err}
	}
	return h, err
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
