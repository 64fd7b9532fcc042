// Package rules reads a game file (TOML, the format of FORMAT.md), checks it and
// compiles it into a Game whose Machines generate moves and decide the end
// of the game fast enough to run once per edge of a graph of tens of
// millions of edges.
//
// The pipeline, one file per stage: load.go decodes the TOML
// (BurntSushi/toml) and checks keys and value types, loadcommands.go those
// of the moves, and tomlerror.go words the decoder's errors; locate.go
// finds where every key and value is in the file, and where every character
// of a string came from (toml does not expose positions); scan.go and
// parse.go turn each expression string into a tree (ast.go); resolve.go
// resolves names and checks types; compile.go and expand.go turn the trees
// into closures over a flat []int64 environment; machine.go runs them;
// arith.go has Python's integer arithmetic with overflow checks; params.go
// binds parameters; octal.go reads octal codes; split.go reads the split
// entries of heap games as rows for the sparse-space method (SplitForm).
// Around the pipeline: position.go reads a position and a command as a
// user writes them ("a=17,b=28", "none"); growth.go proves that a game's
// positions do not end, a pile growing without bound (Unbounded);
// count.go counts the instances and start positions the parameter ranges
// give, within a limit (InstanceCount, StartCount); suggest.go finds the
// word a misspelt one was meant to be, for "did you mean" hints here and
// in the commands and questions.
//
// Around it: source.go says where a game's text comes from (a Source: a
// game file, text given whole, or a built-in game, builtin.go) and loads
// it; errors.go has the errors that say where they are (Pos, Error,
// ErrorList), each carrying the text it points into, so that it renders
// itself with the line and carets (RenderError is the one renderer);
// form.go reads a parsed game back in the words of its file, from what
// Parse kept of it (Form, BoxAsStarts), never decoding the text again.
// tomlfile.go lends locate.go's places to TOML files that are not games
// (TOMLFile), so that their errors say where as a game's do.
// FORMAT.md is the format's reference for the people who write games,
// embedded by format.go (FormatReference) for retro help format; its
// examples are tested in format_test.go.
//
// # Words
//
// A pile is one integer of a position, named in `piles`. A position is a
// tuple of pile values plus the history (below) its game needs.
//
// A command is a named group of move entries: a key of [commands], or one
// entry of `moves` (named by its text). `allow` talks about commands: cmd
// is the command about to be used, last the one the opponent just used,
// mylast the one the player to move used before that; none when there is
// none. In values, none is 0 and command i is i+1.
//
// A move entry is one string of `moves` or of a command:
// BODY [if GUARD] (for NAME in LO..HI [if COND])*. Its BODY is `each OP
// OPERAND`, assignments `a = E, b = E`, a bare expression `E` (one pile
// only: x = E) or a split `x -> E1, E2, ...` (heap games only).
//
// A family is an entry with generators (`for k in LO..HI`): one move per
// value of each generator variable, inclusive, ascending, empty when LO >
// HI. The bounds of a generator may use the piles, the params and the
// earlier generator variables.
//
// A line move is a family whose last generator's range reads the piles
// and whose values change the piles by k times a fixed vector
// (`a = a - k, b = b - k for k in 1..min(a, b)`): Instance.Lines lists it
// as one LineMove, the family p + k·Step for k from the greatest of its
// lower bounds to the least of its upper ones, each affine in the piles
// and floor-divided by a constant (lines.go), for the solver that values
// such moves along their lines.
//
// A guard is a condition that decides whether a move exists: the `if`
// before the first `for` is tested once every generator variable is bound,
// just before the body; the `if` after a `for` range is tested right after
// that variable is bound (so it also prunes the later generators).
//
// A param is a name of [params] with a range: "1..115", "31.." (open
// above), or one value. A rule param is read by the rules: by a move
// entry, end, winner, allow or [bounds]; every value gives another game (an
// Instance). A start param is read only by [start] and where; its values
// give start positions of one game.
//
// The history of a position is what allow needs: nothing (NoHistory),
// last (LastHistory) or last and mylast (BothHistory). It is encoded as
// last*(C+1) + mylast for C commands.
//
// A final position is one where `end` holds, or where the player to move
// has no legal move. There `winner` says who has won: mover (the player who
// made the last move) or other (the player to move).
//
// # Decisions the format leaves open
//
// Types are checked strictly. There are four types: numbers (int64),
// conditions (bool), players (mover, other: winner only) and commands
// (cmd, last, mylast, none, command names: allow only). Arithmetic and
// < <= > >= need numbers; and, or, not, guards, end, where and allow need
// conditions, and a number is not a condition (write x % 2 == 1, not
// x % 2); == and != compare two values of one type; both branches of
// A if C else B have one type. true and false are conditions.
//
// Arithmetic is Python's: // and % round toward minus infinity, ** of a
// negative exponent is an error (not a float), 0 ** 0 is 1, and a result
// outside int64 is an error, never wrapped. Comparisons chain (a < b < c).
// min and max take two or more numbers, abs and isprime one (isprime is
// false below 2). Numbers are decimal; _ may separate digits.
//
// A shift is a move entry that adds a constant to each pile it assigns
// (`c6 = c6 - 1, c2 = c2 + 3`), with no generator, guard or history:
// Game.Shifts lists them when every entry of a game is one, for solvers
// that make and undo moves by key arithmetic.
//
// `each OP E` expands, in pile order, into one entry per pile, `p = p OP
// E`; generators and guards apply to each of them, so the moves come pile
// by pile, and for each pile in generator order.
//
// A command name that is a valid name can be written bare in allow; any
// command can be written as a quoted string ("each +4" or 'x + 1'). Piles
// and params come first: a command named like a pile must be quoted.
//
// Without `winner` a game is normal play (winner = "mover"). Without
// `name` the name is the file name without its extension. A command of
// [commands] may be a single string instead of an array. Two equal
// entries of `moves` are an error (they would be two commands of one
// name). A heap game may not be signed. A param that nothing reads is an
// error; so are a pile assigned twice in one entry and a generator
// variable that shadows a pile, a param or another generator variable.
// A param's range may be any constant expression ("2**10..2**12").
//
// A heap option of a heap game lists the heaps that replace the heap,
// without the empty ones; the options of an octal code come for k = 0, 1,
// ... tokens taken, first taking the whole heap, then leaving one heap,
// then leaving two heaps a <= b, a ascending. A heap of 0 has no options
// under an octal code. names.go names moves for people (NamedMoves): a
// heap view's move by its entry or code, the heap it is played on and its
// generator values (k, the tokens taken, under a code), carried with each
// option (HeapOptions.Names) from where the machine makes it.
//
// Sizes are bounded so that a parse takes time and stack in proportion to
// its text, and absurd input gets one error: a game file is at most
// MaxSourceBytes, its arrays and inline tables nest at most MaxTOMLNesting
// deep (checked before the TOML decoder runs), a string has at most
// MaxExprTokens tokens, and its parentheses, signs, not, ** and else nest
// at most MaxNesting deep. A column is counted from a mark every 256 bytes,
// not from the start of its line, and a run-time fault's place is found
// only when it happens.
package rules
