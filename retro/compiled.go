package retro

import (
	"errors"
	"fmt"
	"math/bits"
	"os"
	"retro/retro/internal/core"
	"slices"
	"unsafe"

	"retro/positions"
	"retro/positions/spill"
	"retro/rules"
)

// The compiled path. When every move raises a position's index (or every
// move lowers it), the index order is an order of play: each position's
// moves lead only to positions after it. Then one sweep against that order
// values every position from its moves, with no move graph, no counters
// and no reverse edges: the finest tiers, one position each. The values
// are those of the colouring exactly, by the rule as values (rule.go): a W
// is 1 + the least layer among its moves to L, an L the most, over its
// moves, of 1 + the layer the move leads to.
//
// A value is kept per cell of the box as its code while sweeping (each
// history of a tuple its own cell); a move into an end of the game reads
// as a position of the end's code, and a final row of the table has it
// too. Where the game has history, the moves a position may make are the
// plays of its history (positions.Play), each leading to its own history.

// cellValue is a value kept per cell: uint16 while the layers fit, uint32
// otherwise.
type cellValue interface{ ~uint16 | ~uint32 }

// compiledSolver values the positions of a Compiled game.
type compiledSolver struct {
	c            *positions.Compiled
	in           *rules.Instance
	m            *rules.Machine
	rule         core.Rule
	winConst     bool
	winner       rules.Player
	t            []int64
	moves, edges int64
	opt          core.Options
	popt         positions.Options // the caps, the budget and the spill directory
}

// errLayers: the layers outgrew the cell values; the sweep runs again
// with wider ones.
type errLayers struct{}

func (errLayers) Error() string { return "layers too deep for 16-bit cells" }

func newCompiledSolver(c *positions.Compiled, in *rules.Instance, opt core.Options, popt positions.Options) *compiledSolver {
	g := in.Game
	s := &compiledSolver{c: c, in: in, m: in.NewMachine(), rule: core.RuleOf(g.Count),
		t: make([]int64, len(g.Piles)), opt: opt, popt: popt}
	s.winner, s.winConst = g.ConstWinner()
	return s
}

// endCode is the code of a move into the end t, and of a final row at t.
func (s *compiledSolver) endCode(t []int64) (uint64, error) {
	w := s.winner
	if !s.winConst {
		var err error
		if w, err = s.m.Winner(t); err != nil {
			return 0, err
		}
	}
	return s.rule.End(w), nil
}

// outcomesShown reports, as the stage "outcomes", how many positions have
// their outcome and layer made from their values (nil without progress).
func (s *compiledSolver) outcomesShown() func(done int) {
	if s.popt.Progress == nil {
		return nil
	}
	return func(done int) { s.popt.Progress("outcomes", int64(done)) }
}

// check is the sweep's check of the context and of the move cap, every
// 65 536 positions or moves, whichever come first, and its report of the
// moves made.
func (s *compiledSolver) check() error {
	if s.popt.Progress != nil {
		s.popt.Progress("moves", s.moves)
	}
	if mm := s.popt.MaxMoves; mm > 0 && s.moves > mm {
		return fmt.Errorf("%w: more than %d", positions.ErrTooManyMoves, mm)
	}
	if s.opt.Context != nil {
		return s.opt.Context.Err()
	}
	return nil
}

// solveCompiled values every position of c and makes the Result.
func solveCompiled(c *positions.Compiled, in *rules.Instance, opt core.Options, popt positions.Options) (*core.Table, error) {
	if opt.Context != nil {
		if err := opt.Context.Err(); err != nil {
			return nil, err
		}
	}
	s := newCompiledSolver(c, in, opt, popt)
	r, err := sweepValues[uint16](s)
	if _, deep := err.(errLayers); deep {
		s = newCompiledSolver(c, in, opt, popt)
		r, err = sweepValues[uint32](s)
	}
	return r, err
}

