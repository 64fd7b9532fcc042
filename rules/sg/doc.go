// Package sg is the Sprague–Grundy theory of heap games (sum = true): the
// Grundy value of every heap size by the mex of its options, octal codes
// and splitting games by the rare/common (sparse space) method, proven or
// apparent periods, and sums of heaps, under normal play by the XOR of
// their values and under misère play by enumerating them. It uses the
// rules of a game (rules.Machine as a HeapMover) and nothing of the
// solver, and the solver nothing of it: the solver's view of a heap game
// (every collection of heaps reachable from one heap) is made by the
// package positions (positions.HeapStarts).
//
// Words:
//
//   - Heap game: a game of sum = true, played on a collection of heaps, a
//     move changing one heap (a split replaces it by several).
//   - Mex: the minimum excludant of a set of values, the least value not in
//     it (Mex).
//   - Grundy value: g(n) of a heap of n, the mex of the values of its
//     options, an option of several heaps counting as the XOR of theirs
//     (Grundy, OctalGrundy, HeapGrundy, Table). A sum of heaps is lost for the player to
//     move under normal play exactly when the XOR of its values is 0 (Nimber,
//     WinningMoves).
//   - Period, preperiod, saltus: g(n+p) = g(n) + s for every n >= n0: p is
//     the period, n0 the preperiod, s the saltus (0 for plain periodicity,
//     positive for arithmetic). Proven by the octal periodicity theorem once
//     the values agree through 2(n0+p)+t (n0+p+t for subtraction games), t
//     the most tokens a move takes; apparent otherwise (FindPeriod).
//   - Rare and common values: under a mask m, a value v is rare when v&m has
//     an even number of 1-bits, common otherwise (with the heap's parity
//     twisting the rule for some games). Common XOR common is rare, so a
//     common option of a split needs a rare (sparse) part: listing the few
//     sparse heaps finds every common option in time proportional to their
//     number (OctalGrundy's Sparse method, SparseInfo). A rare value needs a
//     search for two common parts, stopped at the first found; only a heap
//     whose own value is rare (a sparse heap) needs a full scan.
//   - Row: a split entry of a game given by moves that reads as a range of
//     splits (a, M-a) at each heap (rules.SplitForm), so that the same
//     method applies to it (HeapGrundy, SplitGrundy; split.go).
//   - Exact solution of a sum: every collection of heaps reachable,
//     enumerated and solved without Grundy values, for misère play (Exact).
//
// Files:
//
//   - grundy.go: Table, the values g(0..N), and the plain mex scan
//     (Grundy) with its progress.
//   - octal.go: octal codes (OctalGrundy) and their methods (Naive, Fast,
//     Sparse), the sparse space and its mask.
//   - split.go: games given by moves whose split entries read as rows
//     (SplitGrundy), on the same sparse method, and HeapGrundy, which
//     chooses between it and the scan.
//   - period.go: periods and the periodicity theorems (FindPeriod).
//   - heaps.go: sums of heaps: Nimber, WinningMoves, and Exact for misère
//     play.
//   - analysis.go: the analysis of one heap game, as a command asks for it
//     (Analyse, AnalyseGame, Options): its table through N and the period
//     (PeriodTable, which doubles N until the period is proven, or a
//     period appears where no theorem applies, or N reaches the cap), and
//     under misère play the outcome of each single heap (MisereHeaps).
//   - sum.go: the analysis of a sum of heaps (SolveSum): the tables each
//     game needs and the XOR of the values under normal play, the
//     enumeration of Exact under misère play.
//
// The tests are beside the code and use nothing of the solver: brute
// forces written in them, known sequences, and the methods against one
// another. The tests that check these values against the engine's solve
// of the same heap games are in the package retro (heaps_test.go).
package sg
