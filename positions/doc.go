// Package positions turns a game instance into a finite set of positions
// with dense integer indices, and builds its move graph.
//
// Words:
//
//   - Position: a tuple of pile values plus the history the game's allow
//     rule reads: last (the command the opponent just used) and mylast (the
//     command the player to move used before). History values: 0 for none,
//     1+c for command c; a position's history is one number, last, or
//     last·(C+1)+mylast when it carries both.
//   - Start position: a position the game starts from, with no history: one
//     per tuple of start-parameter values, and every tuple of the [bounds]
//     box. Extra starts may be added (Options.Extra).
//   - Analysed position: one reachable from a start, that is not an end of
//     the game. Final positions reached by a move (where end holds, or the
//     player to move has no legal move) are ends, not positions: they only
//     decide the moves that reach them. Final start positions are positions.
//   - Index: a position's number in 0..Len()-1, in the order of its pile
//     values (first pile slowest), then its history. The order does not
//     depend on how the positions were found, so a range of indices (a
//     shard) means the same positions to every process.
//   - Space: the index. Dense (a box, one membership bit per cell and a rank
//     directory) when the positions fill their bounding box well; hashed
//     (sorted tuples and an open-addressing table) when they are sparse.
//   - Depth: with a horizon H, the number of moves after which a position is
//     first reached; the moves of a position at depth H are not followed
//     (it is unexplored).
//   - Graph: for every position the number of distinct positions its moves
//     lead to, and the reverse edges in compressed sparse rows; moves into
//     ends are flags (WinEnd, LoseEnd), not edges.
//   - Shard: the positions Lo..Hi-1 of a space that one of several peers
//     (processes of one solve, Peers) holds: about Len()/peers of them,
//     starting at a multiple of 64 (RankShard; Owner says whose index it
//     is). EnumerateShard finds the positions with the peers, none of them
//     holding them all: during the search each peer owns the positions of
//     some tiles, or those whose key hashes to it, and follows their
//     moves, level by level, sending the targets it does not own to their
//     owners; then a sample sort among the peers puts every position on
//     the peer of its index.
//     A shard's space holds its own positions only (Held), as a piece of
//     the dense box or of the sorted tuples, and the first position of
//     every other shard, so that it knows which peer holds any position.
//     Each peer builds its shard's part of the move graph: the moves of
//     its positions, and every edge into them. A move to another shard's
//     position is a question to that peer, which keeps the edge if the
//     position is in the space and answers no otherwise (the move reaches
//     an end). Such a Graph indexes its per-position fields i-Lo; Pred
//     holds indices of the whole space.
//   - Tile: the positions of a game of few piles whose pile values agree
//     but in their low bits (tiling): 2^16 places at most, a position's
//     place and tile packed in a 64-bit code. The distributed search keeps
//     the positions a peer owns as a bitmap a tile (tileSet) while they
//     are dense, and gives each tile to one peer, so that a move mostly
//     stays on its peer; a position without a code (a pile too large), a
//     horizon, or tiles too sparse for their positions put them in a hash
//     index.
//   - Position cap: the most positions Enumerate will find before it stops
//     with ErrTooManyPositions, so that a game that does not end is an error,
//     not an exhausted machine. A game that gains only a few positions a
//     level would reach it after millions of levels: a search that passes
//     UnboundedDepth levels asks the rules once for a proof that a pile
//     grows without bound (rules.Instance.Unbounded) and stops with
//     ErrUnbounded when there is one.
//   - Budget: what else bounds Enumerate. The moves generated, all
//     positions and passes together (Options.MaxMoves, ErrTooManyMoves); the
//     bytes of the tables of the positions, the graph and the solver's state
//     (Options.MaxBytes, ErrMemoryBudget), estimated as they grow and before
//     each large allocation; and the context. Each is checked every 65 536
//     moves, within a level, so that one position's fan-out cannot outrun
//     it. A box (of the starts, or [bounds]) is sized against the cap
//     before it is made; starts spread thin over their box go to a hash
//     index at once.
//   - Shift: a move that adds constants to some piles (rules.Shift). A game
//     of at least 8 piles whose moves are all shifts is enumerated by
//     EnumerateShifts into a ShiftGraph, which stores no edges: a position
//     is a packed key (each pile a bit field as wide as its values need,
//     the first pile in the top bits, so that comparing the words compares
//     the tuples), a move adds the shift's packed number to it and undoing
//     the move subtracts it. Its space is a hashed Space of packed keys; its
//     predecessors and successor counts are worked out when asked for.
//     ErrNotShifts says that a game is not one, or that only the general
//     path can report what came up.
//   - Weight: a positive integer a pile such that every shift keeps the
//     weighted sum of the piles, Σ w_k·c_k (keptWeights, worked out
//     exactly: the null space of the shifts, and a positive vector in it
//     of the least start sums).
//   - Slice: the points c >= 0 whose weighted sum is one of the starts'
//     sums; the positions of a game of shifts with weights lie on it.
//   - Rank: a point's number in the lexicographic order of a slice (the
//     first pile slowest), found by counting: a table of completions, for
//     each pile k and prefix sum x the tuples of piles k.. that bring x to
//     a sum, gives how many points come before a point, pile by pile; a
//     shift changes only the terms of the piles it spans. A game of shifts
//     with weights is searched on its slice: a bitset over the ranks holds
//     the positions found, no key or hash table, and its space is a ranked
//     slice index (a hashed Space whose index is that bitset with a rank
//     directory: Index is the members before a rank, Position unranks),
//     which the tables, the CSV and the queries read as they read a hashed
//     space. sliceweights.go finds the weights, slice.go ranks and holds
//     the index, slicefind.go searches and makes the implicit graph.
//   - Tier: the value of a game's declared `tier` expression at a
//     position, which no move may lower (rules.Game.Tier); CheckTier
//     (tiercheck.go) checks it on a move for every path that meets one
//     (ErrNotATier names the move and both positions). The tier path
//     itself is package retro/internal/path/tiers.
//   - Un-move: a move undone; the un-move path is package
//     retro/internal/path/unmoves, which numbers the cells of its box with
//     a CellBox and takes a box of every tuple as FullSpace.
//   - Compiled: a game whose moves all raise (or all lower) a position's
//     index, with a linear end and an allow that reads no piles (package
//     retro/internal/shape); the compiled path finds its positions, the
//     lines path reads the same form of its constant moves, the un-move
//     path of its end. Each history of a tuple is a cell of its own, and the moves a position may make are the plays
//     of its history (shape.Play: the moves of one command and the history they
//     lead to).
//   - Heap view: a heap game's collections of heaps as positions
//     (rules.Instance.HeapView), each a tuple of its heaps, largest first,
//     padded with zeros (HeapTuple), of as many piles as the heaps it
//     starts from can split into (MaxHeaps; a view of more heaps than
//     rules.MaxHeaps is refused at once where a few options of each heap
//     show it, before every option is counted). HeapStarts makes the view
//     of every collection reachable from one heap of 0..N, HeapViewAt the
//     view around one collection, and Space.HeapIndex finds a collection
//     in a view's space (heapview.go).
//   - Path: one of the ways of solving a game (package retro chooses
//     among them). Every path is a package under retro/internal/path;
//     the compiled, lines, tier and un-move paths find their positions
//     themselves, making them a space with FitDense (or BoxRows), the
//     shifts and general paths by a search here, which builds their index
//     (packed keys, a slice, a hash): EnumerateShifts, Enumerate,
//     EnumerateShard.
//   - Line move: a family of moves p → p + k·step for every k of a range
//     whose ends read the piles (rules.LineMove); the lines path
//     (retro/internal/path/lines) finds a game of them and its positions
//     with the compiled shape and the helpers here (FitDense, the caps'
//     errors).
//
// Files:
//
//   - enumerate.go, discover.go: Enumerate and the general search of the
//     positions, level by level; finder.go: the set it finds (finder), in a
//     growing box or a hash index, under the caps; findspace.go: that set
//     made a Space; graph.go: the move graph the general path stores
//     (Graph).
//   - space.go, box.go, hash.go, packed.go, data.go: the Space (dense box
//     with membership bits and a rank directory, or hashed tuples), its
//     cells, its keys and its data for the table; dense.go: the dense space
//     the fast paths fit to their positions, and the points a linear end
//     leaves in a box (EndPoints); box.go also numbers a box's cells for a
//     path that walks them (CellBox) and makes a box of every tuple a
//     space (FullSpace).
//   - boxrows.go: a peer's shard of a dense space (Space.Shard),
//     and the rows of a filled box (BoxRows: each row's count and span, its
//     bits made a row at a time), which peers get in place of the whole
//     space and make their shards of.
//   - shifts.go, shiftsgraph.go, shiftmoves.go: the games of shifts and
//     their implicit graph (EnumerateShifts); shiftshape.go: the shape of
//     such a game, which the table reader uses too (SliceSpace); slice.go,
//     slicefind.go, sliceweights.go: the ranked slice index of a kept sum.
//   - tiercheck.go: the declared tier's check on a move (CheckTier).
//   - heapview.go: the heap view of a heap game.
//   - shard.go, shardspace.go, discovershard.go, shardsort.go, tileset.go:
//     a shard of the space and of the graph (EnumerateShard): the
//     distributed search, its tiles, its sample sort; peers.go: the
//     transport's interface (Peers) and the collectives made of it.
//   - budget.go, growbox.go, fifo.go, bitset.go, errors.go, huge_*.go: the
//     caps and the memory budget, the growing box, a queue, flat bitsets,
//     the sentinels and the errors of the caps, and large allocations
//     given to the kernel.
package positions
