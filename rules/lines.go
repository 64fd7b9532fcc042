package rules

import "fmt"

// Line moves: a move whose generator's range reads the piles, and whose
// values change the piles by k times a fixed vector, is one family of
// moves along a line through the position: `a = a - k for k in 1..a`,
// `a = a - k, b = b - k for k in 1..min(a, b)`, `x - k for k in 1..x // 2`.
// A position has as many of them as its piles allow, so they are kept as
// a family (the lines path values them along their lines) and not
// expanded.

// LineMove is the family p → p + k·Step for every integer k from the
// greatest of Lo to the least of Hi (each end evaluated at p); like every
// move, k = 0 and a k that makes a pile negative (unless the game is
// signed) give no move.
type LineMove struct {
	Cmd    int    // the command, an index in Game.Commands
	Text   string // the entry as written
	Step   []int64
	Lo, Hi []Bound
}

// Bound is one end of a line move's range: (Σ_j Coef[j]·p_j + Const) //
// Div, with Div >= 1.
type Bound struct {
	Coef  []int64
	Const int64
	Div   int64
}

// At is the bound at p.
func (b *Bound) At(p []int64) int64 {
	v := b.Const
	for j, c := range b.Coef {
		v += c * p[j]
	}
	if b.Div > 1 {
		v = FloorDiv(v, b.Div)
	}
	return v
}

// Lines returns the instance's moves as affine moves and line moves, in
// the order the Machine generates them within each. When some move is of
// neither shape it returns the reason, naming the entry; a game with no
// line move returns none (Affine then takes it).
func (in *Instance) Lines() ([]AffineMove, []LineMove, string) {
	if in.Game.Sum {
		return nil, nil, "a heap game"
	}
	return in.affine(true)
}

// line reads mv, whose last generator's range reads the piles, as a line
// move.
func (a *affiner) line(mv *mover, cmd int, text string) string {
	gen := mv.src.gens[len(mv.src.gens)-1]
	m := LineMove{Cmd: cmd, Text: text, Step: make([]int64, a.np)}
	a.sym = gen.slot + 1
	defer func() { a.sym = 0 }()
	shift, has := int64(0), false
	for t, x := range mv.exprs {
		l, div, ok := a.value(x)
		if !ok || div != 1 {
			return fmt.Sprintf("the move `%s` is not affine in the piles and %s", text, gen.name)
		}
		c := l.coef(a.np + 1)
		c = append(c, make([]int64, a.np+1-len(c))...) // a value that does not read k
		tg := mv.targets[t]
		for j := range a.np {
			if (j == tg) != (c[j] == 1) || j != tg && c[j] != 0 {
				return fmt.Sprintf("the move `%s` does not change its piles by %s times a vector", text, gen.name)
			}
		}
		step := c[a.np]
		m.Step[tg] = step
		// p + k·step + const is p + (k + const/step)·step
		switch {
		case step == 0 && l.k != 0, step != 0 && l.k%step != 0:
			return fmt.Sprintf("the move `%s` does not change its piles by %s times a vector", text, gen.name)
		case step != 0 && has && l.k/step != shift:
			return fmt.Sprintf("the move `%s` does not change its piles by %s times a vector", text, gen.name)
		case step != 0:
			shift, has = l.k/step, true
		}
	}
	a.sym = 0
	if !has {
		return fmt.Sprintf("the move `%s` does not read %s", text, gen.name)
	}
	var ok bool
	if m.Lo, ok = a.bounds(gen.lo, "max", shift); !ok {
		return fmt.Sprintf("the range of the move `%s` depends on the piles in a way other than max(…) of affine bounds", text)
	}
	if m.Hi, ok = a.bounds(gen.hi, "min", shift); !ok {
		return fmt.Sprintf("the range of the move `%s` depends on the piles in a way other than min(…) of affine bounds", text)
	}
	*a.lines = append(*a.lines, m)
	return ""
}

// bounds reads one end of a range as affine bounds, each floor-divided by
// a constant, of which the end is the greatest (fn "max") or the least
// (fn "min"), each shifted by shift.
func (a *affiner) bounds(x expr, fn string, shift int64) ([]Bound, bool) {
	x = unparen(x)
	args := []expr{x}
	if c, ok := x.(*call); ok && c.fun.name == fn {
		args = c.args
	}
	var out []Bound
	for _, arg := range args {
		l, div, ok := a.value(arg)
		if !ok {
			return nil, false
		}
		k, err := mul(shift, div)
		if err == nil {
			k, err = add(l.k, k)
		}
		if err != nil {
			return nil, false
		}
		out = append(out, Bound{Coef: l.coef(a.np), Const: k, Div: div})
	}
	return out, true
}
