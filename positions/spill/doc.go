// Package spill keeps large arrays of the solver in memory or, where they
// outgrow the memory budget, in files of a directory the user chooses,
// mapped into memory (Linux), so that a solve can hold more values than
// the machine holds memory: the kernel writes the pages out and reads
// them back as the solve goes, and the solve drops from memory the parts
// it is done with (Release), which stay in the file.
//
// Words:
//
//   - Array: n values of a fixed-size type, in the Go heap (Heap) or in a
//     file mapped shared (Create, Open). A file's values are the array's:
//     what is written to the slice is written to the file, on Sync or
//     when the kernel chooses, and read back from it after a Release.
//   - Release: drop a range of a file-backed array from memory (its pages
//     leave the resident set, the values stay in the file).
//   - Sync: write a range out now, so that a copy of the file, or a rerun
//     that opens it, sees it (a checkpoint).
//
// Files: array.go (Array, Heap, Create, Open), map_linux.go and
// map_other.go (the mapping, and what a system without it does).
package spill
