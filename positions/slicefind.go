package positions

import (
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"retro/rules"
)

// A game of shifts that keeps a weighted sum of its piles (keptWeights)
// is searched on the slice of its starts' sums: a position is its rank
// there, the positions found are bits of a bitset over the ranks, the
// search goes level by level with the level's positions as another
// bitset, and the moves of a position rank their targets from its own
// rank (stepRank). No key, no hash table: a position costs a few bits of
// the slice's points, most of which the positions of a game like FSVP
// fill.

// describe says what the slice is, for a result's path.
func (s *slice) describe() string {
	var b strings.Builder
	b.WriteString("positions ranked by counting on the slice where a weighted sum of the piles that every move keeps is ")
	for i, v := range s.sums {
		switch {
		case i == 0:
		case i == len(s.sums)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		fmt.Fprint(&b, v)
	}
	return b.String()
}

// flatShifts are the piles and deltas of shifts, flat: shift m changes
// pile[off[m]:off[m+1]] by delta[off[m]:off[m+1]].
type flatShifts struct {
	off   []int32
	pile  []int32
	delta []int64
}

func flatten(vecs []rules.Shift) flatShifts {
	f := flatShifts{off: []int32{0}}
	for _, s := range vecs {
		for i, k := range s.Piles {
			f.pile = append(f.pile, int32(k))
			f.delta = append(f.delta, s.Deltas[i])
		}
		f.off = append(f.off, int32(len(f.pile)))
	}
	return f
}

func (f *flatShifts) at(m int32) ([]int32, []int64) {
	lo, hi := f.off[m], f.off[m+1]
	return f.pile[lo:hi], f.delta[lo:hi]
}

// atomicHas and atomicSet read and set a bit that other workers may set
// at the same time; atomicSet tells whether the bit is new.
func atomicHas(b Bitset, i uint32) bool { return atomic.LoadUint64(&b[i>>6])&(1<<(i&63)) != 0 }

func atomicSet(b Bitset, i uint32) bool {
	bit := uint64(1) << (i & 63)
	return atomic.OrUint64(&b[i>>6], bit)&bit == 0
}

// sliceFinder searches the positions of a game of shifts on its slice,
// level by level (breadth first). A level either pushes, ranking the
// moves of its positions and taking in those not found yet, or, when
// the points not found yet are fewer than its positions (pullRatio),
// pulls: each of those points looks for a predecessor in the level,
// ranking its reverse moves up to the first that finds one. The moves of
// a position are counted and its finality known either way: pulling
// only spares ranking the moves into positions found already, which in
// the last levels of a game like FSVP are nearly all of them.
type sliceFinder struct {
	in          *rules.Instance
	opt         Options
	s           *slice
	fwd, rev    *shiftMoves
	steps, back flatShifts // the shifts, and the same undone

	member, front, next, final, ends Bitset
	seeds                            []uint32 // the seeds' ranks, ascending

	found   atomic.Int64 // the positions found
	reached atomic.Int64 // the ends reached
	moved   atomic.Int64 // the moves generated
	halt    atomic.Bool  // a cap is passed, or the context is done
	chunk   atomic.Int64 // the next chunk of words to work on
	moves   int64
	edges   int64
	box     *extent // of the positions that are not final
	workers []*sliceWorker
}

type sliceWorker struct {
	f     *sliceFinder
	m     *rules.Machine
	c     *sliceCursor
	cand  []int32
	moves int64
	edges int64
	box   *extent // of the positions it expanded that are not final
	wlo   int     // the words of the next level this worker set bits in
	whi   int
	err   error
}

// findOnSlice runs the search of EnumerateShifts on a slice.
func findOnSlice(in *rules.Instance, opt Options, s *slice, seeds [][]int64, fwd, rev *shiftMoves) (*ShiftGraph, error) {
	p := len(in.Game.Piles)
	words := int((s.points + 63) / 64)
	f := &sliceFinder{in: in, opt: opt, s: s, fwd: fwd, rev: rev, steps: flatten(fwd.vecs), back: flatten(rev.vecs),
		member: make(Bitset, words), front: bigSlice[uint64](words), next: bigSlice[uint64](words),
		final: bigSlice[uint64](words), ends: bigSlice[uint64](words), box: newExtent(p)}
	// The positions' bitset outlives the search in the index, and is the
	// garbage collector's to free (a fresh large allocation is zero pages
	// the points never reached do not touch); the others are freed here.
	defer func() {
		for _, b := range []Bitset{f.front, f.next, f.final, f.ends} {
			freeSlice(b)
		}
	}()
	for range runtime.GOMAXPROCS(0) {
		f.workers = append(f.workers, &sliceWorker{f: f, m: in.NewMachine(), c: newSliceCursor(s), box: newExtent(p), wlo: words})
	}
	wlo, whi := words, 0
	for _, v := range seeds {
		r, _ := s.rank(v)
		if atomicSet(f.member, r) {
			f.front.Set(int(r))
			f.seeds = append(f.seeds, r)
			f.found.Add(1)
			wlo, whi = min(wlo, int(r>>6)), max(whi, int(r>>6)+1)
		}
		f.box.take(v, nonZero(v, nil))
	}
	if int(f.found.Load()) > opt.MaxPositions {
		return nil, tooManyPositions(opt.MaxPositions)
	}
	slices.Sort(f.seeds)
	reported := int64(0)
	level, before := 0, int64(0) // the positions found before this level
	for ; wlo < whi; level++ {
		if err := opt.Stopped(); err != nil {
			return nil, err
		}
		found := f.found.Load()
		pull := level > 0 && int64(s.points)-found-f.reached.Load() < pullRatio*(found-before)
		before = found
		f.run(wlo, whi, func(w *sliceWorker, lo, hi int) { w.expand(level, lo, hi, !pull) })
		if pull {
			f.run(0, words, (*sliceWorker).pull)
		}
		clo, chi := wlo, whi
		wlo, whi = words, 0
		for _, w := range f.workers {
			if w.err != nil {
				return nil, fmt.Errorf("%w: %v", ErrNotShifts, w.err)
			}
			f.moves += w.moves
			f.edges += w.edges
			w.moves, w.edges = 0, 0
			wlo, whi = min(wlo, w.wlo), max(whi, w.whi)
			w.wlo, w.whi = words, 0
		}
		if int(f.found.Load()) > opt.MaxPositions {
			return nil, tooManyPositions(opt.MaxPositions)
		}
		if limit := opt.MaxMoves; limit > 0 && f.moves > limit {
			return nil, fmt.Errorf("%w: more than %d generated", ErrTooManyMoves, limit)
		}
		if err := opt.Stopped(); err != nil {
			return nil, err
		}
		if n := f.found.Load(); opt.Progress != nil && n>>20 > reported>>20 {
			opt.Progress("positions", n)
			reported = n
		}
		f.front, f.next = f.next, f.front
		clear(f.next[clo:chi]) // what was this level's: the words it held only
	}
	for _, w := range f.workers {
		f.box.join(w.box)
	}
	return f.graph()
}

// run calls work on the words lo..hi-1 of the bitsets, a chunk at a
// time on each worker, until they are done or the search halts.
func (f *sliceFinder) run(lo, hi int, work func(w *sliceWorker, lo, hi int)) {
	f.chunk.Store(int64(lo))
	each := func(w *sliceWorker) {
		for !f.halt.Load() {
			at := int(f.chunk.Add(sliceChunk)) - sliceChunk
			if at >= hi {
				return
			}
			work(w, at, min(at+sliceChunk, hi))
		}
	}
	if hi-lo <= sliceChunk || len(f.workers) == 1 {
		each(f.workers[0])
		return
	}
	var wg sync.WaitGroup
	for _, w := range f.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			each(w)
		}()
	}
	wg.Wait()
}

