package lines

import (
	"slices"

	"retro/positions"
	"retro/retro/internal/shape"
	"retro/rules"
)

// How the lines path finds its positions: without history every tuple of
// the box is one (each a start); with history the box's tuples are
// positions at no history, and the positions at other histories are those
// their moves reach, found by one sweep against the order of play (from
// the highest cell down), each position marking what its moves reach
// before the sweep gets there. A line move marks a segment of its line at
// the history it leads to as two counts, +1 at the segment's near end and
// -1 past its far end (none where it runs to the line's end in the box),
// summed along the line as the sweep goes down it: a cell is reached where
// its sum is positive.

// lineForm is a line move as Span reads it: the terms of each bound
// that are not zero, and the piles it takes from with their steps.
type lineForm struct {
	lo, hi []boundForm
	takes  []term // c: the stones one step takes from the pile
}

type boundForm struct {
	terms  []term
	k, div int64
}

type term struct {
	pile int
	c    int64
}

func (b *boundForm) at(p []int64) int64 {
	v := b.k
	for _, t := range b.terms {
		v += t.c * p[t.pile]
	}
	if b.div > 1 {
		v = rules.FloorDiv(v, b.div)
	}
	return v
}

// formOf reads line move l as Span does.
func formOf(l *rules.LineMove) lineForm {
	var f lineForm
	conv := func(bs []rules.Bound) []boundForm {
		var out []boundForm
		for _, b := range bs {
			bf := boundForm{k: b.Const, div: b.Div}
			for j, c := range b.Coef {
				if c != 0 {
					bf.terms = append(bf.terms, term{j, c})
				}
			}
			out = append(out, bf)
		}
		return out
	}
	f.lo, f.hi = conv(l.Lo), conv(l.Hi)
	for i, st := range l.Step {
		if st != 0 {
			f.takes = append(f.takes, term{i, -st})
		}
	}
	return f
}

// Span is the range of line move j at p: its first k (at least 1), its
// last (no pile below 0), the last whose target lies in the box, and the
// steps from p to the line's end in the box; no move where last < first.
// The targets first..inBox run to the line's end where steps <= last.
func (lg *LineGame) Span(j int, p []int64) (first, last, inBox, steps int64) {
	f := &lg.forms[j]
	first, last = 1, int64(1)<<62
	for i := range f.lo {
		first = max(first, f.lo[i].at(p))
	}
	for i := range f.hi {
		last = min(last, f.hi[i].at(p))
	}
	steps = int64(1) << 62
	for _, t := range f.takes {
		if t.c == 1 {
			last = min(last, p[t.pile])
			steps = min(steps, p[t.pile]-lg.Lo[t.pile])
		} else {
			last = min(last, p[t.pile]/t.c)
			steps = min(steps, (p[t.pile]-lg.Lo[t.pile])/t.c)
		}
	}
	return first, last, min(steps, last), steps
}

// AlongRow reports whether line move j's span changes along a row of the
// box (with the last pile): whether its bounds or the piles it takes from
// read that pile.
func (lg *LineGame) AlongRow(j int) bool {
	f := &lg.forms[j]
	last := len(lg.Lo) - 1
	for _, b := range append(append([]boundForm(nil), f.lo...), f.hi...) {
		for _, t := range b.terms {
			if t.pile == last {
				return true
			}
		}
	}
	for _, t := range f.takes {
		if t.pile == last {
			return true
		}
	}
	return false
}

// ReachesEnd reports whether the target k+1 steps along line move j from
// p lies outside the box: a segment of it ending at k runs to the line's
// end.
func (lg *LineGame) ReachesEnd(j int, p []int64, k int64) bool {
	for _, t := range lg.forms[j].takes {
		if p[t.pile]-(k+1)*t.c < lg.Lo[t.pile] {
			return true
		}
	}
	return false
}

// upInBox reports whether the cell one step up line l from p (against
// its moves) lies in the box.
func (lg *LineGame) upInBox(l *rules.LineMove, p []int64) bool {
	for i, st := range l.Step {
		if p[i]-st > lg.Hi[i] {
			return false
		}
	}
	return true
}

// Final reports whether (t, h) is final: the end holds there, or no move
// is legal (u is scratch).
func (lg *LineGame) Final(t []int64, h int, u []int64) bool {
	c := lg.Compiled
	if c.EndOp != shape.EndNone && c.Holds(c.EndSum(t)) {
		return true
	}
	for _, pl := range c.Plays[h] {
		for _, mi := range pl.Moves {
			if c.Apply(&c.Moves[mi], t, u) {
				return false
			}
		}
	}
	for _, lp := range lg.LinePlays[h] {
		if first, last, _, _ := lg.Span(lp.Line, t); first <= last {
			return false
		}
	}
	return true
}

