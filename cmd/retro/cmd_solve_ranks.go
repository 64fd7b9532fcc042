package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"retro/out/table"
	"retro/positions/cluster"
	"retro/retro"
	"retro/rules"
	"retro/rules/lang"
)

// A solve cut into ranks: each rank solves its shard of every instance
// (retro.SolveInstancePart) and the ranks write the table together
// (table.WriteParts); rank 0 prints the summary. The ranks are those of
// the MPI job that started this process (mpirun or srun, a retro built
// with -tags mpi), or goroutines of this process (--ranks N).

// rankPhase is what a rank of an MPI job is doing, for the message of a
// signal that ends it while it waits on the others.
var rankPhase atomic.Pointer[string]

// phase is what one rank is doing: where an error or a signal found it,
// and, on rank 0, what its progress shows (nil elsewhere: one rank speaks
// for the job).
type phase struct {
	rank, size int
	what       atomic.Pointer[string]
	mpi        bool
	prog       *progress
}

func (p *phase) set(format string, a ...any) {
	s := fmt.Sprintf("rank %d of %d, ", p.rank, p.size) + fmt.Sprintf(format, a...)
	p.what.Store(&s)
	if p.mpi {
		rankPhase.Store(&s)
	}
	if p.prog != nil {
		p.prog.show("%s", s)
	}
}

// count shows a count of the phase on rank 0's progress (the positions
// found, the moves gone through).
func (p *phase) count(in *rules.Instance, n int64) {
	if p.prog != nil {
		p.prog.show("%s: %s%d", p.String(), p.prog.prefix(in), n)
	}
}

func (p *phase) String() string { return *p.what.Load() }

// phaseError is an error of one rank, with where it found the rank.
type phaseError struct {
	at  string
	err error
}

func (e *phaseError) Error() string { return e.at + ": " + e.err.Error() }
func (e *phaseError) Unwrap() error { return e.err }

// solveRanks solves GAME cut into ranks: the MPI job's when there is one
// of several ranks, o.ranks goroutines otherwise.
func (o *solveOptions) solveRanks(ctx context.Context, e *env, arg string, world cluster.Comm) error {
	if _, err := o.checkpointOf(0, 1); err != nil {
		return err
	}
	if world.Size() > 1 {
		if o.game.fs.Changed("ranks") {
			return &usageError{cmd: commands["solve"], err: fmt.Errorf("--ranks is for ranks in this process; this one is rank %d of an MPI job of %d", world.Rank(), world.Size())}
		}
		if n := cluster.CoresPerRank(); n > 0 && os.Getenv("GOMAXPROCS") == "" {
			// Ranks that share a node share its cores: each its part.
			runtime.GOMAXPROCS(n)
		}
		ph := &phase{rank: world.Rank(), size: world.Size(), mpi: true}
		err := o.solveRank(ctx, e, arg, world, ph)
		if err != nil && ph.what.Load() != nil {
			// The others wait on this rank: end the whole job. The
			// signal that ends the others does not end this one first.
			rankPhase.Store(nil)
			world.Abort(1, strings.TrimSuffix(renderError(&phaseError{ph.String(), err}, lang.Lang(e.lang)), "\n"))
		}
		return errors.Join(err, world.Close())
	}
	comms := cluster.Local(o.ranks)
	errs := make([]error, o.ranks)
	phases := make([]*phase, o.ranks)
	var wg sync.WaitGroup
	for r := range comms {
		phases[r] = &phase{rank: r, size: o.ranks}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if errs[r] = o.solveRank(ctx, e, arg, comms[r], phases[r]); errs[r] != nil {
				comms[r].Close() // the others stop waiting on this rank
			}
		}()
	}
	wg.Wait()
	for r, err := range errs {
		if err != nil && !errors.Is(err, cluster.ErrLeft) {
			if phases[r].what.Load() == nil { // the game did not load: the same on every rank
				return err
			}
			return &phaseError{phases[r].String(), err}
		}
	}
	return errors.Join(errs...)
}

