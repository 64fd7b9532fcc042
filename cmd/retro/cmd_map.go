package main

import (
	"context"
	"fmt"

	"github.com/spf13/pflag"

	"retro/out/grid"
)

func init() {
	register(&command{
		name:  "map",
		usage: "map [flags] GAME [-o FILE.svg|.png|.html|.csv]",
		short: "draw a slice of the solved game, a cell a position: who wins, in how many moves",
		long: `Map solves GAME (a game file, a built-in game or a table file) and draws a
two-dimensional slice of it, one cell a position: by default the first pile
across and the second down, over the values the game's positions take, the
other piles where the first start has them, with the starts' history. Each
cell is the position's outcome for the player to move and its layer (W 3, L
2, D, ?), or where the game is over (no row in the table), or nothing where
the game never reaches. --x and --y (NAME, or NAME=LO..HI) choose the
piles and their ranges, --at NAME=VALUE where another pile or a rule
parameter stands, --last and --mylast the history. A game of one pile is
mapped pile × rule parameter when its rules have a parameter, or as one row.

The output follows -o's extension (or --format):
  .png   a picture: cells coloured by winner (W blue, L orange, each darker
         the sooner the game ends; lightness keeps them apart in black and
         white), axes, title and legend; a large slice one pixel a
         position (up to 32768 a side), written a row at a time
  .svg   the same picture as SVG, L cells hatched too (up to 250 000 cells)
  .html  the table as a teacher prints it, each cell in the exam's notation:
         П1 (В1) when the player to move, Petya (the other, Vanya), wins
         with his first move, П2, В2, … (P, V in English); L hatched
  .csv   the grid: the first row the x values, the first column the y
         values, each cell W3, L2, D, ? as retro export writes the position's
         row, or empty where the table has no row (--sep, --bom as export)
Without -o the map is printed as text (coloured on a terminal), for slices
of up to 80 × 200 positions.

A heap game (sum = true) is mapped as its sums of two heaps x, y in
0..--upto: each cell g(x) XOR g(y), 0 where the player to move loses.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &mapOptions{}
			o.game.add(fs)
			o.slice.add(fs)
			fs.StringVarP(&o.output, "output", "o", "", "write the map to this file, its format by its extension: .svg, .png, .html or .csv (- for standard output)")
			fs.StringVar(&o.format, "format", "", "the format, whatever the file's name: svg, png, html, csv or text")
			o.csv.add(fs)
			o.color.add(fs, "the text map")
			o.lang.add(fs, "the map's words", false)
			return o.run
		},
	})
}

type mapOptions struct {
	game           gameFlags
	slice          sliceFlags
	output, format string
	csv            csvFlags
	color          colorFlag
	lang           langFlag
}

func (o *mapOptions) run(ctx context.Context, e *env, args []string) error {
	c := commands["map"]
	if len(args) != 1 {
		return usagef(c, "map takes one GAME")
	}
	format, err := mapFormat(c, o.format, o.output)
	if err != nil {
		return err
	}
	if err := checkNotInput("-o", o.output, args[0]); err != nil {
		return err
	}
	colour, err := o.color.on(c, e)
	if err != nil {
		return err
	}
	choice, csv, err := readMapFlags(c, e, &o.slice, &o.lang, &o.csv)
	if err != nil {
		return err
	}
	g, err := o.grid(ctx, e, args[0], choice)
	if err != nil {
		return err
	}
	g.Ru = langRu(o.lang.lang)
	return writeGrid(ctx, e, g, format, o.output, csv, colour)
}

// grid solves GAME (or reads its table) and chooses the slice.
func (o *mapOptions) grid(ctx context.Context, e *env, arg string, choice grid.Choice) (*grid.Grid, error) {
	o.game.probes = true // a table too large to rebuild whole is read a block at a time
	s, isTable, err := o.game.tableArg(arg)
	if err != nil {
		return nil, err
	}
	if !isTable {
		g, err := o.game.load(arg)
		if err != nil {
			return nil, err
		}
		if g.Sum {
			return heapMap(ctx, g, choice.At, o.game.heapUpto)
		}
		if s, err = o.game.solveLoaded(ctx, e, g); err != nil {
			return nil, err
		}
	}
	if s.game.Sum {
		return nil, fmt.Errorf("%s is a table of a heap game: map the game itself (retro map GAME --upto N)", arg)
	}
	return sliceGrid(s, choice)
}

// sliceGrid is the map of the slice a choice asks of a solved game.
func sliceGrid(s *solved, choice grid.Choice) (*grid.Grid, error) {
	probed := s.probed()
	sl, err := grid.Choose(s.game, probed, choice)
	if err != nil {
		return nil, err
	}
	src, err := grid.NewSource(s.game, probed, sl)
	if err != nil {
		return nil, err
	}
	return &grid.Grid{Title: s.game.ShownName(), Note: sl.Label(s.game), X: sl.X, Y: sl.Y, A: src}, nil
}
