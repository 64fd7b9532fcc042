// Package general is the general path: it takes every game. Its positions
// are found by the search of package positions (Enumerate, or
// EnumerateShard for one peer's shard), which stores the move graph as
// reverse edges in compressed sparse rows; this package colours that graph
// with the core, layer by layer (solve.go).
//
// Words:
//
//   - Graph: the stored move graph (positions.Graph): each position's
//     predecessors, its out-degree, the flags of its moves into ends, and
//     under a horizon its depth and the positions whose moves were not
//     followed (unexplored).
//   - Counter: a position's out-degree, taken over as the core's counter
//     word with the flags of its moves into ends (core.Counter).
//   - Unknown: under a horizon, an uncoloured position from which an
//     unexplored one can be reached: it is ?, not D (finishUnknown); in
//     shards the marks cross between the peers in rounds.
//
// It runs in shards (SolveShare: package retro makes a Part of each
// peer's share), with no checkpoints, no spill, and 32-bit indices.
package general
