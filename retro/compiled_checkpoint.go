package retro

import (
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"unsafe"

	"retro/positions"
	"retro/positions/spill"
)

// The compiled path's checkpoints (see checkpoint.go): the sweep's values
// in a file of the checkpoint's directory, and a record of the rows
// valued, saved at the end of a row when an interval has passed; then the
// result's layers and outcome bits made into files of their own, the
// record saying how many positions are done, so that the values are never
// overwritten until the result is whole.

// compiledSave is what a checkpointed sweep of one width saves and
// resumes from.
type compiledSave[V cellValue] struct {
	ck    *Checkpoint
	inst  int
	store *spill.Array[V]
	rec   *record // the last save read back; nil: a new solve
	total int64
}

// width is the bits of a value.
func width[V cellValue]() int { return int(unsafe.Sizeof(V(0))) * 8 }

// checkpointed opens the values of a checkpointed sweep: those of the
// last save, or new ones. A save of a
// wider sweep stops this one at once (errLayers: the wider one takes
// over); one of a narrower sweep is left for a new one.
func checkpointed[V cellValue](s *compiledSolver, total int64) (*compiledSave[V], error) {
	ck := s.opt.Checkpoint
	cs := &compiledSave[V]{ck: ck, inst: s.opt.Instance, total: total}
	rec, err := ck.load(cs.inst)
	if err != nil {
		return nil, err
	}
	switch {
	case rec != nil && rec.Width > width[V]():
		return nil, errLayers{}
	case rec != nil && rec.Width == width[V]() && rec.Values == total && rec.Path == "compiled":
		cs.rec = rec
		if rec.Stage == "result" {
			return cs, nil // the values are not needed again
		}
		if cs.store, err = spill.Open[V](ck.file(cs.inst, "values"), total); err != nil {
			return nil, err
		}
		s.moves, s.edges = rec.Moves, rec.Edges
		return cs, nil
	}
	if cs.store, err = spill.Create[V](ck.Dir, filepath.Base(ck.file(cs.inst, "values")), total, true); err != nil {
		return nil, err
	}
	return cs, nil
}

// from is the walk's row the sweep goes on from.
func (cs *compiledSave[V]) from() int64 {
	if cs == nil || cs.rec == nil || cs.rec.Stage != "value" {
		return 0
	}
	return cs.rec.Cursor
}

// valued tells whether the last save had the sweep done.
func (cs *compiledSave[V]) valued() bool {
	return cs != nil && cs.rec != nil && (cs.rec.Stage == "compact" || cs.rec.Stage == "result")
}

// row saves, when a save is due, that the sweep has valued the rows
// before walk row r0.
func (cs *compiledSave[V]) row(s *compiledSolver, r0 int64, moves, edges int64) error {
	if cs == nil || !cs.ck.due() {
		return nil
	}
	if err := cs.store.Sync(0, cs.total); err != nil {
		return err
	}
	return cs.ck.save(&record{Instance: cs.inst, Path: "compiled", Stage: "value", Width: width[V](),
		Values: cs.total, Cursor: r0, Moves: moves, Edges: edges})
}

// done saves that the sweep is done: the result is made next.
func (cs *compiledSave[V]) done(s *compiledSolver) error {
	if err := cs.store.Sync(0, cs.total); err != nil {
		return err
	}
	cs.rec = &record{Instance: cs.inst, Path: "compiled", Stage: "compact", Width: width[V](),
		Values: cs.total, Moves: s.moves, Edges: s.edges}
	return cs.ck.save(cs.rec)
}