// values makes the sweep's n values, for the result of held positions:
// in the heap within the budget, and past it in a file of the spill
// directory, if there is one.
func values[V cellValue](s *compiledSolver, n int64, held int) (*spill.Array[V], error) {
	size := n * int64(unsafe.Sizeof(V(0)))
	need := size + int64(held)/4 // the values, and the outcome bits of the result
	popt := s.popt
	if popt.MaxBytes <= 0 || need <= popt.MaxBytes {
		return spill.Heap[V](n), nil
	}
	if popt.Spill == "" {
		return nil, spillable{fmt.Errorf("%w: the compiled sweep's values would take %s at %d positions, more than the budget of %s",
			positions.ErrMemoryBudget, positions.FormatBytes(need), held, positions.FormatBytes(popt.MaxBytes))}
	}
	return spill.Create[V](popt.Spill, fmt.Sprintf("retro-values-%d", os.Getpid()), n, false)
}

// deadRows releases, from a sweep's values kept in a file, the rows whose
// values it will not read again: past the first pile the moves of the
// rows still to come reach (Compiled.ReachFirst), from where it last
// released. p is a tuple of the row just valued.
type deadRows[V cellValue] struct {
	c        *positions.Compiled
	spans    *cellSpans
	store    *spill.Array[V]
	perFirst int64 // rows a value of the first pile
	rows     int64
	from     int64 // up: the values from here on are released; down: those before
}

func newDeadRows[V cellValue](c *positions.Compiled, spans *cellSpans, store *spill.Array[V]) *deadRows[V] {
	if !store.InFile() || spans.full {
		return nil
	}
	_, size := c.Space.Box()
	d := &deadRows[V]{c: c, spans: spans, store: store, rows: int64(len(spans.lo)), perFirst: int64(len(spans.lo)) / size[0]}
	if c.Up {
		d.from = spans.total
	}
	return d
}

func (d *deadRows[V]) after(p []int64) {
	if d == nil || len(p) < 2 {
		return
	}
	lo, _ := d.c.Space.Box()
	reach := d.c.ReachFirst(p[0]) - lo[0]
	if d.c.Up {
		row := (reach + 1) * d.perFirst // the first row past the reach
		if row >= d.rows {
			return
		}
		start := d.spans.at[row] + d.spans.lo[row]
		if start < d.from {
			d.store.Release(start, d.from)
			d.from = start
		}
		return
	}
	row := reach * d.perFirst // the first row of the reach: those before are done
	if row <= 0 {
		return
	}
	end := d.spans.at[row] + d.spans.lo[row]
	if end > d.from {
		d.store.Release(d.from, end)
		d.from = end
	}
}

func sweepValues[V cellValue](s *compiledSolver) (*core.Table, error) {
	c := s.c
	spans, rows, rowCells := boxRows(c)
	// With one winner at every end and one-pile moves, the cells that are
	// not positions hold the value of a move into them (sweepSimple).
	simple := c.Simple != nil && s.winConst
	end, _ := s.endCode(s.t)
	var store *spill.Array[V]
	var cs *compiledSave[V]
	var err error
	if s.opt.Checkpoint != nil {
		if cs, err = checkpointed[V](s, spans.total, nil, walkRegion(spans, rows, 0, 0, c.Up)); err != nil {
			return nil, err
		}
		store = cs.store
	} else if store, err = values[V](s, spans.total, c.Space.Len()); err != nil {
		return nil, err
	}
	if !cs.valued() {
		var err error
		if simple {
			err = sweepSimple(s, store.Slice(), spans, newDeadRows(c, spans, store), cs, end, uint64(^V(0)))
		} else {
			err = sweepAffine(s, store.Slice(), spans, newDeadRows(c, spans, store), cs, rowCells, nil)
		}
		if err != nil {
			store.Close() // its memory, and its file's disk, for the sweep that follows
			return nil, err
		}
		if cs != nil {
			if err := cs.done(s); err != nil {
				return nil, err
			}
		}
	}
	if cs != nil {
		return resultSaved(s, cs, spans)
	}
	return resultOf(s, store, spans)
}

