package rules

import (
	"retro/rules/lang"
)

// The parser: recursive descent over the tokens of one TOML string, with
// precedence climbing for binary operators. A syntax error panics with a
// syntaxError; the entry points (parseExprText, parseEntryText,
// parseRangeText) recover it and return it, so one string gives at most
// one syntax error and callers never see a panic.
//
// Two limits keep the time and the stack of a parse, and of every later
// walk of the tree, in proportion to the text: a string has at most
// MaxExprTokens tokens (a chain a + b + c + … is a tree as deep as it is
// long), and parentheses, signs, not, ** and if-else nest at most
// MaxNesting deep.

// The limits of one expression string.
const (
	MaxExprTokens = 10000
	MaxNesting    = 100
)

// syntaxError is a syntax error at byte offsets off..end of the text.
type syntaxError struct {
	off, end int
	msg      lang.Msg
}

// fail stops the parse of the current text.
func fail(off, end int, msg lang.Msg) {
	panic(syntaxError{off: off, end: end, msg: msg})
}

// catch recovers a syntaxError into *err and re-panics anything else.
func catch(err **syntaxError) {
	if r := recover(); r != nil {
		se, ok := r.(syntaxError)
		if !ok {
			panic(r)
		}
		*err = &se
	}
}

type parser struct {
	items []item
	p     int
	it    item // items[p]
	depth int  // nesting of the construct being parsed
}

// nest enters one level of nesting at the current token (a parenthesis,
// a sign, not, ** or else); the caller leaves it with p.depth--.
func (p *parser) nest() {
	p.depth++
	if p.depth > MaxNesting {
		fail(p.it.off, p.it.end, mNestedTooDeep.Msg(MaxNesting))
	}
}

func newParser(s string) *parser {
	p := &parser{items: scanAll(s)}
	p.it = p.items[0]
	return p
}

func (p *parser) next() {
	if p.p < len(p.items)-1 {
		p.p++
	}
	p.it = p.items[p.p]
}

func (p *parser) peek(k int) item {
	return p.items[min(p.p+k, len(p.items)-1)]
}

func describe(it item) lang.Msg {
	switch it.tok {
	case tEOF:
		return mEndOfText.Msg()
	case tIdent:
		return mFoundName.Msg(it.lit)
	case tInt:
		return mFoundNumber.Msg(it.lit)
	case tString:
		return mFoundString.Msg(lang.Quote(it.lit))
	}
	return mFoundToken.Msg(it.tok.String())
}

func (p *parser) errorExpected(what lang.Msg) {
	fail(p.it.off, p.it.end, mExpectedFound.Msg(what, describe(p.it)))
}

func (p *parser) expect(t token) item {
	it := p.it
	if it.tok != t {
		what := mFoundToken.Msg(t.String())
		if t == tIdent {
			what = mAName.Msg()
		}
		p.errorExpected(what)
	}
	p.next()
	return it
}

func (p *parser) expectEOF() {
	if p.it.tok != tEOF {
		p.errorExpected(mEndOfExpr.Msg())
	}
}

// parseExprText parses a whole string as one expression.
func parseExprText(s string) (x expr, err *syntaxError) {
	defer catch(&err)
	p := newParser(s)
	x = p.parseExpr(false)
	p.expectEOF()
	return x, nil
}

// parseRangeText parses "LO..HI", a single value "V", or, when openOK,
// "LO.." open above.
func parseRangeText(s string, openOK bool) (r *rangeExpr, err *syntaxError) {
	defer catch(&err)
	p := newParser(s)
	r = &rangeExpr{lo: p.parseExpr(false)}
	if p.it.tok == tEOF {
		r.hi, r.single = r.lo, true
		return r, nil
	}
	if p.it.tok != tRange {
		p.errorExpected(mRangeOrEnd.Msg())
	}
	p.next()
	if p.it.tok == tEOF {
		if !openOK {
			p.errorExpected(mUpperEnd.Msg())
		}
		r.open = true
		return r, nil
	}
	r.hi = p.parseExpr(false)
	p.expectEOF()
	return r, nil
}

