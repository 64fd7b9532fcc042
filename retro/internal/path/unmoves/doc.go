// Package unmoves is the un-move path: a game without a horizon whose
// positions lie in a box (every tuple of its [bounds] box, or those its
// [start] reaches by a search of the box), whose end is one comparison of
// sums (or none), and whose moves are affine with each pile they change
// read from itself alone (`x + 1`, `x * 2`, `x // 3`, `x = 5 - x`), with or
// without `allow`. The moves may go both ways, so the game may have
// cycles and draws. It is coloured layer by layer by the core, to the
// general path's table, with no move graph stored.
//
// Words:
//
//   - Game (find.go): an instance in this shape, its box as a dense space
//     and each history of a tuple a cell; Compile finds it, or declines
//     with a DeclineError (ErrDeclines) that says why.
//   - Un-move (Game.Undo): the positions a move leads to a given position
//     from, found by undoing the move: `v' = (a·v + c) // d` holds for an
//     interval of v, cut to the box, each candidate checked by making the
//     move again (with history, each history that allows the command).
//   - Source (solve.go): the core's predecessors of a coloured position,
//     its un-moves; a position's out-degree is counted once, by making its
//     moves, into a word that becomes its layer (16 bits where the game has
//     fewer than 4 095 moves and its layers stay within 65 535, widened to
//     32 bits where a layer passes that).
//
// It runs in one process, with no checkpoints, no spill, and 32-bit
// indices.
package unmoves
