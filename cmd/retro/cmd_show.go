package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"retro/cmd/retro/internal/explorer"
	"retro/out"
	"retro/out/query"
	"retro/positions"
	"retro/retro"
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
(a command's name, or none).

GAME may be a table file (retro solve -o): show then looks the position up in
the table, which holds the positions reachable from the game's starts, and
says so when it does not hold the one asked for.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &showOptions{}
			o.game.add(fs)
			fs.StringVar(&o.last, "last", "none", "the command the opponent used on the move just made")
			fs.StringVar(&o.mylast, "mylast", "none", "the command the player to move used on his previous move")
			addJSONFlag(fs, &o.json)
			o.lang.add(fs, "the words", true)
			return o.run
		},
	})
}

type showOptions struct {
	game         gameFlags
	last, mylast string
	json         bool
	lang         langFlag
}

func (o *showOptions) run(ctx context.Context, e *env, args []string) error {
	if len(args) != 2 {
		return usagef(commands["show"], "show takes GAME and POSITION")
	}
	if err := o.lang.choose(commands["show"], e); err != nil {
		return err
	}
	o.game.probes = true
	if s, ok, err := o.game.tableArg(args[0]); ok || err != nil {
		if err != nil {
			return err
		}
		return o.showTable(e, args[0], s, args[1])
	}
	g, err := o.game.load(args[0])
	if err != nil {
		return err
	}
	if g.Sum && o.json {
		return errHeapJSON(g)
	}
	if g.Sum {
		return o.showHeaps(e, g, args[1])
	}
	piles, err := parsePosition(g, args[1])
	if err != nil {
		return err
	}
	hist, err := parseHistory(g, o.last, o.mylast)
	if err != nil {
		return err
	}
	in, err := singleInstance(g)
	if err != nil {
		return err
	}
	if !o.json {
		if done, err := showFinal(e.stdout, in, piles, hist, o.lang.lang); done || err != nil {
			return err
		}
	}
	res, i, err := o.game.solveAt(in, piles, hist)
	if err != nil {
		return err
	}
	if o.json {
		return o.printPositionJSON(e, res.Probed(), i)
	}
	return o.write(e, res.Probed(), i, g)
}

// write writes position i of res as text: piles and history, or for a
// heap game (sum = true) its heaps.
func (o *showOptions) write(e *env, res *retro.Probed, i int, g *rules.Game) error {
	opt := out.PositionOptions{Position: func(p []int64, h int) string { return positions.Format(g, p, h) }, EndNote: true, Lang: o.lang.lang, Words: o.lang.words()}
	if g.Sum {
		opt.Position, opt.EndNote, opt.Words = func(p []int64, _ int) string { return heapTuple(p) }, false, false
	}
	return out.WritePosition(e.stdout, res, i, opt)
}

// showFinal answers a position where the game is over directly, without
// enumerating the game (however far it lies from the starts): its outcome
// is the one a solve gives a final start, L 0 when the player to move has
// lost, W 0 (W 1 under Lebedev's count) when he has won. done is false
// when the game is not over there.
func showFinal(w io.Writer, in *rules.Instance, piles []int64, hist int, l query.Lang) (done bool, err error) {
	g := in.Game
	m := in.NewMachine()
	end, err := m.End(piles)
	if err != nil || !end {
		return false, nil // the general path reports a fault with its context
	}
	winner, err := m.Winner(piles)
	if err != nil {
		return false, nil
	}
	o, layer := retro.Lose, 0
	if winner == rules.Other {
		o = retro.Win
		if g.Count == rules.Lebedev {
			layer = 1
		}
	}
	fmt.Fprintf(w, "%s: %s\n%s\n", positions.Format(g, piles, hist), retro.Describe(o, layer), out.GameOver(l, m, piles))
	return true, nil
}

// showHeaps is show for a heap game: the position is a list of heaps,
// solved in the engine's view of the game (heaps.go).
func (o *showOptions) showHeaps(e *env, g *rules.Game, arg string) error {
	res, i, err := o.game.heapPosition(g, arg)
	if err != nil {
		return err
	}
	return o.write(e, res.Probed(), i, g)
}

// showTable shows a position of a table file, without solving.
func (o *showOptions) showTable(e *env, file string, s *solved, arg string) error {
	g := s.game
	probes := s.probed()
	if len(probes) != 1 {
		if _, err := singleInstance(g); err != nil {
			return err
		}
	}
	res := probes[0]
	i, err := o.tableIndex(file, g, res, arg)
	if err != nil {
		return err
	}
	if o.json && g.Sum {
		return errHeapJSON(g)
	}
	if o.json {
		return o.printPositionJSON(e, res, i)
	}
	return o.write(e, res, i, g)
}

// tableIndex finds a position in the result of a table file: a list of
// heaps in a heap game's (positions.Space.HeapIndex), piles and history in
// any other's.
func (o *showOptions) tableIndex(file string, g *rules.Game, res *retro.Probed, arg string) (int, error) {
	notHeld := func(what string) error {
		return fmt.Errorf("%s does not hold position %s: a table holds the %d positions reachable from the starts of %s (show it from the game instead)",
			file, what, res.Len(), g.File)
	}
	if !g.Sum {
		piles, err := parsePosition(g, arg)
		if err != nil {
			return 0, err
		}
		hist, err := parseHistory(g, o.last, o.mylast)
		if err != nil {
			return 0, err
		}
		i, ok := res.Space.Index(piles, hist)
		if !ok {
			return 0, notHeld(positions.Format(g, piles, hist))
		}
		return i, nil
	}
	return heapTableIndex(file, res, arg, false, notHeld)
}

func (o *showOptions) printPositionJSON(e *env, res *retro.Probed, i int) error {
	j, err := explorer.NewPositionResponse(res, i)
	if err != nil {
		return err
	}
	return printJSON(e.stdout, j)
}

// errHeapJSON refuses show --json on a heap game, whose positions are
// collections of heaps rather than pile tuples.
func errHeapJSON(g *rules.Game) error {
	return usagef(commands["show"], "%s is a heap game (sum = true): its positions are shown as text only, without --json", g.File)
}
