package positions

import (
	"retro/rules"
)

// The dense spaces the sweeps and searches of the fast paths make, fitted
// as the general search fits its own: to the tight box of the positions,
// and dense only where they fill enough of it (isDense), so that every
// path numbers the same positions the same way.

// FitDense is the dense space of count positions, the members of the box
// lo, size (hist history values a tuple), in their tight box tlo..thi, or
// the reason there is none: no positions, or too few for their box.
func FitDense(g *rules.Game, hist int, lo, size []int64, member Bitset, count int, tlo, thi []int64) (*Space, string) {
	np := len(lo)
	sp := &Space{game: g, box: box{piles: np, hist: hist}, dense: true}
	if count == 0 {
		return nil, "no positions"
	}
	tsize := make([]int64, np)
	for k := range tlo {
		tsize[k] = thi[k] - tlo[k] + 1
	}
	vol := sp.volume(tsize)
	if !IsDense(vol, count) {
		return nil, "the positions fill too little of their box"
	}
	same := true
	for k := range lo {
		same = same && tlo[k] == lo[k] && tsize[k] == size[k]
	}
	if !same {
		stride := Strides(size, hist)
		tight := NewBitset(int(vol))
		// copy row by row: a row is a run of the last pile, with every
		// history, in both boxes
		last := np - 1
		row := tsize[last] * int64(hist)
		p := make([]int64, np)
		rows := int64(vol) / row
		for r := int64(0); r < rows; r++ {
			DecodeCell(r*tsize[last], tlo, tsize, p)
			var from int64
			for k, v := range p {
				from += (v - lo[k]) * stride[k]
			}
			CopyBits(tight, r*row, member, from, row)
		}
		member = tight
	}
	sp.lo, sp.size, sp.member = tlo, tsize, member
	sp.rank, sp.n = rankDirectory(member)
	return sp, ""
}

// EndPoints bounds the positions of the box lo..hi that a linear end
// leaves (c.EndOp EndGE: Σ c_j p_j + K >= 0 ends the game, so a
// non-final position has Σ c_j p_j <= -1-K), when every c_j > 0 and the
// box is of non-negative piles: the lattice points of that simplex in the
// box, counted pile by pile (f_k(b), the tuples of piles k.. of weight at
// most b, from f_{k+1} by window sums over each residue of c_k), at most
// limit. ok is false when the end is not of that kind or the count would
// take more work than a sweep.
func EndPoints(c *Compiled, lo, hi []int64, limit uint64) (n uint64, ok bool) {
	if c.EndOp != EndGE {
		return 0, false
	}
	b := -1 - c.EndConst
	if b < 0 {
		return 0, true
	}
	for k, a := range c.EndCoef {
		if a <= 0 || lo[k] < 0 {
			return 0, false
		}
	}
	if b > 1<<22 || int64(len(lo))*b > 1<<25 {
		return 0, false
	}
	sat := func(x uint64) uint64 { return min(x, limit) }
	f := make([]uint64, b+1) // f(w): tuples of the piles after k of weight at most w
	for w := range f {
		f[w] = 1
	}
	g := make([]uint64, b+1)
	for k := len(lo) - 1; k >= 0; k-- {
		a := c.EndCoef[k]
		// g(w) = f(w) + g(w-a): the sums over w, w-a, w-2a, …
		for w := int64(0); w <= b; w++ {
			g[w] = f[w]
			if w >= a {
				g[w] = sat(g[w] + g[w-a])
			}
		}
		// f'(w) = Σ_{v=lo..hi, a·v <= w} f(w - a·v) = g(w - a·lo) - g(w - a·(hi+1))
		for w := int64(0); w <= b; w++ {
			top := w - a*lo[k]
			if top < 0 {
				f[w] = 0
				continue
			}
			v := g[top]
			if low := w - a*(hi[k]+1); low >= 0 && v < limit {
				v -= g[low]
			}
			f[w] = v
		}
	}
	return f[b], true
}