// resultSaved is resultOf for a checkpointed solve: the layers and the
// outcome bits made into files of their own, from the position the last
// save says on, the values left as they are.
func resultSaved[V cellValue](s *compiledSolver, cs *compiledSave[V], spans *cellSpans, shift uint) (*Result, error) {
	c, ck := s.c, cs.ck
	sp := c.Space
	n := sp.Len()
	words := int64(n+63) / 64
	rec := cs.rec
	if rec == nil || rec.Stage != "compact" && rec.Stage != "result" {
		return nil, errLayers{} // not reached: done saves the stage
	}
	resume := rec.Cursor > 0 || rec.Stage == "result"
	open := func(what string, n int64) (*spill.Array[uint64], error) {
		if resume {
			return spill.Open[uint64](ck.file(cs.inst, what), n)
		}
		return spill.Create[uint64](ck.Dir, filepath.Base(ck.file(cs.inst, what)), n, true)
	}
	var layers *spill.Array[V]
	var err error
	if resume {
		layers, err = spill.Open[V](ck.file(cs.inst, "layers"), int64(n))
	} else {
		layers, err = spill.Create[V](ck.Dir, filepath.Base(ck.file(cs.inst, "layers")), int64(n), true)
	}
	if err != nil {
		return nil, err
	}
	winA, err := open("win", words)
	if err != nil {
		return nil, err
	}
	loseA, err := open("lose", words)
	if err != nil {
		return nil, err
	}
	win, lose := positions.Bitset(winA.Slice()), positions.Bitset(loseA.Slice())
	lay := layers.Slice()
	count := make([]int64, 2)
	if len(rec.Counts) >= 2 {
		count = append([]int64(nil), rec.Counts...)
	}
	idx := int(rec.Cursor)
	if rec.Stage != "result" && idx < n {
		clearFrom(win, idx)
		clearFrom(lose, idx)
		vals := cs.store.Slice()
		member := sp.Members()
		cell := sp.MemberCell(idx)
		for w := int(cell >> 6); w < len(member); w++ {
			word := member[w]
			if w == int(cell>>6) {
				word &= ^uint64(0) << uint(cell&63)
			}
			for ; word != 0; word &= word - 1 {
				a, _ := spans.addr(int64(w<<6 + bits.TrailingZeros64(word)))
				code := uint64(vals[a]) >> shift
				o, l := decode(code)
				key := int(l) + 1
				if o == Win {
					win.Set(idx)
					if code>>1 == 0 {
						key = 0 // the exam's W 0 row
					}
				} else {
					lose.Set(idx)
				}
				lay[idx] = V(l)
				for len(count) <= key {
					count = append(count, 0)
				}
				count[key]++
				idx++
			}
			if w&1023 == 1023 && ck.due() {
				if err := saveResult(ck, cs, layers, winA, loseA, "compact", idx, count); err != nil {
					return nil, err
				}
			}
		}
		if err := saveResult(ck, cs, layers, winA, loseA, "result", idx, count); err != nil {
			return nil, err
		}
	}
	r := newResult(sp, s.in, c.Starts)
	r.MoveCount, r.Edges = s.moves, s.edges
	if rec.Stage == "result" {
		r.MoveCount, r.Edges = rec.Moves, rec.Edges
	}
	r.win, r.lose = win, lose
	switch l := any(lay).(type) {
	case []uint16:
		r.layer16 = l
	case []uint32:
		r.layer = l
	}
	r.release = func(lo, hi int) { layers.Release(int64(lo), int64(hi)) }
	r.segs, _ = segmentsByKey(count)
	return r, nil
}

// saveResult writes the result's files out and saves how far it is made.
func saveResult[V cellValue](ck *Checkpoint, cs *compiledSave[V], layers *spill.Array[V], win, lose *spill.Array[uint64], stage string, idx int, count []int64) error {
	for _, sync := range []func() error{
		func() error { return layers.Sync(0, int64(idx)) },
		func() error { return win.Sync(0, int64(len(win.Slice()))) },
		func() error { return lose.Sync(0, int64(len(lose.Slice()))) },
	} {
		if err := sync(); err != nil {
			return err
		}
	}
	rec := *cs.rec
	rec.Stage, rec.Cursor, rec.Counts = stage, int64(idx), count
	cs.rec = &rec
	return ck.save(&rec)
}

// clearFrom clears the bits of b from bit i on.
func clearFrom(b positions.Bitset, i int) {
	if i/64 < len(b) {
		b[i/64] &= 1<<uint(i%64) - 1
		clear(b[i/64+1:])
	}
}

// findSave is the checkpoint of the compiled path's search of the box
// (positions.SweepSave): its membership bits in a file written whole and
// renamed into place, and a record of its own beside the sweep's.
type findSave struct {
	ck   *Checkpoint
	inst int
}

func (f findSave) Due() bool { return f.ck.due() }

func (f findSave) Save(row int64, member positions.Bitset, count int, min, max []int64) error {
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(member))), len(member)*8)
	if err := writeAtomic(f.ck.file(f.inst, "members"), b); err != nil {
		return fmt.Errorf("%w: %v", ErrCheckpoint, err)
	}
	return f.ck.saveAs(&record{Instance: f.inst, Path: "compiled", Stage: "find", Cursor: row, Count: count,
		Min: min, Max: max}, "find.json")
}

func (f findSave) Load(words int) (int64, positions.Bitset, int, []int64, []int64, bool, error) {
	rec, err := f.ck.loadAs(f.inst, "find.json")
	if err != nil || rec == nil {
		return 0, nil, 0, nil, nil, false, err
	}
	b, err := os.ReadFile(f.ck.file(f.inst, "members"))
	if err != nil || len(b) != words*8 {
		return 0, nil, 0, nil, nil, false, fmt.Errorf("%w: %s does not hold the %d words of the search it records",
			ErrCheckpoint, f.ck.file(f.inst, "members"), words)
	}
	member := make(positions.Bitset, words)
	copy(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(member))), len(b)), b)
	return rec.Cursor, member, rec.Count, rec.Min, rec.Max, true, nil
}
