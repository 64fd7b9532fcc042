package retro

import (
	"context"
	"errors"
	"fmt"
	"retro/retro/internal/core"
	"slices"
	"time"

	"retro/positions"
	"retro/rules"
)

// GameOptions are what SolveGame is told besides the game. The zero value
// solves with the game's own horizon and the default caps.
type GameOptions struct {
	// Params set the ranges of the game's params, in order, before
	// anything else; a failure is a *ParamError.
	Params []rules.Setting
	// MaxPositions caps the positions of each instance; with SharedCap it
	// caps those of all instances together. 0: positions.DefaultMaxPositions.
	MaxPositions int
	SharedCap    bool
	// MaxEdges, MaxMoves and MaxBytes are the caps of each instance's
	// enumeration (positions.Options); 0: none.
	MaxEdges, MaxMoves, MaxBytes int64
	// Spill is the directory where a path keeps arrays past MaxBytes
	// (positions.Options.Spill); "": none, such a solve stops.
	Spill string
	// Checkpoint, when set, is where the solve of every instance keeps
	// its checkpoints and resumes from (Options.Checkpoint).
	Checkpoint *core.Checkpoint
	// OpenWidth is the values an open param range takes; 0:
	// positions.DefaultOpenWidth.
	OpenWidth int64
	// Horizon, when set, replaces the game's own (-1: no horizon).
	Horizon *int
	// HeapUpto: a heap game (sum = true) is solved as every collection of
	// heaps reachable from one heap of 0..HeapUpto.
	HeapUpto int
	// Path, when set, is the path every instance is solved by (Paths): an
	// error with the path's reason where it does not take an instance.
	Path string
	// Check, when set, is called with the game (its params set) before
	// anything is built, and its error stops the solve; nil checks the
	// sizes of the param ranges against the caps (Game.CheckSize).
	Check func(*rules.Game) error
	// Stage, when set, hears how far the enumeration of an instance has
	// got: the stage ("positions", "moves", "edges"; on the compiled path
	// "outcomes", the positions whose outcome and layer are made from
	// their values) and its count.
	Stage func(in *rules.Instance, stage string, done int64)
	// Layer, when set, is called after each layer of an instance with the
	// layer, the positions coloured so far and the positions.
	Layer func(in *rules.Instance, layer, coloured, positions int)
	// Peers, when set, solve every instance together, each its part
	// (SolveInstancePart): the Solved has Parts, not Results. Every peer calls
	// SolveGame with the same game and options.
	Peers positions.Peers
}

// ParamError is a setting of GameOptions.Params the game refuses.
type ParamError struct {
	Index int // into GameOptions.Params
	Err   error
}

func (e *ParamError) Error() string { return e.Err.Error() }
func (e *ParamError) Unwrap() error { return e.Err }

// Solved is a game with the results of its instances, in Instances
// order; solved by peers (GameOptions.Peers), this peer's parts of them.
type Solved struct {
	Game    *rules.Game
	Results []*Result
	Parts   []*Part
	Elapsed time.Duration // the enumerations and solves, not the loading
}

// Positions returns the positions of all results together.
func (s *Solved) Positions() int {
	n := 0
	for _, r := range s.Results {
		n += r.Len()
	}
	for _, p := range s.Parts {
		n += p.Len()
	}
	return n
}

// SolveGame loads a game, sets its params and solves every instance: the
// one way from a game to its results, for the command line, the server and
// every other caller. Errors in the game render themselves
// (rules.RenderError); ctx stops the work with its error.
func SolveGame(ctx context.Context, src rules.Source, opt GameOptions) (*Solved, error) {
	g, err := LoadGame(src, opt.Params)
	if err != nil {
		return nil, err
	}
	return SolveLoaded(ctx, g, opt)
}

// LoadGame loads a game and sets its params: the game SolveGame solves,
// for a caller that looks at one position of it (SolveAt).
func LoadGame(src rules.Source, params []rules.Setting) (*rules.Game, error) {
	g, err := src.Load()
	if err != nil {
		return nil, err
	}
	if err := SetParams(g, params); err != nil {
		return nil, err
	}
	return g, nil
}

// SetParams sets the ranges of a loaded game's params, in order, as
// LoadGame does; a setting the game refuses is a *ParamError.
func SetParams(g *rules.Game, params []rules.Setting) error {
	for k, s := range params {
		if err := g.Set(s); err != nil {
			return &ParamError{Index: k, Err: err}
		}
	}
	return nil
}

