package retro

import (
	"errors"
	"fmt"
	"retro/retro/internal/core"
	"retro/retro/internal/path/compiled"
	"retro/retro/internal/path/general"
	"retro/retro/internal/path/lines"
	"retro/retro/internal/path/shifts"
	"retro/retro/internal/path/tiers"
	"retro/retro/internal/path/unmoves"
	"retro/retro/internal/shape"
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

// path is one way of valuing a game instance: a row of the path table.
// solve solves it, or declines with the reason (shown: whether the
// general path's line repeats it; a reason another path has given already
// is not). part, for a path that runs in shards, is solve for one of
// several peers (see SolveInstancePart); nil for one that does not. The
// other columns are what the path can do besides, which the solve
// consults: a solve that keeps checkpoints tries only the paths that keep
// them, a path that cannot spill is handed no spill directory, and a
// path of 32-bit indices a position cap of at most positions.MaxIndex.
type path struct {
	name  string
	takes string // the games it takes, in a line
	solve func(in *rules.Instance, popt positions.Options, opt core.Options) (t *core.Table, why string, shown bool, err error)
	part  func(in *rules.Instance, popt positions.Options, opt core.Options, peers positions.Peers) (sh *core.Share, why string, shown bool, err error)
	// checkpoints: it keeps checkpoints (Options.Checkpoint); spill: it
	// keeps its arrays in files past the memory budget
	// (positions.Options.Spill); wide: its indices go past
	// positions.MaxIndex, up to positions.MaxIndex64.
	checkpoints, spill, wide bool
}

// paths are the paths in the order they are tried.
var paths = []path{
	{name: "compiled", takes: "affine moves that all raise or all lower the piles, an affine end, a bounded box",
		solve: compiled.Solve, part: compiled.SolveShare, checkpoints: true, spill: true, wide: true},
	{name: "lines", takes: "moves that take any number (k times a vector, k in an affine range), lowering the piles",
		solve: lines.Solve},
	{name: "unmoves", takes: "every tuple of a box (or those its starts reach), affine moves each read from the pile it changes, either way, one end sum",
		solve: solveByUnmoves},
	{name: "shifts", takes: "eight piles or more, moves that add constants to piles (the partition games)",
		solve: solveByShifts},
	{name: "tiers", takes: "a declared tier (no horizon), solved tier by tier",
		solve: solveByTiers},
	{name: "general", takes: "every game: the move graph coloured layer by layer",
		solve: solveByGraph, part: solveByGraphPart},
}

// PathInfo is a row of the path table as the outside reads it: what each
// path takes and can do.
type PathInfo struct {
	Name, Takes string
	// Shards: it runs in shards, a part a peer (SolveInstancePart);
	// Checkpoints, Spill, Wide: see the columns of the table.
	Shards, Checkpoints, Spill, Wide bool
}

// PathTable is the path table, in the order SolveInstance tries it.
func PathTable() []PathInfo {
	var t []PathInfo
	for _, p := range paths {
		t = append(t, PathInfo{Name: p.name, Takes: p.takes, Shards: p.part != nil,
			Checkpoints: p.checkpoints, Spill: p.spill, Wide: p.wide})
	}
	return t
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

// candidates are the rows of the table a solve with these options may
// take: the one Options.Path names, or all of them; only those that keep
// checkpoints where the solve keeps them (an error where the named one
// does not), and only those that run in shards where shards is set (the
// others named in skipped).
func candidates(opt core.Options, shards bool) (rows []path, skipped []string, err error) {
	for _, p := range paths {
		if opt.Path != "" && p.name != opt.Path {
			continue
		}
		switch {
		case opt.Checkpoint != nil && !p.checkpoints:
			if opt.Path != "" {
				return nil, nil, fmt.Errorf("%w: the %s path keeps no checkpoints (%s does)", core.ErrCheckpoint, p.name, keepers())
			}
			continue
		case shards && p.part == nil:
			if opt.Path != "" {
				return nil, nil, &PathError{Path: p.name, Why: "not in shards"}
			}
			skipped = append(skipped, p.name)
			continue
		}
		rows = append(rows, p)
	}
	if opt.Path != "" && rows == nil {
		return nil, nil, fmt.Errorf("no path %q (the paths: %s)", opt.Path, strings.Join(Paths(), ", "))
	}
	return rows, skipped, nil
}

// keepers names the paths that keep checkpoints.
func keepers() string {
	var names []string
	for _, p := range paths {
		if p.checkpoints {
			names = append(names, "the "+p.name+" path")
		}
	}
	return strings.Join(names, ", ")
}

// options are the enumeration's options as this path takes them: no
// spill directory for a path that cannot spill, and a position cap of at
// most positions.MaxIndex for a path of 32-bit indices.
func (p path) options(popt positions.Options) positions.Options {
	if !p.spill {
		popt.Spill = ""
	}
	if !p.wide {
		popt.MaxPositions = min(popt.MaxPositions, positions.MaxIndex)
	}
	return popt
}

// declined is the error of a solve none of whose candidates took the
// game: for a solve that keeps checkpoints, that no path that keeps them
// takes it; otherwise the named path's reason; nil where the general path was
// among them (it takes every game).
func declined(opt core.Options, why string) error {
	switch {
	case opt.Checkpoint != nil:
		return fmt.Errorf("%w: only %s keeps checkpoints, and it does not take this game: %s", core.ErrCheckpoint, keepers(), why)
	case opt.Path != "":
		return &PathError{Path: opt.Path, Why: why}
	}
	return nil
}

// SolveInstance enumerates one game instance and solves it by the first
// path of the table that takes it (or by the path Options.Path names);
// Result.Path says which, and why the paths before it declined.
func SolveInstance(in *rules.Instance, popt positions.Options, opt core.Options) (*Result, error) {
	rows, _, err := candidates(opt, false)
	if err != nil {
		return nil, err
	}
	var whys []string
	for _, p := range rows {
		t, why, shown, err := p.solve(in, p.options(popt), opt)
		if err != nil {
			return nil, err
		}
		if t != nil {
			r := fromPath(in, t)
			if p.name == "general" {
				r.Path = "general: " + strings.Join(whys, "; ")
				if opt.Path != "" {
					r.Path = "general: forced"
				}
			}
			return r, capOf(r.Edges, popt)
		}
		if shown || opt.Path != "" || opt.Checkpoint != nil {
			whys = append(whys, why)
		}
	}
	if err := declined(opt, strings.Join(whys, "; ")); err != nil {
		return nil, err
	}
	panic("retro: the general path declined")
}

// SolveInstancePart is SolveInstance for one of several peers that solve
// the instance together, each calling it with the same arguments: the
// first path of the table that takes the game in shards solves it, each
// peer its part. A path that does not run in shards declines, and the
// general path's line says so; a path forced by Options.Path that does
// not is an error.
func SolveInstancePart(in *rules.Instance, popt positions.Options, opt core.Options, peers positions.Peers) (*Part, error) {
	rows, unsharded, err := candidates(opt, true)
	if err != nil {
		return nil, err
	}
	var whys []string
	for _, p := range rows {
		sh, why, shown, err := p.part(in, p.options(popt), opt, peers)
		if err != nil {
			return nil, err
		}
		if sh == nil {
			if shown || opt.Path != "" || opt.Checkpoint != nil {
				whys = append(whys, why)
			}
			continue
		}
		part := fromShare(in, sh)
		if p.name == "general" && opt.Path == "" {
			if len(unsharded) > 0 {
				whys = append(whys, "not in shards: "+strings.Join(unsharded, ", "))
			}
			if len(whys) > 0 {
				part.Path += ": " + strings.Join(whys, "; ")
			}
		}
		return part, capOf(part.Edges(), popt)
	}
	if err := declined(opt, strings.Join(whys, "; ")); err != nil {
		return nil, err
	}
	panic("retro: the general path declined in shards")
}

// capOf is the edge cap's error for a solve of edges edges.
func capOf(edges int64, popt positions.Options) error {
	if popt.MaxEdges > 0 && edges > popt.MaxEdges {
		return fmt.Errorf("%w: more than %d", positions.ErrTooManyEdges, popt.MaxEdges)
	}
	return nil
}

func solveByUnmoves(in *rules.Instance, popt positions.Options, opt core.Options) (*core.Table, string, bool, error) {
	t, err := unmoves.Solve(in, popt, opt)
	var not *unmoves.DeclineError
	if errors.As(err, &not) {
		return nil, "no un-moves: " + not.Why, not.Stated, nil
	}
	if err != nil {
		return nil, "", false, err
	}
	return t, "", false, nil
}

func solveByShifts(in *rules.Instance, popt positions.Options, opt core.Options) (*core.Table, string, bool, error) {
	if in.Game.Tier != "" {
		moves, why := in.Affine()
		if why == "" {
			why = shape.TierKept(in, moves)
		}
		if why != "" {
			return nil, why, false, nil
		}
	}
	t, err := shifts.Solve(in, popt, opt)
	if errors.Is(err, positions.ErrNotShifts) {
		return nil, err.Error(), true, nil
	}
	if err != nil {
		return nil, "", false, err
	}
	return t, "", false, nil
}

func solveByTiers(in *rules.Instance, popt positions.Options, opt core.Options) (*core.Table, string, bool, error) {
	switch {
	case in.Game.Tier == "":
		return nil, "no tier declared", false, nil
	case popt.Horizon >= 0:
		return nil, "the declared tier is not used with a horizon", true, nil
	}
	t, err := tiers.Solve(in, popt, opt)
	if err != nil {
		return nil, "", false, err
	}
	return t, "", false, nil
}

func solveByGraph(in *rules.Instance, popt positions.Options, opt core.Options) (*core.Table, string, bool, error) {
	gr, err := positions.Enumerate(in, popt)
	if err != nil {
		return nil, "", false, err
	}
	t, err := general.Solve(gr, opt, nil)
	return t, "", false, err
}

func solveByGraphPart(in *rules.Instance, popt positions.Options, opt core.Options, peers positions.Peers) (*core.Share, string, bool, error) {
	sh, err := general.SolveShare(in, popt, opt, peers)
	return sh, "", false, err
}

// PathTableText is the path table in Markdown: a row a path, in the order
// they are tried, with what each takes and can do (retro help paths, and
// the table of PERFORMANCE.md, which a test keeps equal to it).
func PathTableText() string {
	var b strings.Builder
	b.WriteString("| path | takes | shards | checkpoints | spill | indices |\n")
	b.WriteString("|---|---|---|---|---|---|\n")
	yes := map[bool]string{true: "yes", false: "no"}
	for _, p := range PathTable() {
		width := "32-bit"
		if p.Wide {
			width = "64-bit"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", p.Name, p.Takes, yes[p.Shards], yes[p.Checkpoints], yes[p.Spill], width)
	}
	return b.String()
}

// Solve colours the positions of a move graph layer by layer. It takes over
// the graph's Out counters (the graph is not usable afterwards) and keeps
// only what the result needs.
//
// The work is proportional to the number of edges: every position is
// coloured once, and the edges into it are followed once, when it is.
func Solve(gr *positions.Graph, opt core.Options) (*Result, error) {
	t, err := general.Solve(gr, opt, nil)
	if err != nil {
		return nil, err
	}
	return fromPath(gr.Instance, t), nil
}
