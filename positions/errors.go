package positions

import "errors"

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
