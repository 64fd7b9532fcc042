package rules

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"retro/rules/lang"
)

// Name resolution and type checking. Every expression is checked in a
// scope that says which names it may use; names become environment slots
// or constants, and every node gets its static type. The checks are strict:
// arithmetic and ordering need numbers, `and`, `or`, `not`, guards and
// conditions need conditions (a number is not a condition), and the two
// branches of A if C else B have one type.

// scope says which names an expression may use, and where it is.
type scope struct {
	what     lang.Msg // "end", "a move", "[start]", ... for messages
	piles    bool
	params   bool
	rule     bool // params read here are rule params
	player   bool // mover, other
	commands bool // cmd, last, mylast, none, command names and strings
	gens     []*generator
	read     []int // params read, by index
	pileRead bool  // a pile is read
}

// checker checks the expressions of one TOML string.
type checker struct {
	l  *loader
	t  *text
	sc *scope
}

func (c *checker) errorf(x expr, msg lang.Msg) {
	off, end := x.span()
	c.errorSpan(off, end, msg)
}

func (c *checker) errorSpan(off, end int, msg lang.Msg) {
	c.l.errorText(c.t, off, end, msg)
}

// a returns "a number", "a condition", ... for messages.
func (t typ) a() lang.Msg {
	switch t {
	case tyInt:
		return mTypeInt.Msg()
	case tyBool:
		return mTypeBool.Msg()
	case tyPlayer:
		return mTypePlayer.Msg()
	case tyCmd:
		return mTypeCmd.Msg()
	}
	return mTypeBad.Msg()
}

// want checks x and reports an error unless it has type t. It reports
// whether x is good.
func (c *checker) want(x expr, t typ, what lang.Msg) bool {
	got := c.check(x)
	if got != t && got != tyBad {
		c.errorf(x, mMustBe.Msg(what, t.a(), got.a()))
	}
	return got == t
}

// check resolves the names in x, sets the types of its nodes and returns
// the type of x (tyBad after an error).
func (c *checker) check(x expr) typ {
	var t typ
	switch x := x.(type) {
	case *intLit:
		t = tyInt
	case *boolLit:
		t = tyBool
	case *strLit:
		t = c.checkString(x)
	case *ident:
		t = c.checkIdent(x)
	case *paren:
		t = c.check(x.x)
	case *unary:
		t = c.checkUnary(x)
	case *binary:
		t = c.checkBinary(x)
	case *compare:
		t = c.checkCompare(x)
	case *call:
		t = c.checkCall(x)
	case *cond:
		t = c.checkCond(x)
	default:
		panic(fmt.Sprintf("rules: check: unexpected node %T", x))
	}
	x.base().t = t
	if t == tyInt {
		if err := setConst(x); err != nil {
			// Numbers alone that fault fault wherever they are evaluated.
			c.errorf(x, constFault(err))
			x.base().t = tyBad
			return tyBad
		}
	}
	return t
}

// setConst marks x constant when it is a number that can be computed
// without a fault from constant operands (already marked). The fault of
// constant operands is returned.
func setConst(x expr) error {
	n := x.base()
	konst := func(y expr) (int64, bool) { b := y.base(); return b.kval, b.konst }
	var err error
	switch x := x.(type) {
	case *intLit:
		n.kval, n.konst = x.val, true
		return nil
	case *paren:
		n.kval, n.konst = konst(x.x)
		return nil
	case *unary:
		v, ok := konst(x.x)
		if !ok {
			return nil
		}
		if x.op == tSub {
			v, err = neg(v)
		}
		n.kval, n.konst = v, err == nil
	case *binary:
		a, ok1 := konst(x.x)
		b, ok2 := konst(x.y)
		if ok1 && ok2 {
			n.kval, err = arith(x.op, a, b)
			n.konst = err == nil
		}
	case *call:
		vs := make([]int64, len(x.args))
		for i, a := range x.args {
			v, ok := konst(a)
			if !ok {
				return nil
			}
			vs[i] = v
		}
		n.kval, n.konst = callInt(x.fun.name, vs)
		if !n.konst && x.fun.name == "abs" {
			return ErrOverflow
		}
	}
	return err
}

// constFault says what a fault of numbers alone is.
func constFault(err error) lang.Msg {
	switch err {
	case ErrOverflow:
		return mConstOverflow.Msg(int64(math.MinInt64), int64(math.MaxInt64))
	case ErrDivByZero:
		return mConstDivZero.Msg()
	case ErrNegativeExponent:
		return mConstNegPow.Msg()
	}
	return mVerbatim.Msg(err)
}

