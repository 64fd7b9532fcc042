package positions

import (
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"

	"retro/rules"
)

// A game of many piles whose moves are all shifts (each adds constants to
// some piles: rules.Shift) has no edges stored at all. Where the shifts
// keep a weighted sum of the piles, its positions are ranks on the slice
// of that sum (slicefind.go); elsewhere they are found and kept as packed
// keys (packed.go): the moves of a position are made by adding a packed
// number to its key, and its predecessors by subtracting one. The solver
// needs the predecessors of the positions it colours and the successor
// counts of the positions it lowers, and those are worked out when asked
// for. A position costs its key, a slot of the hash table and a few bits,
// or on a slice a few bits.

// ErrNotShifts: a game instance that EnumerateShifts does not take; the
// general Enumerate does.
var ErrNotShifts = errors.New("not a many-pile game of shifts")

// ShiftGraph is the move graph of a game of shifts, kept implicitly. Its
// fields mean what Graph's do.
type ShiftGraph struct {
	Space    *Space
	Instance *rules.Instance
	Starts   []StartPos
	Moves    int64 // legal moves from the non-final positions
	Edges    int64 // distinct edges between positions

	WinEnd, LoseEnd     Bitset
	FinalLost, FinalWon Bitset

	// Index says how the space indexes the positions: ranked on a slice
	// of a kept sum, or as packed keys (and why not on a slice).
	Index string

	ends map[uint32]uint32 // moves into ends of the game, per position with some
	impl shiftImpl
}

// shiftImpl is what depends on the size of the keys.
type shiftImpl interface {
	out(i int) uint32
	preds(j int, buf []uint32) []uint32
}

// Len is the number of positions.
func (g *ShiftGraph) Len() int { return g.Space.Len() }

// Out is the number of distinct positions the moves of i lead to (i not
// final).
func (g *ShiftGraph) Out(i int) uint32 { return g.impl.out(i) - g.ends[uint32(i)] }

// Preds appends to buf the positions with a move to j, each once, and
// returns it. It is not safe for concurrent use.
func (g *ShiftGraph) Preds(j int, buf []uint32) []uint32 { return g.impl.preds(j, buf) }

// EnumerateShifts finds the positions of a game of shifts, as Enumerate
// does, on the slice of a kept sum where there is one, and returns its
// implicit graph; ErrNotShifts, wrapped with the
// reason, when the game is not one (see shiftsOf), or when something
// only the general path reports, such as a fault in `end`, comes up.
func EnumerateShifts(in *rules.Instance, opt Options) (*ShiftGraph, error) {
	return enumerateShifts(in, opt, true)
}

// enumerateShifts is EnumerateShifts, on a slice only when onSlice is
// set.
func enumerateShifts(in *rules.Instance, opt Options, onSlice bool) (*ShiftGraph, error) {
	shifts, why := shiftsOf(in, opt)
	if why != "" {
		return nil, fmt.Errorf("%w: %s", ErrNotShifts, why)
	}
	opt = opt.WithDefaults()
	starts, err := ListStarts(in, opt, rules.MaxStarts)
	if err != nil {
		return nil, err
	}
	p := len(in.Game.Piles)
	var seeds [][]int64
	for _, s := range starts {
		seeds = append(seeds, s.Piles)
	}
	for _, s := range opt.Extra {
		if len(s.Piles) != p {
			return nil, fmt.Errorf("a position of this game has %d piles, not %d", p, len(s.Piles))
		}
		seeds = append(seeds, s.Piles)
	}
	for _, s := range seeds {
		if slices.Min(s) < 0 {
			return nil, fmt.Errorf("%w: a start has a negative pile", ErrNotShifts)
		}
	}
	distinct, mult := distinctShifts(shifts)
	fwd := newShiftMoves(distinct, mult, p, false)
	rev := newShiftMoves(distinct, nil, p, true)
	addStarts := func(gr *ShiftGraph) {
		for _, s := range starts {
			i, _ := gr.Space.Index(s.Piles, 0)
			gr.Starts = append(gr.Starts, StartPos{Params: s.Params, Index: i})
		}
	}
	sl, why := shiftSlice(distinct, p, seeds, opt)
	if !onSlice {
		sl, why = nil, "not asked for"
	}
	if sl != nil {
		gr, err := findOnSlice(in, opt, sl, seeds, fwd, rev)
		if err == nil {
			addStarts(gr)
		}
		return gr, err
	}
	// The first widths: what the starts hold and what one move adds.
	width := make([]uint8, p)
	for _, s := range seeds {
		for k, v := range s {
			width[k] = max(width[k], bitsFor(v))
		}
	}
	for _, g := range fwd.give {
		width[g.pile] = max(width[g.pile], bitsFor(g.amt))
	}
	for {
		lay, ok := newLayout(width)
		if !ok {
			return nil, fmt.Errorf("%w: a position takes more than %d bits", ErrNotShifts, 64*maxKeyWords)
		}
		var gr *ShiftGraph
		switch lay.words {
		case 1:
			gr, width, err = findShifts[[1]uint64](in, opt, seeds, lay, fwd, rev)
		case 2:
			gr, width, err = findShifts[[2]uint64](in, opt, seeds, lay, fwd, rev)
		case 3:
			gr, width, err = findShifts[[3]uint64](in, opt, seeds, lay, fwd, rev)
		default:
			gr, width, err = findShifts[[4]uint64](in, opt, seeds, lay, fwd, rev)
		}
		if err != nil || gr != nil {
			if err == nil {
				addStarts(gr)
				gr.Index = "positions as packed keys (not on a slice: " + why + ")"
			}
			return gr, err
		}
		// The keys need more words: start again with the widths seen.
	}
}

