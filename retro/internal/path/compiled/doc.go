// Package compiled is the compiled path. When every move raises a
// position's index (or every move lowers it), the index order is an order
// of play: each position's moves lead only to positions after it. Then
// one sweep against that order values every position from its moves, with
// no move graph, no counters and no reverse edges: the finest tiers, one
// position each. The values are those of the colouring exactly, by the
// rule as values (core, rule.go): a W is 1 + the least layer among its
// moves to L, an L the most, over its moves, of 1 + the layer the move
// leads to.
//
// Words:
//
//   - Cell and value (package cells): a value is kept per cell of the box
//     as its code while sweeping (each history of a tuple its own cell); a
//     move into an end of the game reads as a position of the end's code,
//     and a final row of the table has it too. Where the game has history,
//     the moves a position may make are the plays of its history
//     (shape.Play), each leading to its own history.
//   - The shape (shape.Of, shape.Compiled): the game's moves compiled to
//     steps of the box's cells and its end, which the lines and un-move
//     paths read too (package retro/internal/shape).
//   - The search (compile.go, Compile; find.go, the sweep): the box's positions marked in one
//     sweep in the order of play, each position marking what its moves
//     reach before the sweep gets there; or, where the shape proves them
//     (every tuple above a start, or every tuple of [bounds]), filled
//     without a sweep. The membership bits are made a space by
//     positions.FitDense, the index's. In shards (findshard.go,
//     CompileShard) the peers sweep their rows in turn and swap the marks;
//     a filled box's rows (positions.BoxRows) are made by every peer, each
//     peer's shard of them its own.
//   - Affine sweep (solve.go): a cell's moves made one by one (in shards,
//     the rows of other peers fetched, farRows); row sweep (rows.go):
//     one-pile moves and one winner at every end, a row at a time, the moves of a pile
//     as strides, twins (the values of a pile where two moves lead to the
//     same position, the only places successors are compared to count each
//     edge once) found beforehand.
//   - Dead rows: with the values in a spill file, the rows the sweep will
//     not read again leave memory (deadRows).
//   - Checkpoints (checkpoint.go): the values, their region and the
//     result's files kept in the checkpoint directory, a record saying
//     how far the sweep is; the search's membership bits too (findSave,
//     through SweepSave).
//   - Shards (shard.go, SolveShare): the box's rows cut among the peers,
//     valued in turn against the order of play, the peer at work fetching
//     the rows it reads from the others; each peer's share is its rows'
//     positions with the counts of the whole.
//
// It runs in one process or in shards, keeps checkpoints, spills its
// values past the memory budget, and numbers positions in 64 bits; its
// cells are 16 bits wide, the sweep run again with 32-bit ones where the
// layers outgrow them.
package compiled
