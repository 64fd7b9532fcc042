package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"retro/out/table"
	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// gameFlags are the flags of every command that loads and solves a game.
type gameFlags struct {
	params       []string
	maxPositions int
	horizon      int
	openWidth    int64
	heapUpto     int // heap games: collections reachable from one heap of 0..heapUpto
	general      bool
	path         string
	spill        string
	checkpoint   *retro.Checkpoint // set by solve's --checkpoint
	maxMemory    byteSize
	quiet        quietFlag
	// probes: the command looks at positions one at a time (show, tree,
	// query, ege), so a table too large to rebuild whole is read a block
	// at a time.
	probes bool
	fs     *pflag.FlagSet
}

func (gf *gameFlags) add(fs *pflag.FlagSet) {
	gf.fs = fs
	fs.StringArrayVar(&gf.params, "param", nil, "set a parameter's range: NAME=LO..HI, NAME=LO.. or NAME=VALUE (repeatable)")
	fs.IntVar(&gf.maxPositions, "max-positions", positions.DefaultMaxPositions, "stop with an error beyond this many positions")
	gf.maxMemory = byteSize(defaultMemoryBudget())
	fs.Var(&gf.maxMemory, "max-memory", "stop with an error when the positions, the move graph and the solver's state would take more; the default is half of this machine's memory")
	fs.IntVar(&gf.horizon, "horizon", -1, "analyse only positions within this many moves of a start; -1: the game's own horizon")
	fs.Int64Var(&gf.openWidth, "open-width", positions.DefaultOpenWidth, "values an open parameter range (\"31..\") takes")
	fs.IntVar(&gf.heapUpto, "upto", 30, "heap games (sum = true): analyse every collection of heaps reachable from one heap of 0..N")
	fs.BoolVar(&gf.general, "general", false, "solve by the general path (a move graph coloured layer by layer) even where a faster one applies: --path general")
	fs.StringVar(&gf.spill, "spill", "", "keep the arrays that would take more than --max-memory in files of this directory (the compiled path), instead of stopping")
	fs.StringVar(&gf.path, "path", "", "solve by this path, or say why it does not take the game: "+strings.Join(retro.Paths(), ", ")+"; default: the first that takes it")
	gf.quiet.add(fs)
}

// load reads a game (a game file, or a built-in game) and applies the
// --param flags.
func (gf *gameFlags) load(arg string) (*rules.Game, error) {
	opt, err := gf.gameOptions()
	if err != nil {
		return nil, err
	}
	g, err := retro.LoadGame(rules.FromArg(arg), opt.Params)
	return g, paramError(gf.params, err)
}

// readParams reads --param flags into the settings of a game's params,
// in order. A bad flag is a usage error.
func readParams(flags []string) ([]rules.Setting, error) {
	var set []rules.Setting
	for _, p := range flags {
		pv, err := readParam(p)
		if err != nil {
			return nil, err
		}
		set = append(set, rules.Setting{Name: pv.name, Lo: pv.lo, Hi: pv.hi, Open: pv.open})
	}
	return set, nil
}

// paramError makes a setting the game refuses (a *retro.ParamError of the
// settings readParams made of flags) a usage error naming the flag as
// given.
func paramError(flags []string, err error) error {
	var pe *retro.ParamError
	if errors.As(err, &pe) {
		return &usageError{err: fmt.Errorf("--param %s: %w", flags[pe.Index], pe.Err)}
	}
	return err
}

// gameOptions reads the flags into the options of a solve, refusing the
// values that mean nothing.
func (gf *gameFlags) gameOptions() (retro.GameOptions, error) {
	if err := gf.validate(); err != nil {
		return retro.GameOptions{}, err
	}
	opt := retro.GameOptions{MaxPositions: gf.maxPositions, OpenWidth: gf.openWidth, MaxBytes: withinAddressSpace(int64(gf.maxMemory)),
		HeapUpto: gf.heapUpto, Path: gf.path, Spill: gf.spill, Checkpoint: gf.checkpoint}
	if gf.general {
		opt.Path = "general"
	}
	if gf.fs != nil && gf.fs.Changed("horizon") {
		opt.Horizon = &gf.horizon
	}
	opt.Check = func(g *rules.Game) error {
		if err := g.CheckSize(gf.openWidth, int64(gf.maxPositions)); err != nil {
			return err
		}
		return gf.unbounded(g)
	}
	params, err := readParams(gf.params)
	if err != nil {
		return retro.GameOptions{}, err
	}
	opt.Params = params
	setMemoryLimit(opt.MaxBytes)
	return opt, nil
}

