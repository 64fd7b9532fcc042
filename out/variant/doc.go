// Package variant makes new variants of the exam's tasks 19–21: it draws
// games from a family, solves each with the engine (retro.SolveLoaded),
// answers the tasks as retro ege does (query.Run on query.ExamTasks), and
// keeps the well-posed ones, with their text in the exam's wording, their
// key and their short solutions. The family file is described in
// cmd/retro/README.md (retro make); README.md beside this file has the
// figures of the built-in families.
//
// Words:
//
//   - Family: what may vary between the variants of one exam game, and in
//     what range: the number of piles, the direction (the piles grow to
//     the end or shrink to it), the entries of moves, the end, the start
//     of the fixed pile, the range of S, the overshoot rule's margin, the
//     no-repeat rule, and the wording. Read from a TOML file (Parse) or
//     built in (Builtin: one for each common shape, with and without the
//     no-repeat rule), or made of a game (Like).
//   - Entry: one move of every variant, drawn from its choices ("+1..4":
//     add 1, 2, 3 or 4 stones to any one pile); no two moves of a variant
//     are the same.
//   - Spec: one game a family gives, its rules and its starts: the piles,
//     the moves, the end, the winner (the player who ends the game, or
//     the overshoot rule: he wins only when the piles then hold at most
//     Limit stones), the restriction, the first pile's start, the range
//     of S. GameText writes it as a game file, which is also how a spec
//     reaches the engine (rules.Parse makes the only rules.Game there is);
//     SpecOf reads one back.
//   - Candidate: a spec drawn (Family.draw: every range and entry in the
//     family's order, from one generator, PCG seeded by the seed), the
//     range of S cut to where the game is not over at the start.
//   - Variant: a spec solved (Solve, within the caps of its options: a
//     game beyond them is a TooLargeError): its game file, its Key and
//     its Counts; once kept, its place in its batch and its Solutions.
//   - Key: the answers, as retro ege gives them: 19 in the possible
//     reading (can-lose 1: Vanya won with his first move after an unlucky
//     move of Petya, one that does not end the game), 19 in the guaranteed
//     reading (lose =1), the two least S of 20 (win =2) and the least of 21
//     (lose =2).
//   - Counts: how many values of S qualify for each task: how tight a
//     variant is.
//   - Wording: how the tasks are worded. Task 19: Agree (the exam's
//     wording, kept only where both readings give the same least S: no
//     ambiguity), Possible (the exam's wording, answered in its possible
//     reading, the guaranteed answer stated beside it), Guaranteed (a
//     wording of the guaranteed reading). Task 20: Smallest ("the two
//     smallest S") or Exactly ("two such S": exactly two qualify).
//   - Well posed (Variant.Check): every task has an answer of the kind its
//     wording asks for; none is at an end of the range of S; the four
//     answers (19, both of 20, 21) are all different; and each has a real
//     decision of the side that wins: at 19, Petya has a move that is not
//     unlucky, or after an unlucky one Vanya has a move that does not win
//     at once; at each of 20, Petya has a first move that does not keep
//     his win; at 21, after some move of Petya Vanya has a move that does
//     not keep his. A candidate not kept has a Reject: the first of these
//     it fails, in that order, or NoStart, Stuck (a position before the
//     end without a move, the no-repeat rule kept) or Repeat (a game drawn
//     before); a well-posed one is still dropped as SameKey when its
//     answers are those of a variant kept before in the batch, and as
//     Counting when they depend on how a move that overshoots is counted.
//   - Counting: a game with the overshoot rule can end with a losing move
//     (a player all of whose moves pass the limit). The exam's count
//     (GAME-FORMAT.md) has that player lose before he moves; a program
//     that plays the game move by move, as a class usually writes it,
//     counts his move and his opponent's win after it (Lebedev's count).
//     A variant is kept only where both give the same answers, so that
//     its key does not rest on a convention its text never states.
//   - Batch: the variants Make kept, with the candidates it drew and why
//     it dropped the others; a family that gives too few within its tries
//     is a TooFewError that says so.
//   - Statement: a variant's text in Russian or English, in the exam's
//     wording: the rules in words, an example of the moves, the end and
//     the winner, the restriction, the start with S and its range, what a
//     winning strategy is, then tasks 19, 20 and 21.
//   - Solution: the winning line of each answer, as retro ege explains it
//     (query.Reasoner).
//
// Files:
//
//   - family.go: Family, its ranges and entries, the wordings; Parse,
//     Load and FromArg read a family file.
//   - check.go: the checks of a family file: the keys it needs, entries
//     that cannot give different moves, ranges without a start.
//   - builtin.go: the built-in families, families/*.toml.
//   - spec.go: Move and Spec, the game file of a spec.
//   - solve.go: Solve, Variant, Key and Counts, and the decisions at the
//     answers.
//   - pose.go: Reject and Variant.Check, the conditions of a well-posed
//     variant.
//   - make.go: Make, Batch and TooFewError; drawing a candidate.
//   - solution.go: the short solutions.
//   - text.go, text_ru.go, text_en.go: the Statement, in both languages.
//   - like.go: SpecOf, a game read back as a spec, and Like, the family of
//     the games like one.
package variant