// farRows is what sweepAffine needs in a shard: its rows of the sweep
// (from..to-1, the sweep's numbering), where vals[0] is among the values
// of every row, and the span of a row of another shard, fetched.
type farRows[V cellValue] struct {
	from, to int64
	base     int64
	mine     func(r int64) bool
	row      func(r int64) (span[V], error)
}

// tupleCell reports whether t lies in the box lo, size, and the cell of
// its tuple (stride: each pile's, in cells).
func tupleCell(t, lo, size, stride []int64) (int64, bool) {
	var cell int64
	for k, v := range t {
		d := v - lo[k]
		if d < 0 || d >= size[k] {
			return 0, false
		}
		cell += d * stride[k]
	}
	return cell, true
}

// sweepAffine values every position of a compiled game from its moves,
// one position at a time against the order of play, the winner of each
// end asked of the rules; in a shard (far set) the positions of its rows.
func sweepAffine[V cellValue](s *compiledSolver, vals []V, spans *cellSpans, dead *deadRows[V], cs *compiledSave[V], rowCells int64, far *farRows[V]) error {
	c := s.c
	sp := c.Space
	lo, size := sp.Box()
	member := sp.Members()
	limit := uint64(^V(0))
	rows := sizeRows(size, c.Hist, rowCells)
	t := s.t
	var err error
	var seen []int64
	var ticks int64 // positions and their moves since the last check
	from, to, base := cs.from(), rows, int64(0)
	if far != nil {
		from, to, base = far.from, far.to, far.base
	}
	// read is the code of member tc.
	read := func(tc int64) (uint64, int64, error) {
		a, _ := spans.addr(tc)
		if far == nil || far.mine(tc/rowCells) {
			return uint64(vals[a-base]), a, nil
		}
		t, err := far.row(tc / rowCells)
		return uint64(t.v[t.at+tc%rowCells]), a, err
	}
	walked := from // the walk's row at hand
	ok := positions.EachMemberFrom(member, lo, size, c.Hist, !c.Up, from, func(cell int64, p []int64, h int) bool {
		if to < rows {
			r0 := cell / rowCells
			if c.Up {
				r0 = rows - 1 - r0
			}
			if r0 >= to {
				return false
			}
		}
		if ticks >= 1<<16 {
			if ticks, err = 0, s.check(); err != nil {
				return false
			}
			dead.after(p)
		}
		if r0 := cell / rowCells; cs != nil {
			if c.Up {
				r0 = rows - 1 - r0 // the walk goes down
			}
			if r0 != walked {
				walked = r0
				if err = cs.row(s, r0, s.moves, s.edges); err != nil {
					return false
				}
			}
		}
		final := c.EndOp != positions.EndNone && c.Holds(c.EndSum(p))
		b := core.NewBest()
		legal := 0
		seen = seen[:0]
		if !final {
			for _, pl := range c.Plays[h] {
				for _, mi := range pl.Moves {
					if !c.Apply(&c.Moves[mi], p, t) {
						continue
					}
					legal++
					var code uint64
					if tc, ok := tupleCell(t, lo, size, c.Stride); ok && member.Has(int(tc)+pl.Next) {
						var a int64
						if code, a, err = read(tc + int64(pl.Next)); err != nil {
							return false
						}
						seen = append(seen, a)
					} else if code, err = s.endCode(t); err != nil {
						return false
					}
					b.Add(code)
				}
			}
		}
		v := b.Value()
		if final || legal == 0 { // a final row
			if v, err = s.endCode(p); err != nil {
				return false
			}
		}
		if v > limit {
			err = errLayers{}
			return false
		}
		a, _ := spans.addr(cell)
		vals[a-base] = V(v)
		s.moves += int64(legal)
		s.edges += int64(distinctCount(seen))
		ticks += int64(legal) + 1
		return true
	})
	if !ok {
		return err
	}
	return s.check()
}

