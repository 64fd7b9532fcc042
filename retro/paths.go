package retro

import (
	"errors"
	"fmt"
	"strings"

	"retro/positions"
	"retro/rules"
)

// The paths, and the one place that chooses among them. SolveInstance
// tries them in the order of the table, each testing the game's shape
// from its rules before it spends anything; the first that takes the game
// solves it, and the general path takes every game. A path that declines
// says why: the general path's line in the summary (Result.Path) lists
// those reasons, and a path forced by Options.Path that declines is an
// error with its reason.

// path is one way of valuing a game instance. solve solves it, or
// declines with the reason (shown: whether the general path's line
// repeats it; a reason another path has given already is not). part, for
// a path that runs in shards, is solve for one of several peers (see
// SolveInstancePart); nil for one that does not.
type path struct {
	name  string
	solve func(in *rules.Instance, popt positions.Options, opt Options) (r *Result, why string, shown bool, err error)
	part  func(in *rules.Instance, popt positions.Options, opt Options, peers positions.Peers) (p *Part, why string, shown bool, err error)
}

// paths are the paths in the order they are tried.
var paths = []path{
	{"compiled", solveByCompiled, solveByCompiledPart},
	{"lines", solveByLines, nil},
	{"unmoves", solveByUnmoves, nil},
	{"shifts", solveByShifts, nil},
	{"tiers", solveByTiers, nil},
	{"general", solveByGraph, solveByGraphPart},
}

// Paths names the paths, in the order SolveInstance tries them.
func Paths() []string {
	var names []string
	for _, p := range paths {
		names = append(names, p.name)
	}
	return names
}

// ErrPathDeclines: the path Options.Path names does not take the game.
var ErrPathDeclines = errors.New("does not take this game")

// PathError is ErrPathDeclines with the path and its reason.
type PathError struct {
	Path, Why string
}

func (e *PathError) Error() string {
	return fmt.Sprintf("the %s path %s: %s", e.Path, ErrPathDeclines, e.Why)
}

func (e *PathError) Unwrap() error { return ErrPathDeclines }

// SolveInstance enumerates one game instance and solves it by the first
// path of the table that takes it (or by the path Options.Path names);
// Result.Path says which, and why the paths before it declined.
func SolveInstance(in *rules.Instance, popt positions.Options, opt Options) (*Result, error) {
	name := opt.pathName()
	if opt.Checkpoint != nil {
		if err := keepsCheckpoints(name); err != nil {
			return nil, err
		}
		r, why, _, err := solveByCompiled(in, popt, opt)
		if err == nil && r == nil {
			err = declinesCheckpoints(why)
		}
		if err != nil {
			return nil, err
		}
		return r, capEdges(r, popt)
	}
	if name != "" {
		for _, p := range paths {
			if p.name != name {
				continue
			}
			r, why, _, err := p.solve(in, popt, opt)
			if err != nil {
				return nil, err
			}
			if r == nil {
				return nil, &PathError{Path: name, Why: why}
			}
			if name == "general" {
				r.Path = "general: forced"
			}
			return r, capEdges(r, popt)
		}
		return nil, fmt.Errorf("no path %q (the paths: %s)", name, strings.Join(Paths(), ", "))
	}
	var whys []string
	for _, p := range paths {
		r, why, shown, err := p.solve(in, popt, opt)
		if err != nil {
			return nil, err
		}
		if r != nil {
			if p.name == "general" {
				r.Path = "general: " + strings.Join(whys, "; ")
			}
			return r, capEdges(r, popt)
		}
		if shown {
			whys = append(whys, why)
		}
	}
	panic("retro: the general path declined")
}

// SolveInstancePart is SolveInstance for one of several peers that solve
// the instance together, each calling it with the same arguments: the
// first path of the table that takes the game in shards solves it, each
// peer its part. A path that does not run in shards declines, and the
// general path's line says so; a path forced by Options.Path that does
// not is an error.
func SolveInstancePart(in *rules.Instance, popt positions.Options, opt Options, peers positions.Peers) (*Part, error) {
	name := opt.pathName()
	if opt.Checkpoint != nil {
		if err := keepsCheckpoints(name); err != nil {
			return nil, err
		}
		part, why, _, err := solveByCompiledPart(in, popt, opt, peers)
		if err == nil && part == nil {
			err = declinesCheckpoints(why)
		}
		if err != nil {
			return nil, err
		}
		return part, capOf(part.Edges(), popt)
	}
	var whys, unsharded []string
	for _, p := range paths {
		if name != "" && p.name != name {
			continue
		}
		if p.part == nil {
			if name != "" {
				return nil, &PathError{Path: name, Why: "not in shards"}
			}
			unsharded = append(unsharded, p.name)
			continue
		}
		part, why, shown, err := p.part(in, popt, opt, peers)
		if err != nil {
			return nil, err
		}
		if part == nil {
			if name != "" {
				return nil, &PathError{Path: name, Why: why}
			}
			if shown {
				whys = append(whys, why)
			}
			continue
		}
		if p.name == "general" && name == "" {
			if len(unsharded) > 0 {
				whys = append(whys, "not in shards: "+strings.Join(unsharded, ", "))
			}
			if len(whys) > 0 {
				part.Path += ": " + strings.Join(whys, "; ")
			}
		}
		return part, capOf(part.Edges(), popt)
	}
	if name != "" {
		return nil, fmt.Errorf("no path %q (the paths: %s)", name, strings.Join(Paths(), ", "))
	}
	panic("retro: the general path declined in shards")
}

