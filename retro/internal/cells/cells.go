package cells

import (
	"fmt"
	"math/bits"
	"os"
	"retro/positions"
	"retro/positions/spill"
	"retro/retro/internal/core"
	"retro/retro/internal/shape"
	"retro/rules"
	"slices"
	"unsafe"
)

// Value is a value kept per cell: uint16 while the layers fit, uint32
// otherwise.
type Value interface{ ~uint16 | ~uint32 }

// Solver values the cells of a compiled box (shape.Compiled): the
// compiled path's sweeps, and the lines path's, which embeds it.
type Solver struct {
	C            *shape.Compiled
	in           *rules.Instance
	m            *rules.Machine
	rule         core.Rule
	WinConst     bool
	winner       rules.Player
	T            []int64
	Moves, Edges int64
	Opt          core.Options
	Popt         positions.Options // the caps, the budget and the spill directory
}

// ErrLayers: the layers outgrew the cell values; the sweep runs again
// with wider ones.
type ErrLayers struct{}

func (ErrLayers) Error() string { return "layers too deep for 16-bit cells" }

func NewSolver(c *shape.Compiled, in *rules.Instance, opt core.Options, popt positions.Options) *Solver {
	g := in.Game
	s := &Solver{C: c, in: in, m: in.NewMachine(), rule: core.RuleOf(g.Count),
		T: make([]int64, len(g.Piles)), Opt: opt, Popt: popt}
	s.winner, s.WinConst = g.ConstWinner()
	return s
}

// EndCode is the code of a move into the end t, and of a final row at t.
func (s *Solver) EndCode(t []int64) (uint64, error) {
	w := s.winner
	if !s.WinConst {
		var err error
		if w, err = s.m.Winner(t); err != nil {
			return 0, err
		}
	}
	return s.rule.End(w), nil
}

// OutcomesShown reports, as the stage "outcomes", how many positions have
// their outcome and layer made from their values (nil without progress).
func (s *Solver) OutcomesShown() func(done int) {
	if s.Popt.Progress == nil {
		return nil
	}
	return func(done int) { s.Popt.Progress("outcomes", int64(done)) }
}

// Check is the sweep's check of the context and of the move cap, every
// 65 536 positions or moves, whichever come first, and its report of the
// moves made.
func (s *Solver) Check() error {
	if s.Popt.Progress != nil {
		s.Popt.Progress("moves", s.Moves)
	}
	if mm := s.Popt.MaxMoves; mm > 0 && s.Moves > mm {
		return fmt.Errorf("%w: more than %d", positions.ErrTooManyMoves, mm)
	}
	if s.Opt.Context != nil {
		return s.Opt.Context.Err()
	}
	return nil
}

// Values makes the sweep's n values, for the result of held positions:
// in the heap within the budget, and past it in a file of the spill
// directory, if there is one.
func Values[V Value](s *Solver, n int64, held int) (*spill.Array[V], error) {
	size := n * int64(unsafe.Sizeof(V(0)))
	need := size + int64(held)/4 // the values, and the outcome bits of the result
	popt := s.Popt
	if popt.MaxBytes <= 0 || need <= popt.MaxBytes {
		return spill.Heap[V](n), nil
	}
	if popt.Spill == "" {
		return nil, spillable{fmt.Errorf("%w: the compiled sweep's values would take %s at %d positions, more than the budget of %s",
			positions.ErrMemoryBudget, positions.FormatBytes(need), held, positions.FormatBytes(popt.MaxBytes))}
	}
	return spill.Create[V](popt.Spill, fmt.Sprintf("retro-values-%d", os.Getpid()), n, false)
}