// boxRows lays the cells of c's box out by rows (cellSpans), and says how
// many rows there are and how many cells a row has (each value of the
// last pile with every history).
func boxRows(c *positions.Compiled) (spans *cellSpans, rows, rowCells int64) {
	if c.Rows != nil { // a filled box in shards: no peer has the whole space's bits
		rows, rowCells = c.Rows.Rows()
		return spansBy(rows*rowCells, rowCells, c.Rows.Span), rows, rowCells
	}
	_, size := c.Space.Box()
	rowCells = size[len(size)-1] * int64(c.Hist)
	rows = sizeRows(size, c.Hist, rowCells)
	return spansOf(c.Space.Members(), rows*rowCells, rowCells), rows, rowCells
}

// sizeRows is the rows of a box: its cells over a row's.
func sizeRows(size []int64, hist int, rowCells int64) int64 {
	vol := int64(hist)
	for _, z := range size {
		vol *= z
	}
	return vol / rowCells
}

// distinctCount is the number of distinct cells in a short list.
func distinctCount(l []int64) int {
	n := 0
	for k, x := range l {
		dup := false
		for _, y := range l[:k] {
			if x == y {
				dup = true
				break
			}
		}
		if !dup {
			n++
		}
	}
	return n
}

// resultOf turns the cell values (the codes, kept where spans says) into
// a Result: the layers and outcomes by index, and the coloured sets from
// the count of each key. The layers take the
// memory of the values: a position's index is at most where its value is
// kept, so that each value is read before its place is written; where the
// values are more than twice the positions, the layers are copied out so
// that the values' memory is freed.
func resultOf[V cellValue](s *compiledSolver, store *spill.Array[V], spans *cellSpans) (*core.Table, error) {
	vals := store.Slice()
	c := s.c
	sp := c.Space
	n := sp.Len()
	r := core.NewTable(sp, c.Starts)
	r.MoveCount, r.Edges = s.moves, s.edges
	r.Win, r.Lose = positions.NewBitset(n), positions.NewBitset(n)
	member := sp.Members()
	var release func(read int64)
	if store.InFile() {
		// the values read so far, and the layers written in their place,
		// leave memory for the file (read again when touched)
		var released int64 // what has left memory
		perPage := int64(os.Getpagesize()) / int64(unsafe.Sizeof(V(0)))
		release = func(read int64) {
			store.Release(released, read)
			released = read / perPage * perPage // the page not let go yet
		}
	}
	count, idx := layersOf(vals, sp, spans, 0, 0, int64(len(member))<<6, r.Win, r.Lose, release, s.outcomesShown())
	if idx != n {
		return nil, fmt.Errorf("compiled solve: %d values for %d positions", idx, n)
	}
	layers := vals[:n:n]
	if len(vals) > 2*n && !store.InFile() {
		layers = slices.Clone(layers)
	}
	if store.InFile() {
		// the layers stay in the file: the table writer reads them once,
		// block by block, and lets each go
		r.Release = func(lo, hi int) { store.Release(int64(lo), int64(hi)) }
		store.Release(0, int64(n))
	}
	setLayers(r, layers)
	r.Sets, _ = core.SegmentsByKey(count)
	if s.opt.Progress != nil {
		s.opt.Progress(len(count)-2, n, n)
	}
	return r, nil
}

// setLayers gives r the layers of its positions, in cells of either width.
func setLayers[V cellValue](r *core.Table, layers []V) {
	switch l := any(layers).(type) {
	case []uint16:
		r.Layer16 = l
	case []uint32:
		r.Layer = l
	}
}

