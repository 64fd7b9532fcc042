package query

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"retro/positions"
	"retro/retro"
	"retro/rules"
	"retro/rules/lang"
)

// A question is a condition on a start position, in the words of the exam
// tasks:
//
//	win N       W, layer ≤ 2N−1: the player to move wins in at most N of his moves
//	win =N      W, layer = 2N−1: in exactly N
//	lose N      L, layer ≤ 2N: the opponent wins in at most N of his moves
//	lose =N     L, layer = 2N
//	can-lose N  some move that does not end the game leads to a W of layer ≤ 2N−1
//	win, lose, draw, can-lose   W, L, D, a move to any W
//	and, or, not, ( )
//
// N is at least 1. "not" binds tightest, then "and", then "or".

// Truth is the value of a question at a position: Kleene's three-valued
// logic, where Maybe stands for what a horizon leaves undecided.
type Truth uint8

// The truth values.
const (
	No    Truth = iota // the question does not hold
	Yes                // it holds
	Maybe              // it depends on positions beyond the horizon
)

// String is "no", "yes" or "maybe".
func (t Truth) String() string {
	switch t {
	case No:
		return "no"
	case Yes:
		return "yes"
	}
	return "maybe"
}

func (t Truth) not() Truth {
	switch t {
	case No:
		return Yes
	case Yes:
		return No
	}
	return Maybe
}

func truthAnd(a, b Truth) Truth {
	switch {
	case a == No || b == No:
		return No
	case a == Yes && b == Yes:
		return Yes
	}
	return Maybe
}

func truthOr(a, b Truth) Truth { return truthAnd(a.not(), b.not()).not() }

// MaxQuestionMoves is the largest N a question may name.
const MaxQuestionMoves = 1 << 20

// QuestionError is a mistake in a question's text. Col is the 1-based
// column (in characters) it points at, Len the length of the offending text.
type QuestionError struct {
	Question string
	Col, Len int
	Msg      lang.Msg
}

// Error is "question, column 5: msg", in English.
func (e *QuestionError) Error() string { return e.In(lang.En) }

// In is "question, column 5: msg" in l.
func (e *QuestionError) In(l lang.Lang) string { return mQuestionAt.Msg(e.Col, e.Message(l)).In(l) }

// Message is what is wrong in l, its long words clipped.
func (e *QuestionError) Message(l lang.Lang) string { return rules.ClipMessage(e.Msg.In(l)) }

// Render returns the error line in l, the question, and a line of carets
// under the offending text; every line ends in a newline.
func (e *QuestionError) Render(l lang.Lang) string {
	return e.In(l) + "\n" + rules.Excerpt(e.Question, max(e.Col, 1), e.Len)
}

// Question is a parsed question.
type Question struct {
	root qnode
}

// String is the question in canonical form: "win =2 and not lose 1".
func (q *Question) String() string { return q.root.format(0) }

// Meaning says what the question asks of a position in outcomes and
// layers: "W 3", "L ≤ 4", "a move, not ending the game, to W ≤ 1".
func (q *Question) Meaning() string { return q.root.meaning(0) }

// Moves reports whether evaluating the question looks at a position's
// moves (can-lose does), not only at its outcome and layer.
func (q *Question) Moves() bool { return q.root.moves() }

// Eval tells whether the question holds at position i of r. m is a machine
// of r's instance, for the moves that can-lose looks at.
func (q *Question) Eval(r *retro.Probed, i int, m *rules.Machine) (Truth, error) {
	return q.root.eval(&qenv{r: r, m: m}, i)
}

// ---- syntax tree

type qnode interface {
	eval(env *qenv, i int) (Truth, error)
	format(prec int) string
	meaning(prec int) string
	moves() bool
}

// predKind is what a predicate asks about.
type predKind uint8

const (
	predWin predKind = iota
	predLose
	predCanLose
	predDraw
)

var predNames = [...]string{predWin: "win", predLose: "lose", predCanLose: "can-lose", predDraw: "draw"}

// countMode is how a predicate counts moves.
type countMode uint8

const (
	countAny     countMode = iota // no N
	countAtMost                   // N
	countExactly                  // =N
)

type qpred struct {
	kind predKind
	mode countMode
	n    int
}

type qnot struct{ x qnode }

type qbinary struct {
	op   qtoken // qAnd or qOr
	x, y qnode
}