// solveRank is one rank's share of the solve: load the game, solve the
// parts, write the table with the others, print the summary on rank 0,
// and clear the rank's checkpoints once every rank has its share of the
// table written. Until the game has loaded, ph is not set: an error then
// is the same on every rank.
func (o *solveOptions) solveRank(ctx context.Context, e *env, arg string, comm cluster.Comm, ph *phase) error {
	opt, err := o.game.gameOptions()
	if err != nil {
		return err
	}
	ck, _ := o.checkpointOf(comm.Rank(), comm.Size()) // checked by solveRanks
	noting(e, ck)
	opt.Checkpoint = ck
	g, err := retro.LoadGame(rules.FromArg(arg), opt.Params)
	if err != nil {
		return paramError(o.game.params, err)
	}
	if comm.Rank() == 0 {
		ph.prog = newProgress(e, bool(o.game.quiet), time.Now())
		defer ph.prog.done()
	}
	ph.set("finding the positions")
	opt.Peers = comm
	opt.Stage = func(in *rules.Instance, stage string, n int64) {
		switch stage {
		case "positions":
		case "outcomes":
			ph.set("making the outcomes")
		default: // the general path's move graph, or the compiled sweep's values
			ph.set("going through the moves")
		}
		ph.count(in, n)
	}
	opt.Layer = func(_ *rules.Instance, layer, _, _ int) { ph.set("colouring (layer %d)", layer) }
	sv, err := retro.SolveLoaded(ctx, g, opt)
	if err != nil {
		return paramError(o.game.params, err)
	}
	s := &solved{game: sv.Game, parts: sv.Parts, elapsed: sv.Elapsed}
	s.resumed(ck)
	if o.table != "" {
		ph.set("writing the table")
		if err := o.game.writePartsFile(ctx, o.table, s, comm, ph, ck); err != nil {
			return err
		}
	}
	ph.set("summing the counts")
	peak := []int64{peakBytes()}
	if err := comm.AllReduce(cluster.Max, peak); err != nil {
		return err
	}
	if err := ck.Clear(); err != nil { // the table is written: rank 0 is past it
		return err
	}
	if comm.Rank() != 0 {
		return nil
	}
	sum := s.summarize(fmt.Sprintf("%s resident, the largest of %d ranks", mebibytes(peak[0]), comm.Size()))
	if o.json {
		return printJSON(e.stdout, sum.JSON())
	}
	sum.WriteText(e.stdout, o.layers)
	return nil
}

// writePartsFile writes, with the other ranks, the table of a game solved
// in parts: rank 0 writes the file, whole or not at all, and shows the
// blocks it has written.
func (gf *gameFlags) writePartsFile(ctx context.Context, path string, s *solved, comm cluster.Comm, ph *phase, ck *retro.Checkpoint) error {
	opt := table.Options{OpenWidth: gf.openWidth, Made: s.made(), Progress: func(done, total int) {
		if ph.prog != nil {
			ph.prog.show("%s: %d of %d blocks", ph.String(), done, total)
		}
	}}
	if ck != nil { // each rank's blocks kept in its table file of the checkpoint as they are made
		f, err := keepTable(ck, &opt, s.elapsed)
		if err != nil {
			return err
		}
		defer f.Close()
		opt.Keep = ctxFile{ctx, f}
	}
	if comm.Rank() != 0 {
		return table.WriteParts(nil, comm, s.game, s.parts, opt)
	}
	if ck != nil {
		target, special, err := outputTarget(path)
		if err != nil {
			return err
		}
		if !special {
			return gatherKept(ctx, path, target, ck, s, comm, opt)
		}
	}
	return writeAtomicAt(ctx, path, func(w io.WriterAt) error {
		return table.WriteParts(w, comm, s.game, s.parts, opt)
	}, nil)
}
