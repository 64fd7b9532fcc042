package rules

import "fmt"

// The compiler turns checked expressions into closures over a flat
// environment of int64 slots: the piles, then every param (file order),
// then cmd, last and mylast, then the generator variables of the move
// being generated. Player and command values are ints too (Mover 0,
// Other 1; none 0, command i is i+1). A closure never allocates and never
// returns an error: a fault (division by zero, overflow, negative exponent)
// is recorded in the frame, the closure returns 0, and the caller checks
// the frame once the whole expression has been evaluated. Constant
// sub-expressions are folded; the shapes "slot op constant" and "slot op
// slot" get closures of their own.

// intFn evaluates a number, player or command.
type intFn func(f *frame) int64

// boolFn evaluates a condition.
type boolFn func(f *frame) bool

// frame is the state of one evaluation.
type frame struct {
	env []int64
	err error // the first fault, nil when none
	at  int32 // where it happened: an index into Game.spans
}

// fail records a fault unless one is already recorded.
func (f *frame) fail(at int32, err error) {
	if f.err == nil {
		f.err, f.at = err, at
	}
}

// compiler compiles the expressions of one TOML string.
type compiler struct {
	g *Game
	t *text
}

// spanOf registers the place of node x for run-time faults.
func (c *compiler) spanOf(x expr) int32 {
	off, end := x.span()
	return c.spanAt(off, end)
}

func (c *compiler) spanAt(off, end int) int32 {
	g := c.g
	from, to := c.t.src(off), c.t.src(end)
	g.spans = append(g.spans, span{from: from, to: to})
	return int32(len(g.spans) - 1)
}

// fold returns the value of x when it is a constant number that
// evaluates without a fault (as resolve found).
func fold(x expr) (int64, bool) {
	if l, ok := x.(*intLit); ok {
		return l.val, true
	}
	n := x.base()
	return n.kval, n.konst
}

func callInt(name string, vs []int64) (int64, bool) {
	switch name {
	case "abs":
		r, err := abs64(vs[0])
		return r, err == nil
	case "min", "max":
		r := vs[0]
		for _, v := range vs[1:] {
			if name == "min" && v < r || name == "max" && v > r {
				r = v
			}
		}
		return r, true
	}
	return 0, false
}

// slotOf returns the slot of x when x is a name kept in the environment.
func slotOf(x expr) (int, bool) {
	for {
		p, ok := x.(*paren)
		if !ok {
			break
		}
		x = p.x
	}
	id, ok := x.(*ident)
	if !ok || id.kind != nameSlot {
		return 0, false
	}
	return id.slot, true
}

func constInt(v int64) intFn { return func(*frame) int64 { return v } }

// intFn compiles a number, player or command.
func (c *compiler) intFn(x expr) intFn {
	if v, ok := fold(x); ok {
		return constInt(v)
	}
	switch x := x.(type) {
	case *ident:
		if x.kind == nameConst {
			return constInt(x.val)
		}
		s := x.slot
		return func(f *frame) int64 { return f.env[s] }
	case *strLit:
		return constInt(int64(x.cmd))
	case *paren:
		return c.intFn(x.x)
	case *unary:
		a := c.intFn(x.x)
		if x.op == tAdd {
			return a
		}
		at := c.spanOf(x)
		return func(f *frame) int64 {
			r, err := neg(a(f))
			if err != nil {
				f.fail(at, err)
			}
			return r
		}
	case *binary:
		return c.binary(x)
	case *call:
		return c.callFn(x)
	case *cond:
		test, a, b := c.boolFn(x.cond), c.intFn(x.then), c.intFn(x.els)
		return func(f *frame) int64 {
			if test(f) {
				return a(f)
			}
			return b(f)
		}
	}
	panic(fmt.Sprintf("rules: intFn: unexpected node %T", x))
}

