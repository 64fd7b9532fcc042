package positions

import (
	"slices"

	"retro/rules"
)

// shiftMoves indexes the distinct shifts of a game (see rules.Shift) by
// the piles they take from, so that a position pays for the moves it has,
// not for every move of the game: a shift that takes from one pile is
// listed under that pile by the amount it takes, one that takes from
// several under the pair of the first two. A position with piles S not
// zero looks at the lists of S and of the pairs of S only.
//
// The same index over the shifts negated gives the moves backwards (a
// position's predecessors): the reverse of a shift takes what it gave.
type shiftMoves struct {
	piles   int
	mult    []int64 // how many movers make each distinct shift
	takeOff []int32 // shift m takes take[takeOff[m]:takeOff[m+1]]
	take    []pileAmt
	giveOff []int32 // and gives give[giveOff[m]:giveOff[m+1]]
	give    []pileAmt
	none    []int32   // shifts that take from no pile
	single  [][]int32 // shifts taking from one pile, by amount
	pairOff []int32   // shifts taking from piles a < b first: pair[pairOff[a*P+b]:pairOff[a*P+b+1]]
	pair    []int32
	unit    []bool        // the shift takes one from each of two piles: legal wherever both are not zero
	vecs    []rules.Shift // each distinct shift, as given (or negated)
}

type pileAmt struct {
	pile int32
	amt  int64
}

// newShiftMoves indexes distinct shifts of a game of p piles, negated
// when reverse is set.
func newShiftMoves(shifts []rules.Shift, mult []int64, p int, reverse bool) *shiftMoves {
	x := &shiftMoves{piles: p, mult: mult, single: make([][]int32, p), takeOff: []int32{0}, giveOff: []int32{0}}
	pairs := make([][]int32, p*p)
	for m, s := range shifts {
		v := rules.Shift{Cmd: s.Cmd, Piles: s.Piles, Deltas: slices.Clone(s.Deltas)}
		if reverse {
			for i := range v.Deltas {
				v.Deltas[i] = -v.Deltas[i]
			}
		}
		x.vecs = append(x.vecs, v)
		var takes []pileAmt
		for i, k := range v.Piles {
			if d := v.Deltas[i]; d < 0 {
				takes = append(takes, pileAmt{int32(k), -d})
			} else {
				x.give = append(x.give, pileAmt{int32(k), d})
			}
		}
		x.take = append(x.take, takes...)
		x.unit = append(x.unit, len(takes) == 2 && takes[0].amt == 1 && takes[1].amt == 1)
		x.takeOff = append(x.takeOff, int32(len(x.take)))
		x.giveOff = append(x.giveOff, int32(len(x.give)))
		switch len(takes) {
		case 0:
			x.none = append(x.none, int32(m))
		case 1:
			x.single[takes[0].pile] = append(x.single[takes[0].pile], int32(m))
		default:
			a, b := takes[0].pile, takes[1].pile
			pairs[int(a)*p+int(b)] = append(pairs[int(a)*p+int(b)], int32(m))
		}
	}
	for k := range x.single {
		slices.SortStableFunc(x.single[k], func(a, b int32) int {
			return cmpInt64(x.take[x.takeOff[a]].amt, x.take[x.takeOff[b]].amt)
		})
	}
	x.pairOff = make([]int32, p*p+1)
	for ab, l := range pairs {
		x.pair = append(x.pair, l...)
		x.pairOff[ab+1] = int32(len(x.pair))
	}
	return x
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// legal appends to out the shifts whose takes the piles v allow; nz lists
// the piles of v that are not zero, ascending. The gives are not checked.
func (x *shiftMoves) legal(v []int64, nz []int32, out []int32) []int32 {
	out = append(out, x.none...)
	p := int32(x.piles)
	for i, a := range nz {
		va := v[a]
		for _, m := range x.single[a] {
			if x.take[x.takeOff[m]].amt > va {
				break
			}
			out = append(out, m)
		}
		row := a * p
		for _, b := range nz[i+1:] {
			lo, hi := x.pairOff[row+b], x.pairOff[row+b+1]
		next:
			for _, m := range x.pair[lo:hi] {
				if x.unit[m] {
					out = append(out, m)
					continue
				}
				for _, t := range x.take[x.takeOff[m]:x.takeOff[m+1]] {
					if v[t.pile] < t.amt {
						continue next
					}
				}
				out = append(out, m)
			}
		}
	}
	return out
}

// nonZero lists the piles of v that are not zero.
func nonZero(v []int64, out []int32) []int32 {
	out = out[:0]
	for k, x := range v {
		if x != 0 {
			out = append(out, int32(k))
		}
	}
	return out
}
