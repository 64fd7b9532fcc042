package rules

import (
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"retro/rules/lang"
)

// Load reads and parses the game file at path.
func Load(path string) (*Game, error) {
	src, err := readGame(path)
	if err != nil {
		return nil, lang.Errorf(mReadError, readError{err})
	}
	return Parse(path, src)
}

// Parse reads a game file's text; file is the name used in messages. The
// error, if any, is an ErrorList of *Error, each with the file, line and
// column of the offending key, value or character of an expression.
func Parse(file string, src []byte) (*Game, error) {
	l := &loader{
		file:       file,
		src:        src,
		lines:      newLineIndex(file, src),
		pileIndex:  map[string]int{},
		paramIndex: map[string]int{},
		cmdIndex:   map[string]int{},
	}
	l.g = &Game{File: file, Source: src, Horizon: -1, lines: l.lines, splitAt: -1}
	l.load()
	if len(l.errs) > 0 {
		l.errs.Normalize()
		return nil, l.errs
	}
	l.g.raw, l.g.locs = l.raw, l.locs
	l.compile()
	return l.g, nil
}

// topKeys are the keys a game file may have at its top level.
var topKeys = []string{
	"name", "piles", "moves", "commands", "end", "winner", "allow", "start",
	"params", "where", "bounds", "horizon", "count", "signed", "sum", "octal",
	"tier",
}

// loader holds the state of one Parse: the raw TOML, what has been found so
// far and the errors.
type loader struct {
	file  string
	src   []byte
	lines *lineIndex
	raw   map[string]any
	keys  []toml.Key
	locs  map[string]*loc
	errs  ErrorList
	g     *Game

	pileIndex   map[string]int
	paramIndex  map[string]int
	cmdIndex    map[string]int // command name → index
	used, rule  []bool         // per param
	whereReads  []int          // params read by where
	readsLast   bool
	readsMylast bool
	parseFail   bool // a string failed to parse: what it reads is unknown
	maxGens     int

	entries [][]parsedEntry // per command
	end     parsedExpr
	winner  parsedExpr
	allow   parsedExpr
	where   parsedExpr
	tier    parsedExpr
	start   []parsedExpr // per pile
	bounds  []parsedRange
}

type parsedEntry struct {
	e *entry
	t *text
}

type parsedExpr struct {
	x expr // nil when absent or wrong
	t *text
}

type parsedRange struct {
	r *rangeExpr
	t *text
}

func (l *loader) cmdSlot() int { return len(l.g.Piles) + len(l.g.Params) }

// errorSrc reports an error at source offsets off..end.
func (l *loader) errorSrc(off, end int, msg lang.Msg) {
	l.errs = append(l.errs, &Error{Pos: l.lines.pos(off), Len: l.lines.runes(off, end), Msg: msg, Source: l.src})
}

// syntaxError reports the syntax error of a string.
func (l *loader) syntaxError(t *text, se *syntaxError) {
	l.parseFail = true
	l.errorText(t, se.off, se.end, se.msg)
}

// errorText reports an error at offsets off..end of a decoded string.
func (l *loader) errorText(t *text, off, end int, msg lang.Msg) {
	from, to := t.src(off), t.src(max(end, off))
	l.errorSrc(from, to, msg)
}

// errorFile reports an error with no place in the file.
func (l *loader) errorFile(msg lang.Msg) {
	l.errs = append(l.errs, &Error{Pos: Pos{File: l.file}, Msg: msg, Source: l.src})
}

func (l *loader) loc(path ...string) *loc { return l.locs[pathKey(path...)] }

// errorKey reports an error at the key path.
func (l *loader) errorKey(msg lang.Msg, path ...string) {
	if lc := l.loc(path...); lc != nil {
		l.errorSrc(lc.key, lc.keyEnd, msg)
		return
	}
	l.errorFile(msg)
}

