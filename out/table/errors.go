package table

import (
	"errors"
	"fmt"
)

// Errors of reading a table file, one per way it can be wrong. Readers
// return them wrapped, with the place they were found; test with errors.Is.
var (
	// ErrNotTable: the file does not start with the table magic number.
	ErrNotTable = errors.New("not a table file (bad magic)")
	// ErrVersion: a table of a format version this engine cannot read.
	ErrVersion = errors.New("unsupported table version")
	// ErrHeaderChecksum: the header does not match its checksum.
	ErrHeaderChecksum = errors.New("header checksum mismatch")
	// ErrTruncated: the file is shorter than its header says.
	ErrTruncated = errors.New("table truncated")
	// ErrDirectory: the block directory does not match its checksum or
	// does not describe the file.
	ErrDirectory = errors.New("bad block directory")
	// ErrChecksum: a block does not match its checksum.
	ErrChecksum = errors.New("checksum mismatch")
	// ErrCorrupt: a block matches its checksum but its content does not
	// hang together (a bug, or a forged file).
	ErrCorrupt = errors.New("corrupt block")
	// ErrGame: the game text stored in the table no longer loads.
	ErrGame = errors.New("stored game does not load")
	// ErrTrailing: bytes follow the made record, the end of a table file
	// (something was appended to it).
	ErrTrailing = errors.New("bytes after the end of the table")
	// ErrTooLarge: an instance too large to rebuild whole (MaxWhole);
	// its positions are read a block at a time (Load's Probes).
	ErrTooLarge = errors.New("instance too large to read whole")
)

// Errors of writing a table file.
var (
	// ErrNoResults: nothing to write.
	ErrNoResults = errors.New("no results to write")
)

// BlockError is an error found in one block of a table file. Err is one
// of the sentinels above (ErrChecksum, ErrCorrupt), possibly wrapped.
type BlockError struct {
	Block int    // the block's number in the directory, from 0
	What  string // what the block holds: "game", "outcomes of instance 0, positions 0..65535"
	Err   error
}

func (e *BlockError) Error() string {
	if e.Err == ErrChecksum {
		return fmt.Sprintf("checksum mismatch in block %d (%s)", e.Block, e.What)
	}
	return fmt.Sprintf("block %d (%s): %v", e.Block, e.What, e.Err)
}

func (e *BlockError) Unwrap() error { return e.Err }

// Errors of selecting part of a table (Table.Select).
var (
	// ErrNoParam: the parameter named is not one of the game's.
	ErrNoParam = errors.New("no such parameter")
)

// noParamError is a selection that names a parameter the game does not
// have. It says so as the game does (rules.Game.SetRange, which lists the
// parameters there are) and is ErrNoParam.
type noParamError struct{ err error }

func (e *noParamError) Error() string        { return e.err.Error() }
func (e *noParamError) Unwrap() error        { return e.err }
func (e *noParamError) Is(target error) bool { return target == ErrNoParam }
