package positions

import (
	"fmt"

	"retro/rules"
)

// graph turns the keys found into a hashed space and the implicit graph:
// the final keys that are not starts are ends, and the moves into them
// are found backwards from them.
func (f *shiftFinder[K]) graph(nstarts int, rev *shiftMoves) (*ShiftGraph, error) {
	g := f.in.Game
	gone := NewBitset(f.count)
	var ends, finalStarts []K
	for _, id := range f.final {
		if int(id) >= nstarts {
			gone.Set(int(id))
			ends = append(ends, *f.at(id))
		} else {
			finalStarts = append(finalStarts, *f.at(id))
		}
	}
	n := f.count - len(ends)
	for k := range f.ends {
		ends = append(ends, k)
	}
	if err := f.box.fillsBox(n); err != nil {
		return nil, err
	}
	freeSlice(f.table)
	f.table = nil
	for _, block := range f.via {
		freeSlice(block)
	}
	f.via = nil
	keys := sortedKeys(func(fn func(K)) {
		for c, block := range f.store {
			for i := range block {
				id := c*keyChunk + i
				if id >= f.count {
					break
				}
				if !gone.Has(id) {
					fn(block[i])
				}
			}
		}
	})
	for _, block := range f.store {
		freeSlice(block)
	}
	f.store = nil
	sortKeys(ends) // so that the moves into ends are found in one order
	idx := newPackedIndex(f.lay, keys)
	gr := newShiftGraph(f.in, idx, n, f.moves, f.edges)
	x := &shiftPreds[K]{lay: &f.lay, idx: idx, fwd: f.fwd, rev: rev, gr: gr, v: make([]int64, len(g.Piles))}
	x.setDeltas()
	gr.impl = x
	m := f.in.NewMachine()
	v := make([]int64, len(g.Piles))
	for _, k := range finalStarts {
		unpackKey(&f.lay, k, v)
		if err := gr.finalStart(m, v, int(idx.findKey(k))); err != nil {
			return nil, err
		}
	}
	var buf []uint32
	for _, k := range ends {
		unpackKey(&f.lay, k, v)
		buf = x.predsOf(k, buf[:0])
		if err := gr.endReached(m, v, buf); err != nil {
			return nil, err
		}
	}
	if err := gr.edgeCap(f.opt); err != nil {
		return nil, err
	}
	return gr, nil
}

// extent is the box of some positions: pile k runs over lo[k]..hi[k]
// (none while lo[k] > hi[k]). open lists the piles whose lo is not 0 yet,
// so that taking in a position reads its piles that are not zero and
// those only.
type extent struct {
	lo, hi []int64
	open   []int32
}

func newExtent(p int) *extent {
	e := &extent{lo: make([]int64, p), hi: make([]int64, p)}
	for k := range e.lo {
		e.lo[k], e.hi[k] = 1<<62, -1
		e.open = append(e.open, int32(k))
	}
	return e
}

// take widens the extent to position v, whose piles not zero are nz.
func (e *extent) take(v []int64, nz []int32) {
	for _, k := range nz {
		e.hi[k] = max(e.hi[k], v[k])
	}
	for i := 0; i < len(e.open); {
		if k := e.open[i]; v[k] < e.lo[k] {
			if e.lo[k] = v[k]; v[k] == 0 { // no lower
				e.open[i] = e.open[len(e.open)-1]
				e.open = e.open[:len(e.open)-1]
				continue
			}
		}
		i++
	}
}

// join widens the extent to another's.
func (e *extent) join(o *extent) {
	for k := range e.lo {
		e.lo[k], e.hi[k] = min(e.lo[k], o.lo[k]), max(e.hi[k], o.hi[k])
	}
}

// fillsBox is ErrNotShifts, wrapped, when n positions that are not final
// fill their box, which the general path indexes densely.
func (e *extent) fillsBox(n int) error {
	vol := uint64(1)
	for k := range e.lo {
		if e.hi[k] >= e.lo[k] {
			vol = satMul(vol, uint64(e.hi[k]-e.lo[k]+1))
		}
	}
	if IsDense(vol, n) {
		return fmt.Errorf("%w: the positions fill their box", ErrNotShifts)
	}
	return nil
}

