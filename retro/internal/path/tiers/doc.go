// Package tiers is the tier path: a game that declares a tier (`tier =
// "a + b"`, a value of the piles that no move lowers, checked on every
// move) and has no horizon, valued tier by tier from the highest with no
// move graph of the whole game.
//
// Words:
//
//   - Tier: the positions of one value of the declared tier. EnumerateTiers
//     (find.go) finds the positions as the general search does, then
//     groups them by tier, highest first (Tiers).
//   - Expander: generates the moves of one position of a tier at a time,
//     checking each against the tier (a move that lowers it is an error
//     naming the move and both positions).
//   - Seeds: a tier's moves into the tiers above, already valued, folded
//     by the rule into the core's seeds (a W at 1 + the least L above, and
//     one more successor that turns W at the most W above); its moves
//     inside the tier are the core's source, reversed (solve.go). So the
//     layers are those of the colouring of the whole game.
//
// It declines nothing itself: the path table sends it only games that
// declare a tier and have no horizon. It runs in one process, with no
// checkpoints, no spill, and 32-bit indices.
package tiers
