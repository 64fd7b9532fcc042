package main

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/spf13/pflag"

	"retro/out"
	"retro/retro"
)

func init() {
	register(&command{
		name:  "solve",
		usage: "solve [flags] GAME",
		short: "solve a game and print a summary",
		long: `Solve enumerates every position of GAME and its moves, colours the positions
layer by layer, and prints a summary: positions, edges, W/L/D counts, the
count per layer, time and peak memory (the process's peak resident size:
the Go runtime and garbage not yet collected included). A solve that takes more than a second
shows its progress on stderr when stderr is a terminal.

With -o FILE.rtb it also writes the outcome table: the game text, the
positions, and the outcome and layer of each, compressed and checksummed, so
that show, query, ege, tree and export answer from the file later without
solving again (GAME may then be the table file). Retro info describes a
table, retro verify checks it against the rules.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &solveOptions{}
			o.game.add(fs)
			fs.IntVar(&o.layers, "layers", 24, "list at most this many layers (0: all)")
			fs.StringVarP(&o.table, "output", "o", "", "write the outcome table to this file (FILE.rtb)")
			addJSONFlag(fs, &o.json)
			return o.run
		},
	})
}

type solveOptions struct {
	game   gameFlags
	layers int
	table  string
	json   bool
}

func (o *solveOptions) run(ctx context.Context, e *env, args []string) error {
	if len(args) != 1 {
		return usagef(commands["solve"], "solve takes one GAME")
	}
	if err := checkNotInput("-o", o.table, args[0]); err != nil {
		return err
	}
	s, err := o.game.solveArg(ctx, e, args[0])
	if err != nil {
		return err
	}
	if o.table != "" {
		if err := o.game.writeTableFile(ctx, o.table, s); err != nil {
			return err
		}
	}
	if o.json {
		return printJSON(e.stdout, summaryJSON(s))
	}
	return writeSummary(e.stdout, s, o.layers)
}

func writeSummary(w io.Writer, s *solved, maxLayers int) error {
	g := s.game
	fmt.Fprintf(w, "game:       %s (%s)\n", g.Name, g.File)
	if len(s.results) > 1 {
		fmt.Fprintf(w, "instances:  %d\n", len(s.results))
	}
	var n, moves, edges int64
	var c out.Counts
	for _, r := range s.results {
		n += int64(r.Len())
		moves += r.MoveCount
		edges += r.Edges
		c.Add(r.Tally(), shownSegments(r))
	}
	fmt.Fprintf(w, "positions:  %d\n", n)
	fmt.Fprintf(w, "moves:      %d legal moves, %d edges between positions\n", moves, edges)
	c.WriteText(w, maxLayers)
	var paths []string
	for _, r := range s.results {
		if r.Path != "" && !slices.Contains(paths, r.Path) {
			paths = append(paths, r.Path)
		}
	}
	for _, p := range paths {
		fmt.Fprintf(w, "path:       %s\n", p)
	}
	fmt.Fprintf(w, "time:       %s\n", duration(s.elapsed))
	fmt.Fprintf(w, "peak memory: %s resident, the whole process\n", peakMemory())
	return nil
}

// shownSegments are the coloured sets of a result counted by the
// positions that show their outcome: under a horizon a position coloured
// at a layer beyond what its depth lets the horizon decide shows ?, and is
// counted there, not in its layer. Only End - Start is meant; a set no
// position shows is left out.
func shownSegments(r *retro.Result) []retro.Segment {
	segs := r.Segments()
	if r.Horizon() < 0 {
		return segs
	}
	order := r.Positions()
	var out []retro.Segment
	for _, seg := range segs {
		n := 0
		for _, i := range order[seg.Start:seg.End] {
			if r.Outcome(int(i)) == seg.Outcome {
				n++
			}
		}
		if n > 0 {
			out = append(out, retro.Segment{Outcome: seg.Outcome, Layer: seg.Layer, End: n})
		}
	}
	return out
}