func (c *checker) checkString(x *strLit) typ {
	if !c.sc.commands {
		c.errorf(x, mQuotedCommand.Msg())
		return tyBad
	}
	i, ok := c.l.cmdIndex[x.val]
	if !ok {
		c.errorf(x, mNoCommand.Msg(lang.Quote(x.val)))
		return tyBad
	}
	x.cmd = i + 1
	return tyCmd
}

func (c *checker) checkIdent(x *ident) typ {
	l, sc := c.l, c.sc
	for k := len(sc.gens) - 1; k >= 0; k-- {
		if sc.gens[k].name == x.name {
			x.kind, x.slot = nameSlot, sc.gens[k].slot
			return tyInt
		}
	}
	if i, ok := l.pileIndex[x.name]; ok {
		if !sc.piles {
			c.errorf(x, mPileNotIn.Msg(x.name, sc.what))
			return tyBad
		}
		x.kind, x.slot = nameSlot, i
		sc.pileRead = true
		return tyInt
	}
	if i, ok := l.paramIndex[x.name]; ok {
		if !sc.params {
			c.errorf(x, mParamNotIn.Msg(x.name, sc.what))
			return tyBad
		}
		x.kind, x.slot = nameSlot, len(l.g.Piles)+i
		l.used[i] = true
		sc.read = append(sc.read, i)
		if sc.rule {
			l.rule[i] = true
		}
		return tyInt
	}
	switch x.name {
	case "mover", "other":
		if !sc.player {
			c.errorf(x, mPlayerOnly.Msg(x.name))
			return tyBad
		}
		x.kind = nameConst
		if x.name == "other" {
			x.val = int64(Other)
		}
		return tyPlayer
	case "cmd", "last", "mylast", "none":
		if !sc.commands {
			c.errorf(x, mAllowOnly.Msg(x.name))
			return tyBad
		}
		switch x.name {
		case "none":
			x.kind = nameConst
		case "cmd":
			x.kind, x.slot = nameSlot, l.cmdSlot()
		case "last":
			x.kind, x.slot = nameSlot, l.cmdSlot()+1
			l.readsLast = true
		case "mylast":
			x.kind, x.slot = nameSlot, l.cmdSlot()+2
			l.readsMylast = true
		}
		return tyCmd
	case "min", "max", "abs", "isprime":
		c.errorf(x, mIsFunction.Msg(x.name, x.name))
		return tyBad
	}
	if i, ok := l.cmdIndex[x.name]; ok && sc.commands {
		x.kind, x.val = nameConst, int64(i+1)
		return tyCmd
	}
	c.errorf(x, mUnknownName.Msg(x.name, c.namesHere()))
	return tyBad
}

// namesHere lists the names the scope offers, for "unknown name" errors.
func (c *checker) namesHere() lang.Msg {
	l, sc := c.l, c.sc
	var names []string
	for _, g := range sc.gens {
		names = append(names, g.name)
	}
	if sc.piles {
		names = append(names, l.g.Piles...)
	}
	if sc.params {
		for _, p := range l.g.Params {
			names = append(names, p.Name)
		}
	}
	if sc.player {
		names = append(names, "mover", "other")
	}
	if sc.commands {
		names = append(names, "cmd", "last", "mylast", "none")
	}
	if len(names) == 0 {
		return mNoNamesIn.Msg(sc.what)
	}
	sort.Strings(names)
	names = slices.Compact(names)
	return mNamesIn.Msg(sc.what, nameList(names))
}

func (c *checker) checkUnary(x *unary) typ {
	t := tyInt
	if x.op == tNot {
		t = tyBool
	}
	if !c.want(x.x, t, mOperandOf.Msg(x.op.String())) {
		return tyBad
	}
	return t
}

func (c *checker) checkBinary(x *binary) typ {
	t := tyInt
	if x.op == tAnd || x.op == tOr {
		t = tyBool
	}
	okx := c.want(x.x, t, mLeftOperandOf.Msg(x.op.String()))
	oky := c.want(x.y, t, mRightOperandOf.Msg(x.op.String()))
	if !okx || !oky {
		return tyBad
	}
	return t
}

func (c *checker) checkCompare(x *compare) typ {
	ts := make([]typ, len(x.xs))
	for i, y := range x.xs {
		ts[i] = c.check(y)
	}
	bad := false
	for i, op := range x.ops {
		a, b := ts[i], ts[i+1]
		if a == tyBad || b == tyBad {
			bad = true
			continue
		}
		if a != b {
			c.errorSpan(x.opOffs[i], x.opOffs[i]+len(op.String()), mCannotCompare.Msg(a.a(), b.a()))
			bad = true
			continue
		}
		if a != tyInt && op != tEql && op != tNeq {
			c.errorSpan(x.opOffs[i], x.opOffs[i]+len(op.String()), mComparesNums.Msg(op.String(), a.a()))
			bad = true
		}
	}
	if bad {
		return tyBad
	}
	return tyBool
}

