package compiled

import (
	"fmt"
	"retro/retro/internal/cells"
	"retro/retro/internal/core"
	"retro/retro/internal/shape"

	"retro/positions"
	"retro/positions/spill"
	"retro/rules"
)

// solveCompiled values every position of c and makes the table, in
// 16-bit cells and again in 32-bit ones where the layers outgrow them.
func solveCompiled(c *shape.Compiled, in *rules.Instance, opt core.Options, popt positions.Options) (*core.Table, error) {
	if opt.Context != nil {
		if err := opt.Context.Err(); err != nil {
			return nil, err
		}
	}
	s := cells.NewSolver(c, in, opt, popt)
	r, err := sweepValues[uint16](s)
	if _, deep := err.(cells.ErrLayers); deep {
		s = cells.NewSolver(c, in, opt, popt)
		r, err = sweepValues[uint32](s)
	}
	return r, err
}

// deadRows releases, from a sweep's values kept in a file, the rows whose
// values it will not read again: past the first pile the moves of the
// rows still to come reach (Compiled.ReachFirst), from where it last
// released. p is a tuple of the row just valued.
type deadRows[V cells.Value] struct {
	c        *shape.Compiled
	spans    *cells.Spans
	store    *spill.Array[V]
	perFirst int64 // rows a value of the first pile
	rows     int64
	from     int64 // up: the values from here on are released; down: those before
}

func newDeadRows[V cells.Value](c *shape.Compiled, spans *cells.Spans, store *spill.Array[V]) *deadRows[V] {
	if !store.InFile() || spans.Full {
		return nil
	}
	_, size := c.Space.Box()
	d := &deadRows[V]{c: c, spans: spans, store: store, rows: int64(len(spans.Lo)), perFirst: int64(len(spans.Lo)) / size[0]}
	if c.Up {
		d.from = spans.Total
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
		start := d.spans.At[row] + d.spans.Lo[row]
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
	end := d.spans.At[row] + d.spans.Lo[row]
	if end > d.from {
		d.store.Release(d.from, end)
		d.from = end
	}
}

func sweepValues[V cells.Value](s *cells.Solver) (*core.Table, error) {
	c := s.C
	spans, rows, rowCells := boxRows(c)
	// With one winner at every end and one-pile moves, the cells that are
	// not positions hold the value of a move into them (sweepSimple).
	simple := c.Simple != nil && s.WinConst
	end, _ := s.EndCode(s.T)
	var store *spill.Array[V]
	var cs *compiledSave[V]
	var err error
	if s.Opt.Checkpoint != nil {
		if cs, err = checkpointed[V](s, spans.Total, nil, walkRegion(spans, rows, 0, 0, c.Up)); err != nil {
			return nil, err
		}
		store = cs.store
	} else if store, err = cells.Values[V](s, spans.Total, c.Space.Len()); err != nil {
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
	return cells.TableOf(s, store, spans)
}

// farRows is what sweepAffine needs in a shard: its rows of the sweep
// (from..to-1, the sweep's numbering), where vals[0] is among the values
// of every row, and the span of a row of another shard, fetched.
type farRows[V cells.Value] struct {
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
func sweepAffine[V cells.Value](s *cells.Solver, vals []V, spans *cells.Spans, dead *deadRows[V], cs *compiledSave[V], rowCells int64, far *farRows[V]) error {
	c := s.C
	sp := c.Space
	lo, size := sp.Box()
	member := sp.Members()
	limit := uint64(^V(0))
	rows := sizeRows(size, c.Hist, rowCells)
	t := s.T
	var err error
	var seen []int64
	var ticks int64 // positions and their moves since the last check
	from, to, base := cs.from(), rows, int64(0)
	if far != nil {
		from, to, base = far.from, far.to, far.base
	}
	// read is the code of member tc.
	read := func(tc int64) (uint64, int64, error) {
		a, _ := spans.Addr(tc)
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
			if ticks, err = 0, s.Check(); err != nil {
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
				if err = cs.row(s, r0, s.Moves, s.Edges); err != nil {
					return false
				}
			}
		}
		final := c.EndOp != shape.EndNone && c.Holds(c.EndSum(p))
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
					} else if code, err = s.EndCode(t); err != nil {
						return false
					}
					b.Add(code)
				}
			}
		}
		v := b.Value()
		if final || legal == 0 { // a final row
			if v, err = s.EndCode(p); err != nil {
				return false
			}
		}
		if v > limit {
			err = cells.ErrLayers{}
			return false
		}
		a, _ := spans.Addr(cell)
		vals[a-base] = V(v)
		s.Moves += int64(legal)
		s.Edges += int64(distinctCount(seen))
		ticks += int64(legal) + 1
		return true
	})
	if !ok {
		return err
	}
	return s.Check()
}

// boxRows lays the cells of c's box out by rows (cells.Spans), and says how
// many rows there are and how many cells a row has (each value of the
// last pile with every history).
func boxRows(c *shape.Compiled) (spans *cells.Spans, rows, rowCells int64) {
	if c.Rows != nil { // a filled box in shards: no peer has the whole space's bits
		rows, rowCells = c.Rows.Rows()
		return cells.SpansBy(rows*rowCells, rowCells, c.Rows.Span), rows, rowCells
	}
	_, size := c.Space.Box()
	rowCells = size[len(size)-1] * int64(c.Hist)
	rows = sizeRows(size, c.Hist, rowCells)
	return cells.SpansOf(c.Space.Members(), rows*rowCells, rowCells), rows, rowCells
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

// compiledPath says how a compiled game was solved.
func compiledPath(c *shape.Compiled) string {
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

// Solve solves one game instance by the compiled path: its table, or nil
// and why the path does not take the game (shown: whether the general
// path's line repeats the reason).
func Solve(in *rules.Instance, popt positions.Options, opt core.Options) (*core.Table, string, bool, error) {
	c, why, err := Compile(in, popt, sweepSave(opt))
	if err != nil || c == nil {
		return nil, why, true, err
	}
	t, err := solveCompiled(c, in, opt, popt)
	if err != nil {
		return nil, "", false, err
	}
	t.Path = compiledPath(c)
	return t, "", false, nil
}
