package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"retro/positions"
	"retro/rules"
)

func init() {
	register(&command{
		name:  "show",
		usage: "show [flags] GAME POSITION",
		short: "show one position: outcome, layer and every move",
		long: `Show solves GAME and prints one position (17,28 or a=17,b=28): its outcome and
layer, and every legal move with the outcome and layer it leads to, the
optimal ones marked with *. The position need not be reachable from the
game's starts. A game whose positions carry history takes --last and --mylast
(a command's name, or none).`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &showOptions{}
			o.game.add(fs)
			fs.StringVar(&o.last, "last", "none", "the command the opponent used on the move just made")
			fs.StringVar(&o.mylast, "mylast", "none", "the command the player to move used on his previous move")
			return o.run
		},
	})
}

type showOptions struct {
	game         gameFlags
	last, mylast string
}

func (o *showOptions) run(ctx context.Context, e *env, args []string) error {
	if len(args) != 2 {
		return usagef(commands["show"], "show takes GAME and POSITION")
	}
	g, err := o.game.load(args[0])
	if err != nil {
		return err
	}
	piles, err := parsePosition(g, args[1])
	if err != nil {
		return err
	}
	last, err := parseCommand(g, "last", o.last)
	if err != nil {
		return err
	}
	mylast, err := parseCommand(g, "mylast", o.mylast)
	if err != nil {
		return err
	}
	if g.History == rules.NoHistory && (last != 0 || mylast != 0) {
		return fmt.Errorf("%s carries no history: --last and --mylast do not apply", g.File)
	}
	if g.History == rules.LastHistory && mylast != 0 {
		return fmt.Errorf("%s carries only last: --mylast does not apply", g.File)
	}
	in, err := singleInstance(g)
	if err != nil {
		return err
	}
	hist := positions.JoinHistory(g, last, mylast)
	res, i, err := o.game.solveAt(in, piles, hist)
	if err != nil {
		return err
	}
	m := in.NewMachine()
	moves, err := res.Moves(i, m)
	if err != nil {
		return &sourceError{err: err, src: g.Source}
	}
	fmt.Fprintf(e.stdout, "%s: %s\n", positions.Format(g, piles, hist), describe(res.Outcome(i), res.Layer(i)))
	if len(moves) == 0 {
		fmt.Fprintln(e.stdout, "final: no moves")
		return nil
	}
	width := 0
	for _, mv := range moves {
		width = max(width, len([]rune(g.Commands[mv.Cmd].Name)))
	}
	for _, mv := range moves {
		mark := " "
		if mv.Best {
			mark = "*"
		}
		name := g.Commands[mv.Cmd].Name
		pad := strings.Repeat(" ", width-len([]rune(name)))
		what := describe(mv.Outcome, mv.Layer)
		if mv.End {
			what += " (end of the game)"
		}
		fmt.Fprintf(e.stdout, "  %s %s%s -> %s  %s\n", mark, name, pad, positions.Format(g, mv.To, mv.Hist), what)
	}
	return nil
}
