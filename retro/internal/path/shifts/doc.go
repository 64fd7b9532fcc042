// Package shifts is the path of shifts: a game of eight piles or more
// whose moves all add constants to piles (FSVP, the partition games), with
// no generator, guard, `allow`, horizon or `[bounds]`, coloured by the
// core with no edges stored, to the general path's table.
//
// Words:
//
//   - Shift graph: the game's positions and moves kept implicitly
//     (positions.EnumerateShifts): the positions ranked on the slice of a
//     kept weighted sum (Σ K·cK = n) by a table of counts, or as packed keys
//     with a hash where no sum is kept. Its search builds one of the
//     index's own kinds, so it stays in package positions beside the other
//     searches, with the shape of a game of shifts that the table reader
//     shares (positions/shiftshape.go).
//   - Source (solve.go): the core's predecessors of a coloured position,
//     found by undoing the shifts; a position's successor count is worked
//     out the first time the core needs it (a lazy source: its words are
//     32 bits, uncounted until then).
//
// It declines, with positions.ErrNotShifts and the reason, a game of
// another shape or one whose positions turn out to fill their box (the
// general path indexes those densely). It runs in one process, with no
// checkpoints, no spill, and 32-bit indices.
package shifts
