package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"retro/out/table"
	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// sourceError is an error in or about a game file, shown with the lines of
// the file it points at.
type sourceError struct {
	err error
	src []byte
}

func (s *sourceError) Error() string { return s.err.Error() }
func (s *sourceError) Unwrap() error { return s.err }

func (s *sourceError) render() string {
	var (
		list rules.ErrorList
		one  *rules.Error
	)
	switch {
	case errors.As(s.err, &list):
		return list.Render(s.src)
	case errors.As(s.err, &one):
		return one.Render(s.src)
	}
	return "retro: " + s.err.Error() + "\n"
}

// gameFlags are the flags of every command that loads and solves a game.
type gameFlags struct {
	params       []string
	maxPositions int
	horizon      int
	openWidth    int64
	heapUpto     int // heap games: collections reachable from one heap of 0..heapUpto
	general      bool
	maxMemory    byteSize
	fs           *pflag.FlagSet
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
	fs.BoolVar(&gf.general, "general", false, "solve by the general path (a move graph coloured layer by layer) even where the compiled one applies")
}

// loadGame reads a game: a file when arg names one, a built-in game
// otherwise.
func loadGame(arg string) (*rules.Game, error) {
	src, err := os.ReadFile(arg)
	name := arg
	if err != nil {
		b, ok := rules.Builtin(arg)
		if !ok {
			if errors.Is(err, os.ErrNotExist) {
				return nil, fmt.Errorf("no game file or built-in game named %q (run 'retro games')", arg)
			}
			return nil, err
		}
		src, name = b, arg+".toml"
	}
	g, err := rules.Parse(name, src)
	if err != nil {
		return nil, &sourceError{err: err, src: src}
	}
	return g, nil
}

// load reads a game and applies the --param flags.
func (gf *gameFlags) load(arg string) (*rules.Game, error) {
	if err := gf.validate(); err != nil {
		return nil, err
	}
	g, err := loadGame(arg)
	if err != nil {
		return nil, err
	}
	for _, p := range gf.params {
		pv, err := readParam(p)
		if err != nil {
			return nil, err
		}
		if pv.open {
			err = g.SetOpen(pv.name, pv.lo)
		} else {
			err = g.SetRange(pv.name, pv.lo, pv.hi)
		}
		if err != nil {
			return nil, &usageError{err: fmt.Errorf("--param %s: %w", p, err)}
		}
	}
	return g, nil
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

// parseParam reads a --param flag as a closed range: NAME=LO.. takes the
// default open width.
func parseParam(s string) (name string, lo, hi int64, err error) {
	pv, err := readParam(s)
	if pv.open {
		pv.hi = rules.OpenHi(pv.lo, positions.DefaultOpenWidth)
	}
	return pv.name, pv.lo, pv.hi, err
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

// instances checks a game's parameter ranges against the caps, before
// anything is built, and makes its instances.
func (gf *gameFlags) instances(g *rules.Game) ([]*rules.Instance, error) {
	if err := g.CheckSize(gf.openWidth, int64(gf.maxPositions)); err != nil {
		return nil, err
	}
	insts, err := g.Instances()
	if err != nil {
		return nil, &sourceError{err: err, src: g.Source}
	}
	return insts, nil
}

func (gf *gameFlags) options(g *rules.Game) positions.Options {
	opt := positions.DefaultOptions(g)
	opt.MaxPositions = gf.maxPositions
	opt.OpenWidth = gf.openWidth
	opt.MaxBytes = int64(gf.maxMemory)
	setMemoryLimit(opt.MaxBytes)
	if gf.fs != nil && gf.fs.Changed("horizon") {
		opt.Horizon = gf.horizon
	}
	return opt
}

// solved is a game with the results of its instances.
type solved struct {
	game    *rules.Game
	results []*retro.Result
	elapsed time.Duration
	table   *table.Table // the table file the results were read from; nil when solved
}

// solveArg solves the GAME argument of a command: a game file or a
// built-in game; or reads it, when it is a table file (table.go). Every
// command that needs a solved table gets it here.
func (gf *gameFlags) solveArg(ctx context.Context, e *env, arg string) (*solved, error) {
	if s, ok, err := gf.tableArg(arg); ok || err != nil {
		return s, err
	}
	g, err := gf.load(arg)
	if err != nil {
		return nil, err
	}
	return gf.solve(ctx, e, g)
}

// solve enumerates and colours every instance of a game, showing progress
// on a terminal when it takes more than a second.
func (gf *gameFlags) solve(ctx context.Context, e *env, g *rules.Game) (*solved, error) {
	insts, err := gf.instances(g)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	prog := newProgress(e, start)
	defer prog.done() // the progress line cleared, whatever stops the solve
	out := &solved{game: g}
	for _, in := range insts {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		popt := gf.options(g)
		if g.Sum { // the engine's view of the heaps
			if in, popt.Extra, err = retro.HeapStarts(in, gf.heapUpto); err != nil {
				return nil, &sourceError{err: err, src: g.Source}
			}
		}
		popt.Progress, popt.Context = prog.stage(in), ctx
		res, err := retro.SolveInstance(in, popt, retro.Options{Progress: prog.layer(in), Context: ctx, General: gf.general})
		if err != nil {
			if errors.Is(err, ctx.Err()) {
				return nil, err
			}
			return nil, &sourceError{err: err, src: g.Source}
		}
		out.results = append(out.results, res)
	}
	out.elapsed = time.Since(start)
	return out, nil
}

// progress shows on a terminal what a long solve is doing. The engine may
// report from several goroutines at once.
type progress struct {
	mu    sync.Mutex
	e     *env
	start time.Time
	last  time.Time
	shown bool
	width int // of the line shown
	// stopped: done has cleared the line.
	stopped bool
}

func newProgress(e *env, start time.Time) *progress { return &progress{e: e, start: start} }

func (p *progress) show(format string, a ...any) {
	if !p.e.tty {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if p.stopped || now.Sub(p.start) < time.Second || now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.shown, p.last = true, now
	text := fmt.Sprintf(format, a...)
	fmt.Fprint(p.e.stderr, p.clearLine()+text)
	p.width = utf8.RuneCountInString(text)
}

func (p *progress) prefix(in *rules.Instance) string {
	var s string
	for k, par := range in.Game.RuleParams() {
		s += fmt.Sprintf("%s=%d ", par.Name, in.Values[k])
	}
	return s
}

func (p *progress) stage(in *rules.Instance) func(string, int64) {
	pre := p.prefix(in)
	return func(stage string, n int64) { p.show("%s%s: %d", pre, stage, n) }
}

func (p *progress) layer(in *rules.Instance) func(int, int, int) {
	pre := p.prefix(in)
	return func(layer, coloured, total int) {
		p.show("%s", countLine(fmt.Sprintf("%slayer %d", pre, layer), int64(coloured), int64(total), "positions coloured"))
	}
}

// done clears the progress line; nothing is shown after it.
func (p *progress) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.e.stderr, p.clearLine())
	}
	p.shown, p.stopped = false, true
}