// expand counts the moves of the level's positions in words lo..hi-1,
// marks those that are final, and, when it pushes, takes in the
// positions the moves lead to.
func (w *sliceWorker) expand(level, lo, hi int, push bool) {
	f := w.f
	c := w.c
	hasEnd := f.in.Game.HasEnd
	found, moved := int64(0), int64(0)
	for wd := lo; wd < hi; wd++ {
		for word := f.front[wd]; word != 0; word &= word - 1 {
			r := uint32(wd<<6 + bits.TrailingZeros64(word))
			c.seek(r)
			v := c.v
			if hasEnd && level == 0 { // only a seed may be where end holds
				end, err := w.m.End(v)
				if err != nil {
					w.fail(err)
					return
				}
				if end {
					f.final.Set(int(r))
					continue
				}
			}
			w.cand = f.fwd.legal(v, c.nz, w.cand[:0])
			if len(w.cand) == 0 {
				f.final.Set(int(r))
				continue
			}
			w.box.take(v, c.nz)
			for _, m := range w.cand {
				moved += f.fwd.mult[m]
			}
			w.edges += int64(len(w.cand))
			if !push {
				continue
			}
			c.prepare()
			for _, m := range w.cand {
				ps, ds := f.steps.at(m)
				t := c.stepRank(ps, ds)
				if atomicHas(f.member, t) || hasEnd && atomicHas(f.ends, t) {
					continue
				}
				if hasEnd {
					for i, k := range ps {
						v[k] += ds[i]
					}
					end, err := w.m.End(v)
					for i, k := range ps {
						v[k] -= ds[i]
					}
					if err != nil {
						w.fail(err)
						return
					}
					if end {
						if atomicSet(f.ends, t) {
							f.reached.Add(1)
						}
						continue
					}
				}
				if atomicSet(f.member, t) {
					found++
					w.take(t)
				}
			}
		}
	}
	w.moves += moved
	w.tally(found, moved)
}

