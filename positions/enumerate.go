package positions

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"

	"retro/rules"
)

// Defaults of Options.
const (
	// DefaultMaxPositions is the position cap: about 4 GB of solver state.
	DefaultMaxPositions = 100_000_000
	// DefaultOpenWidth is how many values an open parameter range ("31..")
	// takes when nothing closes it.
	DefaultOpenWidth = 100
)

// Options tune Enumerate.
type Options struct {
	MaxPositions int   // the position cap; 0: DefaultMaxPositions
	MaxEdges     int64 // the edge cap, 4 bytes an edge; 0: only the 2^32 - 1 that indices allow
	// MaxMoves caps the moves generated, all positions and passes together
	// (each move is generated three times); 0: no cap.
	MaxMoves int64
	// MaxBytes is the memory budget of the tables of the positions, the
	// graph and the solver's state (estimated as they grow, and before each
	// large allocation); 0: no budget.
	MaxBytes int64
	// Spill, when set, is a directory where a path that can keeps its
	// arrays in files (package spill) when they would take more than the
	// budget, instead of stopping at it.
	Spill     string
	OpenWidth int64 // values of an open start parameter; 0: DefaultOpenWidth
	Horizon   int   // analyse positions within this many moves of a start; -1: no horizon
	// Extra start positions, beyond the game's own (to look at a position
	// the starts do not reach).
	Extra []Seed
	// Context, when set, stops the work with its error once it is done.
	Context context.Context
	// Progress, when set, is called now and then with the stage
	// ("positions", "moves", "edges"; the compiled solve adds "outcomes")
	// and how far it has got.
	Progress func(stage string, done int64)
}

// DefaultOptions are the options a game asks for itself.
func DefaultOptions(g *rules.Game) Options { return Options{Horizon: g.Horizon} }

// MaxIndex is the most positions a path of 32-bit indices numbers (the
// general search, a hash index's signed ids, the stored graph, the
// colouring core's lists), so that a cap above it is taken as MaxIndex
// there. The compiled path numbers its positions in 64 bits, up to
// MaxIndex64.
const (
	MaxIndex   = 1<<31 - 1
	MaxIndex64 = 1 << 62
)

// WithDefaults is opt with the position cap and the open width filled in
// where they are left at zero, and the cap at most MaxIndex.
func (o Options) WithDefaults() Options {
	o = o.WithDefaults64()
	o.MaxPositions = min(o.MaxPositions, MaxIndex)
	return o
}

// WithDefaults64 is withDefaults for a path of 64-bit indices: the cap at
// most MaxIndex64.
func (o Options) WithDefaults64() Options {
	if o.MaxPositions <= 0 {
		o.MaxPositions = DefaultMaxPositions
	}
	o.MaxPositions = min(o.MaxPositions, MaxIndex64)
	if o.OpenWidth <= 0 {
		o.OpenWidth = DefaultOpenWidth
	}
	return o
}

// Seed is a position to start from: piles and history.
type Seed struct {
	Piles []int64
	Hist  int
}

// StartPos is a start position: the values of the start parameters that
// give it, and its index.
type StartPos struct {
	Params []int64
	Index  int
}

// Enumerate finds the positions of a game instance (every position
// reachable from its start positions, and the whole [bounds] box) and builds
// its move graph.
func Enumerate(in *rules.Instance, opt Options) (*Graph, error) {
	sp, f, starts, err := Discover(in, opt)
	if err != nil {
		return nil, err
	}
	gr, err := build(in, sp, f, f.bounds, f.Opt, 0, sp.Len(), nil)
	if err != nil {
		return nil, err
	}
	gr.Starts = starts
	return gr, nil
}

// Discover finds the positions of a game instance: every position
// reachable from its start positions, and the whole [bounds] box.
func Discover(in *rules.Instance, opt Options) (*Space, *finder, []StartPos, error) {
	f, starts, err := prepare(in, opt)
	if err != nil {
		return nil, nil, nil, err
	}
	var sp *Space
	if f.isWholeBox() {
		sp, err = f.wholeBox()
	} else {
		sp, err = f.find(starts)
	}
	if err != nil {
		return nil, nil, nil, err
	}
	var ss []StartPos
	for _, s := range starts {
		i, ok := sp.Index(s.Piles, 0)
		if !ok {
			return nil, nil, nil, errNotEnumerated(in.Game, s.Piles)
		}
		ss = append(ss, StartPos{Params: s.Params, Index: i})
	}
	return sp, f, ss, nil
}