func (p *qpred) format(int) string {
	s := predNames[p.kind]
	switch p.mode {
	case countAtMost:
		s += " " + strconv.Itoa(p.n)
	case countExactly:
		s += " =" + strconv.Itoa(p.n)
	}
	return s
}

func (p *qpred) moves() bool { return p.kind == predCanLose }

// target is the outcome and layer bound a predicate asks for.
func (p *qpred) target() (retro.Outcome, int) {
	switch p.kind {
	case predWin, predCanLose:
		return retro.Win, 2*p.n - 1
	case predLose:
		return retro.Lose, 2 * p.n
	}
	return retro.Draw, 0
}

func (p *qpred) meaning(int) string {
	o, bound := p.target()
	s := o.String()
	switch p.mode {
	case countAtMost:
		s += fmt.Sprintf(" ≤ %d", bound)
	case countExactly:
		s += fmt.Sprintf(" %d", bound)
	}
	if p.kind == predCanLose {
		s = "a move, not ending the game, to " + s
	}
	return s
}

func (n *qnot) format(int) string  { return "not " + n.x.format(3) }
func (n *qnot) meaning(int) string { return "not " + n.x.meaning(3) }
func (n *qnot) moves() bool        { return n.x.moves() }

func (b *qbinary) format(prec int) string {
	return b.join(prec, b.x.format(b.op.precedence()), b.y.format(b.op.precedence()+1))
}

func (b *qbinary) meaning(prec int) string {
	return b.join(prec, b.x.meaning(b.op.precedence()), b.y.meaning(b.op.precedence()+1))
}

func (b *qbinary) join(prec int, x, y string) string {
	s := x + " " + b.op.String() + " " + y
	if b.op.precedence() < prec {
		s = "(" + s + ")"
	}
	return s
}

func (b *qbinary) moves() bool { return b.x.moves() || b.y.moves() }

// ---- evaluation

type qenv struct {
	r    *retro.Probed
	m    *rules.Machine
	list rules.MoveList
}

// floor is, for a position shown as ?, the layer its true layer is known
// to exceed (if it is W or L at all): the horizon less its depth.
func (env *qenv) floor(i int) (int, error) {
	d, err := env.r.Values.Depth(i)
	return env.r.Horizon - d, err
}

// layerTruth tells whether a position of outcome o and layer n (floor for
// ?) is the target outcome with a layer that the mode accepts.
func layerTruth(want retro.Outcome, mode countMode, bound int, o retro.Outcome, n, floor int) Truth {
	if o == retro.Unknown {
		if mode != countAny && want != retro.Draw && bound <= floor {
			return No
		}
		return Maybe
	}
	if o != want {
		return No
	}
	switch {
	case mode == countAtMost && n > bound, mode == countExactly && n != bound:
		return No
	}
	return Yes
}

func (p *qpred) eval(env *qenv, i int) (Truth, error) {
	r := env.r
	want, bound := p.target()
	if p.kind != predCanLose {
		o, layer, err := r.Values.Value(i)
		if err != nil {
			return No, err
		}
		floor, err := env.floor(i)
		if err != nil {
			return No, err
		}
		return layerTruth(want, p.mode, bound, o, layer, floor), nil
	}
	piles := make([]int64, r.Space.Piles())
	r.Space.Position(i, piles)
	depth, err := r.Values.Depth(i)
	if err != nil {
		return No, err
	}
	if h := r.Horizon; h >= 0 && depth >= h {
		// Unexplored: its moves lead outside the table.
		end, err := env.m.End(piles)
		if err != nil || end {
			return No, err
		}
		return Maybe, nil
	}
	moves, err := r.Moves(i, env.m)
	if err != nil {
		return No, err
	}
	t := No
	for _, mv := range moves {
		if mv.End {
			continue
		}
		floor, err := env.floor(mv.Index)
		if err != nil {
			return No, err
		}
		v := layerTruth(retro.Win, p.mode, bound, mv.Outcome, mv.Layer, floor)
		if v == No {
			continue
		}
		// A final position inside the table (a [bounds] box) is an end of
		// the game too.
		final, err := env.final(mv)
		if err != nil {
			return No, err
		}
		if !final {
			t = truthOr(t, v)
		}
	}
	return t, nil
}

// final reports whether a move's target is a final position: end holds
// there, or the player to move has no legal move.
func (env *qenv) final(mv retro.Move) (bool, error) {
	return final(env.r.Instance.Game, env.m, mv, &env.list)
}

