package rules

import (
	"fmt"
	"strings"
)

// Growth is a proof that a game's positions do not end: a pile that one
// move raises at every turn, from a start, with nothing in the rules to
// stop it. The positions along that ray are all reachable, all different
// and none final, so no search of the reachable positions finishes: it can
// only stop at a position cap, or at an int64 overflow.
type Growth struct {
	Pile  string  // the pile that grows
	Move  string  // the entry that raises it, as written
	Start []int64 // the start it grows from; nil for a heap game (any heap)
	// Why nothing stops it: "no end", "the end x < 0 never holds as x
	// grows".
	Why string
	// Ray, for a ray of LongRay's: the positions walked, none final.
	Ray int64
}

// String says what grows and why nothing stops it, in one sentence.
func (gr *Growth) String() string {
	if gr.Ray > 0 {
		return fmt.Sprintf("`%s`, taken again and again from the start %s, reaches %d values of %s, none final: %s",
			gr.Move, formatTuple(gr.Start), gr.Ray, gr.Pile, gr.Why)
	}
	if gr.Start == nil {
		return fmt.Sprintf("the heap grows without bound: `%s` raises it at every turn, and %s", gr.Move, gr.Why)
	}
	return fmt.Sprintf("the pile %s grows without bound: `%s` raises it at every turn from the start %s, and %s",
		gr.Pile, gr.Move, formatTuple(gr.Start), gr.Why)
}

func formatTuple(p []int64) string {
	s := make([]string, len(p))
	for k, v := range p {
		s[k] = fmt.Sprint(v)
	}
	return "(" + strings.Join(s, ", ") + ")"
}

// maxGrowthInstances and maxGrowthStarts bound the work of Unbounded: the
// instances and the starts of each it looks at.
const (
	maxGrowthInstances = 64
	maxGrowthStarts    = 1 << 12
)

// Unbounded looks for a pile that grows without bound (a Growth) in the
// game's first instances and their starts (open start parameters taking
// openWidth values); nil when it finds none, which proves nothing. It
// proves growth only where that is plain, so that it never refuses a game
// that ends: a game without [bounds], horizon, allow or signed piles whose
// moves are all affine (no condition, generators of constant ranges); one
// move sets every pile it changes to at least its old value (coefficients
// of at least 1 on the pile itself and none negative, no negative
// constant, no division) and raises one pile at some start where the end
// does not hold; and the game has no end, or its end is one linear
// comparison that the piles the move raises can only push further from
// holding (x < 0 as x grows). Then the move is legal at every position of
// its ray (it changes a pile and makes none negative), and no position of
// the ray is final. A heap game grows when a move that is not a split
// raises a heap: a heap game has no end.
func (g *Game) Unbounded(openWidth int64) *Growth {
	insts, err := g.Instances()
	if err != nil {
		return nil
	}
	for _, in := range insts[:min(len(insts), maxGrowthInstances)] {
		if gr := in.Unbounded(openWidth); gr != nil {
			return gr
		}
	}
	return nil
}

// Unbounded is Game.Unbounded for one instance.
func (in *Instance) Unbounded(openWidth int64) *Growth {
	g := in.Game
	if g.HasBounds || g.Horizon >= 0 || g.Signed || g.History != NoHistory || g.Octal != "" || g.splitAt >= 0 {
		return nil
	}
	moves, _, _ := in.affine(false)
	switch {
	case moves == nil:
		return nil
	case g.Sum:
		return heapGrowth(moves)
	}
	return in.growth(moves, openWidth)
}

// heapGrowth is the move of a heap game that raises any heap: x·a + c with
// a >= 1, c >= 0 and a >= 2 or c > 0.
func heapGrowth(moves []AffineMove) *Growth {
	for _, mv := range moves {
		if len(mv.Targets) == 1 && grows(mv) && (mv.Coef[0][0] >= 2 || mv.Const[0] > 0) {
			return &Growth{Pile: "x", Move: mv.Text, Why: "a heap game has no end"}
		}
	}
	return nil
}

// grows reports whether a move sets every pile it changes to at least its
// old value, for piles of zero or more.
func grows(mv AffineMove) bool {
	for t, p := range mv.Targets {
		if mv.Div[t] != 1 || mv.Const[t] < 0 || mv.Coef[t][p] < 1 {
			return false
		}
		for _, c := range mv.Coef[t] {
			if c < 0 {
				return false
			}
		}
	}
	return true
}

