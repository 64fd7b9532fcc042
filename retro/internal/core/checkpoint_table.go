package core

import (
	"fmt"
	"time"
)

// The table's stage. A solve that writes its table (retro solve -o) and
// keeps checkpoints writes the table into a file of the checkpoint's
// directory (TableFile), and saves, every Every at most, the directory
// entries of the blocks written so far once they are on disk (their
// format is the table writer's: bytes here). A rerun of the same solve
// keeps the blocks the save stands for and writes the rest; the table is
// moved to its place once whole, and the files go with Clear.

// TableFile is the file that a solve keeping checkpoints writes its table
// into until it is whole: this rank's.
func (ck *Checkpoint) TableFile() string { return ck.File(0, "table") }

// SaveTable saves how far the table in TableFile is written: entries
// stand for its first blocks blocks, which must be on disk already; solve
// is the solve's whole time, over all its runs (what a resumed run
// reports: the time writing the table is not the solve's).
func (ck *Checkpoint) SaveTable(entries []byte, blocks int, solve time.Duration) error {
	return ck.SaveAs(&Record{Instance: 0, Path: "table", Stage: "table", Cursor: int64(blocks), Table: entries, Elapsed: solve},
		"table.json")
}

// LoadTable is what the last SaveTable saved: the entries of the blocks
// written and how many (nil and 0 when there is no save).
func (ck *Checkpoint) LoadTable() ([]byte, int, error) {
	r, err := ck.LoadAs(0, "table.json")
	if err != nil || r == nil {
		return nil, 0, err
	}
	if r.Stage != "table" || r.Cursor > int64(len(r.Table)) {
		return nil, 0, fmt.Errorf("%w: %s: stage %q, %d blocks in %d bytes of entries: not a save of a table; remove %s to start afresh",
			ErrCheckpoint, ck.File(0, "table.json"), r.Stage, r.Cursor, len(r.Table), ck.Dir)
	}
	return r.Table, int(r.Cursor), nil
}
