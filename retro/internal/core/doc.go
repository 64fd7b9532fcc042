// Package core is what every path of the solver shares: the outcomes, the
// rule that values a position from its successors, the colouring loop, the
// sets it makes, the solve's options and its checkpoints. The paths
// (package retro/internal/path/...) find a game's positions and moves
// each its own way and hand them to this core; package retro chooses
// among the paths and turns what they give into a Result.
//
// Words:
//
//   - Outcome: W (the player to move wins), L (loses), D (draw), ? (beyond
//     what a horizon can decide). Layer: the move count of the colouring;
//     outside final positions W layers are odd and L layers even.
//   - Rule (rule.go): "W at 1 + the least L successor, L at 1 + the most W
//     successor", as codes a path compares (Best folds a position's
//     successors' codes); under Lebedev's count a losing move into an end
//     counts as one more move of the opponent.
//   - Colouring (colour.go): the layer loop of the paths that colour set
//     by set. A path gives it a Source (the predecessors of a position, and
//     its successor count where the source counts lazily), a counter Word a
//     position (its successors not yet known to be W, the flags of its
//     moves into ends in the top bits; 16 bits where they fit, widened where
//     a layer passes them), and the Seeder of moves outside the coloured
//     positions. Every position is coloured once and the edges into it are
//     followed once, so the work is the edges, whatever the layers.
//   - Frontier (frontier.go): the positions a layer coloured, a list or a
//     bitset once it holds one position in 64.
//   - Net (shardnet.go): how the colouring of one shard reaches the
//     positions of the others, a phase at a time, and keeps the size of
//     every set it closes so that the peers can sum them.
//   - Segment, Packed (segments.go): a coloured set (one outcome, one
//     layer), as the outside reads it and as a result keeps it (12 bytes).
//   - Options (options.go): the context, progress, the path forced and the
//     checkpoint of a solve.
//   - Checkpoint (checkpoint.go, checkpoint_table.go): a directory where a
//     solve keeps what it needs to go on after it is stopped, each file
//     sealed by its checksum and the key of the game it belongs to.
package core
