package compiled

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"retro/retro/internal/cells"
	"retro/retro/internal/core"
	"unsafe"

	"retro/positions"
	"retro/positions/spill"
)

// The compiled path's checkpoints (see the core's checkpoint.go): the sweep's values
// in a file of the checkpoint's directory, and a record of the rows
// valued, saved at the end of a row when an interval has passed; then the
// result's layers and outcome bits made into files of their own, the
// record saying how many positions are done, so that the values are never
// overwritten until the result is whole. In shards each rank keeps its
// values, its result and the search's membership bits in files of its
// own, and the ranks agree at a resume on the turns done.

// compiledSave is what a checkpointed sweep of one width saves and
// resumes from.
type compiledSave[V cells.Value] struct {
	ck    *core.Checkpoint
	inst  int
	store *spill.Array[V]
	rec   *core.Record // the last save read back; nil: a new solve
	total int64
	// region is the values (first, last+1) the sweep has valued once it
	// is at walk row r0: what a save's checksum covers.
	region func(r0 int64) (lo, hi int64)
	// sent, in shards, is what the saves record as Sent (nil: nothing);
	// sentBefore is what the last save recorded, whether or not the solve
	// goes on from it (bytes handed over are handed over).
	sent       func() []int64
	sentBefore []int64
}

// sentNow is what a save records as Sent.
func (cs *compiledSave[V]) sentNow() []int64 {
	if cs.sent == nil {
		return nil
	}
	return cs.sent()
}

// walkRegion is the region of the values valued before walk row r0, in a
// sweep of rows that walks the box's rows from w0 on (against the order
// of play: down where up is set), its values kept from base.
func walkRegion(spans *cells.Spans, rows, w0, base int64, up bool) func(r0 int64) (int64, int64) {
	return func(r0 int64) (int64, int64) {
		a, b := w0, min(max(r0, w0), rows) // a cursor out of the rows: checkSum refuses the record
		if up {
			a, b = rows-b, rows-w0
		}
		return spans.Begin(a) - base, spans.Begin(b) - base
	}
}

// bytesOf is the memory of a slice, as bytes.
func bytesOf[T any](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(s[0])))
}

// sumValues is the checksum of values lo..hi-1 of a.
func sumValues[T any](a *spill.Array[T], lo, hi int64) core.FileSum {
	size := int64(unsafe.Sizeof(*new(T)))
	return core.SumOf(bytesOf(a.Slice()), lo*size, hi*size)
}

// checkValues refuses values lo..hi-1 of a, the checkpoint's file named
// what, when they do not match the record's checksum.
func checkValues[T any](ck *core.Checkpoint, r *core.Record, inst int, what string, a *spill.Array[T], lo, hi int64) error {
	size := int64(unsafe.Sizeof(*new(T)))
	return ck.CheckSum(r, what, ck.File(inst, what), bytesOf(a.Slice()), lo*size, hi*size)
}

// width is the bits of a value.
func width[V cells.Value]() int { return int(unsafe.Sizeof(V(0))) * 8 }

// checkpointed opens the total values of a checkpointed sweep: those of
// the last save, or new ones. A save of a wider sweep stops this one at
// once (errLayers: the wider one takes over); one of a narrower sweep is
// left for a new one. In shards (turns set) the ranks agree first on what
// their saves come to (sweepTurns.agree).
func checkpointed[V cells.Value](s *cells.Solver, total int64, turns *sweepTurns, region func(r0 int64) (int64, int64)) (*compiledSave[V], error) {
	ck := s.Opt.Checkpoint
	cs := &compiledSave[V]{ck: ck, inst: s.Opt.Instance, total: total, region: region}
	rec, err := ck.Load(cs.inst)
	if err != nil {
		return nil, err
	}
	if rec != nil && (rec.Path != "compiled" || rec.Values != total) {
		rec = nil
	}
	if rec != nil {
		cs.sentBefore = rec.Sent
	}
	switch {
	case turns != nil:
		if rec, err = turns.agree(rec, width[V]()); err != nil {
			return nil, err
		}
	case rec != nil && rec.Width > width[V]():
		return nil, cells.ErrLayers{}
	}
	if rec != nil && rec.Width == width[V]() {
		cs.rec = rec
		s.Moves, s.Edges = rec.Moves, rec.Edges
		if rec.Stage == "result" && (turns == nil || turns.first == len(turns.order)) {
			return cs, nil // the values are not needed again
		}
		if cs.store, err = checkpointArray[V](ck, cs.inst, "values", total, true); err != nil {
			return nil, err
		}
		// The values the save stands for, checked before they are used:
		// those valued before its cursor, or all once the sweep is done.
		lo, hi := int64(0), total
		if rec.Stage == "value" {
			lo, hi = region(rec.Cursor)
		}
		if err := checkValues(ck, rec, cs.inst, "values", cs.store, lo, hi); err != nil {
			cs.store.Close()
			return nil, err
		}
		return cs, nil
	}
	cs.store, err = checkpointArray[V](ck, cs.inst, "values", total, false)
	return cs, err
}