// ListStarts lists the start positions of an instance, at most max of
// them, once the list is known to fit the memory budget: a start costs
// its two slices and their values (a list under 1 MiB is not counted:
// the process itself takes more).
func ListStarts(in *rules.Instance, opt Options, max int64) ([]rules.Start, error) {
	n, err := in.StartCount(opt.OpenWidth)
	if err != nil {
		return nil, err
	}
	per := int64(48 + 8*(len(in.Game.Piles)+len(in.Game.StartParams())))
	if n <= max && n > (1<<20)/per { // beyond max StartsUpTo refuses them by the count
		if err := opt.Afford("the start positions", int(n), n*per); err != nil {
			return nil, err
		}
	}
	// The list asks the context: a signal does not wait for 10^8 starts.
	starts, err := in.StartsStopping(opt.OpenWidth, max, opt.Stopped)
	if err != nil {
		return nil, err
	}
	// A ray longer than the cap proves the game over it at once; a game
	// whose growth the rules prove plainly (Unbounded) is stopped by the
	// search as it goes deep, with that proof.
	if opt.Horizon >= 0 || in.Unbounded(opt.OpenWidth) != nil {
		return starts, nil
	}
	limit := opt.WithDefaults64().MaxPositions
	if gr := in.LongRay(starts, int64(limit)); gr != nil {
		return nil, fmt.Errorf("%w: more than %d: %s", ErrTooManyPositions, limit, gr)
	}
	return starts, nil
}

// prepare makes the finder of a game instance and lists its starts,
// refusing too many starts or too large a box.
func prepare(in *rules.Instance, opt Options) (*finder, []rules.Start, error) {
	opt = opt.WithDefaults()
	starts, err := ListStarts(in, opt, int64(opt.MaxPositions))
	if err != nil {
		return nil, nil, err
	}
	bounds, err := in.Bounds()
	if err != nil {
		return nil, nil, err
	}
	if len(starts) > opt.MaxPositions {
		return nil, nil, fmt.Errorf("%w: the game has %d start positions, more than %d", ErrTooManyPositions, len(starts), opt.MaxPositions)
	}
	f := newFinder(in, opt, bounds)
	if err := f.boxFits(); err != nil {
		return nil, nil, err
	}
	return f, starts, nil
}

// isWholeBox tells whether the positions are every tuple of the [bounds]
// box and nothing else: a game without history, horizon or extra starts.
func (f *finder) isWholeBox() bool {
	return f.bounds != nil && f.hist == 1 && f.Opt.Horizon < 0 && len(f.Opt.Extra) == 0
}

// Stopped is the context's error, if any.
func (o *Options) Stopped() error {
	if o.Context == nil {
		return nil
	}
	return o.Context.Err()
}

// boxFits refuses a [bounds] box with more tuples than the position cap
// (each is a position), before anything is made of it.
func (f *finder) boxFits() error {
	if f.bounds == nil {
		return nil
	}
	vol := uint64(1)
	for k, r := range f.bounds {
		if r.Hi < r.Lo {
			return fmt.Errorf("the box is empty: %s = %d..%d", f.g.Piles[k], r.Lo, r.Hi)
		}
		w := uint64(r.Hi) - uint64(r.Lo) // one less than the side, exact in uint64
		hi, lo := bits.Mul64(vol, w+1)
		if w >= uint64(f.Opt.MaxPositions) || hi != 0 || lo > uint64(f.Opt.MaxPositions) {
			return BoxTooLarge(f.Opt.MaxPositions)
		}
		vol = lo
	}
	return nil
}

