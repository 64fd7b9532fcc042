package rules

import "fmt"

// The shapes a compiled solver can run without the Machine: moves that set
// piles to affine functions of the piles (optionally floor-divided by a
// constant), and an end that compares two affine functions. Rule params
// and generator variables with constant ranges count as constants, so
// `x - k for k in 1..3` is three affine moves.

// AffineMove is a move whose new pile values are affine in the old: pile
// Targets[t] becomes (Σ_j Coef[t][j]·p_j + Const[t]) // Div[t] (Div 1: no
// division), all at once; the other piles keep their values. Like every
// move, it is not a move where it leaves every pile as it was, or (unless
// the game is signed) makes a pile negative.
type AffineMove struct {
	Cmd     int    // the command, an index in Game.Commands
	Text    string // the entry as written
	Targets []int
	Coef    [][]int64
	Const   []int64
	Div     []int64
}

// LinearTest is the condition Σ_j Coef[j]·p_j + Const OP 0.
type LinearTest struct {
	Coef  []int64
	Const int64
	Op    string // ">=", ">", "<=", "<", "==" or "!="
}

// maxAffineMoves bounds the moves an expansion of generators may give.
const maxAffineMoves = 1 << 12

// Affine returns the instance's moves as affine moves, in the order the
// Machine generates them. When some move is not of that shape it returns
// nil and the reason, naming the entry.
func (in *Instance) Affine() ([]AffineMove, string) {
	if in.Game.Sum {
		return nil, "a heap game"
	}
	out, _, why := in.affine(false)
	return out, why
}

// affine is Affine for a heap game too, whose moves of one heap, when it
// has neither splits nor an octal code, are the moves of a game of one
// pile.
//
// With lines set, a move whose last generator's range reads the piles is
// a line move (lines.go) instead of a reason.
func (in *Instance) affine(lines bool) ([]AffineMove, []LineMove, string) {
	g := in.Game
	if g.splitAt >= 0 || g.Octal != "" {
		return nil, nil, "a heap game"
	}
	var out []AffineMove
	var found []LineMove
	for c, ms := range g.moves {
		var last *entry
		k := -1
		for _, mv := range ms {
			if mv.src != last {
				last, k = mv.src, k+1
			}
			text := g.Commands[c].Name
			if k < len(g.Commands[c].Moves) && len(g.Commands[c].Moves) > 1 {
				text = g.Commands[c].Moves[k]
			}
			a := &affiner{np: len(g.Piles), env: append([]int64(nil), in.env...)}
			if lines {
				a.lines = &found
			}
			if mv.src == nil || mv.src.guard != nil {
				return nil, nil, fmt.Sprintf("the move `%s` has a condition", text)
			}
			var why string
			out, why = a.expand(mv, 0, c, text, out)
			if why != "" {
				return nil, nil, why
			}
		}
	}
	return out, found, ""
}

// affiner reads expressions as affine functions of the piles, with the
// params and bound generator variables taken from env.
type affiner struct {
	np  int
	env []int64
	// sym is 1 + the slot of the generator variable read as a symbol
	// (the coefficient np of an affine function), 0 when none; lines, when
	// set, gathers line moves (lines.go).
	sym   int
	lines *[]LineMove
}

// expand appends the moves of mv for every value of its generators from
// level on.
func (a *affiner) expand(mv *mover, level, cmd int, text string, out []AffineMove) ([]AffineMove, string) {
	gens := mv.src.gens
	if level == len(gens) {
		m := AffineMove{Cmd: cmd, Text: text, Targets: mv.targets}
		for _, x := range mv.exprs {
			l, div, ok := a.value(x)
			if !ok {
				return nil, fmt.Sprintf("the move `%s` is not affine", text)
			}
			m.Coef = append(m.Coef, l.coef(a.np))
			m.Const = append(m.Const, l.k)
			m.Div = append(m.Div, div)
		}
		if len(out) >= maxAffineMoves {
			return nil, fmt.Sprintf("more than %d moves", maxAffineMoves)
		}
		return append(out, m), ""
	}
	gen := gens[level]
	if gen.cond != nil {
		return nil, fmt.Sprintf("the move `%s` has a condition", text)
	}
	lo, ok1 := a.of(gen.lo)
	hi, ok2 := a.of(gen.hi)
	if !ok1 || !ok2 || lo.c != nil || hi.c != nil {
		if a.lines != nil && level == len(gens)-1 {
			return out, a.line(mv, cmd, text)
		}
		return nil, fmt.Sprintf("the range of the move `%s` depends on the piles", text)
	}
	if hi.k-lo.k >= maxAffineMoves {
		return nil, fmt.Sprintf("more than %d moves", maxAffineMoves)
	}
	for v := lo.k; v <= hi.k; v++ {
		a.env[gen.slot] = v
		var why string
		if out, why = a.expand(mv, level+1, cmd, text, out); why != "" {
			return nil, why
		}
	}
	return out, ""
}

// lin is Σ c[j]·p_j + k; c is nil for a constant.
type lin struct {
	c []int64
	k int64
}

func (l lin) coef(np int) []int64 {
	if l.c == nil {
		return make([]int64, np)
	}
	return l.c
}

