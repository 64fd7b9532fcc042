// Package query asks questions of solved games: it evaluates a question in
// the exam's words at every start position of a game's results, takes an
// aggregate of the parameter values where it holds, and explains the
// answers to the exam tasks in the game's own moves. The solver (package
// retro) knows nothing of it.
//
// Words:
//
//   - Start: a start position, one per value of the parameter tuple (the
//     rule parameters, then the start parameters), in the results of a
//     game's instances.
//   - Question: a condition on a start position in the exam's words (win 2,
//     lose =2, can-lose 1, draw, and, or, not), evaluated on outcomes,
//     layers and moves (ParseQuestion, Question.Eval) to a Truth: Yes, No,
//     or Maybe where a horizon leaves the answer open.
//   - Aggregate: what a query reports of the parameter values where its
//     question holds: min, max, first K, last K, count, sum, product, all.
//     Run takes it; an open range is widened, solving again, until the
//     aggregate is decided.
//   - Ask and Answer: a question with its aggregate, and what Run found:
//     a Cell per start (its outcome, layer and truth), the values picked,
//     the ranges the parameters took.
//   - Ribbon: the starts in parameter order, each with its outcome and
//     layer, those where a question holds marked; package out draws it
//     from an Answer's cells (out.WriteRibbon).
//   - Task: one of the exam's questions by key (19, 19g, 20, 21, and win1
//     the explorer adds), with its question, aggregate, title and wording.
//   - Reason: why an answer to a task holds, told in the game's moves
//     ("S = 29: Petya doubles the second pile to (17, 58); …"), made by a
//     Reasoner.
//   - Lang: the language of explanations, English or Russian; a Text is a
//     phrase in both.
//   - Words: what every sentence about a game is built of, once: a
//     player's name in a Case (Петя, для Пети), a number with its noun's
//     form (lang.RuForm: 1 камень, 2 камня, 5 камней), a value in the exam's
//     notation (Exam: П2, В1, Н) or as who wins in how many of his moves
//     (Winner), and a move in words from the game's own moves (MoveWords:
//     which pile, what is done to it).
//
// Files:
//
//   - question.go: the question language: scanner, parser, syntax tree,
//     three-valued evaluation, QuestionError with its caret.
//   - query.go: Run, the aggregates, the widening of open ranges, and the
//     errors of a query.
//   - tasks.go: the exam tasks and their wordings.
//   - explain.go: Lang and Text, what a question means and the ranges an
//     answer took in words, and the Reasoner.
//   - words.go: the words of sentences: names in their cases, counted
//     nouns, the exam's notation, who wins, moves and positions in words.
//   - reason_all.go: Reasoner.ReasonAll, a reason for every value of an
//     answer (task 20's two).
package query
