package core

import (
	"fmt"
	"math"
	"time"
)

// The table's stage. A solve that writes its table (retro solve -o) and
// keeps checkpoints writes the table into a file of the checkpoint's
// directory (TableFile), and saves, every Every at most, the directory
// entries of the blocks written so far once they are on disk (their
// format is the table writer's: bytes here). A rerun of the same solve
// keeps the blocks the save stands for and writes the rest; the table is
// moved to its place once whole, and the files go with Clear. In ranks,
// rank 0 then writes the table from the blocks the ranks hand it into a
// file of its own (GatherFile), and saves how far it has come the same
// way (SaveGathered); a rerun goes on from there.

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

// GatherFile is the file that rank 0 of a solve in ranks writes the
// table into, from the blocks the ranks hand it, until it is whole.
func (ck *Checkpoint) GatherFile() string { return ck.File(0, "gather") }

// SaveGathered saves how far rank 0 has written the ranks' blocks into
// GatherFile, which must be on disk already: every block of the ranks
// before peer and bytes of peer's, in a file whose header sums to head;
// solve is as SaveTable's.
func (ck *Checkpoint) SaveGathered(peer int, bytes int64, head uint32, solve time.Duration) error {
	return ck.SaveAs(&Record{Instance: 0, Path: "table", Stage: "gather", Count: peer, Cursor: bytes, Values: int64(head), Elapsed: solve},
		"gather.json")
}

// LoadGathered is what the last SaveGathered saved; ok is false when
// there is no save.
func (ck *Checkpoint) LoadGathered() (peer int, bytes int64, head uint32, ok bool, err error) {
	r, err := ck.LoadAs(0, "gather.json")
	if err != nil || r == nil {
		return 0, 0, 0, false, err
	}
	if r.Stage != "gather" || r.Count < 0 || r.Cursor < 0 || r.Values < 0 || r.Values > math.MaxUint32 {
		return 0, 0, 0, false, fmt.Errorf("%w: %s: stage %q, rank %d, %d bytes: not a save of the gathered table; remove %s to start afresh",
			ErrCheckpoint, ck.File(0, "gather.json"), r.Stage, r.Count, r.Cursor, ck.Dir)
	}
	return r.Count, r.Cursor, uint32(r.Values), true, nil
}
