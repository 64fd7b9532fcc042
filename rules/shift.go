package rules

import "fmt"

// Shifts: moves that add a constant to each pile they assign, with no
// generator, guard or history. Such a move is its delta vector: it is
// legal where no pile would go negative, and it can be undone by
// subtracting the same vector. Solvers that hash many-pile positions use
// them to make moves by key arithmetic and to find predecessors without
// storing reverse edges.

// Shift is one such move: Deltas[i] is added to pile Piles[i] (no delta
// is 0, piles ascending).
type Shift struct {
	Cmd    int
	Piles  []int
	Deltas []int64
}

// shiftOf returns the deltas of an assignment of values to targets when
// every value is its target plus or minus an integer constant, or the
// target itself (delta 0).
func shiftOf(targets []int, values []expr) ([]int64, bool) {
	deltas := make([]int64, len(targets))
	for i, v := range values {
		for {
			p, ok := v.(*paren)
			if !ok {
				break
			}
			v = p.x
		}
		if s, ok := slotOf(v); ok && s == targets[i] {
			continue
		}
		b, ok := v.(*binary)
		if !ok || b.op != tAdd && b.op != tSub {
			return nil, false
		}
		s, isSlot := slotOf(b.x)
		k, isConst := fold(b.y)
		if !isSlot || s != targets[i] || !isConst || k == -k && k != 0 {
			return nil, false
		}
		if b.op == tSub {
			k = -k
		}
		deltas[i] = k
	}
	return deltas, true
}

// Shifts returns the moves of the game in command and entry order when
// every one is a shift, and otherwise nil and what stands in the way. A
// game with `allow` (history), splits, an octal code or signed piles has
// none. Moves that change no pile are left out, as Moves leaves them out.
func (g *Game) Shifts() ([]Shift, string) {
	switch {
	case g.Sum:
		return nil, "a heap game"
	case g.allow != nil:
		return nil, "allow reads the history"
	case g.Signed:
		return nil, "piles may be negative"
	}
	var out []Shift
	for _, ms := range g.moves {
		for _, mv := range ms {
			if mv.split || len(mv.gens) > 0 || mv.guard != nil || mv.shift == nil {
				return nil, fmt.Sprintf("the move %q is not a constant added to piles", g.Commands[mv.cmd].Name)
			}
			s := Shift{Cmd: int(mv.cmd)}
			for i, d := range mv.shift {
				if d != 0 {
					s.Piles = append(s.Piles, mv.targets[i])
					s.Deltas = append(s.Deltas, d)
				}
			}
			sortShift(&s)
			if len(s.Piles) > 0 {
				out = append(out, s)
			}
		}
	}
	return out, ""
}

// sortShift puts the piles of a shift in ascending order (a pile is
// assigned at most once in an entry).
func sortShift(s *Shift) {
	for i := 1; i < len(s.Piles); i++ {
		for j := i; j > 0 && s.Piles[j] < s.Piles[j-1]; j-- {
			s.Piles[j], s.Piles[j-1] = s.Piles[j-1], s.Piles[j]
			s.Deltas[j], s.Deltas[j-1] = s.Deltas[j-1], s.Deltas[j]
		}
	}
}
