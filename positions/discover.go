package positions

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"retro/rules"
)

// Parallel discovery: while the positions fit a growing box, breadth-first
// search goes level by level, each level cut among the cores. A worker
// claims a new position by setting its bit atomically, so that each is
// claimed once; the targets outside the box are put aside until the level
// ends, when the box grows to take them in. The set found is the same in
// any order of work, and so is the space built from it.

// parallelLevel is the smallest level cut among the cores; a game of many
// small levels (a long chain) would spend its time waking them.
var parallelLevel = 256

// discoverer is one worker of a level.
type discoverer struct {
	f     *finder
	m     *rules.Machine
	moves rules.MoveList
	probe rules.MoveList
	p     []int64
	next  []uint64 // cells claimed: the next level
	over  []int64  // targets outside the box: piles and history
	dead  []int64  // positions without moves: piles and history
	meter *Meter
	err   error
}

// parallel runs the search from the records in f.q (the seeds) on all
// cores while the set is a box; what is left when it is not (a hash index
// is needed) stays in f.q for the sequential search.
func (f *finder) parallel() error {
	workers := runtime.GOMAXPROCS(0)
	// The seeds first, one by one: only they may be over already.
	rec := f.rec
	for n := f.q.n; n > 0; n-- {
		f.q.Pop(rec)
		if err := f.expand(rec[:f.piles], int(rec[f.piles]), 0); err != nil {
			return err
		}
	}
	if f.box == nil {
		return nil
	}
	var level []uint64
	for f.q.Pop(rec) {
		c, _ := f.box.cell(rec[:f.piles], int(rec[f.piles]))
		level = append(level, c)
	}
	ds := make([]*discoverer, workers)
	for k := range ds {
		ds[k] = &discoverer{f: f, m: f.in.NewMachine(), p: make([]int64, f.piles), meter: f.Work.Meter()}
	}
	for len(level) > 0 {
		if err := f.Opt.Stopped(); err != nil {
			return err
		}
		for _, d := range ds {
			d.next, d.over, d.err = d.next[:0], d.over[:0], nil
		}
		if len(level) < parallelLevel {
			ds[0].run(level) // not worth waking the other cores
		} else {
			chunk := (len(level) + workers - 1) / workers
			var wg sync.WaitGroup
			for k, d := range ds {
				lo, hi := min(k*chunk, len(level)), min((k+1)*chunk, len(level))
				wg.Add(1)
				go func() {
					defer wg.Done()
					d.run(level[lo:hi])
				}()
			}
			wg.Wait()
		}
		for _, d := range ds {
			if budgetError(d.err) {
				return d.err
			}
		}
		for _, d := range ds {
			if d.err != nil {
				return f.firstError(level)
			}
		}
		next, err := f.endLevel(ds)
		if err != nil || f.box == nil {
			return err
		}
		f.deep++
		if err := f.growthCheck(f.deep); err != nil {
			return err
		}
		level = next
		f.level = int64(cap(level)) * 8 * 2 // and the next one
	}
	f.level = 0
	for _, d := range ds {
		if err := d.meter.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// run expands the positions of some cells of a level.
func (d *discoverer) run(cells []uint64) {
	f, box := d.f, d.f.box
	for _, c := range cells {
		h := box.Decode(c, d.p)
		last, mylast := SplitHistory(f.g, h)
		d.moves.Reset()
		if d.err = d.m.Moves(d.p, last, mylast, &d.moves); d.err != nil {
			return
		}
		if d.err = d.meter.Spend(d.moves.Len()); d.err != nil {
			return
		}
		if d.moves.Len() == 0 {
			d.dead = append(append(d.dead, d.p...), int64(h))
			continue
		}
		for k := 0; k < d.moves.Len(); k++ {
			t := d.moves.To(k, f.piles)
			th := NextHistory(f.g, h, int(d.moves.Cmd[k]))
			tc, in := box.cell(t, th)
			bit := uint64(1) << (tc & 63)
			if in && atomic.LoadUint64(&box.bits[tc>>6])&bit != 0 {
				continue
			}
			end, err := d.m.End(t)
			if d.err = err; err != nil {
				return
			}
			if end {
				continue
			}
			if f.bounds != nil && !f.inBounds(t) {
				if d.err = d.outside(d.p, h, t, th, d.moves.Cmd[k]); d.err != nil {
					return
				}
				continue
			}
			if !in {
				d.over = append(append(d.over, t...), int64(th))
				continue
			}
			if atomic.OrUint64(&box.bits[tc>>6], bit)&bit == 0 {
				d.next = append(d.next, tc)
			}
		}
	}
}

// outside is finder.outside with the worker's own machine.
func (d *discoverer) outside(from []int64, h int, to []int64, th int, cmd int32) error {
	return outsideBox(d.f.g, d.m, &d.probe, from, h, to, th, cmd)
}

// endLevel gathers what the workers found: the next level, the positions
// without moves, and the targets outside the box, for which the box grows
// (or gives way to a hash index).
func (f *finder) endLevel(ds []*discoverer) ([]uint64, error) {
	var next []uint64
	w := f.piles + 1
	for _, d := range ds {
		next = append(next, d.next...)
		f.dead = append(f.dead, d.dead...)
		d.dead = d.dead[:0]
	}
	before := f.box.count
	f.box.count += len(next)
	if err := f.capCheck(len(next) > 0); err != nil {
		return nil, err
	}
	if err := f.checkBudget(); err != nil {
		return nil, err
	}
	if f.Opt.Progress != nil && before>>20 != f.box.count>>20 {
		f.Opt.Progress("positions", int64(f.box.count))
	}
	var over []int64
	for _, d := range ds {
		over = append(over, d.over...)
	}
	if len(over) == 0 {
		return next, nil
	}
	// Grow the box for the targets outside it; the cells of the next level
	// move with it.
	tuples := make([]int64, 0, len(next)*w)
	t := make([]int64, f.piles)
	for _, c := range next {
		h := f.box.Decode(c, t)
		tuples = append(append(tuples, t...), int64(h))
	}
	for ; len(over) >= w; over = over[w:] {
		isNew, ok := f.box.add(over[:f.piles], int(over[f.piles]))
		if !ok {
			// Too sparse for a box: the rest goes on sequentially.
			if err := f.toHash(); err != nil {
				return nil, err
			}
			for ; len(tuples) >= w; tuples = tuples[w:] {
				f.pushRecord(tuples[:f.piles], int(tuples[f.piles]))
			}
			for ; len(over) >= w; over = over[w:] {
				if _, err := f.add(over[:f.piles], int(over[f.piles]), 1); err != nil {
					return nil, err
				}
				f.pushRecord(over[:f.piles], int(over[f.piles]))
			}
			return nil, nil
		}
		if isNew {
			tuples = append(append(tuples, over[:f.piles]...), over[f.piles])
			if err := f.capCheck(true); err != nil {
				return nil, err
			}
		}
	}
	next = next[:0]
	for ; len(tuples) >= w; tuples = tuples[w:] {
		c, _ := f.box.cell(tuples[:f.piles], int(tuples[f.piles]))
		next = append(next, c)
	}
	return next, nil
}

// pushRecord queues a position for the sequential search.
func (f *finder) pushRecord(p []int64, h int) {
	copy(f.rec, p)
	f.rec[f.piles], f.rec[f.piles+1] = int64(h), 1
	f.q.Push(f.rec...)
}

// firstError runs a level again in index order on one worker, so that the
// error reported is the same on any number of cores.
func (f *finder) firstError(level []uint64) error {
	slices.Sort(level)
	d := &discoverer{f: f, m: f.in.NewMachine(), p: make([]int64, f.piles), meter: (&Work{opt: &Options{}}).Meter()}
	d.run(level)
	return d.err
}
