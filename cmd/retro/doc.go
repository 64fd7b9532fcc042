// Command retro solves two-player stone-pile games by retrograde analysis.
//
// Usage:
//
//	retro COMMAND [flags] [arguments]
//
// Run "retro help" for the list of commands.
//
// The command is glue: it reads flags, files and the environment, calls
// the library (retro.SolveGame and the packages under rules, positions,
// retro and out) and prints; exit codes are its own (0 done, 1 an error of
// the game or the work, 2 a bad command line).
//
// Words:
//
//   - Command: a subcommand (solve, export, show, ...), registered by its
//     file's init with its flags, usage and help (command.go).
//   - env: what a command may touch of the outside world: stdin, stdout,
//     stderr, whether they are terminals, colour, language, and how often
//     progress is logged where stderr is not a terminal.
//   - GAME: a game file, a built-in game's name or a table file (.rtb); the
//     first 512 bytes tell a table from a game file (table.go).
//   - Usage error: a bad command line (exit 2), printed with the command's
//     usage line.
//   - Rank: one process of an MPI job (mpirun, srun) that solves a game
//     with the others, or one of --ranks goroutines of this process; only
//     solve runs as ranks, and rank 0 prints and writes the table.
//   - Phase: what a rank is doing (finding the positions, building the
//     move graph, colouring, writing the table), named in its errors and
//     in the message of a signal that stops it.
//
// Files: one a command, and the layers the commands share.
//
//   - cmd_NAME.go: the command NAME, its flags, its help and what it runs,
//     with the helpers it alone uses (cmd_help.go also the topics, such
//     as help format, Markdown printed as plain text); cmd_solve_ranks.go: solve cut into
//     ranks, their phases and their errors; cmd_site.go: the static
//     explorer, its engine built for the browser from the source retro
//     carries (package source, at the module's root); cmd_engine_js.go:
//     the command of the browser build. Export is not in the browser build (GOOS=js),
//     which only answers the explorer's API: its Parquet writer would make
//     half of the engine the page loads.
//   - main.go: the entry point, signals and the exit code.
//   - command.go: the registry of commands and the dispatch of a command
//     line; env.go: what a command may touch of the outside world, read
//     from the process's (terminals, colour, the locale's language).
//   - errors.go: usage errors, errors as the user sees them, and the flag
//     that lifts a cap an error ran into.
//   - game.go: the game arguments and their flags (--param, caps,
//     --max-memory, --general), solved or read from a table; table.go:
//     table files as arguments; position.go: positions and their history
//     as arguments; heaps.go: lists of heaps as arguments, and positions
//     written as heaps; ask.go: the flags of the commands that ask
//     questions (query, ege) and the asking; lang.go: --lang, the
//     language of the words of ege, query, show and tree.
//   - progress.go: the progress of a long run (a solve, an export, a
//     Grundy table, the build of the static explorer's engine): a line
//     rewritten in place on a terminal, a line every few seconds on any
//     other stderr, none with --quiet.
//   - files.go: outputs written whole or not at all; json.go: --json.
//   - memory*.go and signals*.go: the memory budget, the peak memory and
//     the signals, as they differ between the operating systems and the
//     browser build.
//   - internal/explorer: the explorer (its server, API and page), which
//     serve, site and engine call; internal/history: the history of a
//     position as --last and --mylast, and the explorer's requests, give
//     it.
package main