// final reports whether a move of g leads to a final position; list is
// scratch space for the moves there.
func final(g *rules.Game, m *rules.Machine, mv retro.Move, list *rules.MoveList) (bool, error) {
	return positions.Final(g, m, list, mv.To, mv.Hist)
}

func (n *qnot) eval(env *qenv, i int) (Truth, error) {
	t, err := n.x.eval(env, i)
	return t.not(), err
}

func (b *qbinary) eval(env *qenv, i int) (Truth, error) {
	x, err := b.x.eval(env, i)
	if err != nil {
		return No, err
	}
	// Short cuts keep can-lose from listing moves it need not.
	if b.op == qAnd && x == No {
		return No, nil
	}
	if b.op == qOr && x == Yes {
		return Yes, nil
	}
	y, err := b.y.eval(env, i)
	if err != nil {
		return No, err
	}
	if b.op == qAnd {
		return truthAnd(x, y), nil
	}
	return truthOr(x, y), nil
}

// ---- tokens and scanner

type qtoken uint8

const (
	qEOF qtoken = iota
	qIllegal
	qInt
	qWord // a word that is not a keyword
	qEq
	qLParen
	qRParen
	qAnd
	qOr
	qNot
	qWin
	qLose
	qCanLose
	qDraw
)

var qkeywords = map[string]qtoken{
	"and": qAnd, "or": qOr, "not": qNot,
	"win": qWin, "lose": qLose, "can-lose": qCanLose, "draw": qDraw,
}

func (t qtoken) String() string {
	switch t {
	case qEOF:
		return "the end of the question"
	case qInt:
		return "a number"
	case qEq:
		return "="
	case qLParen:
		return "("
	case qRParen:
		return ")"
	}
	for w, k := range qkeywords {
		if k == t {
			return w
		}
	}
	return "?"
}

// precedence of a binary operator; 0 for any other token.
func (t qtoken) precedence() int {
	switch t {
	case qOr:
		return 1
	case qAnd:
		return 2
	}
	return 0
}

type qscanner struct {
	src []rune
	off int
}

// scan returns the next token, its column offset (0-based, in runes) and
// its text.
func (s *qscanner) scan() (qtoken, int, string) {
	for s.off < len(s.src) && unicode.IsSpace(s.src[s.off]) {
		s.off++
	}
	start := s.off
	if s.off >= len(s.src) {
		return qEOF, start, ""
	}
	c := s.src[s.off]
	s.off++
	switch {
	case c == '=':
		return qEq, start, "="
	case c == '(':
		return qLParen, start, "("
	case c == ')':
		return qRParen, start, ")"
	case isDigit(c) || c == '-' && s.off < len(s.src) && isDigit(s.src[s.off]):
		for s.off < len(s.src) && isDigit(s.src[s.off]) {
			s.off++
		}
		return qInt, start, string(s.src[start:s.off])
	case unicode.IsLetter(c):
		for s.off < len(s.src) && isWordRune(s.src[s.off]) {
			s.off++
		}
		w := strings.ToLower(string(s.src[start:s.off]))
		if k, ok := qkeywords[w]; ok {
			return k, start, w
		}
		return qWord, start, w
	}
	return qIllegal, start, string(c)
}

func isDigit(c rune) bool    { return c >= '0' && c <= '9' }
func isWordRune(c rune) bool { return unicode.IsLetter(c) || isDigit(c) || c == '-' || c == '_' }

// ---- parser

type qparser struct {
	s      qscanner
	text   string
	tok    qtoken
	off    int
	lit    string
	tokens int // read so far
	depth  int // of parentheses and not
}

// The limits of a question, so that parsing and evaluating it take time
// and stack in proportion to its text: at most MaxQuestionTokens words,
// numbers and signs (a chain of or is a tree as deep as it is long), and
// parentheses and not nested at most MaxQuestionNesting deep.
const (
	MaxQuestionTokens  = 1000
	MaxQuestionNesting = 100
)

// ParseQuestion reads a question. Its errors are *QuestionError.
func ParseQuestion(text string) (q *Question, err error) {
	p := &qparser{s: qscanner{src: []rune(text)}, text: text}
	defer func() {
		if r := recover(); r != nil {
			qe, ok := r.(*QuestionError)
			if !ok {
				panic(r)
			}
			q, err = nil, qe
		}
	}()
	p.next()
	if p.tok == qEOF {
		p.fail(p.off, 1, mEmptyQuestion.Msg())
	}
	x := p.parseExpr(1)
	if p.tok != qEOF {
		p.fail(p.off, p.width(), mExpectedAndOr.Msg(p.what()))
	}
	return &Question{root: x}, nil
}

