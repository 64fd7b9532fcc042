// Package retrotest solves the games that the tests of out and out/table
// write and read: a game's every instance with its own options (a heap
// game as the engine plays it, by its heap view), and a few small games
// that exercise what the outputs must carry.
//
// Words:
//
//   - Heap view: the engine's view of a heap game (sum = true), every
//     collection of heaps reachable from one heap of 0..upto, as retro
//     solve makes it (rules.Instance.HeapView).
//   - Horizon, History, Rules, Cycles, Box: game texts whose tables hold
//     depths and ? positions, last and mylast in a hashed space, one
//     instance per value of a rule parameter, draws, and a dense space of
//     several blocks.
//
// Files: solve.go solves a game (Solve, Builtin); games.go holds the game
// texts, which are the files of testdata/ (the tests of cmd/retro read
// them there).
package retrotest