// validate refuses the values of the flags that mean nothing: a cap of no
// positions, a horizon below -1, an open width below 1, heaps up to more
// than the cap.
func (gf *gameFlags) validate() error {
	switch {
	case gf.maxPositions < 1:
		return &usageError{err: fmt.Errorf("--max-positions %d: want 1 or more", gf.maxPositions)}
	case gf.horizon < -1:
		return &usageError{err: fmt.Errorf("--horizon %d: want 0 or more, or -1 for the game's own", gf.horizon)}
	case gf.openWidth < 1:
		return &usageError{err: fmt.Errorf("--open-width %d: want 1 or more", gf.openWidth)}
	case gf.heapUpto < 0 || gf.heapUpto > gf.maxPositions:
		return &usageError{err: fmt.Errorf("--upto %d: want 0..%d (--max-positions)", gf.heapUpto, gf.maxPositions)}
	case gf.path != "" && !slices.Contains(retro.Paths(), gf.path):
		return &usageError{err: fmt.Errorf("--path %s: no such path (the paths: %s)", gf.path, strings.Join(retro.Paths(), ", "))}
	case gf.path != "" && gf.general && gf.path != "general":
		return &usageError{err: fmt.Errorf("--general and --path %s: choose one path", gf.path)}
	}
	return nil
}

// paramValue is a --param flag read: NAME=LO..HI, NAME=LO.. (open) or
// NAME=VALUE.
type paramValue struct {
	name   string
	lo, hi int64
	open   bool // NAME=LO..: the game's open width decides how far
}

// readParam reads NAME=LO..HI, NAME=LO.. (LO..LO+open-width-1 is left to
// the game) or NAME=VALUE. A bad flag is a usage error.
func readParam(s string) (paramValue, error) {
	bad := func(format string, a ...any) (paramValue, error) {
		return paramValue{}, &usageError{err: fmt.Errorf("--param %q: "+format, append([]any{s}, a...)...)}
	}
	name, val, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return bad("want NAME=LO..HI, NAME=LO.. or NAME=VALUE")
	}
	a, b, isRange := strings.Cut(val, "..")
	lo, err := rules.ParseInt(a)
	if err != nil {
		return bad("%v", err)
	}
	pv := paramValue{name: name, lo: lo, hi: lo}
	switch {
	case !isRange:
	case strings.TrimSpace(b) == "":
		pv.open = true
	default:
		if pv.hi, err = rules.ParseInt(b); err != nil {
			return bad("%v", err)
		}
		if lo > pv.hi {
			return bad("empty range")
		}
	}
	return pv, nil
}

// solved is a game with the results of its instances, or, solved by
// several ranks, this rank's parts of them.
type solved struct {
	game    *rules.Game
	results []*retro.Result
	parts   []*retro.Part
	elapsed time.Duration // of the whole solve, over all its runs when it resumed
	before  time.Duration // of elapsed, the runs before this one (a checkpoint's)
	table   *table.Table  // the table file the results were read from; nil when solved
}

// probed are the instances read a position at a time: a table's Probes
// (results is nil where an instance is too large to rebuild whole), or
// the results'.
func (s *solved) probed() []*retro.Probed {
	if s.table != nil {
		return s.table.Probes
	}
	return retro.ProbedAll(s.results)
}

// solveArg solves the GAME argument of a command: a game file or a
// built-in game; or reads it, when it is a table file (table.go). Every
// command that needs a solved table gets it here.
func (gf *gameFlags) solveArg(ctx context.Context, e *env, arg string) (*solved, error) {
	if s, ok, err := gf.tableArg(arg); ok || err != nil {
		return s, err
	}
	return gf.solve(ctx, e, func(opt retro.GameOptions) (*retro.Solved, error) {
		return retro.SolveGame(ctx, rules.FromArg(arg), opt)
	})
}

// solveLoaded solves a game already loaded, its params set.
func (gf *gameFlags) solveLoaded(ctx context.Context, e *env, g *rules.Game) (*solved, error) {
	return gf.solve(ctx, e, func(opt retro.GameOptions) (*retro.Solved, error) {
		return retro.SolveLoaded(ctx, g, opt)
	})
}

// solve runs a solve with the options of the flags, showing its progress
// on stderr when it takes a while (progress.go).
func (gf *gameFlags) solve(ctx context.Context, e *env, run func(retro.GameOptions) (*retro.Solved, error)) (*solved, error) {
	opt, err := gf.gameOptions()
	if err != nil {
		return nil, err
	}
	prog := newProgress(e, bool(gf.quiet), time.Now())
	defer prog.done() // the progress line cleared, whatever stops the solve
	prog.show("solving")
	opt.Stage, opt.Layer = prog.stage, prog.layer
	sv, err := run(opt)
	if err != nil {
		return nil, paramError(gf.params, err)
	}
	return &solved{game: sv.Game, results: sv.Results, elapsed: sv.Elapsed}, nil
}

// unbounded refuses a game whose positions do not end, which no search
// finishes, unless --horizon or --max-positions is given.
func (gf *gameFlags) unbounded(g *rules.Game) error {
	if gf.fs != nil && (gf.fs.Changed("horizon") || gf.fs.Changed("max-positions")) {
		return nil
	}
	if gr := g.Unbounded(gf.openWidth); gr != nil {
		return fmt.Errorf("%s: %s: the positions never end; bound the game with --horizon N, or search up to the cap with --max-positions N", g.File, gr)
	}
	return nil
}