// parseExpr parses a conditional expression A if C else B, or anything
// of lower level. With guardOK, an `if` with no `else` after it ends the
// expression instead: it starts the guard of a move entry.
func (p *parser) parseExpr(guardOK bool) expr {
	x := p.parseBinary(precLowest)
	if p.it.tok != tIf || guardOK && !p.elseAhead() {
		return x
	}
	p.next()
	c := p.parseBinary(precLowest)
	if p.it.tok != tElse {
		p.errorExpected(mElse.Msg())
	}
	p.nest()
	p.next()
	y := p.parseExpr(guardOK)
	p.depth--
	off, _ := x.span()
	_, end := y.span()
	return &cond{node: node{off: off, end: end}, then: x, cond: c, els: y}
}

// elseAhead reports whether the `if` at the current token is the `if` of a
// conditional expression: an `else` follows before the next `for`, `if`,
// comma or the end, outside parentheses.
func (p *parser) elseAhead() bool {
	depth := 0
	for k := p.p + 1; k < len(p.items); k++ {
		switch p.items[k].tok {
		case tLParen:
			depth++
		case tRParen:
			depth--
			if depth < 0 {
				return false
			}
		case tElse:
			if depth == 0 {
				return true
			}
		case tFor, tIf, tComma:
			if depth == 0 {
				return false
			}
		case tEOF:
			return false
		}
	}
	return false
}

// parseBinary parses operators of precedence prec1 and higher by
// precedence climbing. Comparisons chain: a < b < c is one compare node.
func (p *parser) parseBinary(prec1 int) expr {
	var x expr
	if prec1 <= precNot {
		x = p.parseNot()
	} else {
		x = p.parseUnary()
	}
	var chain *compare
	for {
		op, opOff := p.it.tok, p.it.off
		oprec := op.precedence()
		if oprec < prec1 || oprec == 0 {
			return x
		}
		p.next()
		y := p.parseBinary(oprec + 1)
		off, _ := x.span()
		_, end := y.span()
		switch {
		case op.isCompare() && chain != nil && x == expr(chain):
			chain.xs = append(chain.xs, y)
			chain.ops = append(chain.ops, op)
			chain.opOffs = append(chain.opOffs, opOff)
			chain.end = end
		case op.isCompare():
			chain = &compare{node: node{off: off, end: end}, xs: []expr{x, y}, ops: []token{op}, opOffs: []int{opOff}}
			x = chain
		default:
			x = &binary{node: node{off: off, end: end}, op: op, opOff: opOff, x: x, y: y}
		}
	}
}

// parseNot parses `not X` (X a comparison or another not) or a comparison.
func (p *parser) parseNot() expr {
	if p.it.tok != tNot {
		return p.parseBinary(precCompare)
	}
	off := p.it.off
	p.nest()
	p.next()
	x := p.parseNot()
	p.depth--
	_, end := x.span()
	return &unary{node: node{off: off, end: end}, op: tNot, x: x}
}

// parseUnary parses -X and +X; they bind looser than ** (-2**2 is -4).
func (p *parser) parseUnary() expr {
	if p.it.tok == tNot {
		fail(p.it.off, p.it.end, mNotParens.Msg())
	}
	if p.it.tok != tSub && p.it.tok != tAdd {
		return p.parsePower()
	}
	op, off := p.it.tok, p.it.off
	p.nest()
	p.next()
	x := p.parseUnary()
	p.depth--
	_, end := x.span()
	return &unary{node: node{off: off, end: end}, op: op, x: x}
}

// parsePower parses X ** Y, right-associative; Y may have a unary minus.
func (p *parser) parsePower() expr {
	x := p.parsePrimary()
	if p.it.tok != tPow {
		return x
	}
	opOff := p.it.off
	p.nest()
	p.next()
	y := p.parseUnary()
	p.depth--
	off, _ := x.span()
	_, end := y.span()
	return &binary{node: node{off: off, end: end}, op: tPow, opOff: opOff, x: x, y: y}
}

