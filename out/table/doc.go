// Package table writes and reads table files (.rtb): a solved game kept
// on disk, to answer questions later without solving again.
//
// Write writes the results of a game's instances (WriteParts the same
// file, from the parts that the peers of a distributed solve hold); Read
// reads a whole file
// back as a Table; Open opens one to read a block at a time (File), so
// that one probe decodes one block. A damaged, truncated or foreign file
// gives an error that names the fault, never a panic. Select chooses part
// of a table by its parameters (what --param does to a table).
//
// Words:
//
//   - Table: a game as given (its text), the results of its instances, the
//     open width it was solved with, and its made record. A heap game's
//     results are those of its engine view (rules.Instance.HeapView).
//   - Header: the file's first 64 bytes: the magic number, the format
//     version, the number of blocks, the end of the checked part, and
//     checksums (CRC-32C) of itself and of the directory. Header.Validate
//     gives a sentinel for each way it can be wrong (errors.go).
//   - Directory: one entry (Entry) per block, after the header: its kind,
//     codec, instance, first position, place, sizes stored and decoded, and
//     checksum.
//   - Block: a piece of the file compressed alone (zstd), so that reading
//     one position decodes one block: the game block (the game file's name
//     without its directory, the game text, stored as it is, and each
//     parameter's range as solved), instance records
//     (small instances keep their space and outcomes inline), and for large
//     instances space blocks and outcome blocks of BlockPositions positions
//     each.
//   - Instance record: one instance's rule values, the shape of its space,
//     its horizon, counts, starts and coloured sets (InstanceInfo, as
//     opening reads it).
//   - Symbol: a position's outcome and layer as one number (0 D, 1 ?,
//     2+2·layer W, 3+2·layer L); an outcome block stores its symbols as
//     deltas, as runs or as roaring sets, whichever zstd makes smallest
//     of those that could be (choose.go: the others are not compressed).
//   - Written blocks: the blocks a write stopped midway left in its file,
//     told by their entries (Options.Placed); a write given them
//     (Options.Written) keeps those that check and makes the rest.
//     Optimal moves are not stored: Result.Moves works them out from the
//     rules.
//   - Checked part: the header, directory and blocks, the same byte for
//     byte for the same game whatever the number of cores. Every byte of
//     it is under a checksum.
//   - Content checksum: the SHA-256 of the checked part (File.ContentSum),
//     what retro info prints: equal tables, equal sums.
//   - Made record: after the checked part, how the table was made (engine,
//     Go release, date, solve time, cores). It differs between runs and no
//     check reads it; a damaged one is lost (MadeErr), not the table.
//   - Selection: a Range of one parameter's values; Select keeps the
//     instances whose rule parameter lies in it, or the starts whose start
//     parameter does. It cannot go beyond what the table holds.
//
// Files:
//
//   - table.go: Table, Made, Options and Write: the game block, the
//     instance records and the blocks of large instances, built in parallel
//     and written in order.
//   - parts.go: WriteParts, the same file written by the peers of a solve
//     in parts (retro.SolveInstancePart): each makes the outcome blocks that start
//     in its shard and a share of the space blocks, rank 0 the game block
//     and the records, and rank 0 places them all and writes them as the
//     peers hand them over in pieces (gather; Options.Gathered and Sent
//     resume it).
//   - read.go: File and Open, Read, Load, Check, ContentSum: the header,
//     the directory, the game and the instance records read and checked.
//   - outcomes.go: a result's outcomes read back whole (Result) or block
//     by block (Lookup, Probe, Probed: an instance read a position at a
//     time, retro.Probed).
//   - space.go: an instance's space read back (File.Space): a box's
//     membership words, or tuples, into a hashed space or, where the game
//     keeps a weighted sum of its piles, a ranked slice index.
//   - block.go: the contents of blocks: compression, varint buffers, and
//     the encodings of symbols, membership words and tuples.
//   - choose.go: the choice of an outcome block's encoding without
//     compressing every one (packChosen), and the symbols of a block, a
//     word of positions at a time.
//   - resume.go: a write that goes on from the blocks an earlier one left
//     in its file (Options.Written, Placed, Keep; EncodeEntries).
//   - header.go: Header, Entry, BlockKind and Codec: the fixed parts and
//     their checksums.
//   - errors.go: the sentinels of reading, writing and selecting, and
//     BlockError.
//   - select.go: Range and Table.Select.
//
// The byte layout is in README.md beside this file (The format).
package table