// keyChunk is how many keys a block of the key store holds.
const keyChunk = 1 << 18

// shiftFinder discovers the positions of a game of shifts breadth first,
// a round of positions at a time on every core. The workers only read the
// table; what they find new is added between rounds, in worker order. The
// set found does not depend on the order of work, and the index is made
// from the set, sorted, so neither does anything else. Shifts commute, so
// a position need not look up every successor: one that another position
// as near the starts reaches by a later move is left to it
// (leftToOthers), which in a game like FSVP is more than half of them.
type shiftFinder[K packedKey] struct {
	in     *rules.Instance
	opt    Options
	lay    layout
	maxv   []int64
	fwd    *shiftMoves
	deltas []K

	store [][]K      // keys by id, in blocks of keyChunk
	via   [][]uint32 // the same, how each key was found (a via)
	count int
	added int      // the first id added in this round
	all   bool     // every successor is looked up: no move is left to another position
	table []uint64 // the top half of the key's hash (its tag), then id + 1; 0: empty
	mask  uint64
	shift uint   // a key's first slot is its hash's top bits: hash >> shift
	warm  uint64 // what insertAll read ahead, kept so that the reads stay

	final   []uint32   // ids of final keys
	ends    map[K]bool // keys where end holds reached by a move: not kept
	moves   int64
	edges   int64
	box     *extent // of the positions that are not final
	workers []*shiftWorker[K]
}

type shiftWorker[K packedKey] struct {
	f     *shiftFinder[K]
	m     *rules.Machine
	v     []int64
	t     []int64
	nz    []int32
	cand  []int32
	found []K
	fvia  []uint32 // how each was found
	seen  []uint32 // an open-addressing set of found: index + 1; 0: empty
	ends  []K
	succ  []K      // the successors of a batch of positions
	by    []uint32 // the via of each
	slot  []uint64 // their hashes; then slot<<32 | tag
	ids   []uint64 // what those slots hold
	got   []K      // and the keys they name
	final []uint32
	over  []uint32 // ids to expand again once the piles are wider
	need  []int64  // per pile, the largest value that did not fit
	moves int64
	edges int64
	box   *extent // of the positions it expanded that are not final
	warm  uint64  // what resolve read ahead, kept so that the reads stay
	deep  bool    // a position too far from the starts for a via
	err   error
}

func (f *shiftFinder[K]) at(id uint32) *K { return &f.store[id/keyChunk][id%keyChunk] }

func (f *shiftFinder[K]) viaOf(id uint32) uint32 { return f.via[id/keyChunk][id%keyChunk] }

// A via says how a key was found: its distance from the starts in moves
// times 1<<16, plus the move that found it from a position one nearer
// (noMove for a seed). Of the positions that find a key in the round it
// is first found, the via keeps the nearest, and of those the one by the
// latest move, which leaves the most to others (leftToOthers).
const (
	noMove  = 1<<16 - 1
	seedVia = noMove
	maxDist = 1<<16 - 2
)

