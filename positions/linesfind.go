package positions

import "retro/rules"

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

// Span is the range of line move l at p: its first k (at least 1), its
// last (no pile below 0), and the last whose target lies in the box; no
// move where last < first.
func (lg *LineGame) Span(l *rules.LineMove, p []int64) (first, last, inBox int64) {
	first, last = 1, int64(1)<<62
	for i := range l.Lo {
		first = max(first, l.Lo[i].At(p))
	}
	for i := range l.Hi {
		last = min(last, l.Hi[i].At(p))
	}
	inBox = last
	for i, st := range l.Step {
		if st != 0 {
			last = min(last, p[i]/-st)
			inBox = min(inBox, (p[i]-lg.Lo[i])/-st)
		}
	}
	return first, last, min(inBox, last)
}

// ReachesEnd reports whether the target k+1 steps along l from p lies
// outside the box: a segment of l ending at k runs to the line's end.
func (lg *LineGame) ReachesEnd(l *rules.LineMove, p []int64, k int64) bool {
	for i, st := range l.Step {
		if st != 0 && p[i]+(k+1)*st < lg.Lo[i] {
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
	if c.EndOp != EndNone && c.Holds(c.EndSum(t)) {
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
		if first, last, _ := lg.Span(&lg.Lines[lp.Line], t); first <= last {
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

// reach finds the positions of a game with history in the box of vol
// cells: the member bits and their count, or why the lines path does not
// take the game (a move from a position leaves the box to one that is not
// final).
func (lg *LineGame) reach(vol int64, opt Options) (Bitset, int, string, error) {
	c := lg.Compiled
	hist := int64(c.Hist)
	np := len(lg.Lo)
	member := NewBitset(int(vol))
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
	p, t, u := append([]int64(nil), lg.Hi...), make([]int64, np), make([]int64, np)
	count := 0
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
			if err := opt.stopped(); err != nil {
				return nil, 0, "", err
			}
		}
		reached := h == 0 || member.Has(int(cell))
		for k, cv := range cover {
			if cv == nil {
				continue
			}
			if lg.upInBox(&lg.Lines[k], p) {
				cv[cell] += cv[cell+off[k]]
			}
			reached = reached || cv[cell] > 0
		}
		if !reached {
			continue
		}
		if lg.Final(p, h, u) {
			if h == 0 {
				member.Set(int(cell)) // a tuple of the box: a row
				count++
			} else {
				member.Clear(int(cell)) // reached by a move: an end
			}
			continue
		}
		member.Set(int(cell))
		count++
		if why := lg.mark(p, h, member, cover, off, t, u); why != "" {
			return nil, 0, why, nil
		}
	}
	return member, count, "", nil
}

// mark marks what the moves of non-final (p, h) reach, or says why the
// lines path does not take the game.
func (lg *LineGame) mark(p []int64, h int, member Bitset, cover [][]int32, off []int64, t, u []int64) string {
	c := lg.Compiled
	for _, pl := range c.Plays[h] {
		for _, mi := range pl.Moves {
			if !c.Apply(&c.Moves[mi], p, t) || c.EndOp != EndNone && c.Holds(c.EndSum(t)) {
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
		first, last, inBox := lg.Span(l, p)
		if first <= inBox {
			for i, st := range l.Step {
				t[i] = p[i] + first*st
			}
			near, _ := lg.cellOf(t, lp.Next)
			cover[lp.Line][near]++
			if !lg.ReachesEnd(l, p, inBox) {
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
