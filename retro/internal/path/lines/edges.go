package lines

import (
	"slices"

	"retro/retro/internal/cells"
)

// The edges of a position's line moves: the distinct positions they reach
// in the box. Moves along different lines through a position reach
// different positions, and so do moves to different histories; moves of
// one history along one line (`x - k for k in 1..x` beside `x - 2*k for k
// in 1..x // 2`) may reach the same ones, and are counted together.

// lineGroup is the line plays of one history that lead to history next
// along one line; unit is each one's step in steps of the line's
// shortest.
type lineGroup struct {
	next    int
	lines   []int
	unit    []int64
	unitOff int64 // the cells of one step of the line's shortest
}

// lineGroups groups the line plays of each history.
func lineGroups(lg *LineGame) [][]lineGroup {
	out := make([][]lineGroup, len(lg.LinePlays))
	for h, plays := range lg.LinePlays {
		for _, lp := range plays {
			step := lg.Lines[lp.Line].Step
			k := slices.IndexFunc(out[h], func(g lineGroup) bool {
				return g.next == lp.Next && parallel(lg.Lines[g.lines[0]].Step, step)
			})
			if k < 0 {
				out[h] = append(out[h], lineGroup{next: lp.Next})
				k = len(out[h]) - 1
			}
			out[h][k].lines = append(out[h][k].lines, lp.Line)
		}
		for k := range out[h] {
			g := &out[h][k]
			var d int64
			for _, l := range g.lines {
				d = gcd(d, stepLen(lg.Lines[l].Step))
			}
			for _, l := range g.lines {
				g.unit = append(g.unit, stepLen(lg.Lines[l].Step)/d)
			}
			for i, st := range lg.Lines[g.lines[0]].Step {
				g.unitOff -= st / g.unit[0] * lg.Stride[i]
			}
		}
	}
	return out
}

// parallel reports whether two vectors are multiples of one.
func parallel(a, b []int64) bool {
	for i := range a {
		for j := range b {
			if a[i]*b[j] != a[j]*b[i] {
				return false
			}
		}
	}
	return true
}

// stepLen is a step's length in its first pile it changes.
func stepLen(step []int64) int64 {
	for _, s := range step {
		if s != 0 {
			return -s
		}
	}
	return 0
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// lineEdges counts the distinct positions in the box that the line moves
// of the groups reach from the cell at hand (the runs' ranges): with
// history, or positions found from starts, some of the cells they reach
// are ends, no positions. scratch
// is scratch.
func lineEdges[V cells.Value](s *linesSolver, groups []lineGroup, runs []lineRun[V], pc *lineCell, scratch *[]int64) int64 {
	var n int64
	gaps := s.gaps
	member := s.C.Space.Members()
	for _, g := range groups {
		base := pc.cell - int64(pc.h) + int64(g.next) // the cell at hand at history next
		if len(g.lines) == 1 {
			l := &runs[g.lines[0]]
			switch {
			case l.inHi < l.kl:
			case !gaps:
				n += l.inHi - l.kl + 1
			case l.prefix && l.toEnd:
				n += int64(l.cnt[l.at(l.baseF, pc.inner+int64(g.next-pc.h), l.kl)])
			case l.winCell[g.next] == pc.cell: // a window the queues folded
				n += l.winMembers[g.next]
			default:
				for k := l.kl; k <= l.inHi; k++ {
					if member.Has(int(base - k*l.off)) {
						n++
					}
				}
			}
			continue
		}
		// the targets as steps of the shortest along the line, each
		// segment k·unit for k in kl..inHi
		offs := (*scratch)[:0]
		for j, li := range g.lines {
			l := &runs[li]
			for k := l.kl; k <= l.inHi; k++ {
				offs = append(offs, k*g.unit[j])
			}
		}
		slices.Sort(offs)
		for _, o := range slices.Compact(offs) {
			if !gaps || member.Has(int(base-o*g.unitOff)) {
				n++
			}
		}
		*scratch = offs
	}
	return n
}
