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
//     stderr, whether they are terminals, colour and language.
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
// Files:
//
//   - main.go: the entry point, signals and the exit code.
//   - command.go: the registry of commands and the flags every command
//     shares; cmd_NAME.go: one file per command.
//   - game.go: the game flags (--param, caps, --max-memory, --general) and
//     the rendering of errors; table.go: reading table files and writing
//     them; position.go: positions and history from the command line;
//     export_options.go: export's CSV options. Export is not in the
//     browser build (GOOS=js), which only answers the explorer's API: its
//     Parquet writer would make half of the engine the page loads.
//   - internal/explorer: the explorer, its server, API and page, which
//     serve, site and engine (cmd_engine_js.go, the command of the
//     browser build) call; internal/history: the history of a position
//     as --last and --mylast, and the explorer's requests, give it.
//   - explain.go: --lang and the locale; words.go: counts with their
//     nouns; hints.go: the flag that lifts a cap an error ran into;
//     term.go: colour and the terminal; json.go: --json printing.
//   - files.go: outputs written whole or not at all; signals*.go,
//     memory*.go and peak_memory*.go: what differs between the operating
//     systems and the browser build.
//   - ranks.go: solve cut into ranks, their phases and their errors.
//   - check_more.go: what check says beyond a game's errors;
//     heap_tree.go: show and tree on a list of heaps.
package main
