package main

import (
	"context"
	"fmt"

	"github.com/spf13/pflag"

	"retro/out"
	"retro/retro"
	"retro/rules"
)

func init() {
	register(&command{
		name:  "tree",
		usage: "tree [flags] GAME POSITION",
		short: "print the winning side's strategy from a position as a tree",
		long: `Tree solves GAME and prints the winning side's strategy from POSITION (17,29
or a=17,b=29): at the winner's turns (W) one optimal move, at the loser's
turns (L) every move, down to the ends of the game, each node with its
position, outcome and layer. From a draw (D) it follows one move keeping the
draw, until a position repeats. --all-moves shows every move at every node,
the optimal ones marked *; --dot writes Graphviz, --json the tree for
programs. A game whose positions carry history takes --last and --mylast.

The output is written as the tree is walked, at any depth: below 32 levels
the text lines keep the indentation of level 32 and start with their depth
("[depth 40]"), and the JSON nodes are written compact. --max-nodes bounds
the tree (and so the output), --depth the moves followed.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &treeOptions{}
			o.game.add(fs)
			fs.IntVar(&o.depth, "depth", 0, "show at most this many moves below the position (0: to the end)")
			fs.BoolVar(&o.allMoves, "all-moves", false, "show every move at every node")
			fs.BoolVar(&o.dot, "dot", false, "write the tree in Graphviz's dot language")
			fs.BoolVar(&o.json, "json", false, "write the tree as JSON")
			fs.IntVar(&o.maxNodes, "max-nodes", retro.DefaultMaxTreeNodes, "stop with an error beyond this many nodes")
			fs.StringVar(&o.last, "last", "none", "the command the opponent used on the move just made")
			fs.StringVar(&o.mylast, "mylast", "none", "the command the player to move used on his previous move")
			o.lang.add(fs, "the words", true)
			return o.run
		},
	})
}

type treeOptions struct {
	game            gameFlags
	depth, maxNodes int
	allMoves        bool
	dot, json       bool
	last, mylast    string
	lang            langFlag
}

func (o *treeOptions) run(ctx context.Context, e *env, args []string) error {
	c := commands["tree"]
	if len(args) != 2 {
		return usagef(c, "tree takes GAME and POSITION")
	}
	if o.dot && o.json {
		return usagef(c, "choose --dot or --json, not both")
	}
	if o.depth < 0 {
		return usagef(c, "--depth %d: want 0 or more", o.depth)
	}
	if err := o.lang.choose(c, e); err != nil {
		return err
	}
	// A game with parameters in the rules needs them fixed: say so before
	// solving every instance. (An argument that is not a game file, such
	// as a solved table, is left to solveArg.)
	if g, err := o.game.load(args[0]); err == nil {
		if _, err := singleInstance(g); err != nil {
			return err
		}
		if g.Sum { // a list of heaps, as show takes it (heaps.go)
			res, i, err := o.game.heapPosition(g, args[1])
			if err != nil {
				return err
			}
			return o.treeHeaps(e, g, res.Probed(), i)
		}
	}
	o.game.probes = true // a table too large to rebuild whole is read a block at a time
	s, err := o.game.solveArg(ctx, e, args[0])
	if err != nil {
		return err
	}
	g := s.game
	probes := s.probed()
	if g.Sum && len(probes) == 1 { // a heap game's table (heaps.go)
		res := probes[0]
		i, err := heapTableIndex(args[0], res, args[1], true, func(tuple string) error {
			return fmt.Errorf("%s does not hold position %s: a table holds the %d positions reachable from its starts", args[0], tuple, res.Len())
		})
		if err != nil {
			return err
		}
		return o.treeHeaps(e, g, res, i)
	}
	piles, err := parsePosition(g, args[1])
	if err != nil {
		return err
	}
	hist, err := parseHistory(g, o.last, o.mylast)
	if err != nil {
		return err
	}
	if len(probes) != 1 {
		if _, err := singleInstance(g); err != nil {
			return err
		}
	}
	r := probes[0]
	i, ok := r.Space.Index(piles, hist)
	if !ok {
		// Not reachable from the starts: solve again from the position.
		res, j, err := o.game.solveAt(r.Instance, piles, hist)
		if err != nil {
			return err
		}
		r, i = res.Probed(), j
	}
	tree, err := r.Tree(i, r.Instance.NewMachine(), retro.TreeOptions{Depth: o.depth, AllMoves: o.allMoves, MaxNodes: o.maxNodes})
	if err != nil {
		return err
	}
	switch {
	case o.dot:
		return out.WriteTreeDot(e.stdout, g, tree, o.lang.lang)
	case o.json:
		return out.WriteTreeJSON(e.stdout, g, tree, o.lang.lang)
	}
	return out.WriteTree(e.stdout, g, tree, out.TreeOptions{MarkBest: o.allMoves, Lang: o.lang.lang, Words: o.lang.words()})
}

// treeHeaps is tree for a heap game: the position is a list of heaps, as
// show takes it, and positions are written as show writes them.
func (o *treeOptions) treeHeaps(e *env, g *rules.Game, res *retro.Probed, i int) error {
	tree, err := res.Tree(i, res.Instance.NewMachine(), retro.TreeOptions{Depth: o.depth, AllMoves: o.allMoves, MaxNodes: o.maxNodes})
	if err != nil {
		return err
	}
	vg := res.Instance.Game
	switch {
	case o.dot:
		return out.WriteTreeDot(e.stdout, vg, tree, o.lang.lang)
	case o.json:
		return out.WriteTreeJSON(e.stdout, vg, tree, o.lang.lang)
	}
	return out.WriteTree(e.stdout, vg, tree, out.TreeOptions{MarkBest: o.allMoves, Lang: o.lang.lang,
		Position: func(p []int64, _ int) string { return heapTuple(p) }})
}
