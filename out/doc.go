// Package out writes solved games for people and programs: CSV and
// Parquet exports, the JSON of the explorer and of --json with the text
// the commands print beside it (summaries, table files, positions),
// ribbons and strategy trees, Grundy tables, and the worksheets of new
// variants of the exam's tasks. Table files are package
// out/table; maps and comparisons of two games, package out/grid.
//
// CSV by move count (WriteCSV) has one row per analysed position: the rule
// parameters (only for games with parameters in the rules), the piles, the
// history the positions carry (last, and mylast), then outcome (W, L, D or
// ?), layer (empty for D and ?) and best, the optimal moves written as
// command:(v1,v2,…) and separated by "; ". Rows come by layer, then by pile
// values, then by history (none first, then commands in file order); D and
// ? rows come last. WriteParquet writes the same rows and columns as a
// Parquet file (layer is null for D and ?).
//
// Files:
//
//   - csv.go: WriteCSV, its header and the best column (Best, MoveText).
//   - rows.go: the rows of the CSV and Parquet exports, in their order,
//     and how many an export writes (CSVOptions.RowCount).
//   - parquet.go: WriteParquet; not in the browser build (GOOS=js), where
//     parquet-go alone would make half of the explorer's engine.
//   - json.go: the explorer's JSON of a task, an answer, a position and a
//     tree.
//   - position.go: a position and its moves as text (retro show).
//   - summary.go: what retro solve prints of a solved game (Summary), as
//     text and JSON, and the counts it adds up.
//   - info.go: what retro info prints of a table file, as text and JSON.
//   - ribbon.go: the ribbon of a question's answer, a cell per value: its
//     groups, and the one-line excerpt around the answer.
//   - tree.go: strategy trees as text, dot and JSON, written as walked.
//   - sg.go: Grundy tables as text, CSV and JSON, and sums of heaps.
//   - variant.go: the variants of retro make (package out/variant): their
//     JSON (retro make --json, the explorer's /api/variant), the line a
//     variant retro make -o prints, and the words of the worksheets.
//   - worksheet.go: the worksheets of a batch of variants: the teacher's,
//     the tasks and then the key on a page of its own, and the students',
//     each variant on a page with fields for the name and the answers and
//     no key; as Markdown and as one printable HTML file a word processor
//     opens.
//   - words.go: counts with their nouns, and times as people read them.
package out
