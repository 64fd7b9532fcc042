package positions

import (
	"errors"
	"fmt"

	"retro/rules"
)

// Errors of Enumerate.
var (
	// ErrTooManyPositions: the game has more positions than the cap allows;
	// it may not end, or may need a horizon.
	ErrTooManyPositions = errors.New("too many positions")
	// ErrOutsideBox: a move leads from inside the [bounds] box to a
	// non-final position outside it.
	ErrOutsideBox = errors.New("move leaves the box")
	// ErrTooManyEdges: the move graph has more edges than 32-bit indices
	// can address.
	ErrTooManyEdges = errors.New("too many edges")
	// ErrNotATier: a move lowers the game's declared tier.
	ErrNotATier = errors.New("not a tier")
	// ErrUnbounded: the search went deeper than UnboundedDepth, and the
	// rules prove that a pile grows without bound (rules.Growth): no cap
	// would end it, a horizon does.
	ErrUnbounded = errors.New("the positions never end")
)

// Errors of the budget of Enumerate (Options.MaxMoves, Options.MaxBytes).
var (
	// ErrTooManyMoves: the moves generated, all positions and passes
	// together, are more than the cap.
	ErrTooManyMoves = errors.New("too many moves")
	// ErrMemoryBudget: the positions and their graph would take more memory
	// than the budget.
	ErrMemoryBudget = errors.New("over the memory budget")
)

// errNotEnumerated is the error of a start position the search has not
// found among the positions.
func errNotEnumerated(g *rules.Game, p []int64) error {
	return fmt.Errorf("start position %s was not enumerated", Format(g, p, 0))
}

// BoxTooLarge is the error of a game whose [bounds] box, every tuple of
// it a position, holds more positions than the cap.
func BoxTooLarge(limit int) error {
	return fmt.Errorf("%w: the box holds more than %d", ErrTooManyPositions, limit)
}

// OverCap is the error of a sweep that counted every position, more than
// the cap: every path finds the same positions, so a fast path that counts
// more than the cap ends the solve rather than hand the game to a slower
// one.
func OverCap(count, limit int) error {
	return fmt.Errorf("%w: the game has %d, more than %d", ErrTooManyPositions, count, limit)
}

// tooManyPositions is the error of a search that passed the cap.
func tooManyPositions(limit int) error {
	if limit >= MaxIndex {
		return fmt.Errorf("%w: more than %d, the most the general path's 32-bit position index numbers (the compiled path numbers them in 64 bits)", ErrTooManyPositions, limit)
	}
	return fmt.Errorf("%w: more than %d; the game may not end (set a horizon, or raise the cap)", ErrTooManyPositions, limit)
}
