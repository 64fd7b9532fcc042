package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/spf13/pflag"

	"retro/out"
	"retro/retro"
	"retro/retro/cluster"
	"retro/rules"
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
table, retro verify checks it against the rules.

Started by mpirun or srun as several ranks (a retro built with -tags mpi),
solve cuts every instance into shards, one a rank: each rank builds the
move graph of its positions and colours them, handing the others what
crosses between shards, and the ranks write the table together (rank 0
writes the file). The table is the same, byte for byte, whatever the
number of ranks. --ranks N does the same with N ranks in this process.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &solveOptions{}
			o.game.add(fs)
			fs.IntVar(&o.layers, "layers", 24, "list at most this many layers (0: all)")
			fs.StringVarP(&o.table, "output", "o", "", "write the outcome table to this file (FILE.rtb)")
			fs.IntVar(&o.ranks, "ranks", 1, "solve as this many ranks in this process, each its shard, as an MPI job does (the same table; no memory saved)")
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
	ranks  int
}

func (o *solveOptions) run(ctx context.Context, e *env, args []string) error {
	if len(args) != 1 {
		return usagef(commands["solve"], "solve takes one GAME")
	}
	if err := checkNotInput("-o", o.table, args[0]); err != nil {
		return err
	}
	if o.ranks < 1 {
		return &usageError{cmd: commands["solve"], err: fmt.Errorf("--ranks %d: want 1 or more", o.ranks)}
	}
	world, err := cluster.World()
	if err != nil {
		return err
	}
	if isTable, _ := sniffTable(args[0]); isTable && world.Rank() != 0 {
		// A table is read, not solved, and its reader is rank 0.
		return world.Close()
	} else if !isTable && (world.Size() > 1 || o.ranks > 1) {
		return o.solveRanks(ctx, e, args[0], world)
	}
	// A job of one rank (mpirun -np 1) is a one-process solve that leaves
	// the job when done, as the launcher expects of its ranks.
	return errors.Join(o.solveOne(ctx, e, args[0]), world.Close())
}

// solveOne solves GAME in this process alone.
func (o *solveOptions) solveOne(ctx context.Context, e *env, arg string) error {
	s, err := o.game.solveArg(ctx, e, arg)
	if err != nil {
		return err
	}
	if o.table != "" {
		if err := o.game.writeTableFile(ctx, o.table, s); err != nil {
			return err
		}
	}
	if o.json {
		return printJSON(e.stdout, summaryJSON(s.summarize()))
	}
	return writeSummary(e.stdout, s.summarize(), o.layers)
}

// summary is what solve prints of a solved game: the counts of all its
// instances together, the paths that solved them, and the time.
type summary struct {
	game                    *rules.Game
	instances               int
	positions, moves, edges int64
	counts                  out.Counts
	paths                   []string
	elapsed                 time.Duration
	memory                  string         // the peak resident size, and whose
	traffic                 *retro.Traffic // solved by ranks: what they handed each other
}

// summarize counts the instances of a solved game: its results, or the
// parts of them this rank holds (which count the whole).
func (s *solved) summarize() *summary {
	sum := &summary{game: s.game, instances: len(s.results) + len(s.parts), elapsed: s.elapsed,
		memory: peakMemory() + " resident, the whole process"}
	path := func(p string) {
		if p != "" && !slices.Contains(sum.paths, p) {
			sum.paths = append(sum.paths, p)
		}
	}
	for _, r := range s.results {
		sum.positions += int64(r.Len())
		sum.moves += r.MoveCount
		sum.edges += r.Edges
		sum.counts.Add(r.Tally(), shownSegments(r))
		path(r.Path)
	}
	if len(s.parts) > 0 {
		sum.traffic = &retro.Traffic{}
	}
	for _, p := range s.parts {
		t := p.Traffic()
		sum.traffic.Search += t.Search
		sum.traffic.Graph += t.Graph
		sum.traffic.Colouring += t.Colouring
		sum.traffic.Layers += t.Layers
		sum.positions += int64(p.Len())
		sum.moves += p.MoveCount()
		sum.edges += p.Edges()
		sum.counts.Add(p.Tally(), p.Shown())
		path(p.Path)
	}
	return sum
}

func writeSummary(w io.Writer, s *summary, maxLayers int) error {
	g := s.game
	fmt.Fprintf(w, "game:       %s (%s)\n", g.Name, g.File)
	if s.instances > 1 {
		fmt.Fprintf(w, "instances:  %d\n", s.instances)
	}
	fmt.Fprintf(w, "positions:  %d\n", s.positions)
	fmt.Fprintf(w, "moves:      %d legal moves, %d edges between positions\n", s.moves, s.edges)
	s.counts.WriteText(w, maxLayers)
	for _, p := range s.paths {
		fmt.Fprintf(w, "path:       %s\n", p)
	}
	if t := s.traffic; t != nil {
		perLayer := int64(0)
		if t.Layers > 0 {
			perLayer = t.Colouring / int64(t.Layers)
		}
		fmt.Fprintf(w, "exchanged:  %d bytes finding the positions, %d bytes of edges between shards, %d bytes while colouring (%d a layer)\n",
			t.Search, t.Graph, t.Colouring, perLayer)
	}
	fmt.Fprintf(w, "time:       %s\n", duration(s.elapsed))
	fmt.Fprintf(w, "peak memory: %s\n", s.memory)
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