// nearer says whether via a is a better way to a key than b.
func nearer(a, b uint32) bool {
	return a>>16 < b>>16 || a>>16 == b>>16 && a&noMove > b&noMove
}

// home is the first slot of a key of hash h.
func (f *shiftFinder[K]) home(h uint64) uint64 { return h >> f.shift }

// lookupFrom goes on looking for a key of hash tag tag from slot s: only
// the slots of the same tag need the key read.
func (f *shiftFinder[K]) lookupFrom(k K, s uint64, tag uint64) int64 {
	for ; ; s = (s + 1) & f.mask {
		e := f.table[s]
		if e == 0 {
			return -1
		}
		if e&^(1<<32-1) == tag && *f.at(uint32(e) - 1) == k {
			return int64(uint32(e) - 1)
		}
	}
}

// insert adds a seed when it is new.
func (f *shiftFinder[K]) insert(k K) (bool, error) { return f.insertHashed(k, hashKey(k), seedVia) }

// insertAll inserts keys found by the moves via, a group at a time: the
// first slots of a group are read together, so that their cache misses
// overlap.
func (f *shiftFinder[K]) insertAll(keys []K, via []uint32) error {
	const group = 32
	var hs [group]uint64
	var warm uint64
	for lo := 0; lo < len(keys); lo += group {
		g := keys[lo:min(lo+group, len(keys))]
		for i := range g {
			hs[i] = hashKey(g[i])
			warm |= f.table[f.home(hs[i])]
		}
		for i := range g {
			if _, err := f.insertHashed(g[i], hs[i], via[lo+i]); err != nil {
				return err
			}
		}
	}
	f.warm = warm
	return nil
}

func (f *shiftFinder[K]) insertHashed(k K, h uint64, via uint32) (bool, error) {
	tag := h >> 32 << 32
	s := f.home(h)
	for ; f.table[s] != 0; s = (s + 1) & f.mask {
		if e := f.table[s]; e&^(1<<32-1) == tag && *f.at(uint32(e) - 1) == k {
			if id := uint32(e) - 1; int(id) >= f.added && nearer(via, f.viaOf(id)) {
				f.via[id/keyChunk][id%keyChunk] = via // found in this round by another worker too
			}
			return false, nil
		}
	}
	if f.count == f.opt.MaxPositions {
		return false, tooManyPositions(f.opt.MaxPositions)
	}
	id := f.count
	if id%keyChunk == 0 {
		block := bigSlice[K](keyChunk)
		f.store = append(f.store, block)
		f.via = append(f.via, bigSlice[uint32](keyChunk))
	}
	*f.at(uint32(id)) = k
	f.via[id/keyChunk][id%keyChunk] = via
	f.count++
	f.table[s] = tag | uint64(id+1)
	if uint64(f.count)*2 > f.mask {
		f.rehash(2*len(f.table), false)
	}
	if f.count%(1<<20) == 0 && f.opt.Progress != nil {
		f.opt.Progress("positions", int64(f.count))
	}
	return true, nil
}

// rehash makes the table size slots (a power of two), and puts the keys
// in it again. A key's first slot is the top bits of its hash, which its
// tag holds while the table has at most 1<<32 slots: a larger table from
// a smaller one, or a table of keys whose layout changed (fresh), hashes
// the keys again, the others move the entries without reading a key.
func (f *shiftFinder[K]) rehash(size int, fresh bool) {
	old := f.table
	f.table = bigSlice[uint64](size)
	f.mask = uint64(size - 1)
	f.shift = uint(64 - bits.Len64(f.mask))
	put := func(h, e uint64) {
		s := f.home(h)
		for f.table[s] != 0 {
			s = (s + 1) & f.mask
		}
		f.table[s] = e
	}
	if fresh || f.shift < 32 {
		for id := 0; id < f.count; id++ {
			h := hashKey(*f.at(uint32(id)))
			put(h, h>>32<<32|uint64(id+1))
		}
	} else {
		for _, e := range old {
			if e != 0 {
				put(e, e)
			}
		}
	}
	freeSlice(old)
}

// setLayout packs the deltas of the moves for a layout.
func (f *shiftFinder[K]) setLayout(lay layout) {
	f.lay = lay
	p := len(lay.width)
	f.maxv = make([]int64, p)
	for k := range p {
		f.maxv[k] = lay.max(k)
	}
	f.deltas = make([]K, len(f.fwd.vecs))
	words := make([]uint64, lay.words)
	for m, s := range f.fwd.vecs {
		lay.delta(s.Piles, s.Deltas, words)
		for w := range words {
			f.deltas[m][w] = words[w]
		}
	}
}