func (p *parser) parsePrimary() expr {
	it := p.it
	n := node{off: it.off, end: it.end}
	switch it.tok {
	case tInt:
		p.next()
		return &intLit{node: n, val: it.val}
	case tTrue, tFalse:
		p.next()
		return &boolLit{node: n, val: it.tok == tTrue}
	case tString:
		p.next()
		return &strLit{node: n, val: it.lit}
	case tIdent:
		p.next()
		id := &ident{node: n, name: it.lit}
		if p.it.tok != tLParen {
			return id
		}
		return p.parseCall(id)
	case tLParen:
		p.nest()
		p.next()
		x := p.parseExpr(false)
		p.depth--
		end := p.expect(tRParen).end
		return &paren{node: node{off: it.off, end: end}, x: x}
	}
	p.errorExpected(mAnExpression.Msg())
	panic("unreachable")
}

// parseCall parses the arguments of f(...); the current token is "(".
func (p *parser) parseCall(f *ident) expr {
	p.nest()
	p.next()
	c := &call{node: node{off: f.off}, fun: f}
	for p.it.tok != tRParen {
		c.args = append(c.args, p.parseExpr(false))
		if p.it.tok != tComma {
			break
		}
		p.next()
	}
	if p.it.tok != tRParen {
		p.errorExpected(mCommaOrParen.Msg())
	}
	c.end = p.it.end
	p.depth--
	p.next()
	return c
}

// parseEntryText parses one move entry.
func parseEntryText(s string) (e *entry, err *syntaxError) {
	defer catch(&err)
	p := newParser(s)
	e = p.parseEntry()
	return e, nil
}

// parseEntry parses BODY [if GUARD] (for NAME in LO..HI [if COND])*.
func (p *parser) parseEntry() *entry {
	e := &entry{off: p.it.off}
	next := p.peek(1).tok
	switch {
	case p.it.tok == tEach:
		p.next()
		if !p.it.tok.isEachOp() {
			p.errorExpected(mEachOperator.Msg())
		}
		e.kind, e.op, e.opOff = entryEach, p.it.tok, p.it.off
		p.next()
		e.operand = p.parseExpr(true)
	case p.it.tok == tIdent && next == tAssign:
		e.kind = entryAssign
		for {
			name := p.expect(tIdent)
			p.expect(tAssign)
			v := p.parseExpr(true)
			e.assigns = append(e.assigns, assign{name: name.lit, off: name.off, end: name.end, value: v})
			if p.it.tok != tComma {
				break
			}
			p.next()
			if p.it.tok != tIdent || p.peek(1).tok != tAssign {
				p.errorExpected(mAnotherAssign.Msg())
			}
		}
	case p.it.tok == tIdent && next == tArrow:
		e.kind, e.split, e.splitOff = entrySplit, p.it.lit, p.it.off
		p.next()
		p.next()
		for {
			e.parts = append(e.parts, p.parseExpr(true))
			if p.it.tok != tComma {
				break
			}
			p.next()
		}
	default:
		e.kind = entryBare
		v := p.parseExpr(true)
		off, end := v.span()
		e.assigns = []assign{{off: off, end: end, value: v}}
	}
	if p.it.tok == tIf {
		p.next()
		e.guard = p.parseExpr(true)
	}
	for p.it.tok == tFor {
		e.gens = append(e.gens, p.parseGenerator())
	}
	switch p.it.tok {
	case tEOF:
	case tComma:
		if e.kind == entryBare {
			fail(p.it.off, p.it.end, mUnexpectedComm.Msg())
		}
		p.errorExpected(mIfForOrEnd.Msg())
	case tIf:
		fail(p.it.off, p.it.end, mOneIf.Msg())
	default:
		p.errorExpected(mIfForOrEnd.Msg())
	}
	e.end = p.items[max(p.p-1, 0)].end
	return e
}

func (p *parser) parseGenerator() generator {
	p.next() // for
	name := p.expect(tIdent)
	p.expect(tIn)
	g := generator{name: name.lit, off: name.off, end: name.end}
	g.lo = p.parseExpr(true)
	if p.it.tok != tRange {
		p.errorExpected(mRangeDots.Msg())
	}
	p.next()
	g.hi = p.parseExpr(true)
	if p.it.tok == tIf {
		p.next()
		g.cond = p.parseExpr(true)
	}
	return g
}