// errorValue reports an error at the value of the key path.
func (l *loader) errorValue(lc *loc, msg lang.Msg) {
	if lc == nil {
		l.errorFile(msg)
		return
	}
	end := lc.valEnd
	if lc.elems != nil || lc.val < len(l.src) && (l.src[lc.val] == '{' || l.src[lc.val] == '[') {
		end = lc.val + 1
	}
	l.errorSrc(lc.val, end, msg)
}

// textOf returns the text of string value s located at lc.
func (l *loader) textOf(lc *loc, s string) *text {
	if lc != nil && lc.str != nil && lc.str.s == s {
		return lc.str
	}
	if lc != nil {
		return flatText(s, lc.val)
	}
	return flatText(s, 0)
}

func kind(v any) lang.Msg {
	switch v.(type) {
	case string:
		return mKindString.Msg()
	case int64:
		return mKindInt.Msg()
	case float64:
		return mKindFloat.Msg()
	case bool:
		return mKindBool.Msg()
	case []any:
		return mKindArray.Msg()
	case map[string]any:
		return mKindTable.Msg()
	case []map[string]any:
		return mKindTables.Msg()
	case time.Time:
		return mKindDate.Msg()
	}
	return mKindOther.Msg(v)
}

// mustBe is the error of a value of the wrong kind: what must be want,
// not the kind of v.
func mustBe(what, want lang.Msg, v any) lang.Msg { return mMustBe.Msg(what, want, kind(v)) }

func (l *loader) load() {
	if len(l.src) > MaxSourceBytes {
		l.errorFile(mTooLarge.Msg(MaxSourceBytes >> 20))
		return
	}
	if off := tooDeep(l.src); off >= 0 {
		l.errorSrc(off, off+1, mTOMLNested.Msg(MaxTOMLNesting))
		return
	}
	md, err := toml.Decode(string(l.src), &l.raw)
	if err != nil {
		l.tomlError(err)
		return
	}
	l.keys = md.Keys()
	l.locs = locate(l.src)
	l.checkTopKeys()
	ok := l.loadPiles()
	l.loadScalars()
	if !ok {
		return
	}
	l.loadParams()
	l.loadCommands()
	l.loadExprs()
	l.loadStart()
	l.loadBounds()
	l.checkParams()
	l.checkShape()
}

func (l *loader) checkTopKeys() {
	for _, k := range l.keys {
		if len(k) != 1 {
			continue
		}
		name := k[0]
		if !contains(topKeys, name) {
			var mean lang.Msg
			if s := Suggest(name, topKeys); s != "" {
				mean = mDidYouMean.Msg(s)
			}
			l.errorKey(mUnknownKey.Msg(keyName(name), mean), name)
		}
	}
}

