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
//   - Colouring core: the layer loop every path that colours set by set
//     runs (package retro/internal/core, colour.go): a path gives it a source (the predecessors of a
//     position: a stored graph, un-moves, shifts, a tier's moves), a
//     counter word a position (its successors not yet known to be W, the
//     flags of its moves into ends in the top bits; 16 bits where they
//     fit, widened where a layer passes them), and the seeds of moves
//     outside the coloured graph. The rule as values (core, rule.go) is the same
//     colouring for the paths that value a position from its successors'
//     values: the compiled sweep, and a tier's moves into the tiers above.
//   - Path: how SolveInstance values a game (Result.Path), chosen in one place
//     (paths.go, the path table, whose columns say what each path can do
//     besides: shards, checkpoints, spill, 64-bit indices): the first of
//     compiled, lines, unmoves, shifts, tiers and general that takes the game,
//     each testing its shape from the rules before it spends anything, or the
//     one Options.Path names. Each path is a package under
//     retro/internal/path with its own doc.go: compiled sweeps a box whose
//     every move raises (or lowers) the index, one position a tier, each
//     history of a tuple a cell of its own; lines sweeps a box the same way
//     for a game of line moves (`a = a - k for k in 1..a`), each position
//     reading a fold of each of its lines instead of its moves (the two
//     share the cell sweep, retro/internal/cells, and with the un-move
//     path the compiled form of moves, retro/internal/shape); general colours a
//     stored move graph; unmoves colours a game whose positions lie in a
//     box and whose moves can be undone pile by pile, cycles and draws
//     included, generating the predecessors of each coloured position by
//     undoing moves; shifts colours a many-pile game of shifts with no
//     stored edges; tiers values a game that declares a tier, tier by tier
//     from the highest, each tier coloured by the core with the tiers above
//     as its seeds. The compiled, lines, tier and un-move packages hold
//     their finding half too; the general and shifts paths value what a
//     search of package positions finds (it builds their index). Every path hands back a core.Table
//     (retro/internal/core), which fromPath (order.go) makes a Result; a
//     result's colouring order is rebuilt from its outcomes and layers when
//     it is asked for, by every path alike.
//   - Part: one peer's share of a result that several peers (processes of
//     an MPI job, or goroutines) solved together, a contiguous range of
//     its positions (SolveInstancePart). A path that runs in shards hands
//     back a core.Share, its shard's table and the counts of the whole,
//     which fromShare (shard.go) makes a Part. The path table is
//     consulted in shards too: a path that runs in shards solves the game
//     there, one that does not declines ("not in shards"), and the
//     general path in shards takes every game. The general path in shards
//     (general.SolveShare) colours the shard that positions.EnumerateShard gives
//     each peer: each phase of the colouring runs over the shard's
//     positions, the predecessors it finds in other shards are handed to
//     their owners when the phase ends (core, shardnet.go), and the peers agree
//     after each layer whether anything is left to colour. The compiled
//     path in shards (compiled.SolveShare) finds the positions with the
//     sweep cut among the peers (compiled.CompileShard; a filled box's
//     rows counted by every peer, positions.BoxRows), cuts the box's rows
//     among them by the values their spans keep and their membership
//     words, each peer making its own rows' bits, and values them in
//     turn against the order of play, the peer at work fetching the rows
//     of the peers before it that its moves read; with a Checkpoint each
//     peer saves its own part of each stage (core, checkpoint.go;
//     the compiled package's checkpoint.go). Either way the sets,
//     the counts and so the table are one process's, whatever the number
//     of peers; every peer holds the whole counts (Tally, Segments) and
//     its own positions' outcomes.
//   - Totals: what a Result and a Part tell alike of the whole result, its
//     positions, moves, edges, tally and sets as shown (Result.Totals,
//     Part.Totals; view.go).
//   - Optimal moves: from W the moves to an L one layer lower, from L the
//     moves that resist longest (to a W one layer lower), from D the moves
//     that keep the draw. They are worked out from the table when asked
//     (Result.Moves), not stored.
//   - Strategy tree: the winning side's plan from a position, one optimal
//     move at the winner's turns and every move at the loser's (Result.Tree).
//   - Probed: an instance read a position at a time, its space, rules and
//     Values (the outcome and layer of a position, which may fail where
//     they are kept); Moves and Tree need no more, so they work alike on a
//     Result (Result.Probed) and on a table file too large to rebuild
//     whole, read a block at a time (probed.go).
//   - Heap view: the ordinary game the engine solves for a heap game
//     (rules.Instance.HeapView), whose position is a collection of heaps
//     as a tuple, largest first, padded with zeros; the package positions
//     makes the view and its starts (positions.HeapStarts) and finds a
//     collection in its space (positions.Space.HeapIndex).
//
// The way from a game to its results is SolveGame (solvegame.go): it
// loads a game (a rules.Source: a file, text or a built-in game), sets its
// params (GameOptions.Params), checks the sizes of their ranges, and
// enumerates and solves every instance (SolveInstance; a heap game as the
// collections of heaps from one heap of 0..HeapUpto, positions.HeapStarts).
// The command line, the server and the examples all take it; SolveAt
// solves one instance around a position the starts do not reach.
//
// The theory of heap games (Sprague–Grundy values, octal codes, periods,
// sums of heaps) is in the package rules/sg, which does not use the
// solver, nor the solver it. Questions asked of the start positions of
// solved games, their aggregates and the exam tasks with their
// explanations are in the package out/query, above the solver.
package retro
