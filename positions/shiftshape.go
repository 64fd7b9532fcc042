package positions

// The shape of a game of shifts, which the path of shifts takes and a
// table of such a game is read back by: its shifts, and the slice of a
// kept weighted sum that ranks its positions (SliceSpace).

import (
	"fmt"
	"retro/rules"
	"slices"
	"strings"
)

// shiftsOf is the shifts of a game the path of shifts may take with these
// options (every move adds constants to piles), or why it does not.
func shiftsOf(in *rules.Instance, opt Options) ([]rules.Shift, string) {
	g := in.Game
	switch {
	case len(g.Piles) < shiftPiles:
		return nil, fmt.Sprintf("fewer than %d piles", shiftPiles)
	case opt.Horizon >= 0:
		return nil, "a horizon"
	case g.HasBounds:
		return nil, "a [bounds] box"
	}
	for _, s := range opt.Extra {
		if s.Hist != 0 {
			return nil, "a start with history"
		}
	}
	return g.Shifts()
}

// distinctShifts merges the shifts with the same delta vector, keeping
// the first of each in order, and counts the movers of each.
func distinctShifts(shifts []rules.Shift) ([]rules.Shift, []int64) {
	var out []rules.Shift
	var mult []int64
	seen := map[string]int{}
	for _, s := range shifts {
		var b strings.Builder
		for i, p := range s.Piles {
			fmt.Fprintf(&b, "%d:%d,", p, s.Deltas[i])
		}
		if k, ok := seen[b.String()]; ok {
			mult[k]++
			continue
		}
		seen[b.String()] = len(out)
		out = append(out, s)
		mult = append(mult, 1)
	}
	return out, mult
}

// shiftSlice is the slice of a game of shifts whose seeds are seeds, or
// nil and why there is none.
func shiftSlice(shifts []rules.Shift, piles int, seeds [][]int64, opt Options) (*slice, string) {
	w, why := keptWeights(shifts, piles, seeds)
	if w == nil {
		return nil, why
	}
	var sums []int64
	top := int64(maxSliceCells)
	for _, s := range seeds {
		var sum int64
		for k, v := range s {
			if v > top/w[k] || sum > top-v*w[k] {
				return nil, fmt.Sprintf("a start's weighted sum is above %d", top)
			}
			sum += v * w[k]
		}
		sums = append(sums, sum)
	}
	slices.Sort(sums)
	sums = slices.Compact(sums)
	most := min(uint64(maxSlicePoints), max(sliceFloor, uint64(sliceSpread)*uint64(opt.MaxPositions)))
	s, why := newSlice(w, sums, most, maxSliceCells)
	if s == nil {
		return nil, why
	}
	if need := sliceBitsets*int64(s.points+63)/64*8 + int64(len(s.comp))*4; opt.MaxBytes > 0 && need > opt.MaxBytes {
		return nil, fmt.Sprintf("the bitsets over the %d points of the slice of the kept sum would take %s, more than the budget of %s",
			s.points, FormatBytes(need), FormatBytes(opt.MaxBytes))
	}
	return s, ""
}

// SliceSpace makes the space of the positions of a game of shifts that
// keeps a weighted sum, given by each one after another in index order
// (add refuses one, and each should stop, when it is not on the slice),
// as a ranked slice index: as EnumerateShifts makes it, without keys
// where a hashed space of the same positions keeps every tuple. It
// returns nil and no error when the game keeps no such sum for the
// starts of in (openWidth values an open start parameter), or a position
// is off its slice, out of order or has a history; then the positions
// need a hashed space (NewSpace).
func SliceSpace(in *rules.Instance, openWidth int64, each func(add func(piles []int64, hist uint32) bool) error) (*Space, error) {
	g := in.Game
	opt := Options{OpenWidth: openWidth, Horizon: -1}.WithDefaults()
	shifts, why := shiftsOf(in, opt)
	if why != "" || HistorySize(g) != 1 {
		return nil, nil
	}
	starts, err := ListStarts(in, opt, rules.MaxStarts)
	if err != nil {
		return nil, nil
	}
	var seeds [][]int64
	for _, st := range starts {
		if slices.Min(st.Piles) < 0 {
			return nil, nil
		}
		seeds = append(seeds, st.Piles)
	}
	distinct, _ := distinctShifts(shifts)
	s, _ := shiftSlice(distinct, len(g.Piles), seeds, opt)
	if s == nil {
		return nil, nil
	}
	member := make(Bitset, (s.points+63)/64)
	last, ok := int64(-1), true
	err = each(func(piles []int64, hist uint32) bool {
		r, on := s.rank(piles)
		if ok = on && hist == 0 && int64(r) > last; ok {
			member.Set(int(r))
			last = int64(r)
		}
		return ok
	})
	if err != nil || !ok {
		return nil, err
	}
	idx := newSliceIndex(s, member)
	return &Space{game: g, box: box{piles: len(g.Piles), hist: 1}, n: idx.len(), index: idx}, nil
}

// sliceSpread is how many points of a slice a position may take: a slice
// of more than sliceFloor points and more than that many times the
// position cap is left to the packed keys. maxSliceCells bounds the
// count table.
const (
	sliceSpread   = 16
	sliceFloor    = 1 << 22
	maxSliceCells = 1 << 24
)

// sliceBitsets is how many bitsets over the points the search keeps: the
// positions found, this level's and the next, the final ones and the
// ends reached.
const sliceBitsets = 5

// shiftPiles is the fewest piles a game must have to be enumerated by
// shifts: fewer piles fill a box, which the general path indexes densely.
const shiftPiles = 8