// keyName returns a key for a message: as it is when it is a name, quoted
// otherwise (a quoted TOML key may hold anything, even a newline).
func keyName(s string) string {
	if isIdent(s) {
		return s
	}
	return strconv.Quote(s)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// elem returns the location of element i of the array at lc.
func elem(lc *loc, i int) *loc {
	if lc != nil && i < len(lc.elems) {
		return lc.elems[i]
	}
	return lc
}

// subKeys returns the keys of table name in file order.
func (l *loader) subKeys(name string) []string {
	var out []string
	for _, k := range l.keys {
		if len(k) == 2 && k[0] == name {
			out = append(out, k[1])
		}
	}
	return out
}

// table returns the table at key name, reporting an error when it is
// something else.
func (l *loader) table(name string) (map[string]any, bool) {
	v, ok := l.raw[name]
	if !ok {
		return nil, false
	}
	tbl, ok := v.(map[string]any)
	if !ok {
		l.errorValue(l.loc(name), mMustBeTable.Msg(name, name, kind(v)))
	}
	return tbl, ok
}

func (l *loader) loadPiles() bool {
	v, ok := l.raw["piles"]
	if !ok {
		l.errorFile(mMissingPiles.Msg())
		return false
	}
	lc := l.loc("piles")
	arr, ok := v.([]any)
	if !ok {
		l.errorValue(lc, mustBe(keyMsg("piles"), mKindStringNames.Msg(), v))
		return false
	}
	if len(arr) == 0 {
		l.errorValue(lc, mPilesEmpty.Msg())
		return false
	}
	n := len(l.errs)
	for i, x := range arr {
		el := elem(lc, i)
		s, ok := x.(string)
		switch {
		case !ok:
			l.errorValue(el, mustBe(mAPileName.Msg(), mKindString.Msg(), x))
		case !isIdent(s):
			l.errorValue(el, mPileNotName.Msg(lang.Quote(s)))
		case isReserved(s):
			l.errorValue(el, mPileReserved.Msg(s))
		case hasKey(l.pileIndex, s):
			l.errorValue(el, mPileTwice.Msg(s))
		}
		l.pileIndex[s] = i
		l.g.Piles = append(l.g.Piles, s)
	}
	return len(l.errs) == n
}

func (l *loader) loadScalars() {
	g := l.g
	g.Name = strings.TrimSuffix(filepath.Base(l.file), filepath.Ext(l.file))
	if v, ok := l.raw["name"]; ok {
		if s, ok := v.(string); ok {
			g.Name = s
		} else {
			l.errorValue(l.loc("name"), mustBe(keyMsg("name"), mKindString.Msg(), v))
		}
	}
	if v, ok := l.raw["horizon"]; ok {
		h, ok := v.(int64)
		switch {
		case !ok:
			l.errorValue(l.loc("horizon"), mustBe(keyMsg("horizon"), mKindInt.Msg(), v))
		case h < 0 || h > 1<<30:
			l.errorValue(l.loc("horizon"), mHorizonRange.Msg(1<<30))
		default:
			g.Horizon = int(h)
		}
	}
	if v, ok := l.raw["count"]; ok {
		switch v {
		case "exam":
			g.Count = Exam
		case "lebedev":
			g.Count = Lebedev
		default:
			l.errorValue(l.loc("count"), mCountValue.Msg())
		}
	}
	g.Signed = l.boolKey("signed")
	g.Sum = l.boolKey("sum")
}

func (l *loader) boolKey(name string) bool {
	v, ok := l.raw[name]
	if !ok {
		return false
	}
	b, ok := v.(bool)
	if !ok {
		l.errorValue(l.loc(name), mustBe(keyMsg(name), mKindBoolean.Msg(), v))
	}
	return b
}

func (l *loader) loadParams() {
	tbl, ok := l.table("params")
	if !ok {
		return
	}
	for _, name := range l.subKeys("params") {
		lc := l.loc("params", name)
		p := Param{Name: name, Pos: Pos{File: l.file}}
		if lc != nil {
			p.Pos = l.lines.pos(lc.key)
		}
		switch {
		case !isIdent(name):
			l.errorKey(mParamNotName.Msg(lang.Quote(name)), "params", name)
		case isReserved(name):
			l.errorKey(mParamReserved.Msg(name), "params", name)
		case hasKey(l.pileIndex, name):
			l.errorKey(mParamIsPile.Msg(name), "params", name)
		}
		switch v := tbl[name].(type) {
		case int64:
			p.Lo, p.Hi = v, v
		case string:
			l.paramRange(&p, l.textOf(lc, v))
		default:
			l.errorValue(lc, mustBe(mParamKey.Msg(keyName(name)), mKindParamRange.Msg(), v))
		}
		l.paramIndex[name] = len(l.g.Params)
		l.g.Params = append(l.g.Params, p)
	}
	l.used = make([]bool, len(l.g.Params))
	l.rule = make([]bool, len(l.g.Params))
}

// paramRange parses and evaluates the range of a param.
func (l *loader) paramRange(p *Param, t *text) {
	r, se := parseRangeText(t.s, true)
	if se != nil {
		l.errorText(t, se.off, se.end, se.msg) // a range reads no names
		return
	}
	c := &checker{l: l, t: t, sc: &scope{what: keyMsg("[params]")}}
	n := len(l.errs)
	c.want(r.lo, tyInt, mRangeLo.Msg())
	if !r.open && !r.single {
		c.want(r.hi, tyInt, mRangeHi.Msg())
	}
	if len(l.errs) > n {
		return
	}
	value := func(x expr) int64 {
		v, ok := fold(x)
		if !ok {
			c.errorf(x, mParamRangeNums.Msg())
		}
		return v
	}
	p.Lo = value(r.lo)
	switch {
	case r.open:
		p.Open, p.Hi = true, math.MaxInt64
	case r.single:
		p.Hi = p.Lo
	default:
		p.Hi = value(r.hi)
	}
	if len(l.errs) == n && p.Lo > p.Hi {
		l.errorText(t, 0, len(t.s), mParamEmpty.Msg(p.Name, p.Lo, p.Hi))
	}
}

// exprKey parses and checks the expression at top-level key name.
func (l *loader) exprKey(name string, sc *scope, want typ) parsedExpr {
	v, ok := l.raw[name]
	if !ok {
		return parsedExpr{}
	}
	lc := l.loc(name)
	s, ok := v.(string)
	if !ok {
		l.errorValue(lc, mustBe(keyMsg(name), mKindHolding.Msg(want.a()), v))
		return parsedExpr{}
	}
	t := l.textOf(lc, s)
	if name == "allow" {
		switch strings.TrimSpace(s) {
		case "no-repeat-opponent":
			t = flatText("cmd != last", t.src(0))
		case "no-repeat-own":
			t = flatText("cmd != mylast", t.src(0))
		}
	}
	return l.parseCheck(t, sc, want, keyMsg(name))
}

// parseCheck parses and checks an expression of type want.
func (l *loader) parseCheck(t *text, sc *scope, want typ, what lang.Msg) parsedExpr {
	x, se := parseExprText(t.s)
	if se != nil {
		l.syntaxError(t, se)
		return parsedExpr{t: t}
	}
	n := len(l.errs)
	(&checker{l: l, t: t, sc: sc}).want(x, want, what)
	if len(l.errs) > n {
		return parsedExpr{t: t}
	}
	return parsedExpr{x: x, t: t}
}

func (l *loader) loadExprs() {
	g := l.g
	rules := func(what string) *scope {
		return &scope{what: keyMsg(what), piles: true, params: true, rule: true}
	}
	l.end = l.exprKey("end", rules("end"), tyBool)
	sc := rules("winner")
	sc.player = true
	l.winner = l.exprKey("winner", sc, tyPlayer)
	sc = rules("allow")
	sc.commands = true
	l.allow = l.exprKey("allow", sc, tyBool)
	g.allowReadsPiles = sc.pileRead
	sc = &scope{what: keyMsg("where"), params: true}
	l.where = l.exprKey("where", sc, tyBool)
	l.whereReads = sc.read
	l.tier = l.exprKey("tier", rules("tier"), tyInt)
	if l.tier.x != nil {
		g.Tier = strings.TrimSpace(l.raw["tier"].(string))
		if g.Sum {
			l.errorKey(mHeapNoTier.Msg(), "tier")
		}
	}
	_, g.HasEnd = l.raw["end"]
	_, g.HasWhere = l.raw["where"]
	switch {
	case l.readsMylast:
		g.History = BothHistory
	case l.readsLast:
		g.History = LastHistory
	}
}

func (l *loader) loadStart() {
	tbl, ok := l.table("start")
	if !ok {
		return
	}
	l.g.HasStart = true
	l.start = make([]parsedExpr, len(l.g.Piles))
	given := make([]bool, len(l.g.Piles))
	for _, name := range l.subKeys("start") {
		i, ok := l.pileIndex[name]
		if !ok {
			l.errorKey(mStartUnknown.Msg(keyName(name), nameList(l.g.Piles)), "start", name)
			continue
		}
		given[i] = true
		lc := l.loc("start", name)
		switch v := tbl[name].(type) {
		case int64:
			l.start[i] = parsedExpr{x: &intLit{node: node{t: tyInt}, val: v}, t: flatText("", 0)}
			if v < 0 && !l.g.Signed {
				l.errorValue(lc, mStartNegative.Msg(name, v))
			}
		case string:
			sc := &scope{what: keyMsg("[start]"), params: true}
			l.start[i] = l.parseCheck(l.textOf(lc, v), sc, tyInt, mStartValueOf.Msg(name))
			if x := l.start[i].x; x != nil && !l.g.Signed {
				if k, ok := fold(x); ok && k < 0 {
					l.errorValue(lc, mStartNegative.Msg(name, k))
				}
			}
		default:
			l.errorValue(lc, mustBe(mStartValueOf.Msg(name), mKindExprOrInt.Msg(), v))
		}
	}
	l.missingPiles("start", given)
}

func (l *loader) missingPiles(table string, given []bool) {
	for i, ok := range given {
		if !ok {
			l.errorKey(mNotGiven.Msg(table, l.g.Piles[i]), table)
		}
	}
}

func (l *loader) loadBounds() {
	tbl, ok := l.table("bounds")
	if !ok {
		return
	}
	l.g.HasBounds = true
	l.bounds = make([]parsedRange, len(l.g.Piles))
	given := make([]bool, len(l.g.Piles))
	for _, name := range l.subKeys("bounds") {
		i, ok := l.pileIndex[name]
		if !ok {
			l.errorKey(mBoundsUnknown.Msg(keyName(name), nameList(l.g.Piles)), "bounds", name)
			continue
		}
		given[i] = true
		lc := l.loc("bounds", name)
		switch v := tbl[name].(type) {
		case int64:
			x := &intLit{node: node{t: tyInt}, val: v}
			l.bounds[i] = parsedRange{r: &rangeExpr{lo: x, hi: x, single: true}, t: flatText("", 0)}
		case string:
			l.bounds[i] = l.boundsRange(l.textOf(lc, v))
		default:
			l.errorValue(lc, mustBe(mBoundsOf.Msg(name), mKindRangeOrInt.Msg(), v))
		}
	}
	l.missingPiles("bounds", given)
}

func (l *loader) boundsRange(t *text) parsedRange {
	r, se := parseRangeText(t.s, false)
	if se != nil {
		l.syntaxError(t, se)
		return parsedRange{}
	}
	c := &checker{l: l, t: t, sc: &scope{what: keyMsg("[bounds]"), params: true, rule: true}}
	c.want(r.lo, tyInt, mRangeLo.Msg())
	if !r.single {
		c.want(r.hi, tyInt, mRangeHi.Msg())
	}
	return parsedRange{r: r, t: t}
}

func (l *loader) checkParams() {
	for i := range l.g.Params {
		p := &l.g.Params[i]
		if !l.used[i] && !l.parseFail && isIdent(p.Name) && !isReserved(p.Name) && !hasKey(l.pileIndex, p.Name) {
			l.errorKey(mParamUnused.Msg(p.Name), "params", p.Name)
		}
		p.Rule = l.rule[i]
	}
}

// checkShape checks what the keys together must satisfy.
func (l *loader) checkShape() {
	g := l.g
	if !g.HasStart && !g.HasBounds && !g.Sum {
		l.errorFile(mNeedsStart.Msg())
	}
	if !g.Sum {
		return
	}
	if len(g.Piles) != 1 {
		l.errorValue(l.loc("piles"), mHeapOnePile.Msg())
	}
	for _, k := range []string{"end", "allow", "start", "bounds"} {
		if _, ok := l.raw[k]; ok {
			l.errorKey(mHeapHasNo.Msg(k), k)
		}
	}
	if g.Signed {
		l.errorKey(mHeapNotSigned.Msg(), "signed")
	}
}
