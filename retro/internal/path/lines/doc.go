// Package lines is the lines path. A line move (`a = a - k for k in
// 1..a`) gives a position as many moves as its piles hold stones, all
// along one line through it; the rule as values (core, rule.go) folds its
// successors' codes into the least L and the most W, and a fold along a
// line is kept as it goes. One sweep in the order of play (every move
// lowers the index) values each position from its constant moves, as the
// compiled path does (package cells, the sweep both share), and from each
// line move's segment of its line.
//
// Words:
//
//   - Line game (shape.go, FindLines, LineGame): the game's shape, its line
//     moves and its constant moves compiled to the box as the compiled path
//     has them (shape.Compiled, which the two share); find.go finds its
//     positions where they are not every tuple of its [bounds] (history, or
//     [start]), one sweep of the box against the order of play.
//   - Prefix and accumulator (sweep.go): where a segment runs to the line's
//     end in the box (a full prefix, as `k in 1..x` does in a box from 0),
//     the position reads one accumulator, the fold of the line from its end
//     up to the segment's near end, kept cell by cell for the last few slabs
//     of the first pile.
//   - Window (window.go): elsewhere the position reads the segment's cells,
//     folded by monotone queues along the line.
//   - Edges (edges.go): the distinct positions a position's line moves
//     reach, moves of one history along one line counted together.
//   - A move whose target lies outside the box is made as the compiled path
//     makes it: an end, or, where the target has moves, a game the general
//     path reports; a shape the sweep finds it cannot value after all is a
//     decline (linesDecline), not an error.
//
// It runs in one process, with no checkpoints, no spill, and 32-bit
// indices; its cells are 16 bits wide, the sweep run again with 32-bit
// ones where the layers outgrow them.
package lines
