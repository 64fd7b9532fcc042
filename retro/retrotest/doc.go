// Package retrotest holds what the tests of the solver and of everything
// above it share, in the spirit of net/http/httptest: loading a game
// (Parse, Builtin, Instances), solving it (Solve, SolveAll, SolveOne,
// SolveGame), running a solve on ranks in one process (OnRanks, MemFile),
// the games several packages test with, and the one comparison of two
// results (SameResult, SameParts) by which the solver's tests check what
// a table file holds without the writer of out/table.
//
// Where it stands. It imports retro, so it is on retro's floor: the
// external tests of retro (package retro_test), and the tests of out,
// out/..., cmd/retro and its internal packages use it. It is no help
// below: the tests of rules, rules/sg and positions would import a
// package above their own (an arrow running back up), and the in-package
// tests of retro (package retro) cannot import a package that imports
// retro (a cycle). Those keep the few lines of loading they need, and
// what they test stays below retro. A test of retro that needs what only
// out/table has (table bytes, reading a table back) belongs in out/table,
// not here; SameResult is how the solver's tests say "the same table"
// without it.
//
// Words:
//
//   - Same (SameResult, SameParts): two results, or a result and the
//     parts of a solve in shards, that hold the same in everything a
//     table file or a CSV export holds of them (out and out/table read
//     no more), so that they write the same files byte for byte.
//   - Heap view: the engine's view of a heap game (sum = true), every
//     collection of heaps reachable from one heap of 0..upto, as retro
//     solve makes it (rules.Instance.HeapView); Solve solves a heap game
//     so.
//   - Horizon, History, Rules, Cycles, Box: game texts whose tables hold
//     depths and ? positions, last and mylast in a hashed space, one
//     instance per value of a rule parameter, draws, and a dense space of
//     several blocks.
//   - CompiledShardGames: games the compiled path takes in shards, which
//     the tests of shards and of their checkpoints solve.
//   - FSVP, Partitions: games that keep a weighted sum of their piles
//     (the shifts path's slice), made for any size.
//
// Files: load.go (loading), solve.go (solving), same.go (SameResult,
// SameParts), ranks.go (OnRanks, MemFile), bench.go (BenchSolve, the
// figures of the solver's benchmarks), games.go, shardgames.go and
// slicegames.go (the games; games.go's are the files of testdata/, which
// the tests of cmd/retro read there).
package retrotest