// find searches the positions breadth-first from the starts, the extra
// positions and the [bounds] box, and makes the space of those found.
func (f *finder) find(starts []rules.Start) (*Space, error) {
	f.q.Width = f.piles + 2
	f.rec = make([]int64, f.piles+2)
	if err := f.firstSet(starts); err != nil {
		return nil, err
	}
	rec := make([]int64, f.piles+2)
	seedHist := func(p []int64, h int) error {
		if len(p) != f.piles {
			return fmt.Errorf("a position of this game has %d piles, not %d", f.piles, len(p))
		}
		isNew, err := f.add(p, h, 0)
		if isNew {
			copy(rec, p)
			rec[f.piles], rec[f.piles+1] = int64(h), 0
			f.q.Push(rec...)
		}
		return err
	}
	seed := func(p []int64) error { return seedHist(p, 0) }
	for _, s := range starts {
		if err := seed(s.Piles); err != nil {
			return nil, err
		}
	}
	for _, s := range f.Opt.Extra {
		if err := seedHist(s.Piles, s.Hist); err != nil {
			return nil, err
		}
	}
	if f.bounds != nil {
		if err := EachInBox(f.bounds, seed); err != nil {
			return nil, err
		}
	}
	if f.box != nil && runtime.GOMAXPROCS(0) > 1 {
		if err := f.parallel(); err != nil {
			return nil, err
		}
	}
	for f.q.Pop(rec) {
		if err := f.expand(rec[:f.piles], int(rec[f.piles]), int(rec[f.piles+1])); err != nil {
			return nil, err
		}
	}
	if err := f.meter.Flush(); err != nil {
		return nil, err
	}
	return f.space()
}

// firstSet makes the set the search starts with: a box around the seeds
// (the starts, the extra positions, the [bounds] box) when it is small
// enough for them, a hash index otherwise, and always under a horizon,
// which needs each position's depth.
func (f *finder) firstSet(starts []rules.Start) error {
	seeds := len(starts) + len(f.Opt.Extra)
	if f.bounds != nil {
		seeds += boxTuples(f.bounds)
	}
	if f.Opt.Horizon < 0 {
		lo, hi := f.startBox(starts, f.Opt.Extra)
		size := Sides(lo, hi)
		b := &box{piles: f.piles, hist: f.hist}
		if vol := b.volume(size); vol <= growLimit(seeds) {
			if err := f.Opt.Afford("the box of the starts", seeds, int64(vol)/8); err != nil {
				return err
			}
			f.box = newGrowBox(f.piles, f.hist, lo, size, false, !f.g.Signed)
			f.box.afford = func(extra int64) bool {
				return f.Opt.Afford("", 0, f.bytes()+extra) == nil
			}
			return nil
		}
	}
	if err := f.Opt.Afford("a hash index", seeds, hashBytesFor(seeds, int64(4*f.piles+2))); err != nil {
		return err
	}
	f.hash = newHashIndex(f.piles)
	return nil
}

// boxTuples is the number of tuples of a box boxFits has passed.
func boxTuples(bounds []rules.Range) int {
	n := 1
	for _, r := range bounds {
		n *= int(r.Hi - r.Lo + 1)
	}
	return n
}

// startBox is the bounding box of the start positions and the [bounds] box.
func (f *finder) startBox(starts []rules.Start, extra []Seed) (lo, hi []int64) {
	first := true
	take := func(p []int64) error {
		if first {
			lo, hi = append([]int64(nil), p...), append([]int64(nil), p...)
			first = false
		}
		for k, v := range p {
			lo[k], hi[k] = min(lo[k], v), max(hi[k], v)
		}
		return nil
	}
	for _, s := range starts {
		take(s.Piles)
	}
	for _, s := range extra {
		if len(s.Piles) == f.piles {
			take(s.Piles)
		}
	}
	if f.bounds != nil {
		lo2, hi2 := make([]int64, f.piles), make([]int64, f.piles)
		for k, r := range f.bounds {
			lo2[k], hi2[k] = r.Lo, r.Hi
		}
		take(lo2)
		take(hi2)
	}
	if first {
		lo, hi = make([]int64, f.piles), make([]int64, f.piles)
	}
	return lo, hi
}

// EachInBox calls fn for every tuple of a box, in index order.
func EachInBox(box []rules.Range, fn func(p []int64) error) error {
	p := make([]int64, len(box))
	for k, r := range box {
		if r.Hi < r.Lo {
			return nil
		}
		p[k] = r.Lo
	}
	for {
		if err := fn(p); err != nil {
			return err
		}
		k := len(p) - 1
		for ; k >= 0; k-- {
			if p[k] < box[k].Hi {
				p[k]++
				break
			}
			p[k] = box[k].Lo
		}
		if k < 0 {
			return nil
		}
	}
}

