// Package shape is the compiled form of a game's affine moves, which the
// compiled, lines and un-move paths read: the moves as steps of a box's
// cells, the plays of each history, the end as a linear test, and the
// tests of the shape that a sweep in the order of play solves.
//
// Words:
//
//   - Compiled: a game instance in that shape (Of tells, from the rules
//     alone, whether a game is, or why not): no horizon, affine moves that
//     all raise a position in index order (or all lower it), an end that is
//     a linear test or absent, an allow that reads no piles. Its Space is
//     the index of the positions a path finds for it.
//   - Play: a move of one command allowed at a history, and the history
//     it leads to (PlaysOf: every history's).
//   - Simple move: one that changes one pile by itself, (m·v + a) // d
//     (SimpleOf), which the compiled path's row sweep makes as a step.
//   - Direction (MoveWay): whether a move raises every pile it changes or
//     lowers every one; Swept: why a game is not of a shape a sweep in the
//     order of play solves.
//   - End (EndOp, SetEnd, Holds, EndSum, EndBound, EndPoints): the end as
//     Σ c_j p_j + K compared with zero, the bound it sets on a pile, and the
//     positions it leaves in a box.
//   - Prior box (PriorBox, OverflowFree): a box that holds every position a
//     sweep can reach, and whether its sums fit in 64 bits.
//   - TierKept: why a game's declared tier may not be kept by its moves,
//     which the paths that ignore the tier check before they take the game
//     (the compiled, un-move and shifts paths).
package shape