// shardedPath is the line of a path run in n shards: its name with ", in
// n shards", then what the path says of itself.
func shardedPath(line string, n int) string {
	name, rest, _ := strings.Cut(line, ":")
	return fmt.Sprintf("%s, in %d shards:%s", name, n, rest)
}

// capEdges is the edge cap's error for a path that finds its edges as it
// values them.
func capEdges(r *Result, popt positions.Options) error { return capOf(r.Edges, popt) }

// capOf is the edge cap's error for a solve of edges edges.
func capOf(edges int64, popt positions.Options) error {
	if popt.MaxEdges > 0 && edges > popt.MaxEdges {
		return fmt.Errorf("%w: more than %d", positions.ErrTooManyEdges, popt.MaxEdges)
	}
	return nil
}

// keepsCheckpoints refuses, for a solve that keeps checkpoints, a path
// other than the compiled path, the one that keeps them.
func keepsCheckpoints(name string) error {
	if name != "" && name != "compiled" {
		return fmt.Errorf("%w: the %s path keeps no checkpoints (the compiled path does)", ErrCheckpoint, name)
	}
	return nil
}

// declinesCheckpoints is the error of a solve that keeps checkpoints where
// the compiled path does not take the game, for the reason why.
func declinesCheckpoints(why string) error {
	return fmt.Errorf("%w: only the compiled path keeps checkpoints, and it does not take this game: %s", ErrCheckpoint, why)
}

func solveByCompiled(in *rules.Instance, popt positions.Options, opt Options) (*Result, string, bool, error) {
	if opt.Checkpoint != nil {
		popt.Save = findSave{ck: opt.Checkpoint, inst: opt.Instance}
	}
	c, why, err := positions.Compile(in, popt)
	if err != nil || c == nil {
		return nil, why, true, err
	}
	r, err := solveCompiled(c, in, opt, popt)
	if err != nil {
		return nil, "", false, err
	}
	r.Path = compiledPath(c)
	return r, "", false, nil
}

func solveByUnmoves(in *rules.Instance, popt positions.Options, opt Options) (*Result, string, bool, error) {
	r, err := SolveUnmoves(in, popt, opt)
	var not *positions.UnmovesError
	if errors.As(err, &not) {
		return nil, "no un-moves: " + not.Why, not.Stated, nil
	}
	return r, "", false, err
}

func solveByShifts(in *rules.Instance, popt positions.Options, opt Options) (*Result, string, bool, error) {
	if in.Game.Tier != "" {
		moves, why := in.Affine()
		if why == "" {
			why = positions.TierKept(in, moves)
		}
		if why != "" {
			return nil, why, false, nil
		}
	}
	r, err := SolveShifts(in, popt, opt)
	if errors.Is(err, positions.ErrNotShifts) {
		return nil, err.Error(), true, nil
	}
	if err != nil {
		return nil, "", false, err
	}
	return r, "", false, nil
}

func solveByTiers(in *rules.Instance, popt positions.Options, opt Options) (*Result, string, bool, error) {
	switch {
	case in.Game.Tier == "":
		return nil, "no tier declared", false, nil
	case popt.Horizon >= 0:
		return nil, "the declared tier is not used with a horizon", true, nil
	}
	r, err := solveTiers(in, popt, opt)
	return r, "", false, err
}

func solveByGraph(in *rules.Instance, popt positions.Options, opt Options) (*Result, string, bool, error) {
	gr, err := positions.Enumerate(in, popt)
	if err != nil {
		return nil, "", false, err
	}
	r, err := Solve(gr, opt)
	return r, "", false, err
}

func solveByGraphPart(in *rules.Instance, popt positions.Options, opt Options, peers positions.Peers) (*Part, string, bool, error) {
	p, err := SolvePart(in, popt, opt, peers)
	return p, "", false, err
}

// pathName is the path the options force: Path, or "general" for
// General; "" for the first that takes the game.
func (opt Options) pathName() string {
	if opt.General {
		return "general"
	}
	return opt.Path
}