// shiftRound is how many positions a worker expands between two merges.
const shiftRound = 1 << 12

// findShifts runs the search with keys of one size. It returns nil and
// the widths to start again with when the keys must grow.
func findShifts[K packedKey](in *rules.Instance, opt Options, seeds [][]int64, lay layout,
	fwd, rev *shiftMoves) (*ShiftGraph, []uint8, error) {
	p := len(in.Game.Piles)
	f := &shiftFinder[K]{in: in, opt: opt, fwd: fwd, box: newExtent(p),
		ends: map[K]bool{}, all: in.Game.HasEnd || len(fwd.vecs) >= noMove}
	f.setLayout(lay)
	f.rehash(1<<10, true)
	nw := runtime.GOMAXPROCS(0)
	for range nw {
		w := &shiftWorker[K]{f: f, m: in.NewMachine(), v: make([]int64, p), t: make([]int64, p), need: make([]int64, p),
			box: newExtent(p)}
		f.workers = append(f.workers, w)
	}
	for _, s := range seeds {
		k, _ := packKey[K](&f.lay, s)
		if _, err := f.insert(k); err != nil {
			return nil, nil, err
		}
		f.box.take(s, nonZero(s, nil))
	}
	nstarts := f.count
	var redo []uint32
	work := make([]uint32, 0, nw*shiftRound)
	for next := 0; next < f.count || len(redo) > 0; {
		if err := opt.Stopped(); err != nil {
			return nil, nil, err
		}
		work = append(work[:0], redo...)
		redo = redo[:0]
		for ; next < f.count && len(work) < nw*shiftRound; next++ {
			work = append(work, uint32(next))
		}
		f.round(work)
		f.added = f.count
		over := false
		for _, w := range f.workers {
			if w.err != nil {
				return nil, nil, fmt.Errorf("%w: %v", ErrNotShifts, w.err)
			}
			f.final = append(f.final, w.final...)
			f.moves += w.moves
			f.edges += w.edges
			w.final, w.moves, w.edges = w.final[:0], 0, 0
			if err := f.insertAll(w.found, w.fvia); err != nil {
				return nil, nil, err
			}
			w.found, w.fvia = w.found[:0], w.fvia[:0]
			clear(w.seen)
			for _, k := range w.ends {
				f.ends[k] = true
			}
			w.ends = w.ends[:0]
			redo = append(redo, w.over...)
			over = over || len(w.over) > 0
			f.all = f.all || over || w.deep
			w.over = w.over[:0]
		}
		if err := f.budget(); err != nil {
			return nil, nil, err
		}
		if over {
			// Wider by a bit more than needed, room to double, while the
			// keys keep their words: values that grow by steps would
			// otherwise widen them at every power of two.
			width := append([]uint8(nil), f.lay.width...)
			roomy := append([]uint8(nil), f.lay.width...)
			for _, w := range f.workers {
				for k, v := range w.need {
					if v > 0 {
						width[k] = max(width[k], bitsFor(v))
						roomy[k] = max(roomy[k], min(bitsFor(v)+1, 62))
					}
					w.need[k] = 0
				}
			}
			wider, ok := newLayout(roomy)
			if !ok || wider.words != f.lay.words {
				wider, ok = newLayout(width)
			}
			if !ok || wider.words != f.lay.words {
				return nil, width, nil
			}
			f.repack(wider)
		}
	}
	for _, w := range f.workers {
		f.box.join(w.box)
	}
	gr, err := f.graph(nstarts, rev)
	return gr, nil, err
}

// budget checks the caps on moves and memory.
func (f *shiftFinder[K]) budget() error {
	if limit := f.opt.MaxMoves; limit > 0 && f.moves > limit {
		return fmt.Errorf("%w: more than %d generated", ErrTooManyMoves, limit)
	}
	var k K
	need := int64(len(f.store))*keyChunk*(int64(len(k))*8+4) + int64(len(f.table))*8
	return f.opt.Afford("finding the positions", f.count, need)
}

