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