// cellOf is the cell of (t, h) in the box, and false outside it.
func (lg *LineGame) cellOf(t []int64, h int) (int64, bool) {
	cell := int64(h)
	for k, v := range t {
		if v < lg.Lo[k] || v > lg.Hi[k] {
			return 0, false
		}
		cell += (v - lg.Lo[k]) * lg.Stride[k]
	}
	return cell, true
}

// reached is what reach found: the member bits of the box, their count
// and their tight box.
type reached struct {
	member   positions.Bitset
	count    int
	min, max []int64
}

// reach finds the positions in the box of vol cells: the tuples of the
// box at no history where boxed, else the start cells, and what their
// moves reach; or why the lines path does not take the game (a move from
// a position leaves the box to one that is not final).
func (lg *LineGame) reach(vol int64, boxed bool, starts []int64, opt positions.Options) (*reached, string, error) {
	c := lg.Compiled
	hist := int64(c.Hist)
	np := len(lg.Lo)
	r := &reached{member: positions.NewBitset(int(vol)), min: slices.Clone(lg.Hi), max: slices.Clone(lg.Lo)}
	cover := make([][]int32, len(lg.Lines))
	off := make([]int64, len(lg.Lines))
	for _, plays := range lg.LinePlays {
		for _, lp := range plays {
			if cover[lp.Line] == nil {
				cover[lp.Line] = make([]int32, vol)
			}
		}
	}
	for k, l := range lg.Lines {
		for i, st := range l.Step {
			off[k] -= st * lg.Stride[i]
		}
	}
	slices.Sort(starts)
	p, t, u := slices.Clone(lg.Hi), make([]int64, np), make([]int64, np)
	for cell := vol - 1; cell >= 0; cell-- {
		h := int(cell % hist)
		if h == int(hist-1) && cell != vol-1 {
			for k := np - 1; k >= 0; k-- { // the tuple before
				if p[k]--; p[k] >= lg.Lo[k] {
					break
				}
				p[k] = lg.Hi[k]
			}
		}
		if cell&(1<<16-1) == 0 {
			if err := opt.Stopped(); err != nil {
				return nil, "", err
			}
			if opt.Progress != nil {
				opt.Progress("positions", int64(r.count))
			}
		}
		start := boxed && h == 0
		for len(starts) > 0 && starts[len(starts)-1] >= cell {
			start = start || starts[len(starts)-1] == cell
			starts = starts[:len(starts)-1]
		}
		in := start || r.member.Has(int(cell))
		for k, cv := range cover {
			if cv == nil {
				continue
			}
			if lg.upInBox(&lg.Lines[k], p) {
				cv[cell] += cv[cell+off[k]]
			}
			in = in || cv[cell] > 0
		}
		if !in {
			continue
		}
		final := lg.Final(p, h, u)
		if final && !start {
			r.member.Clear(int(cell)) // reached by a move: an end
			continue
		}
		r.member.Set(int(cell))
		r.count++
		for k, v := range p {
			r.min[k], r.max[k] = min(r.min[k], v), max(r.max[k], v)
		}
		if final {
			continue // a start: a row, not followed
		}
		if why := lg.mark(p, h, r.member, cover, off, t, u); why != "" {
			return nil, why, nil
		}
	}
	return r, "", nil
}

// mark marks what the moves of non-final (p, h) reach, or says why the
// lines path does not take the game.
func (lg *LineGame) mark(p []int64, h int, member positions.Bitset, cover [][]int32, off []int64, t, u []int64) string {
	c := lg.Compiled
	for _, pl := range c.Plays[h] {
		for _, mi := range pl.Moves {
			if !c.Apply(&c.Moves[mi], p, t) || c.EndOp != shape.EndNone && c.Holds(c.EndSum(t)) {
				continue
			}
			if tc, in := lg.cellOf(t, pl.Next); in {
				member.Set(int(tc))
			} else if !lg.Final(t, pl.Next, u) {
				return "a move leaves the box" // the general path names it
			}
		}
	}
	for _, lp := range lg.LinePlays[h] {
		l := &lg.Lines[lp.Line]
		first, last, inBox, _ := lg.Span(lp.Line, p)
		if first <= inBox {
			for i, st := range l.Step {
				t[i] = p[i] + first*st
			}
			near, _ := lg.cellOf(t, lp.Next)
			cover[lp.Line][near]++
			if !lg.ReachesEnd(lp.Line, p, inBox) {
				cover[lp.Line][near-(inBox-first+1)*off[lp.Line]]--
			}
		}
		for k := max(first, inBox+1); k <= last; k++ {
			for i, st := range l.Step {
				t[i] = p[i] + k*st
			}
			if !lg.Final(t, lp.Next, u) {
				return "a move leaves the box"
			}
		}
	}
	return ""
}
