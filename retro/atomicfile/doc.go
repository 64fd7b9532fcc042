// Package atomicfile writes a file whole or not at all: what is written
// goes into a new file in the same folder, which is synced and renamed
// over the name, and the folder is synced so that the rename lasts. A
// reader finds the old file or the new one, never a part of either.
//
// It imports only the standard library and sits with its lowest user, the
// solver's checkpoints, so that they and the command's output files are
// written the one way.
//
// Words:
//
//   - Target: the name written; it is replaced by the rename.
//   - New file: the file written beside the target, named by a pattern as
//     os.CreateTemp names its files, so that whoever cleans up after a
//     kill can find it by its name.
package atomicfile
