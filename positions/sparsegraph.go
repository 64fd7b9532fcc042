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
	vol := uint64(1)
	for k := range f.lo {
		if f.hi[k] >= f.lo[k] {
			vol = satMul(vol, uint64(f.hi[k]-f.lo[k]+1))
		}
	}
	if isDense(vol, n) {
		return nil, fmt.Errorf("%w: the positions fill their box", ErrNotShifts)
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
	sp := &Space{game: g, box: box{piles: len(g.Piles), hist: 1}, n: n, index: idx}
	gr := &ShiftGraph{Space: sp, Instance: f.in, Moves: f.moves, Edges: f.edges,
		WinEnd: NewBitset(n), LoseEnd: NewBitset(n), FinalLost: NewBitset(n), FinalWon: NewBitset(n),
		ends: map[uint32]uint32{}}
	x := &shiftPreds[K]{lay: &f.lay, idx: idx, fwd: f.fwd, rev: rev, gr: gr, v: make([]int64, len(g.Piles))}
	x.setDeltas()
	gr.impl = x
	m := f.in.NewMachine()
	v := make([]int64, len(g.Piles))
	for _, k := range finalStarts {
		unpackKey(&f.lay, k, v)
		w, err := m.Winner(v)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrNotShifts, err)
		}
		i := int(idx.findKey(k))
		if w == rules.Mover {
			gr.FinalLost.Set(i)
		} else {
			gr.FinalWon.Set(i)
		}
	}
	var buf []uint32
	for _, k := range ends {
		unpackKey(&f.lay, k, v)
		w, err := m.Winner(v)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrNotShifts, err)
		}
		buf = x.predsOf(k, buf[:0])
		for _, i := range buf {
			if w == rules.Mover {
				gr.WinEnd.Set(int(i))
			} else {
				gr.LoseEnd.Set(int(i))
			}
			gr.ends[i]++
			gr.Edges--
		}
	}
	if f.opt.MaxEdges > 0 && gr.Edges > f.opt.MaxEdges {
		return nil, fmt.Errorf("%w: more than %d", ErrTooManyEdges, f.opt.MaxEdges)
	}
	return gr, nil
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
