package rules

// The syntax tree of expressions and move entries. Offsets are byte
// offsets in the decoded TOML string the node was parsed from; resolve
// fills in the types and what every name stands for.

// typ is the static type of an expression.
type typ uint8

const (
	tyBad    typ = iota // after an error; suppresses follow-up errors
	tyInt               // integers
	tyBool              // conditions
	tyPlayer            // mover or other, in winner
	tyCmd               // a command or none, in allow
)

func (t typ) String() string {
	switch t {
	case tyInt:
		return "int"
	case tyBool:
		return "bool"
	case tyPlayer:
		return "player"
	case tyCmd:
		return "command"
	}
	return "invalid"
}

// expr is an expression node.
type expr interface {
	span() (off, end int)
	typeOf() typ
	base() *node
}

// node holds what every expression node has.
type node struct {
	off, end int
	t        typ
	konst    bool  // a number known before evaluation (set by resolve)
	kval     int64 // its value
}

func (n *node) span() (int, int) { return n.off, n.end }
func (n *node) typeOf() typ      { return n.t }
func (n *node) base() *node      { return n }

// intLit is a number; also the result of folding a constant.
type intLit struct {
	node
	val int64
}

// boolLit is true or false.
type boolLit struct {
	node
	val bool
}

// strLit is a quoted command name in allow.
type strLit struct {
	node
	val string
	cmd int // 1 + command index, after resolve
}

// nameKind is what a name stands for.
type nameKind uint8

const (
	nameUnknown nameKind = iota
	nameSlot             // a pile, param, generator variable, cmd, last or mylast: env[slot]
	nameConst            // mover, other, none or a command: val
)

// ident is a name.
type ident struct {
	node
	name string
	kind nameKind
	slot int
	val  int64
}

// unary is -X or not X.
type unary struct {
	node
	op token
	x  expr
}

// binary is X op Y for arithmetic and for `and` and `or`.
type binary struct {
	node
	op    token
	opOff int
	x, y  expr
}

// compare is a chain X0 op0 X1 op1 X2 ..., meaning X0 op0 X1 and X1 op1 X2.
type compare struct {
	node
	xs     []expr
	ops    []token
	opOffs []int
}

// call is min(...), max(...), abs(x) or isprime(n).
type call struct {
	node
	fun  *ident
	args []expr
}

// cond is A if C else B.
type cond struct {
	node
	then, cond, els expr
}

// paren is (X); kept so that a chain of comparisons is not extended
// through parentheses and positions stay exact.
type paren struct {
	node
	x expr
}

// entryKind is the form of a move entry's body.
type entryKind uint8

const (
	entryEach   entryKind = iota // each OP OPERAND
	entryAssign                  // a = E, b = E
	entryBare                    // E (a single pile only)
	entrySplit                   // x -> E1, E2, ...
)

// assign is one "pile = value" of an assignment body.
type assign struct {
	name     string
	off, end int
	pile     int // after resolve
	value    expr
}

// generator is "for NAME in LO..HI [if COND]".
type generator struct {
	name     string
	off, end int
	slot     int // after resolve
	lo, hi   expr
	cond     expr // nil when absent
}

// entry is one move entry: BODY [if GUARD] (for ...)*.
type entry struct {
	off, end int
	kind     entryKind

	op      token // each
	opOff   int
	operand expr

	assigns []assign // assignment; a bare expression becomes one assign

	split    string // split: the pile name and the parts
	splitOff int
	parts    []expr

	guard expr // nil when absent
	gens  []generator
}

// rangeExpr is "LO..HI", "LO.." (open) or a single "V".
type rangeExpr struct {
	lo, hi expr // hi nil when open; hi == lo for a single value
	open   bool
	single bool
}