// newShiftGraph is the implicit graph of the n positions of a game of
// shifts that index holds, found with these counts, with no flag set.
func newShiftGraph(in *rules.Instance, index keyIndex, n int, moves, edges int64) *ShiftGraph {
	g := in.Game
	sp := &Space{game: g, box: box{piles: len(g.Piles), hist: 1}, n: n, index: index}
	return &ShiftGraph{Space: sp, Instance: in, Moves: moves, Edges: edges,
		WinEnd: NewBitset(n), LoseEnd: NewBitset(n), FinalLost: NewBitset(n), FinalWon: NewBitset(n),
		ends: map[uint32]uint32{}}
}

// finalStart flags position i, a final start of piles v, by its winner.
func (gr *ShiftGraph) finalStart(m *rules.Machine, v []int64, i int) error {
	w, err := m.Winner(v)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotShifts, err)
	}
	if w == rules.Mover {
		gr.FinalLost.Set(i)
	} else {
		gr.FinalWon.Set(i)
	}
	return nil
}

// endReached flags the moves of the positions preds into an end of the
// game of piles v by its winner, and takes them from the edges.
func (gr *ShiftGraph) endReached(m *rules.Machine, v []int64, preds []uint32) error {
	w, err := m.Winner(v)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotShifts, err)
	}
	for _, i := range preds {
		if w == rules.Mover {
			gr.WinEnd.Set(int(i))
		} else {
			gr.LoseEnd.Set(int(i))
		}
		gr.ends[i]++
		gr.Edges--
	}
	return nil
}

// edgeCap checks the edges between positions against the cap.
func (gr *ShiftGraph) edgeCap(opt Options) error {
	if opt.MaxEdges > 0 && gr.Edges > opt.MaxEdges {
		return fmt.Errorf("%w: more than %d", ErrTooManyEdges, opt.MaxEdges)
	}
	return nil
}

func satMul(a, b uint64) uint64 {
	if a != 0 && b > ^uint64(0)/a {
		return ^uint64(0)
	}
	return a * b
}

// shiftPreds works out successor counts and predecessors from the keys.
type shiftPreds[K packedKey] struct {
	lay      *layout
	idx      *packedIndex[K]
	fwd, rev *shiftMoves
	back     []K // the packed deltas of rev
	maxv     []int64
	gr       *ShiftGraph
	v        []int64
	nz       []int32
	cand     []int32
}

func (x *shiftPreds[K]) setDeltas() {
	words := make([]uint64, x.lay.words)
	x.back = make([]K, len(x.rev.vecs))
	for m, s := range x.rev.vecs {
		x.lay.delta(s.Piles, s.Deltas, words)
		for w := range words {
			x.back[m][w] = words[w]
		}
	}
	x.maxv = make([]int64, len(x.lay.width))
	for k := range x.maxv {
		x.maxv[k] = x.lay.max(k)
	}
}

// out counts the distinct shifts legal at i, the moves into ends
// included: every one leads to a position or an end, each to another.
func (x *shiftPreds[K]) out(i int) uint32 {
	for _, p := range x.nz {
		x.v[p] = 0
	}
	x.nz = unpackNonZero(x.lay, x.idx.keys[i], x.v, x.nz[:0])
	x.cand = x.fwd.legal(x.v, x.nz, x.cand[:0])
	return uint32(len(x.cand))
}

func (x *shiftPreds[K]) preds(j int, buf []uint32) []uint32 {
	return x.predsOf(x.idx.keys[j], buf)
}

// predsOf appends the positions with a move to key k: those a reverse
// shift leads to that are in the space and not final.
func (x *shiftPreds[K]) predsOf(k K, buf []uint32) []uint32 {
	for _, p := range x.nz {
		x.v[p] = 0
	}
	x.nz = unpackNonZero(x.lay, k, x.v, x.nz[:0])
	x.cand = x.rev.legal(x.v, x.nz, x.cand[:0])
	gr := x.gr
next:
	for _, m := range x.cand {
		for _, g := range x.rev.give[x.rev.giveOff[m]:x.rev.giveOff[m+1]] {
			if x.v[g.pile]+g.amt > x.maxv[g.pile] {
				continue next // beyond every position found
			}
		}
		id := x.idx.findKey(addKey(k, x.back[m]))
		if id >= 0 && !gr.FinalLost.Has(int(id)) && !gr.FinalWon.Has(int(id)) {
			buf = append(buf, uint32(id))
		}
	}
	return buf
}