func (p *qparser) next() {
	p.tok, p.off, p.lit = p.s.scan()
	if p.tokens++; p.tokens > MaxQuestionTokens && p.tok != qEOF {
		p.fail(p.off, p.width(), mQuestionLong.Msg(MaxQuestionTokens))
	}
}

// nest enters a parenthesis or a not; the caller leaves it with p.depth--.
func (p *qparser) nest() {
	if p.depth++; p.depth > MaxQuestionNesting {
		p.fail(p.off, p.width(), mQuestionNested.Msg(MaxQuestionNesting))
	}
}

func (p *qparser) width() int { return max(len([]rune(p.lit)), 1) }

func (p *qparser) fail(off, n int, msg lang.Msg) {
	panic(&QuestionError{Question: p.text, Col: off + 1, Len: n, Msg: msg})
}

// what names the current token for an error message.
func (p *qparser) what() lang.Sayer {
	switch p.tok {
	case qEOF:
		return mEndOfQuestion.Msg()
	case qInt, qWord, qIllegal:
		return lang.Quote(p.lit)
	}
	return lang.Quote(p.tok.String())
}

// parseExpr parses operators of precedence prec1 and above: precedence
// climbing over and and or.
func (p *qparser) parseExpr(prec1 int) qnode {
	x := p.parseUnary()
	for {
		prec := p.tok.precedence()
		if prec < prec1 {
			return x
		}
		op := p.tok
		p.next()
		x = &qbinary{op: op, x: x, y: p.parseExpr(prec + 1)}
	}
}

func (p *qparser) parseUnary() qnode {
	switch p.tok {
	case qNot:
		p.nest()
		p.next()
		x := &qnot{x: p.parseUnary()}
		p.depth--
		return x
	case qLParen:
		open := p.off
		p.nest()
		p.next()
		x := p.parseExpr(1)
		p.depth--
		if p.tok != qRParen {
			if p.tok == qEOF {
				p.fail(open, 1, mNeverClosed.Msg())
			}
			p.fail(p.off, p.width(), mExpectedParen.Msg(p.what()))
		}
		p.next()
		return x
	case qWin, qLose, qCanLose:
		kind := map[qtoken]predKind{qWin: predWin, qLose: predLose, qCanLose: predCanLose}[p.tok]
		p.next()
		mode, n := p.parseCount()
		return &qpred{kind: kind, mode: mode, n: n}
	case qDraw:
		p.next()
		if p.tok == qInt || p.tok == qEq {
			p.fail(p.off, p.width(), mDrawNoNumber.Msg())
		}
		return &qpred{kind: predDraw}
	case qWord:
		if w := suggest(p.lit); w != "" {
			p.fail(p.off, p.width(), mUnknownWordMean.Msg(lang.Quote(p.lit), lang.Quote(w)))
		}
		p.fail(p.off, p.width(), mUnknownWord.Msg(lang.Quote(p.lit)))
	case qIllegal:
		p.fail(p.off, 1, mUnexpectedChar.Msg(lang.Quote(p.lit)))
	}
	p.fail(p.off, p.width(), mExpectedPred.Msg(p.what()))
	return nil
}

// parseCount reads the optional N or =N after win, lose and can-lose.
func (p *qparser) parseCount() (countMode, int) {
	mode := countAtMost
	switch p.tok {
	case qEq:
		mode = countExactly
		p.next()
		if p.tok != qInt {
			p.fail(p.off, p.width(), mExpectedCount.Msg(p.what()))
		}
	case qInt:
	default:
		return countAny, 0
	}
	n, err := strconv.ParseInt(p.lit, 10, 64)
	switch {
	case err != nil || n > MaxQuestionMoves:
		p.fail(p.off, p.width(), mTooManyQMoves.Msg(p.lit, MaxQuestionMoves))
	case n < 1:
		p.fail(p.off, p.width(), mAtLeastOne.Msg(n))
	}
	p.next()
	return mode, int(n)
}

// qkeywordList are the keywords in alphabetical order: of two as near a
// misspelt word, suggest names the first.
var qkeywordList = slices.Sorted(maps.Keys(qkeywords))

// suggest returns the keyword closest to a misspelt word, or "": at most
// two edits away (a swap of two letters is two), and fewer edits than the
// word has letters.
func suggest(w string) string {
	return rules.Nearest(w, qkeywordList, min(2, len([]rune(w))-1), false)
}
