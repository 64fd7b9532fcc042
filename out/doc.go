// Package out writes solved tables for people and programs.
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
// A table file (WriteTable, ReadTable, OpenTable) keeps a solved game to
// answer questions later without solving again. Words:
//
//   - Header: the file's first 64 bytes: the magic number, the format
//     version, the number of blocks, the end of the checked part, and
//     checksums (CRC-32C) of itself and of the directory. FileHeader.Validate
//     gives a sentinel for each way it can be wrong (errors.go).
//   - Directory: one entry per block: its kind, codec, instance, first
//     position, place, sizes stored and decoded, and checksum.
//   - Block: a piece of the file compressed alone (zstd), so that reading
//     one position decodes one block: the game text (stored as it is),
//     instance records (small instances keep their space and outcomes
//     inline), and for large instances space blocks and outcome blocks of
//     BlockPositions positions each.
//   - Symbol: a position's outcome and layer as one number (0 D, 1 ?,
//     2+2·layer W, 3+2·layer L); an outcome block stores its symbols as
//     deltas, as runs or as roaring sets, whichever zstd makes smallest.
//     Optimal moves are not stored: Result.Moves works them out from the
//     rules.
//   - Checked part: the header, directory and blocks, the same byte for
//     byte for the same game. The made record after it (engine, date,
//     solve time) differs between runs and no check reads it.
package out