// binary compiles an arithmetic operator. + - and * get closures of their
// own for the shapes slot-constant and slot-slot; the rest call arith's
// functions through a function value.
func (c *compiler) binary(x *binary) intFn {
	at := c.spanOf(x)
	xs, xSlot := slotOf(x.x)
	ys, ySlot := slotOf(x.y)
	yc, yConst := fold(x.y)
	switch x.op {
	case tAdd:
		switch {
		case xSlot && yConst:
			return func(f *frame) int64 {
				r, err := add(f.env[xs], yc)
				if err != nil {
					f.fail(at, err)
				}
				return r
			}
		case xSlot && ySlot:
			return func(f *frame) int64 {
				r, err := add(f.env[xs], f.env[ys])
				if err != nil {
					f.fail(at, err)
				}
				return r
			}
		}
	case tSub:
		switch {
		case xSlot && yConst:
			return func(f *frame) int64 {
				r, err := sub(f.env[xs], yc)
				if err != nil {
					f.fail(at, err)
				}
				return r
			}
		case xSlot && ySlot:
			return func(f *frame) int64 {
				r, err := sub(f.env[xs], f.env[ys])
				if err != nil {
					f.fail(at, err)
				}
				return r
			}
		}
	case tMul:
		switch {
		case xSlot && yConst:
			return func(f *frame) int64 {
				r, err := mul(f.env[xs], yc)
				if err != nil {
					f.fail(at, err)
				}
				return r
			}
		case xSlot && ySlot:
			return func(f *frame) int64 {
				r, err := mul(f.env[xs], f.env[ys])
				if err != nil {
					f.fail(at, err)
				}
				return r
			}
		}
	}
	op := opFunc(x.op)
	a := c.intFn(x.x)
	if yConst {
		return func(f *frame) int64 {
			r, err := op(a(f), yc)
			if err != nil {
				f.fail(at, err)
			}
			return r
		}
	}
	b := c.intFn(x.y)
	return func(f *frame) int64 {
		l := a(f)
		r, err := op(l, b(f))
		if err != nil {
			f.fail(at, err)
		}
		return r
	}
}

func opFunc(op token) func(a, b int64) (int64, error) {
	switch op {
	case tAdd:
		return add
	case tSub:
		return sub
	case tMul:
		return mul
	case tFloorDiv:
		return floorDiv
	case tMod:
		return floorMod
	case tPow:
		return pow
	}
	panic("rules: opFunc: " + op.String())
}

func (c *compiler) callFn(x *call) intFn {
	args := make([]intFn, len(x.args))
	for i, a := range x.args {
		args[i] = c.intFn(a)
	}
	switch x.fun.name {
	case "abs":
		a, at := args[0], c.spanOf(x)
		return func(f *frame) int64 {
			r, err := abs64(a(f))
			if err != nil {
				f.fail(at, err)
			}
			return r
		}
	case "min":
		if len(args) == 2 {
			a, b := args[0], args[1]
			return func(f *frame) int64 { return min(a(f), b(f)) }
		}
		return func(f *frame) int64 {
			r := args[0](f)
			for _, a := range args[1:] {
				r = min(r, a(f))
			}
			return r
		}
	case "max":
		if len(args) == 2 {
			a, b := args[0], args[1]
			return func(f *frame) int64 { return max(a(f), b(f)) }
		}
		return func(f *frame) int64 {
			r := args[0](f)
			for _, a := range args[1:] {
				r = max(r, a(f))
			}
			return r
		}
	}
	panic("rules: callFn: " + x.fun.name)
}

// boolFn compiles a condition.
func (c *compiler) boolFn(x expr) boolFn {
	switch x := x.(type) {
	case *boolLit:
		v := x.val
		return func(*frame) bool { return v }
	case *paren:
		return c.boolFn(x.x)
	case *unary:
		a := c.boolFn(x.x)
		return func(f *frame) bool { return !a(f) }
	case *binary:
		a, b := c.boolFn(x.x), c.boolFn(x.y)
		if x.op == tAnd {
			return func(f *frame) bool { return a(f) && b(f) }
		}
		return func(f *frame) bool { return a(f) || b(f) }
	case *compare:
		return c.compare(x)
	case *call:
		a := c.intFn(x.args[0])
		return func(f *frame) bool { return isPrime(a(f)) }
	case *cond:
		test, a, b := c.boolFn(x.cond), c.boolFn(x.then), c.boolFn(x.els)
		return func(f *frame) bool {
			if test(f) {
				return a(f)
			}
			return b(f)
		}
	}
	panic(fmt.Sprintf("rules: boolFn: unexpected node %T", x))
}

// compare compiles a comparison or a chain of them.
func (c *compiler) compare(x *compare) boolFn {
	if x.xs[0].typeOf() == tyBool {
		return c.compareBools(x)
	}
	if len(x.ops) == 1 {
		return c.compare2(x.ops[0], x.xs[0], x.xs[1])
	}
	xs := make([]intFn, len(x.xs))
	for i, y := range x.xs {
		xs[i] = c.intFn(y)
	}
	ops := x.ops
	return func(f *frame) bool {
		a := xs[0](f)
		for i, op := range ops {
			b := xs[i+1](f)
			if !compareInts(op, a, b) {
				return false
			}
			a = b
		}
		return true
	}
}

