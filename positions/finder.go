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
	Spill string
	// Save, when set, is where the compiled path's search of the box saves
	// where it stands now and then, and resumes from (a checkpoint).
	Save      SweepSave
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

// withDefaults is opt with the position cap and the open width filled in
// where they are left at zero, and the cap at most MaxIndex.
func (o Options) WithDefaults() Options {
	o = o.withDefaults64()
	o.MaxPositions = min(o.MaxPositions, MaxIndex)
	return o
}

// withDefaults64 is withDefaults for a path of 64-bit indices: the cap at
// most MaxIndex64.
func (o Options) withDefaults64() Options {
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

// discover finds the positions of a game instance: every position
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

// listStarts lists the start positions of an instance, at most max of
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
	limit := opt.withDefaults64().MaxPositions
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

func errNotEnumerated(g *rules.Game, p []int64) error {
	return fmt.Errorf("start position %s was not enumerated", Format(g, p, 0))
}

// finder discovers the positions by breadth-first search from the starts.
// The set is a growing box while the positions are dense, a hash index once
// they are sparse or when a horizon needs each position's depth.
type finder struct {
	in     *rules.Instance
	g      *rules.Game
	m      *rules.Machine
	Opt    Options
	piles  int
	hist   int
	bounds []rules.Range

	box   *growBox
	hash  *hashIndex
	gone  []bool   // hash ids removed: final positions that are not starts
	dead  []int64  // the same in a box: piles and history, one after another
	depth []uint32 // hash ids: moves from a start (with a horizon)
	unexp []int32  // hash ids left unexplored at the horizon

	q     Fifo
	rec   []int64 // a record of q
	moves rules.MoveList
	probe rules.MoveList
	level int64 // bytes of the cells of a level, in parallel discovery

	Work  *Work
	meter *Meter
	sent  int64 // a distributed search's bytes sent to the other peers
	deep  int   // levels of the parallel search done: depths of the sequential one start there
	asked bool  // whether growthCheck has asked the rules
}

// UnboundedDepth is how deep the search goes before it asks whether the
// rules prove that its positions never end (rules.Instance.Unbounded):
// x - 1 and x + 4 from 1, where the end x < 0 never holds, gains a few
// positions a level, and would take 25 million levels and minutes to reach
// the position cap. A game that ends is never stopped (it is a proof, not
// a guess), and the proof is asked for once, by a search that long.
const UnboundedDepth = 1 << 16

// growthCheck stops a search at UnboundedDepth where the rules prove that
// the positions never end.
func (f *finder) growthCheck(depth int) error {
	if depth < UnboundedDepth || f.asked || f.Opt.Horizon >= 0 {
		return nil
	}
	f.asked = true
	if gr := f.in.Unbounded(f.Opt.OpenWidth); gr != nil {
		return fmt.Errorf("%w: %s; the search is %d moves deep (set a horizon)", ErrUnbounded, gr, depth)
	}
	return nil
}

func newFinder(in *rules.Instance, opt Options, bounds []rules.Range) *finder {
	g := in.Game
	f := &finder{in: in, g: g, m: in.NewMachine(), Opt: opt, piles: len(g.Piles),
		hist: HistorySize(g), bounds: bounds}
	f.Work = &Work{opt: &f.Opt}
	f.meter = f.Work.Meter()
	return f
}

func (f *finder) count() int {
	if f.box != nil {
		return f.box.count
	}
	return f.hash.len()
}

// add puts a position in the set and reports whether it is new.
func (f *finder) add(p []int64, h int, depth int) (bool, error) {
	if f.box != nil {
		isNew, ok := f.box.add(p, h)
		if ok {
			return isNew, f.capCheck(isNew)
		}
		if err := f.toHash(); err != nil {
			return false, err
		}
	}
	_, isNew := f.hash.add(p, uint32(h))
	if isNew {
		f.gone = append(f.gone, false)
		if f.depth != nil || f.Opt.Horizon >= 0 {
			f.depth = append(f.depth, uint32(depth))
		}
	}
	return isNew, f.capCheck(isNew)
}

// boxTooLarge is the error of a game whose [bounds] box, every tuple of
// it a position, holds more positions than the cap.
func boxTooLarge(limit int) error {
	return fmt.Errorf("%w: the box holds more than %d", ErrTooManyPositions, limit)
}

// overCap is the error of a sweep that counted every position, more than
// the cap: every path finds the same positions, so a fast path that counts
// more than the cap ends the solve rather than hand the game to a slower
// one.
func overCap(count, limit int) error {
	return fmt.Errorf("%w: the game has %d, more than %d", ErrTooManyPositions, count, limit)
}

// tooManyPositions is the error of a search that passed the cap.
func tooManyPositions(limit int) error {
	if limit >= MaxIndex {
		return fmt.Errorf("%w: more than %d, the most the general path's 32-bit position index numbers (the compiled path numbers them in 64 bits)", ErrTooManyPositions, limit)
	}
	return fmt.Errorf("%w: more than %d; the game may not end (set a horizon, or raise the cap)", ErrTooManyPositions, limit)
}

func (f *finder) capCheck(isNew bool) error {
	if isNew && f.count() > f.Opt.MaxPositions {
		return tooManyPositions(f.Opt.MaxPositions)
	}
	if isNew && f.count()%(1<<16) == 0 {
		if f.Opt.Progress != nil && f.count()%(1<<20) == 0 {
			f.Opt.Progress("positions", int64(f.count()))
		}
		return f.checkBudget()
	}
	return nil
}

// checkBudget checks the memory of the positions found so far against the
// budget, and the context.
func (f *finder) checkBudget() error {
	if err := f.Opt.Afford("finding the positions", f.count(), f.bytes()); err != nil {
		return err
	}
	return f.Opt.Stopped()
}

// stopped is the context's error, if any.
func (o *Options) Stopped() error {
	if o.Context == nil {
		return nil
	}
	return o.Context.Err()
}

// toHash moves the positions found from the box to a hash index.
func (f *finder) toHash() error {
	n := f.box.count
	if err := f.Opt.Afford("a hash index", n, f.bytes()+hashBytesFor(n, f.box.keyBytes())+int64(n)); err != nil {
		return err
	}
	f.hash = newHashIndex(f.piles)
	f.box.each(func(p []int64, h int) {
		f.hash.add(p, uint32(h))
		f.gone = append(f.gone, false)
	})
	f.box = nil
	for w := f.piles + 1; len(f.dead) >= w; f.dead = f.dead[w:] {
		f.gone[f.hash.find(f.dead[:f.piles], uint32(f.dead[f.piles]))] = true
	}
	return nil
}

// has tells whether a position has been found (and not dropped as final).
func (f *finder) has(p []int64, h int) bool {
	if f.box != nil {
		return f.box.has(p, h)
	}
	return f.hash.find(p, uint32(h)) >= 0
}

// remove drops a position found to be final. It stays in the set until the
// search ends, so that the moves into it do not find it again.
func (f *finder) remove(p []int64, h int) {
	if f.box != nil {
		f.dead = append(f.dead, p...)
		f.dead = append(f.dead, int64(h))
		return
	}
	f.gone[f.hash.find(p, uint32(h))] = true
}

func (f *finder) inBounds(p []int64) bool {
	for k, r := range f.bounds {
		if p[k] < r.Lo || p[k] > r.Hi {
			return false
		}
	}
	return true
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
			return boxTooLarge(f.Opt.MaxPositions)
		}
		vol = lo
	}
	return nil
}

