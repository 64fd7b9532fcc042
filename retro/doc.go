// Package retro solves a game by retrograde analysis: it colours the
// positions of a move graph layer by layer, as in D. A. Lebedev's BFS
// colouring, so that every position gets an outcome and a layer.
//
// Words:
//
//   - Outcome: W (the player to move wins), L (loses), D (draw: neither
//     side can force a win; only in games with cycles), ? (beyond what a
//     horizon can decide).
//   - Layer: the move count of the colouring. A final position where the
//     player to move has lost is L 0. A position with a move to an L
//     position is W, at 1 + the smallest layer among its moves to L
//     positions. A position all of whose moves lead to W positions is L, at
//     the largest, over its moves, of 1 + the layer the move leads to.
//     Outside final positions W layers are odd and L layers even.
//   - Losing move: a move into a final position won by the player to move
//     there. Under the exam count it adds nothing to a layer (a player all
//     of whose moves lose is L 0); under Lebedev's count the opponent is
//     counted as making one more, winning move (that player is L 2).
//   - Segment: the set of positions coloured with one outcome at one layer.
//     Solve makes the segments in layer order: L 0, W 1, L 2, W 3, …; each
//     is found from the one before it by following the edges backwards, so
//     the total work is proportional to the number of edges.
//   - Path: how SolveInstance values a game (Result.Path). The general path
//     colours a stored move graph (solve.go). The compiled path sweeps a box
//     whose every move raises (or lowers) the index, one position a tier
//     (compiled*.go). The shifts path colours a many-pile game of shifts
//     with no stored edges (sparse.go). The tier path values a game that
//     declares a tier, tier by tier from the highest, each tier's moves
//     generated once and coloured in layer order with a queue seeded by
//     the tiers above (tiers.go).
//   - Optimal moves: from W the moves to an L one layer lower, from L the
//     moves that resist longest (to a W one layer lower), from D the moves
//     that keep the draw. They are worked out from the table when asked
//     (Result.Moves), not stored.
//   - Strategy tree: the winning side's plan from a position, one optimal
//     move at the winner's turns and every move at the loser's (Result.Tree).
//
// The theory of heap games (Sprague–Grundy values, octal codes, periods,
// sums of heaps) is in the package retro/sg, which does not use the
// solver. Questions asked of the start positions of solved games, their
// aggregates and the exam tasks with their explanations are in the package
// retro/query, which the solver does not use.
package retro