// TableOf turns the cell values (the codes, kept where spans says) into
// a table (core.Table): the layers and outcomes by index, and the coloured sets from
// the count of each key. The layers take the
// memory of the values: a position's index is at most where its value is
// kept, so that each value is read before its place is written; where the
// values are more than twice the positions, the layers are copied out so
// that the values' memory is freed.
func TableOf[V Value](s *Solver, store *spill.Array[V], spans *Spans) (*core.Table, error) {
	vals := store.Slice()
	c := s.C
	sp := c.Space
	n := sp.Len()
	r := core.NewTable(sp, c.Starts)
	r.MoveCount, r.Edges = s.Moves, s.Edges
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
	count, idx := LayersOf(vals, sp, spans, 0, 0, int64(len(member))<<6, r.Win, r.Lose, release, s.OutcomesShown())
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
	SetLayers(r, layers)
	r.Sets, _ = core.SegmentsByKey(count)
	if s.Opt.Progress != nil {
		s.Opt.Progress(len(count)-2, n, n)
	}
	return r, nil
}

// SetLayers gives r the layers of its positions, in cells of either width.
func SetLayers[V Value](r *core.Table, layers []V) {
	switch l := any(layers).(type) {
	case []uint16:
		r.Layer16 = l
	case []uint32:
		r.Layer = l
	}
}

// LayersOf turns the cell values of the members of cells lo..hi-1 (the
// value kept at a is vals[a-base]) into outcomes and layers (LayerRun),
// writing each layer over vals at the position's place (never past a
// value still to be read). It returns the counts and the members.
// release, when set, is told now and then that the values before
// vals[read] are done with.
func LayersOf[V Value](vals []V, sp *positions.Space, spans *Spans, base, lo, hi int64, win, lose positions.Bitset, release func(read int64), shown func(done int)) ([]int64, int) {
	l := &LayerRun[V]{Vals: vals, Base: base, Lay: vals, Win: win, Lose: lose, Count: make([]int64, 2), Shown: shown}
	if release != nil {
		l.Every = func() error { release(l.read); return nil }
	}
	l.Cells(sp, spans, lo, hi) // every says no error
	return l.Count, l.N
}

// LayerRun turns cell values into outcomes and layers, position by
// position from position n on: it sets the outcome bit of each in win or
// lose, by its place among them, writes its layer at that place of lay,
// and counts the positions of each key: 0 for the exam's W 0, 1 for L 0,
// layer+1 above (outcomes follow from keys).
type LayerRun[V Value] struct {
	Vals      []V // the value kept at a is vals[a-base]
	Base      int64
	Lay       []V // vals itself: each layer is written over a value read
	Win, Lose positions.Bitset
	Count     []int64
	N         int   // the positions done: the index of the next
	read      int64 // where in vals the value last read is
	// Every, when set, is called before every 1 024th word of membership
	// bits, the positions before it done; its error stops the run
	Every func() error
	// Shown, when set, is told there how many positions are done
	Shown func(done int)
}

// Cells runs through the members of cells lo..hi-1 of sp (a shard's
// space: of its positions).
func (l *LayerRun[V]) Cells(sp *positions.Space, spans *Spans, lo, hi int64) error {
	for w := lo >> 6; w < (hi+63)>>6; w++ {
		if w&(1<<10-1) == 0 && w > lo>>6 {
			if l.Shown != nil {
				l.Shown(l.N)
			}
			if l.Every != nil {
				if err := l.Every(); err != nil {
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
			a, _ := spans.Addr(w<<6 | int64(bits.TrailingZeros64(word)))
			l.read = a - l.Base
			code := uint64(l.Vals[l.read])
			o, layer := core.Decode(code)
			key := int(layer) + 1
			if o == core.Win {
				l.Win.Set(l.N)
				if layer == 0 && code>>1 == 0 { // the exam's W 0 row
					key = 0
				}
			} else {
				l.Lose.Set(l.N)
			}
			l.Lay[l.N] = V(layer)
			for len(l.Count) <= key {
				l.Count = append(l.Count, 0)
			}
			l.Count[key]++
			l.N++
		}
	}
	return nil
}

// spillable is an error of the budget that a spill directory lifts.
type spillable struct{ error }

func (e spillable) Unwrap() error { return e.error }

func (e spillable) Is(target error) bool { return target == core.ErrSpillable }