// wholeBox is the space of a [bounds] game without history or horizon:
// every tuple of the box, nothing else. boxFits has checked its volume.
func (f *finder) wholeBox() (*Space, error) {
	lo, hi := make([]int64, f.piles), make([]int64, f.piles)
	for k, r := range f.bounds {
		lo[k], hi[k] = r.Lo, r.Hi
	}
	size := Sides(lo, hi)
	b := newGrowBox(f.piles, 1, lo, size, true, false)
	vol := b.volume(size)
	if err := f.Opt.Afford("the box", int(vol), int64(vol)/8*2+int64(vol)/16); err != nil {
		return nil, err
	}
	for i := range b.bits {
		b.bits[i] = ^uint64(0)
	}
	if r := int(vol) % 64; r != 0 {
		b.bits[len(b.bits)-1] = 1<<r - 1
	}
	b.count = int(vol)
	f.box = b
	return f.space()
}

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
		if err := eachInBox(f.bounds, seed); err != nil {
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

// eachInBox calls fn for every tuple of a box, in index order.
func eachInBox(box []rules.Range, fn func(p []int64) error) error {
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

// space turns the set found into a Space. The finder's sets are let go:
// only the depths and the unexplored positions stay, for the graph. The
// space is dense when the positions found fill their tight box well
// (isDense), however the search kept them on its way, so that the kind of
// index is a function of the set alone; under a horizon, which needs each
// position's depth, it is hashed.
func (f *finder) space() (*Space, error) {
	sp := &Space{game: f.g, box: box{piles: f.piles, hist: f.hist}}
	if f.box != nil {
		for w := f.piles + 1; len(f.dead) >= w; f.dead = f.dead[w:] {
			f.box.remove(f.dead[:f.piles], int(f.dead[f.piles]))
		}
		f.dead = nil
	}
	if f.Opt.Horizon < 0 {
		dense, err := f.denseSpace(sp)
		if err != nil || dense {
			f.box, f.hash, f.gone = nil, nil, nil
			return sp, err
		}
	}
	if f.box != nil {
		if err := f.toHash(); err != nil {
			return nil, err
		}
	}
	if err := f.Opt.Afford("the index", f.hash.len(), f.bytes()+f.hash.bytes()); err != nil {
		return nil, err
	}
	idx, remap := f.hash.sorted(func(id int32) bool { return !f.gone[id] })
	f.hash, f.gone = nil, nil
	sp.index = idx
	sp.n = idx.len()
	if f.depth != nil {
		d := make([]uint32, sp.n)
		for id, nid := range remap {
			if nid >= 0 {
				d[nid] = f.depth[id]
			}
		}
		f.depth = d
	}
	for k, id := range f.unexp {
		f.unexp[k] = remap[id]
	}
	return sp, nil
}

// each calls fn for every position found and kept, from the box or the
// hash index, in no set order.
func (f *finder) each(fn func(p []int64, h int)) {
	if f.box != nil {
		f.box.each(fn)
		return
	}
	t := make([]int64, f.piles)
	for id := range f.hash.len() {
		if !f.gone[id] {
			h := f.hash.tuple(int32(id), t)
			fn(t, int(h))
		}
	}
}

// isDense tells whether n positions whose tight box has vol cells are
// indexed densely: when the box has at most sparseRatio cells a
// position, or sparseFloor cells in all.
func IsDense(vol uint64, n int) bool { return vol <= max(sparseFloor, sparseRatio*uint64(n)) }

// tightBox is the bounding box of some positions: its low corner and
// sides (each 1 when there are none).
func tightBox(piles int, each func(fn func(p []int64, h int))) (lo, size []int64) {
	lo, hi := make([]int64, piles), make([]int64, piles)
	first := true
	each(func(p []int64, _ int) {
		if first {
			copy(lo, p)
			copy(hi, p)
			first = false
		}
		for k, v := range p {
			lo[k], hi[k] = min(lo[k], v), max(hi[k], v)
		}
	})
	return lo, Sides(lo, hi)
}

// denseSpace fits a box tightly around the positions found and ranks them;
// it returns false, leaving sp alone, when that box is sparse.
func (f *finder) denseSpace(sp *Space) (bool, error) {
	n := f.count()
	if f.box == nil {
		n = 0
		for _, g := range f.gone {
			if !g {
				n++
			}
		}
	}
	lo, size := tightBox(f.piles, f.each)
	tight := &growBox{box: box{piles: f.piles, hist: f.hist, lo: lo, size: size}}
	vol := tight.volume(tight.size)
	if !IsDense(vol, n) {
		return false, nil
	}
	if err := f.Opt.Afford("the index", n, f.bytes()+int64(vol)/8+int64(vol)/16); err != nil {
		return false, err
	}
	tight.bits = NewBitset(int(vol))
	sp.dense = true
	f.each(func(p []int64, h int) { tight.add(p, h) })
	sp.lo, sp.size, sp.member = tight.lo, tight.size, tight.bits
	sp.rank, sp.n = rankDirectory(sp.member)
	return true, nil
}