// compareBools compiles a chain of == and != between conditions.
func (c *compiler) compareBools(x *compare) boolFn {
	if len(x.ops) == 1 {
		a, b := c.boolFn(x.xs[0]), c.boolFn(x.xs[1])
		if x.ops[0] == tEql {
			return func(f *frame) bool { return a(f) == b(f) }
		}
		return func(f *frame) bool { return a(f) != b(f) }
	}
	xs := make([]boolFn, len(x.xs))
	for i, y := range x.xs {
		xs[i] = c.boolFn(y)
	}
	ops := x.ops
	return func(f *frame) bool {
		a := xs[0](f)
		for i, op := range ops {
			b := xs[i+1](f)
			if (a == b) != (op == tEql) {
				return false
			}
			a = b
		}
		return true
	}
}

// compare2 compiles X op Y, with closures of their own for a constant Y.
func (c *compiler) compare2(op token, x, y expr) boolFn {
	a := c.intFn(x)
	if k, ok := fold(y); ok {
		switch op {
		case tEql:
			return func(f *frame) bool { return a(f) == k }
		case tNeq:
			return func(f *frame) bool { return a(f) != k }
		case tLss:
			return func(f *frame) bool { return a(f) < k }
		case tLeq:
			return func(f *frame) bool { return a(f) <= k }
		case tGtr:
			return func(f *frame) bool { return a(f) > k }
		case tGeq:
			return func(f *frame) bool { return a(f) >= k }
		}
	}
	b := c.intFn(y)
	switch op {
	case tEql:
		return func(f *frame) bool { return a(f) == b(f) }
	case tNeq:
		return func(f *frame) bool { return a(f) != b(f) }
	case tLss:
		return func(f *frame) bool { return a(f) < b(f) }
	case tLeq:
		return func(f *frame) bool { return a(f) <= b(f) }
	case tGtr:
		return func(f *frame) bool { return a(f) > b(f) }
	}
	return func(f *frame) bool { return a(f) >= b(f) }
}

// compile turns the checked expressions into closures.
func (l *loader) compile() {
	g := l.g
	np := len(g.Piles)
	g.cmdSlot = np + len(g.Params)
	g.nslots = g.cmdSlot + 3 + l.maxGens
	for i, p := range g.Params {
		if p.Rule {
			g.ruleIdx = append(g.ruleIdx, i)
		} else {
			g.startIdx = append(g.startIdx, i)
		}
	}
	g.moves = make([][]*mover, len(g.Commands))
	for c, es := range l.entries {
		for _, pe := range es {
			ms := (&compiler{g: g, t: pe.t}).movers(pe.e, int32(c))
			if pe.e.kind == entrySplit && g.splitAt < 0 {
				g.splitAt = ms[0].at
			}
			g.moves[c] = append(g.moves[c], ms...)
		}
	}
	if !g.Sum {
		g.sparse = newSparseIndex(g)
	}
	if l.end.x != nil {
		c := &compiler{g: g, t: l.end.t}
		g.end = c.boolFn(l.end.x)
		g.endExpr = l.end.x
		if cmp, ok := l.end.x.(*compare); ok && len(cmp.ops) == 1 && cmp.xs[0].typeOf() == tyInt {
			g.endSides = &endSides{lhs: c.intFn(cmp.xs[0]), op: cmp.ops[0].String(), rhs: c.intFn(cmp.xs[1])}
		}
	}
	if l.winner.x != nil {
		g.winner = (&compiler{g: g, t: l.winner.t}).intFn(l.winner.x)
		k, ok := fold(l.winner.x)
		if id, isName := unparen(l.winner.x).(*ident); isName && id.kind == nameConst {
			k, ok = id.val, true
		}
		if ok {
			g.winnerConst = Player(k) // "mover", "other": no need to load the piles
			g.winner = nil
		}
	}
	if l.tier.x != nil {
		g.tier = (&compiler{g: g, t: l.tier.t}).intFn(l.tier.x)
		g.tierExpr = l.tier.x
	}
	if l.allow.x != nil {
		g.allow = (&compiler{g: g, t: l.allow.t}).boolFn(l.allow.x)
	}
	if l.where.x != nil {
		g.where = (&compiler{g: g, t: l.where.t}).boolFn(l.where.x)
		g.whereRule = true
		for _, i := range l.whereReads {
			g.whereRule = g.whereRule && g.Params[i].Rule
		}
	}
	for _, s := range l.start {
		g.start = append(g.start, (&compiler{g: g, t: s.t}).intFn(s.x))
	}
	for _, b := range l.bounds {
		c := &compiler{g: g, t: b.t}
		g.bounds = append(g.bounds, [2]intFn{c.intFn(b.r.lo), c.intFn(b.r.hi)})
	}
}