// expand follows the moves of one position found at the given depth.
func (f *finder) expand(p []int64, h, depth int) error {
	if depth == 0 { // only a start may be over already: a final row
		if end, err := f.m.End(p); err != nil || end {
			return err
		}
	}
	last, mylast := SplitHistory(f.g, h)
	f.moves.Reset()
	if err := f.m.Moves(p, last, mylast, &f.moves); err != nil {
		return err
	}
	if err := f.meter.Spend(f.moves.Len()); err != nil {
		return err
	}
	if f.moves.Len() == 0 {
		if depth > 0 {
			f.remove(p, h) // final, reached by a move: an end, not a row
		}
		return nil
	}
	if f.Opt.Horizon >= 0 && depth >= f.Opt.Horizon {
		if all, err := f.movesAllEnd(h); err != nil || !all {
			f.unexp = append(f.unexp, f.hash.find(p, uint32(h)))
			return err
		}
	}
	if err := f.growthCheck(f.deep + depth); err != nil {
		return err
	}
	rec := f.rec
	for k := 0; k < f.moves.Len(); k++ {
		t := f.moves.To(k, f.piles)
		th := NextHistory(f.g, h, int(f.moves.Cmd[k]))
		if f.has(t, th) {
			continue
		}
		end, err := f.m.End(t)
		if err != nil {
			return err
		}
		if end {
			continue
		}
		if f.bounds != nil && !f.inBounds(t) {
			if err := f.outside(p, h, t, th, f.moves.Cmd[k]); err != nil {
				return err
			}
			continue
		}
		isNew, err := f.add(t, th, depth+1)
		if err != nil {
			return err
		}
		if isNew {
			copy(rec, t)
			rec[f.piles], rec[f.piles+1] = int64(th), int64(depth+1)
			f.q.Push(rec...)
		}
	}
	return nil
}

// movesAllEnd reports whether every move in f.moves (made with history h)
// ends the game: its target is final, as end holds there or its player has
// no move. A position at the horizon whose moves all end is decided there
// (under the exam count, one whose every move loses is L 0), so its moves
// are followed: they add no row.
func (f *finder) movesAllEnd(h int) (bool, error) {
	for k := range f.moves.Len() {
		th := NextHistory(f.g, h, int(f.moves.Cmd[k]))
		if final, err := Final(f.g, f.m, &f.probe, f.moves.To(k, f.piles), th); err != nil || !final {
			return false, err
		}
	}
	return true, nil
}

// Final reports whether the position p of g with history h is final: end
// holds there, or its player has no legal move. probe is scratch space for
// the moves.
func Final(g *rules.Game, m *rules.Machine, probe *rules.MoveList, p []int64, h int) (bool, error) {
	if end, err := m.End(p); err != nil || end {
		return end, err
	}
	last, mylast := SplitHistory(g, h)
	probe.Reset()
	if err := m.Moves(p, last, mylast, probe); err != nil {
		return false, err
	}
	return probe.Len() == 0, nil
}

// outside checks a move (of command cmd) from the box to a position
// outside it: allowed only when that position is final.
func (f *finder) outside(from []int64, h int, to []int64, th int, cmd int32) error {
	return outsideBox(f.g, f.m, &f.probe, from, h, to, th, cmd)
}

// outsideBox is that check with a given machine and scratch list. The
// error names the game's file, the command and both positions.
func outsideBox(g *rules.Game, m *rules.Machine, probe *rules.MoveList, from []int64, h int, to []int64, th int, cmd int32) error {
	last, mylast := SplitHistory(g, th)
	probe.Reset()
	if err := m.Moves(to, last, mylast, probe); err != nil {
		return err
	}
	if probe.Len() == 0 {
		return nil
	}
	if !g.HasBounds {
		return fmt.Errorf("%s: internal error: the move %q from %s leads to %s, which is neither final nor among the positions found",
			g.File, g.Commands[cmd].Name, Format(g, from, h), Format(g, to, th))
	}
	return fmt.Errorf("%s: %w: %q from %s to %s, which is not final (a move may leave [bounds] only to a final position)", g.File, ErrOutsideBox,
		g.Commands[cmd].Name, Format(g, from, h), Format(g, to, th))
}