func (c *checker) checkCall(x *call) typ {
	name := x.fun.name
	switch name {
	case "min", "max", "abs", "isprime":
		ok := true
		for i, a := range x.args {
			ok = c.want(a, tyInt, mArgumentOf.Msg(i+1, name)) && ok
		}
		switch {
		case (name == "min" || name == "max") && len(x.args) < 2:
			c.errorf(x, mTwoArgs.Msg(name))
			ok = false
		case (name == "abs" || name == "isprime") && len(x.args) != 1:
			c.errorf(x, mOneArg.Msg(name, len(x.args)))
			ok = false
		}
		switch {
		case !ok:
			return tyBad
		case name == "isprime":
			return tyBool
		}
		return tyInt
	}
	c.errorf(x.fun, mUnknownFunc.Msg(name))
	for _, a := range x.args {
		c.check(a)
	}
	return tyBad
}

func (c *checker) checkCond(x *cond) typ {
	ok := c.want(x.cond, tyBool, mCondAfterIf.Msg())
	a, b := c.check(x.then), c.check(x.els)
	if !ok || a == tyBad || b == tyBad {
		return tyBad
	}
	if a != b {
		c.errorf(x, mBranchesDiffer.Msg(a.a(), b.a()))
		return tyBad
	}
	return a
}

// checkEntry resolves a move entry; it is a move of command cmd.
func (l *loader) checkEntry(e *entry, t *text) {
	sc := &scope{what: mInAMove.Msg(), piles: true, params: true, rule: true}
	c := &checker{l: l, t: t, sc: sc}
	for k := range e.gens {
		g := &e.gens[k]
		c.want(g.lo, tyInt, mRangeLo.Msg())
		c.want(g.hi, tyInt, mRangeHi.Msg())
		c.checkNewName(g.name, g.off, g.end, mGeneratorVar.Msg())
		for _, h := range sc.gens {
			if h.name == g.name {
				c.errorSpan(g.off, g.end, mGenDefined.Msg(g.name))
			}
		}
		g.slot = l.cmdSlot() + 3 + k
		sc.gens = append(sc.gens, g)
		if g.cond != nil {
			c.want(g.cond, tyBool, mCondAfterIf.Msg())
		}
	}
	l.maxGens = max(l.maxGens, len(e.gens))
	if e.guard != nil {
		c.want(e.guard, tyBool, mCondAfterIf.Msg())
	}
	switch e.kind {
	case entryEach:
		c.want(e.operand, tyInt, mOperandOfEach.Msg())
	case entryBare:
		a := &e.assigns[0]
		if len(l.g.Piles) != 1 {
			c.errorf(a.value, mBareNeedsOne.Msg(l.g.Piles[0]))
		}
		c.want(a.value, tyInt, mAMove.Msg())
	case entryAssign:
		seen := map[string]bool{}
		for k := range e.assigns {
			a := &e.assigns[k]
			i, ok := l.pileIndex[a.name]
			switch {
			case !ok:
				c.errorSpan(a.off, a.end, mNotAPile.Msg(a.name, nameList(l.g.Piles)))
			case seen[a.name]:
				c.errorSpan(a.off, a.end, mAssignedTwice.Msg(a.name))
			}
			seen[a.name] = true
			a.pile = i
			c.want(a.value, tyInt, mValueOf.Msg(a.name))
		}
	case entrySplit:
		if !l.g.Sum {
			c.errorSpan(e.splitOff, e.splitOff+len(e.split), mSplitNeedsSum.Msg())
		} else if e.split != l.g.Piles[0] {
			c.errorSpan(e.splitOff, e.splitOff+len(e.split), mSplitReplaces.Msg(l.g.Piles[0], e.split))
		}
		for k, p := range e.parts {
			c.want(p, tyInt, mPartOfSplit.Msg(k+1))
		}
	}
}

// checkNewName reports an error when name may not be defined.
func (c *checker) checkNewName(name string, off, end int, what lang.Msg) {
	l := c.l
	switch {
	case isReserved(name):
		c.errorSpan(off, end, mReservedAs.Msg(name, what))
	case hasKey(l.pileIndex, name):
		c.errorSpan(off, end, mPileAs.Msg(name, what))
	case hasKey(l.paramIndex, name):
		c.errorSpan(off, end, mParamAs.Msg(name, what))
	}
}

func hasKey[V any](m map[string]V, k string) bool {
	_, ok := m[k]
	return ok
}
