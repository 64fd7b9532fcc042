package positions

import (
	"fmt"

	"retro/rules"
)

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

// newFinder makes the finder of a game instance, its set not made yet.
func newFinder(in *rules.Instance, opt Options, bounds []rules.Range) *finder {
	g := in.Game
	f := &finder{in: in, g: g, m: in.NewMachine(), Opt: opt, piles: len(g.Piles),
		hist: HistorySize(g), bounds: bounds}
	f.Work = &Work{opt: &f.Opt}
	f.meter = f.Work.Meter()
	return f
}

// count is the number of positions in the set.
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

// capCheck checks the position cap after an add, and each 2^16 new
// positions shows the progress and checks the budget.
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

// inBounds tells whether p is in the [bounds] box.
func (f *finder) inBounds(p []int64) bool {
	for k, r := range f.bounds {
		if p[k] < r.Lo || p[k] > r.Hi {
			return false
		}
	}
	return true
}
