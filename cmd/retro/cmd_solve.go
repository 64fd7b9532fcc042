package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/spf13/pflag"

	"retro/out"
	"retro/out/table"
	"retro/positions/cluster"
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
the Go runtime and garbage not yet collected included). A long solve
shows its progress on stderr: on a terminal one line, rewritten in place,
once it has taken a second; elsewhere (a file, a pipe, a batch job's log)
a line of its own every 5 seconds; --quiet shows none.

With -o FILE.rtb it also writes the outcome table (its progress shown as
the blocks written): the game text, the positions, and the outcome and
layer of each, compressed and checksummed, so that show, query, ege, tree
and export answer from the file later without solving again (GAME may
then be the table file). Retro info describes a table, retro verify
checks it against the rules.

Started by mpirun or srun as several ranks (a retro built with -tags mpi),
solve cuts every instance into shards, one a rank, by the first path
that runs in shards: the compiled path (each rank values its rows of the
box in turn, fetching the rows of others that its moves read), or the
general path (each rank builds the move graph of its positions and
colours them, handing the others what crosses between shards). The
ranks write the table together (rank 0 writes the file). The table is
the same, byte for byte, whatever the number of ranks. --ranks N does
the same with N ranks in this process.

With --checkpoint DIR the solve keeps in DIR what it needs to go on after
it is stopped, however it is stopped, and saves it every
--checkpoint-every (5m by default): run the same command again and it
resumes from the last save. A checkpoint of another game or other
arguments, or of another number of ranks, is refused. The compiled path
keeps checkpoints, in one process and in ranks; DIR holds its values (2
or 4 bytes a cell of the positions' rows) and, at the end, the result's
layers and outcome bits, and is emptied when the solve is done. With -o
the table's blocks go into DIR as they are made (each rank's into its
own file) and are saved every interval, so that a stop while the table
is written costs at most an interval of its writing; FILE gets the table
once it is whole, never a part. Ranks
keep theirs in one DIR that every rank reaches, each rank its own files:
each saves within its walk of the search and its turn of the sweep, at
their ends, and within its part of the result, so that a job killed at
any point and run again by as many ranks goes on from its last saves.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &solveOptions{}
			o.game.add(fs)
			fs.IntVar(&o.layers, "layers", 24, "list at most this many layers (0: all)")
			fs.StringVarP(&o.table, "output", "o", "", "write the outcome table to this file (FILE.rtb)")
			fs.IntVar(&o.ranks, "ranks", 1, "solve as this many ranks in this process, each its shard, as an MPI job does (the same table; no memory saved)")
			fs.StringVar(&o.checkpoint, "checkpoint", "", "keep checkpoints in this directory, and resume from the last one there")
			fs.DurationVar(&o.every, "checkpoint-every", 5*time.Minute, "how often to save a checkpoint")
			addJSONFlag(fs, &o.json)
			return o.run
		},
	})
}

type solveOptions struct {
	game       gameFlags
	layers     int
	table      string
	json       bool
	ranks      int
	checkpoint string
	every      time.Duration
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
	ck, err := o.checkpointOf(0, 1)
	if err != nil {
		return err
	}
	noting(e, ck)
	o.game.checkpoint = ck
	s, err := o.game.solveArg(ctx, e, arg)
	if err != nil {
		return err
	}
	s.resumed(ck)
	if o.table != "" {
		if err := o.game.writeTableFile(ctx, e, o.table, s); err != nil {
			return err
		}
	}
	if err := ck.Clear(); err != nil {
		return err
	}
	sum := s.summarize(peakMemory() + " resident, the whole process")
	if o.json {
		return printJSON(e.stdout, sum.JSON())
	}
	sum.WriteText(e.stdout, o.layers)
	return nil
}

// checkpointOf is the checkpoint of rank of ranks the flags ask for (nil
// without --checkpoint).
func (o *solveOptions) checkpointOf(rank, ranks int) (*retro.Checkpoint, error) {
	if o.checkpoint == "" {
		return nil, nil
	}
	if o.every <= 0 {
		return nil, &usageError{cmd: commands["solve"], err: fmt.Errorf("--checkpoint-every %v: want a positive duration", o.every)}
	}
	return &retro.Checkpoint{Dir: o.checkpoint, Every: o.every, Rank: rank, Ranks: ranks}, nil
}

// noting makes a checkpoint's notes lines on stderr (rank 0's only).
func noting(e *env, ck *retro.Checkpoint) {
	if ck != nil && ck.Rank == 0 {
		ck.Note = func(msg string) { fmt.Fprintf(e.stderr, "retro: %s\n", msg) }
	}
}

// summarize adds up the totals of a solved game: of its results, or of
// the parts of them this rank holds (which count the whole).
func (s *solved) summarize(memory string) *out.Summary {
	var totals []retro.Totals
	for _, r := range s.results {
		totals = append(totals, r.Totals())
	}
	for _, p := range s.parts {
		totals = append(totals, p.Totals())
	}
	sum := out.NewSummary(s.game, totals, s.elapsed, memory)
	sum.Resumed = s.before
	return sum
}

// resumed adds to a solve's time what its runs before this one took, when
// it resumed from checkpoint ck: the whole job's time.
func (s *solved) resumed(ck *retro.Checkpoint) {
	if ck != nil && ck.Before > 0 {
		s.before = ck.Before
		s.elapsed += ck.Before
	}
}

// writeTableFile writes the table of a solved game, whole or not at all,
// showing its progress on stderr when it takes a while.
func (gf *gameFlags) writeTableFile(ctx context.Context, e *env, path string, s *solved) error {
	made := s.made()
	width := gf.openWidth
	if s.table != nil {
		made, width = s.table.Made, s.table.OpenWidth
	}
	prog := newProgress(e, bool(gf.quiet), time.Now())
	defer prog.done()
	opt := table.Options{OpenWidth: width, Made: made, Progress: func(done, total int) {
		prog.show("writing the table: %d of %d blocks", done, total)
	}}
	if gf.checkpoint != nil && s.table == nil {
		target, special, err := outputTarget(path)
		if err != nil {
			return err
		}
		if !special {
			return writeTableKept(ctx, path, target, gf.checkpoint, s, opt)
		}
	}
	return writeAtomicAt(ctx, path,
		func(w io.WriterAt) error { return table.WriteAt(w, s.game, s.results, opt) },
		func(w io.Writer) error { return table.Write(w, s.game, s.results, opt) })
}

// made is the made record of a table of s written now.
func (s *solved) made() table.Made {
	return table.Made{Engine: engineVersion(), Go: runtime.Version(), Date: time.Now().UTC().Truncate(time.Second),
		SolveTime: s.elapsed, Cores: runtime.GOMAXPROCS(0)}
}

// engineVersion names this build: "retro", the module version and the
// commit it was built from, when known.
func engineVersion() string {
	v := "retro"
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return v
	}
	v += " " + bi.Main.Version
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v
}