// pull takes in the points of words lo..hi-1 not found yet that a move
// of the level's positions leads to.
func (w *sliceWorker) pull(lo, hi int) {
	f := w.f
	c := w.c
	hasEnd := f.in.Game.HasEnd
	found := int64(0)
	for wd := lo; wd < hi; wd++ {
		open := ^(f.member[wd] | f.ends[wd])
		if last := f.s.points - uint64(wd)<<6; last < 64 {
			open &= 1<<last - 1
		}
	next:
		for ; open != 0; open &= open - 1 {
			u := uint32(wd<<6 + bits.TrailingZeros64(open))
			c.seek(u)
			c.prepare()
			w.cand = f.rev.legal(c.v, c.nz, w.cand[:0])
			for _, m := range w.cand {
				ps, ds := f.back.at(m)
				if !f.front.Has(int(c.stepRank(ps, ds))) {
					continue
				}
				if hasEnd {
					end, err := w.m.End(c.v)
					if err != nil {
						w.fail(err)
						return
					}
					if end {
						atomicSet(f.ends, u)
						f.reached.Add(1)
						continue next
					}
				}
				atomicSet(f.member, u)
				found++
				w.take(u)
				continue next
			}
		}
	}
	w.tally(found, 0)
}

// take puts a position found into the next level.
func (w *sliceWorker) take(t uint32) {
	atomicSet(w.f.next, t)
	w.wlo, w.whi = min(w.wlo, int(t>>6)), max(w.whi, int(t>>6)+1)
}

// tally adds what a chunk found and generated to the search's counts, and
// halts the search once a cap is passed or the context is done.
func (w *sliceWorker) tally(found, moved int64) {
	f := w.f
	total := f.found.Add(found)
	all := f.moved.Add(moved)
	if int(total) > f.opt.MaxPositions || f.opt.MaxMoves > 0 && all > f.opt.MaxMoves || f.opt.Stopped() != nil {
		f.halt.Store(true)
	}
}

func (w *sliceWorker) fail(err error) {
	w.err = err
	w.f.halt.Store(true)
}

// graph makes the space and the implicit graph of the positions found:
// the final ones that are not seeds are ends, as are the positions where
// end holds reached by a move, and the moves into them are found
// backwards from them.
func (f *sliceFinder) graph() (*ShiftGraph, error) {
	g := f.in.Game
	var finalSeeds []uint32 // positions; the other final ones are ends
	for _, r := range f.seeds {
		if f.final.Has(int(r)) {
			f.final.Clear(int(r))
			finalSeeds = append(finalSeeds, r)
		}
	}
	for wd, x := range f.final {
		f.member[wd] &^= x
		f.ends[wd] |= x
	}
	idx := newSliceIndex(f.s, f.member)
	if err := f.box.fillsBox(idx.len()); err != nil {
		return nil, err
	}
	gr := newShiftGraph(f.in, idx, idx.len(), f.moves, f.edges)
	gr.Index = f.s.describe()
	x := &slicePreds{idx: idx, fwd: f.fwd, rev: f.rev, back: f.back, gr: gr, c: newSliceCursor(f.s)}
	gr.impl = x
	m := f.in.NewMachine()
	v := make([]int64, len(g.Piles))
	for _, r := range finalSeeds {
		f.s.unrank(r, v)
		i, _ := idx.at(r)
		if err := gr.finalStart(m, v, int(i)); err != nil {
			return nil, err
		}
	}
	var buf []uint32
	for wd, word := range f.ends {
		for ; word != 0; word &= word - 1 {
			r := uint32(wd<<6 + bits.TrailingZeros64(word))
			buf = x.predsAt(r, buf[:0]) // x.c holds the end now
			if err := gr.endReached(m, x.c.v, buf); err != nil {
				return nil, err
			}
		}
	}
	if err := gr.edgeCap(f.opt); err != nil {
		return nil, err
	}
	return gr, nil
}

// slicePreds works out successor counts and predecessors on a slice.
type slicePreds struct {
	idx      *sliceIndex
	fwd, rev *shiftMoves
	back     flatShifts
	gr       *ShiftGraph
	c        *sliceCursor
	cand     []int32
}

// out counts the distinct shifts legal at i, the moves into ends
// included.
func (x *slicePreds) out(i int) uint32 {
	x.c.seek(x.idx.sliceRank(int32(i)))
	x.cand = x.fwd.legal(x.c.v, x.c.nz, x.cand[:0])
	return uint32(len(x.cand))
}

func (x *slicePreds) preds(j int, buf []uint32) []uint32 {
	return x.predsAt(x.idx.sliceRank(int32(j)), buf)
}

// predsAt appends the positions with a move to the point of rank r: those
// a reverse shift leads to that are positions and not final.
func (x *slicePreds) predsAt(r uint32, buf []uint32) []uint32 {
	x.c.seek(r)
	x.c.prepare()
	x.cand = x.rev.legal(x.c.v, x.c.nz, x.cand[:0])
	gr := x.gr
	for _, m := range x.cand {
		ps, ds := x.back.at(m)
		id, ok := x.idx.at(x.c.stepRank(ps, ds))
		if ok && !gr.FinalLost.Has(int(id)) && !gr.FinalWon.Has(int(id)) {
			buf = append(buf, uint32(id))
		}
	}
	return buf
}

// sliceChunk is how many words of a bitset a worker takes at a time;
// pullRatio how many times the positions of a level the points not
// found may be for the level to pull.
const (
	sliceChunk = 64
	pullRatio  = 2
)
