package core

import (
	"strconv"
)

// Outcome is the value of a position for the player to move.
type Outcome uint8

// The outcomes.
const (
	Win     Outcome = iota // the player to move wins: W
	Lose                   // the player to move loses: L
	Draw                   // neither side can force a win: D
	Unknown                // beyond what a horizon can decide: ?
)

// String is the outcome's letter: W, L, D or ?.
func (o Outcome) String() string {
	switch o {
	case Win:
		return "W"
	case Lose:
		return "L"
	case Draw:
		return "D"
	}
	return "?"
}

// Describe writes an outcome and its layer: "W 3"; "D" and "?" when the
// layer is negative, as Result.Layer gives it for them.
func Describe(o Outcome, layer int) string {
	if layer < 0 {
		return o.String()
	}
	return o.String() + " " + strconv.Itoa(layer)
}

// ParseOutcome reads an outcome's letter.
func ParseOutcome(s string) (Outcome, bool) {
	for o := Win; o <= Unknown; o++ {
		if o.String() == s {
			return o, true
		}
	}
	return 0, false
}
