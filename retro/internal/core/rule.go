package core

import "retro/rules"

// The colouring rule as values, for the paths that value a position from
// its successors' values instead of colouring sets (the compiled sweep,
// the moves of a tier into the tiers above it): a value code is
// (layer+1)<<1 | 1 for a W and (layer+1)<<1 for an L; the exam count's W 0
// has the code 1, a W of layer -1, which is what it is in its
// predecessors' layers. The colouring core (colour.go) makes the same
// layers set by set.

// Rule is the rule of one count.
type Rule struct{ Lebedev bool }

func RuleOf(c rules.Count) Rule { return Rule{Lebedev: c == rules.Lebedev} }

// Codes of the ends of the game, seen from the player who moves into them.
const (
	CodeL0   = 2         // an end won by the mover: an L 0 successor
	codeExam = 1         // a losing move under the exam count: a W of layer -1
	codeLeb  = 2<<1 | 1  // a losing move under Lebedev's: a W 1
	NoL      = 1<<63 - 1 // best.minL with no L successor
)

// End is the code of a move into an end whose winner is w; it is also the
// code of a final position of the table whose winner is w, seen from the
// player to move there: L 0 where the mover has won, W 0 (exam) or W 1
// (Lebedev's) where the player to move has.
func (r Rule) End(w rules.Player) uint64 {
	if w == rules.Mover {
		return CodeL0
	}
	return r.Lost()
}

// Lost is the code of a losing move: the exam's W -1, Lebedev's W 1.
func (r Rule) Lost() uint64 {
	if r.Lebedev {
		return codeLeb
	}
	return codeExam
}

// Best folds the codes of a position's successors: the least L and the
// most W, as layer+1.
type Best struct{ MinL, MaxW uint64 }

func NewBest() Best { return Best{MinL: NoL} }

func (b *Best) Add(code uint64) {
	if code&1 == 0 {
		b.MinL = min(b.MinL, code>>1)
	} else {
		b.MaxW = max(b.MaxW, code>>1)
	}
}

// Value is the code of a position whose successors are folded into b:
// W at 1 + the least L, L at 1 + the most W.
func (b Best) Value() uint64 {
	if b.MinL != NoL {
		return (b.MinL+1)<<1 | 1
	}
	return (b.MaxW + 1) << 1
}

// Decode is the outcome and layer of a code (the exam's W 0 is W 0).
func Decode(code uint64) (Outcome, uint32) {
	l := code >> 1
	if code&1 == 0 {
		return Lose, uint32(l - 1)
	}
	if l == 0 {
		return Win, 0
	}
	return Win, uint32(l - 1)
}

// CodeOf is the code of a W or L position of the given layer, as its
// predecessors see it.
func (r Rule) CodeOf(o Outcome, layer uint32) uint64 {
	if o == Win {
		if layer == 0 && !r.Lebedev {
			return codeExam
		}
		return uint64(layer+1)<<1 | 1
	}
	return uint64(layer+1) << 1
}
