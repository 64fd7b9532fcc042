package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"retro/out/query"
	"retro/retro"
	"retro/rules"
)

// askFlags are the flags of the commands that ask questions.
type askFlags struct {
	game     gameFlags
	widenCap int64
	box      *rules.Game // a game analysed over a box, with the box as its starts
	plain    bool
	json     bool
	color    colorFlag
	lang     langFlag // of the explanations
}

func (o *askFlags) add(fs *pflag.FlagSet) {
	o.game.add(fs)
	fs.Int64Var(&o.widenCap, "widen-cap", query.DefaultMaxWidth, "widen an open parameter range (doubling from --open-width) up to this many values")
	fs.BoolVar(&o.plain, "plain", false, "print only the answer")
	addJSONFlag(fs, &o.json)
	o.color.add(fs, "the ribbon")
	o.lang.add(fs, "the explanations", true)
}

// colorFlag is --color of the commands that colour what they print.
type colorFlag string

func (f *colorFlag) add(fs *pflag.FlagSet, what string) {
	fs.StringVar((*string)(f), "color", "auto", "colour "+what+": auto (on a terminal, unless NO_COLOR is set or TERM=dumb), always or never")
}

// on reports whether to colour.
func (f colorFlag) on(c *command, e *env) (bool, error) {
	switch f {
	case "auto":
		return e.ttyOut && !e.noColor, nil
	case "always":
		return true, nil
	case "never":
		return false, nil
	}
	return false, usagef(c, "--color %q: want auto, always or never", string(f))
}

// query solves the GAME argument and answers the asks, solving again with
// wider open ranges while an answer is undecided.
func (o *askFlags) query(ctx context.Context, e *env, arg string, asks []query.Ask) ([]*query.Answer, *solved, error) {
	o.game.probes = true // a table too large to rebuild whole is asked a block at a time
	s, err := o.solveAsked(ctx, e, arg)
	if err != nil {
		return nil, nil, err
	}
	opt := query.Options{Width: o.game.openWidth, MaxWidth: o.widenCap, MaxBytes: withinAddressSpace(int64(o.game.maxMemory)),
		Widen: func(width int64) ([]*retro.Probed, error) {
			o.game.openWidth = width
			s2, err := o.solveAsked(ctx, e, arg)
			if err != nil {
				return nil, err
			}
			s = s2
			return s.probed(), nil
		}}
	answers, err := query.Run(s.probed(), asks, opt)
	var open *query.OpenRangeError
	var capped *query.WidenCapError
	switch {
	case errors.As(err, &open):
		p := open.Param
		return nil, nil, fmt.Errorf("--%s needs a closed range, and %s is open (%d..): pass --param %s=%d..HI",
			open.Aggregate, p.Name, p.Lo, p.Name, p.Lo)
	case errors.As(err, &capped):
		return nil, nil, fmt.Errorf("%w (raise --widen-cap)", err)
	case errors.Is(err, query.ErrNoStarts):
		return nil, nil, fmt.Errorf("%s: %w: questions are asked at the positions of [start]", s.game.File, err)
	case err != nil:
		return nil, nil, err
	}
	return answers, s, nil
}

// solveAsked solves the GAME argument of a question. A one-pile game
// analysed over a [bounds] box, without starts (Lebedev's), is asked at
// the positions of its box: as the explorer does, the box x = LO..HI is
// read as the starts x = S, S = LO..HI, the same positions.
// A game with neither starts nor such a box (a heap game) is refused
// before anything is solved.
func (o *askFlags) solveAsked(ctx context.Context, e *env, arg string) (*solved, error) {
	if o.box != nil {
		return o.game.solveLoaded(ctx, e, o.box)
	}
	var g *rules.Game
	s, isTable, err := o.game.tableArg(arg)
	switch {
	case err != nil:
		return nil, err
	case isTable && s.game.HasStart:
		return s, nil // a table's game is asked as it was solved
	case isTable:
		g = s.game // its box is asked as starts, below
	default:
		opt, err := o.game.gameOptions()
		if err != nil {
			return nil, err
		}
		if g, err = retro.LoadGame(rules.FromArg(arg), opt.Params); err != nil {
			return nil, paramError(o.game.params, err)
		}
		if g.HasStart {
			return o.game.solveLoaded(ctx, e, g)
		}
	}
	text, ok := g.BoxAsStarts()
	if !ok {
		return nil, fmt.Errorf("%s: %w: questions are asked at the positions of [start]", g.File, query.ErrNoStarts)
	}
	box, err := rules.Parse(g.File, []byte(text))
	if err != nil {
		return nil, err
	}
	p := box.Params[0]
	fmt.Fprintf(e.stderr, "retro: %s has no [start]: its box %s = %d..%d is asked as the starts %s = S, S = %d..%d\n",
		g.File, box.Piles[0], p.Lo, p.Hi, box.Piles[0], p.Lo, p.Hi)
	o.box = box
	return o.game.solveLoaded(ctx, e, box)
}