// layersOf turns the cell values of the members of cells lo..hi-1 (the
// value kept at a is vals[a-base]) into outcomes and layers (layerRun),
// writing each layer over vals at the position's place (never past a
// value still to be read). It returns the counts and the members.
// release, when set, is told now and then that the values before
// vals[read] are done with.
func layersOf[V cellValue](vals []V, sp *positions.Space, spans *cellSpans, base, lo, hi int64, win, lose positions.Bitset, release func(read int64), shown func(done int)) ([]int64, int) {
	l := &layerRun[V]{vals: vals, base: base, lay: vals, win: win, lose: lose, count: make([]int64, 2), shown: shown}
	if release != nil {
		l.every = func() error { release(l.read); return nil }
	}
	l.cells(sp, spans, lo, hi) // every says no error
	return l.count, l.n
}

// layerRun turns cell values into outcomes and layers, position by
// position from position n on: it sets the outcome bit of each in win or
// lose, by its place among them, writes its layer at that place of lay,
// and counts the positions of each key: 0 for the exam's W 0, 1 for L 0,
// layer+1 above (outcomes follow from keys).
type layerRun[V cellValue] struct {
	vals      []V // the value kept at a is vals[a-base]
	base      int64
	lay       []V // vals itself: each layer is written over a value read
	win, lose positions.Bitset
	count     []int64
	n         int   // the positions done: the index of the next
	read      int64 // where in vals the value last read is
	// every, when set, is called before every 1 024th word of membership
	// bits, the positions before it done; its error stops the run
	every func() error
	// shown, when set, is told there how many positions are done
	shown func(done int)
}

// cells runs through the members of cells lo..hi-1 of sp (a shard's
// space: of its positions).
func (l *layerRun[V]) cells(sp *positions.Space, spans *cellSpans, lo, hi int64) error {
	for w := lo >> 6; w < (hi+63)>>6; w++ {
		if w&(1<<10-1) == 0 && w > lo>>6 {
			if l.shown != nil {
				l.shown(l.n)
			}
			if l.every != nil {
				if err := l.every(); err != nil {
					return err
				}
			}
		}
		word := sp.MemberWord(w)
		if w<<6 < lo {
			word &= ^uint64(0) << uint(lo-w<<6)
		}
		if w<<6+64 > hi {
			word &= 1<<uint(hi-w<<6) - 1
		}
		for ; word != 0; word &= word - 1 {
			a, _ := spans.addr(w<<6 | int64(bits.TrailingZeros64(word)))
			l.read = a - l.base
			code := uint64(l.vals[l.read])
			o, layer := core.Decode(code)
			key := int(layer) + 1
			if o == core.Win {
				l.win.Set(l.n)
				if layer == 0 && code>>1 == 0 { // the exam's W 0 row
					key = 0
				}
			} else {
				l.lose.Set(l.n)
			}
			l.lay[l.n] = V(layer)
			for len(l.count) <= key {
				l.count = append(l.count, 0)
			}
			l.count[key]++
			l.n++
		}
	}
	return nil
}

// compiledPath says how a compiled game was solved.
func compiledPath(c *positions.Compiled) string {
	dir := "raises"
	if !c.Up {
		dir = "lowers"
	}
	kind := "affine moves"
	if c.Simple != nil {
		kind = "one-pile moves"
	}
	hist := ""
	if c.Hist > 1 {
		hist = fmt.Sprintf(", each tuple with %d histories", c.Hist)
	}
	return fmt.Sprintf("compiled: %s compiled to the box%s; every move %s the index, so tiers of one position each, valued in one pass from their moves; positions: %s",
		kind, hist, dir, c.Found)
}

// ErrSpillable: a solve over the memory budget whose arrays a spill
// directory (positions.Options.Spill) would hold in files.
var ErrSpillable = errors.New("the arrays over the budget can be kept in files of a spill directory")

// spillable is an error of the budget that a spill directory lifts.
type spillable struct{ error }

func (e spillable) Unwrap() error        { return e.error }
func (e spillable) Is(target error) bool { return target == ErrSpillable }
