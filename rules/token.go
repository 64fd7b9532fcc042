package rules

// token is the kind of a lexical token of an expression or move entry.
type token int

const (
	tEOF token = iota
	tInt
	tIdent
	tString

	// operators
	tAdd      // +
	tSub      // -
	tMul      // *
	tFloorDiv // //
	tMod      // %
	tPow      // **
	tEql      // ==
	tNeq      // !=
	tLss      // <
	tLeq      // <=
	tGtr      // >
	tGeq      // >=
	tLParen   // (
	tRParen   // )
	tComma    // ,
	tAssign   // =
	tArrow    // ->
	tRange    // ..

	// keywords
	tAnd
	tOr
	tNot
	tIf
	tElse
	tFor
	tIn
	tEach
	tTrue
	tFalse
)

var tokenText = [...]string{
	tEOF: "end of text", tInt: "number", tIdent: "name", tString: "string",
	tAdd: "+", tSub: "-", tMul: "*", tFloorDiv: "//", tMod: "%", tPow: "**",
	tEql: "==", tNeq: "!=", tLss: "<", tLeq: "<=", tGtr: ">", tGeq: ">=",
	tLParen: "(", tRParen: ")", tComma: ",", tAssign: "=", tArrow: "->", tRange: "..",
	tAnd: "and", tOr: "or", tNot: "not", tIf: "if", tElse: "else", tFor: "for",
	tIn: "in", tEach: "each", tTrue: "true", tFalse: "false",
}

func (t token) String() string {
	if t >= 0 && int(t) < len(tokenText) {
		return tokenText[t]
	}
	return "token(?)"
}

// keywords maps the words that are tokens of their own.
var keywords = map[string]token{
	"and": tAnd, "or": tOr, "not": tNot, "if": tIf, "else": tElse,
	"for": tFor, "in": tIn, "each": tEach, "true": tTrue, "false": tFalse,
}

// predeclared are names with a fixed meaning that are not keywords.
var predeclared = map[string]bool{
	"mover": true, "other": true, // winner
	"cmd": true, "last": true, "mylast": true, "none": true, // allow
	"min": true, "max": true, "abs": true, "isprime": true, // functions
}

// isReserved reports whether name may not name a pile, param or generator
// variable.
func isReserved(name string) bool {
	_, kw := keywords[name]
	return kw || predeclared[name]
}

// Precedence levels of binary operators; higher binds tighter. `not` sits
// between and and the comparisons, unary minus between * and **.
const (
	precLowest  = 1
	precOr      = 1
	precAnd     = 2
	precNot     = 3
	precCompare = 4
	precAdd     = 5
	precMul     = 6
)

// precedence returns the binary precedence of t, or 0 when t is not a
// binary operator handled by parseBinary (** is parsed with the operand).
func (t token) precedence() int {
	switch t {
	case tOr:
		return precOr
	case tAnd:
		return precAnd
	case tEql, tNeq, tLss, tLeq, tGtr, tGeq:
		return precCompare
	case tAdd, tSub:
		return precAdd
	case tMul, tFloorDiv, tMod:
		return precMul
	}
	return 0
}

func (t token) isCompare() bool { return t.precedence() == precCompare }

// isEachOp reports whether t may follow `each`.
func (t token) isEachOp() bool {
	switch t {
	case tAdd, tSub, tMul, tFloorDiv, tMod, tPow:
		return true
	}
	return false
}