// repack moves every key to a wider layout of as many words.
func (f *shiftFinder[K]) repack(wider layout) {
	v := make([]int64, len(wider.width))
	for id := 0; id < f.count; id++ {
		k := f.at(uint32(id))
		unpackKey(&f.lay, *k, v)
		*k, _ = packKey[K](&wider, v)
	}
	ends := make(map[K]bool, len(f.ends))
	for k := range f.ends {
		unpackKey(&f.lay, k, v)
		k, _ = packKey[K](&wider, v)
		ends[k] = true
	}
	f.ends = ends
	f.setLayout(wider)
	f.rehash(len(f.table), true)
}

// round expands the positions of work, cut among the workers.
func (f *shiftFinder[K]) round(work []uint32) {
	nw := len(f.workers)
	if len(work) < 256 || nw == 1 {
		f.workers[0].run(work)
		return
	}
	chunk := (len(work) + nw - 1) / nw
	var wg sync.WaitGroup
	for k, w := range f.workers {
		lo, hi := min(k*chunk, len(work)), min((k+1)*chunk, len(work))
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.run(work[lo:hi])
		}()
	}
	wg.Wait()
}

// isNew records a key the table does not hold, of hash tag tag: a
// position found, or an end; false on a fault. A key found already in
// this round is recorded once.
func (w *shiftWorker[K]) isNew(s K, tag uint32, by uint32) bool {
	f := w.f
	if 2*(len(w.found)+1) > len(w.seen) {
		w.growSeen()
	}
	mask := uint32(len(w.seen) - 1)
	at := tag & mask
	for ; w.seen[at] != 0; at = (at + 1) & mask {
		if i := w.seen[at] - 1; w.found[i] == s {
			if nearer(by, w.fvia[i]) {
				w.fvia[i] = by
			}
			return true
		}
	}
	if f.in.Game.HasEnd {
		if f.ends[s] {
			return true
		}
		unpackKey(&f.lay, s, w.t)
		end, err := w.m.End(w.t)
		if err != nil {
			w.err = err
			return false
		}
		if end {
			w.ends = append(w.ends, s)
			return true
		}
	}
	w.found, w.fvia = append(w.found, s), append(w.fvia, by)
	w.seen[at] = uint32(len(w.found))
	return true
}

// growSeen doubles the set of the keys found in this round.
func (w *shiftWorker[K]) growSeen() {
	w.seen = make([]uint32, max(1<<10, 2*len(w.seen)))
	mask := uint32(len(w.seen) - 1)
	for i, k := range w.found {
		at := uint32(hashKey(k)>>32) & mask
		for w.seen[at] != 0 {
			at = (at + 1) & mask
		}
		w.seen[at] = uint32(i + 1)
	}
}

func (w *shiftWorker[K]) run(ids []uint32) {
	f := w.f
	hasEnd := f.in.Game.HasEnd
	v := w.v
	w.succ, w.by, w.slot = w.succ[:0], w.by[:0], w.slot[:0]
	for _, id := range ids {
		key := *f.at(id)
		for _, k := range w.nz {
			v[k] = 0
		}
		w.nz = unpackNonZero(&f.lay, key, v, w.nz[:0])
		if hasEnd {
			end, err := w.m.End(v)
			if err != nil {
				w.err = err
				return
			}
			if end {
				w.final = append(w.final, id)
				continue
			}
		}
		w.cand = f.fwd.legal(v, w.nz, w.cand[:0])
		if len(w.cand) == 0 {
			w.final = append(w.final, id)
			continue
		}
		fits := true
		for _, m := range w.cand {
			for _, g := range f.fwd.give[f.fwd.giveOff[m]:f.fwd.giveOff[m+1]] {
				if t := v[g.pile] + g.amt; t > f.maxv[g.pile] || t < 0 {
					if t < 0 || bitsFor(t) > 62 {
						// the rules' arithmetic says what is wrong
						w.err = fmt.Errorf("pile %s beyond 62 bits", f.in.Game.Piles[g.pile])
						return
					}
					w.need[g.pile] = max(w.need[g.pile], t)
					fits = false
				}
			}
		}
		if !fits {
			w.over = append(w.over, id)
			continue
		}
		w.box.take(v, w.nz)
		mult, moves := f.fwd.mult, int64(0)
		for _, m := range w.cand {
			moves += mult[m]
		}
		w.moves += moves
		w.edges += int64(len(w.cand))
		look, via := w.cand, f.viaOf(id)
		if j := int32(via & noMove); j != noMove && !f.all {
			look = w.leftToOthers(j)
		}
		dist := via>>16 + 1
		if dist > maxDist {
			w.deep, dist = true, maxDist
		}
		n := len(w.succ)
		w.succ = slices.Grow(w.succ, len(look))[:n+len(look)]
		w.by = slices.Grow(w.by, len(look))[:n+len(look)]
		w.slot = slices.Grow(w.slot, len(look))[:n+len(look)]
		succ, by, slot, deltas := w.succ[n:], w.by[n:len(w.succ)], w.slot[n:len(w.succ)], f.deltas
		for i, m := range look {
			k := addKey(key, deltas[m])
			succ[i], by[i], slot[i] = k, dist<<16|uint32(m), hashKey(k)
		}
		if len(w.succ) >= lookupBatch && !w.resolve() {
			return
		}
	}
	w.resolve()
}