// checkpointArray is the array of n values in the checkpoint's file named
// what: the saved one (saved set), or a new one.
func checkpointArray[T any](ck *core.Checkpoint, inst int, what string, n int64, saved bool) (*spill.Array[T], error) {
	if saved {
		return spill.Open[T](ck.File(inst, what), n)
	}
	return spill.Create[T](ck.Dir, filepath.Base(ck.File(inst, what)), n, true)
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
func (cs *compiledSave[V]) row(s *cells.Solver, r0 int64, moves, edges int64) error {
	if cs == nil || !cs.ck.Due() {
		return nil
	}
	return cs.rows(r0, moves, edges)
}

// rows saves that the sweep has valued the rows before walk row r0, with
// moves and edges.
func (cs *compiledSave[V]) rows(r0 int64, moves, edges int64) error {
	if err := cs.store.Sync(0, cs.total); err != nil {
		return err
	}
	lo, hi := cs.region(r0)
	return cs.ck.Save(&core.Record{Instance: cs.inst, Path: "compiled", Stage: "value", Width: width[V](),
		Values: cs.total, Cursor: r0, Moves: moves, Edges: edges, Sent: cs.sentNow(),
		Sums: map[string]core.FileSum{"values": sumValues(cs.store, lo, hi)}})
}

// done saves that the sweep is done: the result is made next.
func (cs *compiledSave[V]) done(s *cells.Solver) error {
	if err := cs.store.Sync(0, cs.total); err != nil {
		return err
	}
	cs.rec = &core.Record{Instance: cs.inst, Path: "compiled", Stage: "compact", Width: width[V](),
		Values: cs.total, Moves: s.Moves, Edges: s.Edges, Sent: cs.sentNow(),
		Sums: map[string]core.FileSum{"values": sumValues(cs.store, 0, cs.total)}}
	return cs.ck.Save(cs.rec)
}

// sweepTurns is what the ranks of a sweep in shards agree their saves on:
// the peers, the ranks in the order of their turns, and where this rank's
// rows end in the walk's numbering of the sweep. Only the rank at work
// changes what it holds, so each rank's save is its own, by its own
// clock: within its turn, at the end of a row; at the end of it, its rows
// valued, before the next turn begins.
type sweepTurns struct {
	peers positions.Peers
	order []int
	to    int64
	first int // set by agree: the first turn not done (len(order): none is left)
}

// What a rank's save comes to, as agree tells the others.
const (
	savedNone   = iota // nothing of the width
	savedRows          // its turn begun: the rows before the cursor valued
	savedTurn          // its rows valued
	savedResult        // its part of the result begun
)

// agree tells the other ranks what this rank's save rec (nil: none) comes
// to, and returns what of it this rank goes on from. The ranks take the
// widest values saved (errLayers on every rank at once, where they are
// wider than width), pass over the turns done, one after another, and go
// on with the next from its rank's save; a later turn starts again, as
// does a save of narrower values. So a kill at any point resumes right: a
// rank's turn ends with its save, before the next rank begins.
func (tu *sweepTurns) agree(rec *core.Record, width int) (*core.Record, error) {
	w, state := 0, savedNone
	if rec != nil {
		w, state = rec.Width, savedRows
		switch {
		case rec.Stage == "compact" || rec.Stage == "result":
			state = savedResult
		case rec.Cursor >= tu.to:
			state = savedTurn
		}
	}
	got, err := positions.AllGather(tu.peers, binary.AppendUvarint(binary.AppendUvarint(nil, uint64(w)), uint64(state)))
	if err != nil {
		return nil, err
	}
	widths, states := make([]int, len(got)), make([]int, len(got))
	for k, b := range got {
		x, m := binary.Uvarint(b)
		y, n := binary.Uvarint(b[max(m, 0):])
		if m <= 0 || n <= 0 {
			return nil, fmt.Errorf("retro: rank %d sent a truncated account of its checkpoint", k)
		}
		widths[k], states[k] = int(x), int(y)
		if widths[k] > width {
			return nil, cells.ErrLayers{}
		}
	}
	tu.first = len(tu.order)
	for j, k := range tu.order {
		if widths[k] != width || j > tu.first {
			states[k] = savedNone
		}
		if states[k] < savedTurn && tu.first == len(tu.order) {
			tu.first = j
		}
	}
	if states[tu.peers.Rank()] == savedNone {
		return nil, nil
	}
	return rec, nil
}

// savedLayers are the layers and outcome bits of a checkpointed result,
// in files of the checkpoint, and the count of each key.
type savedLayers[V cells.Value] struct {
	layers    *spill.Array[V]
	win, lose positions.Bitset
	count     []int64
}

// layersSaved is layersOf for a checkpointed solve: the layers and
// outcome bits of positions first..first+n-1 of sp, which lie before cell
// hi, from the values (the one kept at a is value a-base of the store),
// made into files of their own from the position the last save says on,
// saved when due; the values are left as they are, so that a kill at any
// point resumes right.
func layersSaved[V cells.Value](cs *compiledSave[V], sp *positions.Space, spans *cells.Spans, base int64, first, n int, hi int64, shown func(done int)) (*savedLayers[V], error) {
	ck, rec := cs.ck, cs.rec
	if rec == nil || rec.Stage != "compact" && rec.Stage != "result" {
		return nil, cells.ErrLayers{} // not reached: done saves the stage
	}
	resume := rec.Cursor > 0 || rec.Stage == "result"
	words := int64(n+63) / 64
	layers, err := checkpointArray[V](ck, cs.inst, "layers", int64(n), resume)
	if err != nil {
		return nil, err
	}
	winA, err := checkpointArray[uint64](ck, cs.inst, "win", words, resume)
	if err != nil {
		return nil, err
	}
	loseA, err := checkpointArray[uint64](ck, cs.inst, "lose", words, resume)
	if err != nil {
		return nil, err
	}
	l := &cells.LayerRun[V]{Base: base, Lay: layers.Slice(), Win: positions.Bitset(winA.Slice()), Lose: positions.Bitset(loseA.Slice()),
		Count: make([]int64, 2), N: int(rec.Cursor), Shown: shown}
	if len(rec.Counts) >= 2 {
		l.Count = append([]int64(nil), rec.Counts...)
	}
	if rec.Cursor > int64(n) {
		return nil, fmt.Errorf("%w: %s: the record says %d positions of the result are made, of %d; remove %s to start afresh",
			core.ErrCheckpoint, ck.File(cs.inst, "json"), rec.Cursor, n, ck.Dir)
	}
	if rec.Stage != "result" && l.N < n {
		clearFrom(l.Win, l.N) // bits of positions past the save, made before a kill
		clearFrom(l.Lose, l.N)
	}
	if resume {
		words := (rec.Cursor + 63) / 64
		for _, c := range []error{
			checkValues(ck, rec, cs.inst, "layers", layers, 0, rec.Cursor),
			checkValues(ck, rec, cs.inst, "win", winA, 0, words),
			checkValues(ck, rec, cs.inst, "lose", loseA, 0, words),
		} {
			if c != nil {
				return nil, c
			}
		}
	}
	if rec.Stage != "result" {
		if l.N < n {
			l.Vals = cs.store.Slice()
			l.Every = func() error {
				if !ck.Due() {
					return nil
				}
				return saveResult(cs, layers, winA, loseA, "compact", l.N, l.Count)
			}
			if err := l.Cells(sp, spans, sp.MemberCell(first+l.N), hi); err != nil {
				return nil, err
			}
		}
		if l.N != n {
			return nil, fmt.Errorf("compiled solve: %d values for %d positions", l.N, n)
		}
		if err := saveResult(cs, layers, winA, loseA, "result", l.N, l.Count); err != nil {
			return nil, err
		}
	}
	return &savedLayers[V]{layers: layers, win: l.Win, lose: l.Lose, count: l.Count}, nil
}

// into gives r the layers, kept in their file: the table writer reads
// them once, block by block, and lets each go.
func (l *savedLayers[V]) into(r *core.Table) {
	cells.SetLayers(r, l.layers.Slice())
	r.Release = func(lo, hi int) { l.layers.Release(int64(lo), int64(hi)) }
}

// resultSaved is resultOf for a checkpointed solve (layersSaved).
func resultSaved[V cells.Value](s *cells.Solver, cs *compiledSave[V], spans *cells.Spans) (*core.Table, error) {
	sp := s.C.Space
	l, err := layersSaved(cs, sp, spans, 0, 0, sp.Len(), int64(len(sp.Members()))<<6, s.OutcomesShown())
	if err != nil {
		return nil, err
	}
	r := core.NewTable(sp, s.C.Starts)
	r.MoveCount, r.Edges = s.Moves, s.Edges
	r.Win, r.Lose = l.win, l.lose
	l.into(r)
	r.Sets, _ = core.SegmentsByKey(l.count)
	return r, nil
}

// saveResult writes the result's files out and saves how far it is made.
func saveResult[V cells.Value](cs *compiledSave[V], layers *spill.Array[V], win, lose *spill.Array[uint64], stage string, idx int, count []int64) error {
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
	words := int64(idx+63) / 64
	rec.Sums = map[string]core.FileSum{"layers": sumValues(layers, 0, int64(idx)),
		"win": sumValues(win, 0, words), "lose": sumValues(lose, 0, words)}
	if v, ok := cs.rec.Sums["values"]; ok {
		rec.Sums["values"] = v // the values, whole since the sweep ended, kept until the result is
	}
	cs.rec = &rec
	return cs.ck.Save(&rec)
}

// clearFrom clears the bits of b from bit i on.
func clearFrom(b positions.Bitset, i int) {
	if i/64 < len(b) {
		b[i/64] &= 1<<uint(i%64) - 1
		clear(b[i/64+1:])
	}
}

// sweepSave is where the compiled path's search of the box keeps its
// checkpoint: nil for a solve that keeps none.
func sweepSave(opt core.Options) SweepSave {
	if opt.Checkpoint == nil {
		return nil
	}
	return findSave{ck: opt.Checkpoint, inst: opt.Instance}
}

// findSave is the checkpoint of the compiled path's search of the box
// (SweepSave): its membership bits in a file written whole and
// renamed into place, and a record of its own beside the sweep's.
type findSave struct {
	ck   *core.Checkpoint
	inst int
}

func (f findSave) Due() bool { return f.ck.Due() }

func (f findSave) Save(row int64, member positions.Bitset, count int, min, max []int64) error {
	b := bytesOf(member)
	if err := core.WriteAtomic(f.ck.File(f.inst, "members"), b); err != nil {
		return fmt.Errorf("%w: %v", core.ErrCheckpoint, err)
	}
	return f.ck.SaveAs(&core.Record{Instance: f.inst, Path: "compiled", Stage: "find", Cursor: row, Count: count,
		Min: min, Max: max, Sums: map[string]core.FileSum{"members": core.SumOf(b, 0, int64(len(b)))}}, "find.json")
}

func (f findSave) Load(words int) (int64, positions.Bitset, int, []int64, []int64, bool, error) {
	rec, err := f.ck.LoadAs(f.inst, "find.json")
	if err != nil || rec == nil {
		return 0, nil, 0, nil, nil, false, err
	}
	b, err := os.ReadFile(f.ck.File(f.inst, "members"))
	if err != nil || len(b) != words*8 {
		return 0, nil, 0, nil, nil, false, fmt.Errorf("%w: %s does not hold the %d words of the search it records",
			core.ErrCheckpoint, f.ck.File(f.inst, "members"), words)
	}
	if err := f.ck.CheckSum(rec, "members", f.ck.File(f.inst, "members"), b, 0, int64(len(b))); err != nil {
		return 0, nil, 0, nil, nil, false, err
	}
	if rec.Stage != "find" || rec.Count < 0 || rec.Count > len(b)*8 {
		return 0, nil, 0, nil, nil, false, fmt.Errorf("%w: %s: stage %q and %d positions do not make a search of %d cells; remove %s to start afresh",
			core.ErrCheckpoint, f.ck.File(f.inst, "find.json"), rec.Stage, rec.Count, len(b)*8, f.ck.Dir)
	}
	member := make(positions.Bitset, words)
	copy(bytesOf(member), b)
	return rec.Cursor, member, rec.Count, rec.Min, rec.Max, true, nil
}