// value reads a move's value: an affine function, or one floor-divided by
// a positive constant.
func (a *affiner) value(x expr) (lin, int64, bool) {
	x = unparen(x)
	if b, ok := x.(*binary); ok && b.op == tFloorDiv {
		l, ok1 := a.of(b.x)
		d, ok2 := a.of(b.y)
		if ok1 && ok2 && d.c == nil && d.k > 0 && l.c != nil {
			return l, d.k, true
		}
	}
	l, ok := a.of(x)
	return l, 1, ok
}

func unparen(x expr) expr {
	for {
		p, ok := x.(*paren)
		if !ok {
			return x
		}
		x = p.x
	}
}

// of reads x as an affine function of the piles; false when it is not one
// or when a coefficient overflows (the Machine then reports the fault).
func (a *affiner) of(x expr) (lin, bool) {
	if v, ok := fold(x); ok {
		return lin{k: v}, true
	}
	switch x := x.(type) {
	case *paren:
		return a.of(x.x)
	case *ident:
		switch {
		case x.kind == nameConst:
			return lin{k: x.val}, true
		case x.kind != nameSlot:
			return lin{}, false
		case a.sym > 0 && x.slot == a.sym-1:
			c := make([]int64, a.np+1)
			c[a.np] = 1
			return lin{c: c}, true
		case x.slot < a.np:
			c := make([]int64, a.np)
			c[x.slot] = 1
			return lin{c: c}, true
		case x.slot < len(a.env):
			return lin{k: a.env[x.slot]}, true
		}
	case *unary:
		if x.op != tSub {
			return lin{}, false
		}
		l, ok := a.of(x.x)
		if !ok {
			return lin{}, false
		}
		return scale(l, -1)
	case *binary:
		l, ok1 := a.of(x.x)
		r, ok2 := a.of(x.y)
		if !ok1 || !ok2 {
			return lin{}, false
		}
		switch x.op {
		case tAdd:
			return combine(l, r, 1)
		case tSub:
			return combine(l, r, -1)
		case tMul:
			if l.c == nil {
				return scale(r, l.k)
			}
			if r.c == nil {
				return scale(l, r.k)
			}
		case tFloorDiv, tMod, tPow:
			if l.c != nil || r.c != nil {
				return lin{}, false
			}
			var v int64
			var err error
			switch x.op {
			case tFloorDiv:
				v, err = floorDiv(l.k, r.k)
			case tMod:
				v, err = floorMod(l.k, r.k)
			default:
				v, err = pow(l.k, r.k)
			}
			return lin{k: v}, err == nil
		}
	}
	return lin{}, false
}

func scale(l lin, s int64) (lin, bool) {
	k, err := mul(l.k, s)
	if err != nil {
		return lin{}, false
	}
	out := lin{k: k}
	if l.c != nil {
		out.c = make([]int64, len(l.c))
		for j, c := range l.c {
			if out.c[j], err = mul(c, s); err != nil {
				return lin{}, false
			}
		}
	}
	return out, true
}

// combine is l + s·r for s = ±1.
func combine(l, r lin, s int64) (lin, bool) {
	r, ok := scale(r, s)
	if !ok {
		return lin{}, false
	}
	k, err := add(l.k, r.k)
	if err != nil {
		return lin{}, false
	}
	out := lin{k: k}
	if l.c != nil || r.c != nil {
		n := max(len(l.c), len(r.c))
		out.c = make([]int64, n)
		for j := range out.c {
			var x, y int64
			if j < len(l.c) {
				x = l.c[j]
			}
			if j < len(r.c) {
				y = r.c[j]
			}
			if out.c[j], err = add(x, y); err != nil {
				return lin{}, false
			}
		}
	}
	return out, true
}

// LinearEnd returns the instance's end as a linear test. has is false for
// a game without `end`; reason says why an end is not linear.
func (in *Instance) LinearEnd() (t LinearTest, has bool, reason string) {
	g := in.Game
	if g.endExpr == nil {
		return LinearTest{}, false, ""
	}
	cmp, ok := unparen(g.endExpr).(*compare)
	if !ok || len(cmp.ops) != 1 {
		return LinearTest{}, true, "the end is not one comparison"
	}
	a := &affiner{np: len(g.Piles), env: in.env}
	l, ok1 := a.of(cmp.xs[0])
	r, ok2 := a.of(cmp.xs[1])
	if !ok1 || !ok2 {
		return LinearTest{}, true, "the end is not linear"
	}
	d, ok := combine(l, r, -1)
	if !ok {
		return LinearTest{}, true, "the end is not linear"
	}
	return LinearTest{Coef: d.coef(a.np), Const: d.k, Op: cmp.ops[0].String()}, true, ""
}

// LinearTier returns the instance's declared tier as Σ Coef[j]·p_j +
// Const (Op empty); ok is false for a game without a tier or with a tier
// that is not linear.
func (in *Instance) LinearTier() (t LinearTest, ok bool) {
	g := in.Game
	if g.tierExpr == nil {
		return LinearTest{}, false
	}
	a := &affiner{np: len(g.Piles), env: in.env}
	l, ok := a.of(g.tierExpr)
	if !ok {
		return LinearTest{}, false
	}
	return LinearTest{Coef: l.coef(a.np), Const: l.k}, true
}

// ConstWinner returns who has won at every final position, when that does
// not depend on the position.
func (g *Game) ConstWinner() (Player, bool) { return g.winnerConst, g.winner == nil }