// leftToOthers drops from w.cand, the moves of a position P found from Q
// by move j, the moves P need not look up, and returns the rest. A move
// i < j that is legal at Q leads from Q to Q' = Q + i, which has move j
// to the same successor P + i (move j is legal at Q' since P + i has no
// pile below 0); Q' looks that successor up, or leaves it the same way to
// a position by a move above j. Such chains end, so every position is
// still found, provided each Q is one move nearer the starts than its P:
// then a chain that starts at a predecessor of P + i on a shortest path
// stays at that distance, among positions found before P + i must be.
// The search is breadth first and the via keeps the nearest finder, so
// that holds, until positions are looked at again out of order once the
// keys widen: from then on (f.all) every successor is looked up, as in a
// game with an end, where Q' may be an end.
func (w *shiftWorker[K]) leftToOthers(j int32) []int32 {
	fwd, v := w.f.fwd, w.v
	vj := fwd.vecs[j]
	for k, p := range vj.Piles {
		v[p] -= vj.Deltas[k] // v is now Q
	}
	look := w.cand[:0]
next:
	for _, i := range w.cand {
		if i < j {
			for _, t := range fwd.take[fwd.takeOff[i]:fwd.takeOff[i+1]] {
				if v[t.pile] < t.amt {
					look = append(look, i)
					continue next
				}
			}
			continue // left to Q + i
		}
		look = append(look, i)
	}
	for k, p := range vj.Piles {
		v[p] += vj.Deltas[k]
	}
	return look
}

// lookupBatch is about how many successors resolve looks up together.
const lookupBatch = 256

// resolve looks up the successors gathered, in sweeps: the first slots
// of all are read, then each is probed to the first slot that is empty
// or has its tag, then the keys those slots name are read and compared.
// Each sweep's loads are independent and in flight together, and no
// branch waits on one of them in the first. It records those that are
// new (isNew) and empties the batch; false on a fault.
func (w *shiftWorker[K]) resolve() bool {
	f := w.f
	defer func() { w.succ, w.by, w.slot = w.succ[:0], w.by[:0], w.slot[:0] }()
	if len(w.succ) > len(w.ids) {
		w.ids, w.got = make([]uint64, 2*len(w.succ)), make([]K, 2*len(w.succ))
	}
	ids := w.ids[:len(w.slot)]
	table, mask, shift := f.table, f.mask, f.shift
	warm := w.warm
	for _, h := range w.slot {
		warm ^= table[h>>shift]
	}
	w.warm = warm
	for i, h := range w.slot {
		// the first slot that is empty or has the key's tag
		tag := h >> 32 << 32
		for s := h >> shift; ; s = (s + 1) & mask {
			if e := table[s]; e == 0 || e&^(1<<32-1) == tag {
				ids[i] = e
				w.slot[i] = s<<32 | h>>32
				break
			}
		}
	}
	got := w.got[:len(ids)]
	for i, e := range ids {
		if e != 0 {
			got[i] = *f.at(uint32(e) - 1)
		}
	}
	for i, s := range w.succ {
		if e := ids[i]; e != 0 && got[i] == s {
			continue
		}
		if e := ids[i]; e != 0 {
			// a key of the same tag: look on past it
			h := w.slot[i]
			if f.lookupFrom(s, (h>>32+1)&mask, h<<32) >= 0 {
				continue
			}
		}
		if !w.isNew(s, uint32(w.slot[i]), w.by[i]) {
			return false
		}
	}
	return true
}