// growth looks for a growing move and a start of the instance it raises.
func (in *Instance) growth(moves []AffineMove, openWidth int64) *Growth {
	g := in.Game
	end, hasEnd, reason := in.LinearEnd()
	if reason != "" {
		return nil
	}
	starts, err := in.StartsUpTo(openWidth, maxGrowthStarts)
	if err != nil || len(starts) > maxGrowthStarts {
		return nil
	}
	m := in.NewMachine()
	for _, mv := range moves {
		if !grows(mv) || (hasEnd && !awayFromEnd(mv, end)) {
			continue
		}
		for _, s := range starts {
			p, ok := raises(mv, s.Piles)
			if !ok {
				continue
			}
			if over, err := m.End(s.Piles); err != nil || over {
				continue
			}
			why := "nothing ends the game (no end)"
			if hasEnd {
				why = fmt.Sprintf("the end %s never holds as it grows", strings.TrimSpace(endText(g)))
			}
			return &Growth{Pile: g.Piles[p], Move: mv.Text, Start: s.Piles, Why: why}
		}
	}
	return nil
}

// raises returns a pile the move makes larger at piles.
func raises(mv AffineMove, piles []int64) (int, bool) {
	for t, p := range mv.Targets {
		v, err := mv.Const[t], error(nil)
		for j, c := range mv.Coef[t] {
			var cp int64
			if cp, err = mul(c, piles[j]); err == nil {
				v, err = add(v, cp)
			}
			if err != nil {
				break // an overflow: no witness here
			}
		}
		if err == nil && v > piles[p] {
			return p, true
		}
	}
	return -1, false
}

// awayFromEnd reports whether raising the piles a move changes can only
// keep a linear end from holding once it does not: Σ c·p + k < 0 (or <=)
// with no negative c on them, > 0 (or >=) with no positive one.
func awayFromEnd(mv AffineMove, end LinearTest) bool {
	for _, p := range mv.Targets {
		c := end.Coef[p]
		switch end.Op {
		case "<", "<=":
			if c < 0 {
				return false
			}
		case ">", ">=":
			if c > 0 {
				return false
			}
		default: // == and != can hold again further on
			return false
		}
	}
	return true
}

// endText is the end condition as written in the file.
func endText(g *Game) string {
	if s, ok := g.raw["end"].(string); ok {
		return s
	}
	return "end"
}

// LongRay looks for more than n positions of the instance that are all
// reachable and none final, along one ray: a move that adds a constant to
// one pile and nothing else (legal wherever it is taken, in a game of
// unconditioned affine moves without allow), taken again and again from
// one of starts, the end holding at none of the ray's first n+1
// positions. It walks rays, evaluating the end once a position, at most
// 2(n+1) positions in all: no more than twice the positions a search
// would find before the same cap, and no memory. Nil when it finds none,
// which proves nothing.
// A ray that ends only astronomically far away (end = "abs(p) > 2^62")
// is so refused at once, where a search would run to the cap.
func (in *Instance) LongRay(starts []Start, n int64) *Growth {
	g := in.Game
	if g.HasBounds || g.Horizon >= 0 || g.History != NoHistory || g.Octal != "" || g.splitAt >= 0 || g.Sum || n <= 0 {
		return nil
	}
	moves, _, why := in.affine(false)
	if why != "" {
		return nil
	}
	m := in.NewMachine()
	p := make([]int64, len(g.Piles))
	budget := 2 * (n + 1)
	for _, mv := range moves {
		pile, step, ok := translation(mv)
		if !ok || step < 0 && !g.Signed {
			continue
		}
		for _, s := range starts {
			if budget <= n {
				return nil
			}
			copy(p, s.Piles)
			walked := int64(0)
			for ; walked <= n; walked++ {
				budget--
				if over, err := m.End(p); err != nil || over {
					break
				}
				v, err := add(p[pile], step)
				if err != nil {
					break // an overflow: no proof past it
				}
				p[pile] = v
			}
			if walked > n {
				why := "nothing ends the game (no end)"
				if g.HasEnd {
					why = fmt.Sprintf("the end %s holds at none of them", strings.TrimSpace(endText(g)))
				}
				return &Growth{Pile: g.Piles[pile], Move: mv.Text, Start: s.Piles, Ray: walked, Why: why}
			}
		}
	}
	return nil
}

// translation tells a move that adds a constant step to one pile and
// leaves the others: pile' = pile + step.
func translation(mv AffineMove) (pile int, step int64, ok bool) {
	if len(mv.Targets) != 1 || mv.Div[0] != 1 || mv.Const[0] == 0 {
		return 0, 0, false
	}
	pile = mv.Targets[0]
	for j, c := range mv.Coef[0] {
		if j == pile && c != 1 || j != pile && c != 0 {
			return 0, 0, false
		}
	}
	return pile, mv.Const[0], true
}