// SolveLoaded is SolveGame for a game already loaded, its params set
// (opt.Params are not applied again).
func SolveLoaded(ctx context.Context, g *rules.Game, opt GameOptions) (*Solved, error) {
	check := opt.Check
	if check == nil {
		check = func(g *rules.Game) error { return g.CheckSize(opt.openWidth(), int64(opt.maxPositions())) }
	}
	if err := check(g); err != nil {
		return nil, err
	}
	insts, err := g.Instances()
	if err != nil {
		return nil, err
	}
	if ck := opt.Checkpoint; ck != nil {
		if ck.Key == "" {
			ck.Key = opt.key(g)
		}
		if err := ck.Check(); err != nil {
			return nil, err
		}
	}
	start := time.Now()
	s := &Solved{Game: g}
	left := opt.maxPositions()
	for k, in := range insts {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if left <= 0 {
			return nil, fmt.Errorf("%w: more than %d, all instances together", positions.ErrTooManyPositions, opt.maxPositions())
		}
		view, popt, ropt, err := opt.instance(ctx, in, left)
		if err != nil {
			return nil, err
		}
		ropt.Instance = k
		size := 0
		if opt.Peers != nil {
			p, err := SolveInstancePart(view, popt, ropt, opt.Peers)
			if err != nil {
				return nil, err
			}
			s.Parts, size = append(s.Parts, p), p.Len()
		} else {
			r, err := SolveInstance(view, popt, ropt)
			if err != nil {
				return nil, err
			}
			s.Results, size = append(s.Results, r), r.Len()
		}
		if opt.SharedCap {
			left -= size
		}
	}
	s.Elapsed = time.Since(start)
	return s, nil
}

// instance is what one instance is solved as, within a cap of limit
// positions: itself, or for a heap game the collections of heaps from one
// heap of 0..HeapUpto; and the options of its enumeration and solve.
func (opt GameOptions) instance(ctx context.Context, in *rules.Instance, limit int) (*rules.Instance, positions.Options, core.Options, error) {
	popt := opt.Positions(ctx, in.Game)
	popt.MaxPositions = limit
	view := in
	if in.Game.Sum {
		var err error
		if view, popt.Extra, err = positions.HeapStarts(in, opt.HeapUpto); err != nil {
			return nil, popt, core.Options{}, err
		}
	}
	if opt.Stage != nil {
		popt.Progress = func(stage string, done int64) { opt.Stage(in, stage, done) }
	}
	ropt := core.Options{Context: ctx, Path: opt.Path, Checkpoint: opt.Checkpoint}
	if opt.Layer != nil {
		ropt.Progress = func(layer, coloured, total int) { opt.Layer(in, layer, coloured, total) }
	}
	return view, popt, ropt, nil
}

// key is what decides the results of a game solved with these options:
// its text, its params' ranges, and the options that change what is
// solved (a Checkpoint's key).
func (opt GameOptions) key(g *rules.Game) string {
	parts := []string{string(g.Source)}
	for _, p := range g.Params {
		parts = append(parts, fmt.Sprintf("%s=%d..%d open %v", p.Name, p.Lo, p.Hi, p.Open))
	}
	horizon := "game"
	if opt.Horizon != nil {
		horizon = fmt.Sprint(*opt.Horizon)
	}
	// The open width and the heaps' bound only where they change what is
	// solved: --open-width on the resume of a game with no open range is
	// the same solve.
	open, upto := int64(0), 0
	if slices.ContainsFunc(g.Params, func(p rules.Param) bool { return p.Open }) {
		open = opt.openWidth()
	}
	if g.Sum {
		upto = opt.HeapUpto
	}
	// "general false" keeps the keys of the checkpoints written when the
	// general path had a switch of its own besides Path.
	return core.MakeKey(append(parts, "horizon "+horizon, fmt.Sprintf("open %d upto %d path %s general false",
		open, upto, opt.Path))...)
}

// ErrNotReached: the position SolveAt was asked about is final and no
// move reaches it, so that it is not in the table.
var ErrNotReached = errors.New("not in the table")

// SolveAt solves one instance with a position (piles and history) added
// to its starts, so that any position can be looked at, and returns the
// result and the position's index in it.
func SolveAt(ctx context.Context, in *rules.Instance, at positions.Seed, opt GameOptions) (*Result, int, error) {
	popt := opt.Positions(ctx, in.Game)
	popt.Extra = []positions.Seed{at}
	r, err := SolveInstance(in, popt, core.Options{Context: ctx, Path: opt.Path})
	if err != nil {
		return nil, 0, err
	}
	i, ok := r.Space.Index(at.Piles, at.Hist)
	if !ok {
		return nil, 0, fmt.Errorf("position %s is %w", positions.Format(in.Game, at.Piles, at.Hist), ErrNotReached)
	}
	return r, i, nil
}

// Positions returns the options of the enumeration of one instance of g
// under these options: the caps, the open width, the horizon and ctx.
// SolveAt takes them, with the position to look at added to the starts.
func (opt GameOptions) Positions(ctx context.Context, g *rules.Game) positions.Options {
	popt := positions.DefaultOptions(g)
	popt.MaxPositions, popt.OpenWidth = opt.maxPositions(), opt.openWidth()
	popt.MaxEdges, popt.MaxMoves, popt.MaxBytes, popt.Spill = opt.MaxEdges, opt.MaxMoves, opt.MaxBytes, opt.Spill
	if opt.Horizon != nil {
		popt.Horizon = *opt.Horizon
	}
	popt.Context = ctx
	return popt
}

func (opt GameOptions) maxPositions() int {
	if opt.MaxPositions <= 0 {
		return positions.DefaultMaxPositions
	}
	return opt.MaxPositions
}

func (opt GameOptions) openWidth() int64 {
	if opt.OpenWidth <= 0 {
		return positions.DefaultOpenWidth
	}
	return opt.OpenWidth
}
