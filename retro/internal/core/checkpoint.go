package core

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"time"

	"retro/retro/atomicfile"
)

// Checkpoints. A solve given a Checkpoint keeps in its directory what it
// needs to go on after it is stopped, however it is stopped: the compiled
// path's values in a file mapped shared (the file is the array: rows
// valued are in it once the kernel writes them, and a save makes sure of
// it), and a record of how far the sweep has got, written whole and
// renamed into place, so that a save is atomic. A rerun with the same
// game and arguments (the same Key) and the same number of ranks resumes
// from the last save: the rows after it are valued again. A save comes
// every Every at most, at the end of a row; the finding of the positions,
// when a sweep finds them, saves its membership bits and where it stands.
// A record of another key or rank count is refused with ErrCheckpoint.
//
// A solve in shards keeps the same files, each rank its own (named by its
// rank), in one directory that every rank reads. Its search and its sweep
// go in turns, one rank at work while the others wait, so that a save of
// the rank at work, by its own clock, describes the whole solve at that
// point: the others' last saves, at the ends of their turns, stay true.
// A resume by as many ranks starts each turn where its rank's save says,
// the ranks agreeing first on what their saves come to (the turns done,
// the widest values); the result is each rank's own, made and saved on
// its own.

// Checkpoint is where a solve keeps its checkpoints, and how often.
type Checkpoint struct {
	Dir   string
	Every time.Duration
	// Key says what is being solved: the game, its parameters and the
	// options that change the result (MakeKey); a checkpoint of another
	// key is refused.
	Key string
	// Rank and Ranks: the peer of a distributed solve that saves, and the
	// peers (0 and 1 for one process).
	Rank, Ranks int
	// Note, when set, hears what the checkpoint does: a resume, and from
	// what save.
	Note func(msg string)
	// Before is, once Check has found a save to resume from, the time the
	// solve had taken up to that save, over all its runs before this one
	// (0 for a new solve): a resumed solve's whole time is Before and this
	// run's.
	Before time.Duration
	last   time.Time
	began  time.Time // this run's start, for the time a save records
	// Stop, when set, is asked after every save whether the solve stops
	// there, as a kill just after it would stop it: its error stops it.
	Stop func(stage string, cursor int64) error
}

// ErrCheckpoint: a checkpoint directory holds the checkpoint of another
// solve (another game, other arguments, another number of ranks), or one
// that does not read.
var ErrCheckpoint = errors.New("checkpoint")

// MakeKey makes a Checkpoint's key from what decides a solve's result.
func MakeKey(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s;", len(p), p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Record is what a checkpoint says of one instance's solve.
type Record struct {
	Format   int    `json:"format"`
	Key      string `json:"key"`
	Ranks    int    `json:"ranks"`
	Instance int    `json:"instance"`
	Path     string `json:"path"`
	Stage    string `json:"stage"` // "find": finding the positions; "value": the sweep; "compact", "result": the result; "table": writing the table
	Width    int    `json:"width"` // bits of a value
	Cursor   int64  `json:"cursor"`
	Values   int64  `json:"values"`
	Moves    int64  `json:"moves"`
	Edges    int64  `json:"edges"`
	Count    int    `json:"count,omitempty"`
	Min      []int64
	Max      []int64
	Counts   []int64 `json:"counts,omitempty"` // the positions of each key so far (the result being made)
	Table    []byte  `json:"table,omitempty"`  // the table's stage: the entries of the blocks written (SaveTable)
	// Sent is, in shards, the bytes handed over by the save, over all the
	// runs: those this rank handed the others while the positions were
	// found, and those they handed it while colouring.
	Sent  []int64   `json:"sent,omitempty"`
	Saved time.Time `json:"saved"`
	// Elapsed is the solve's time up to this save, over all its runs.
	Elapsed time.Duration `json:"elapsed"`
	// Sums are the checksums of the parts of the binary files the record
	// stands for, by the file's name ("values", "members", …).
	Sums map[string]FileSum `json:"sums,omitempty"`
	// Sum is the checksum of the record itself (written with Sum empty):
	// a record damaged or edited by hand is refused, not resumed.
	Sum string `json:"sum"`
}

// FileSum is the CRC-32C of bytes Lo..Hi-1 of a checkpoint's file.
type FileSum struct {
	Lo  int64  `json:"lo"`
	Hi  int64  `json:"hi"`
	CRC uint32 `json:"crc"`
}

// recordFormat 3: records carry a checksum of their own and of the parts
// of their binary files they stand for (format 2 had none; format 1 kept
// a one-pile sweep's codes otherwise); a save of another format is
// refused, not misread.
const recordFormat = 3

// castagnoli is the table of CRC-32C, which the processor computes.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// SumOf is the checksum of bytes lo..hi-1 of b.
func SumOf(b []byte, lo, hi int64) FileSum {
	return FileSum{Lo: lo, Hi: hi, CRC: crc32.Checksum(b[lo:hi], castagnoli)}
}

// sealed is the record's checksum: of its JSON with Sum empty.
func (r Record) sealed() (string, error) {
	r.Sum = ""
	b, err := json.Marshal(r)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("crc32c:%08x", crc32.Checksum(b, castagnoli)), nil
}

// CheckSum refuses the part of file path (the checkpoint's file named
// what, whose bytes are b) that the record sums when it does not match:
// the file was damaged after the save, or belongs to another.
func (ck *Checkpoint) CheckSum(r *Record, what, path string, b []byte, lo, hi int64) error {
	want, ok := r.Sums[what]
	switch {
	case !ok:
		return fmt.Errorf("%w: %s: its record sums no %s: remove %s to start afresh", ErrCheckpoint, path, what, ck.Dir)
	case want.Lo != lo || want.Hi != hi || hi > int64(len(b)) || lo < 0 || lo > hi:
		return fmt.Errorf("%w: %s: the record sums bytes %d..%d, where its stage and cursor stand for %d..%d of %d: the record was changed; remove %s to start afresh",
			ErrCheckpoint, path, want.Lo, want.Hi, lo, hi, len(b), ck.Dir)
	case SumOf(b, lo, hi).CRC != want.CRC:
		return fmt.Errorf("%w: %s is damaged: its bytes %d..%d do not match the checksum its record saved; remove %s to start afresh",
			ErrCheckpoint, path, lo, hi, ck.Dir)
	}
	return nil
}

func (ck *Checkpoint) File(instance int, what string) string {
	return ck.fileOf(instance, ck.Rank, what)
}

// fileOf is the file of rank's checkpoint named what.
func (ck *Checkpoint) fileOf(instance, rank int, what string) string {
	return filepath.Join(ck.Dir, fmt.Sprintf("instance-%d-rank-%d.%s", instance, rank, what))
}

// Due tells whether a save is due: an interval has passed since the last
// one (or since the solve began).
func (ck *Checkpoint) Due() bool {
	if ck == nil {
		return false
	}
	if ck.last.IsZero() {
		ck.last = time.Now()
		return false
	}
	return time.Since(ck.last) >= ck.Every
}

// Load reads the record of an instance, nil when there is none; another
// solve's record is an error.
func (ck *Checkpoint) Load(instance int) (*Record, error) { return ck.LoadAs(instance, "json") }

// LoadAs is load of the record named what.
func (ck *Checkpoint) LoadAs(instance int, what string) (*Record, error) {
	if ck == nil {
		return nil, nil
	}
	return ck.read(ck.File(instance, what), instance)
}

// read reads the record of an instance in file path, of this rank or
// another, nil when there is none.
func (ck *Checkpoint) read(path string, instance int) (*Record, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCheckpoint, err)
	}
	var r Record
	if err := json.Unmarshal(b, &r); err != nil || r.Format <= 0 {
		return nil, fmt.Errorf("%w: %s does not read as a checkpoint of this engine", ErrCheckpoint, path)
	}
	switch sum, err := r.sealed(); {
	case r.Format != recordFormat:
		return nil, fmt.Errorf("%w: %s holds a checkpoint of format %d, and this build reads format %d (saved %s by another build); "+
			"resume it with that build, or remove it, or give another --checkpoint directory", ErrCheckpoint, ck.Dir, r.Format, recordFormat, r.Saved.Format(time.DateTime))
	case err != nil || sum != r.Sum:
		return nil, fmt.Errorf("%w: %s is damaged or was edited: it does not match its own checksum; remove %s to start afresh",
			ErrCheckpoint, path, ck.Dir)
	case r.Key != ck.Key:
		return nil, fmt.Errorf("%w: %s holds the checkpoint of another game or other arguments (saved %s); "+
			"remove it, or give another --checkpoint directory", ErrCheckpoint, ck.Dir, r.Saved.Format(time.DateTime))
	case r.Ranks != ck.Ranks:
		return nil, fmt.Errorf("%w: %s holds the checkpoint of a solve by %d ranks, not %d; "+
			"resume it with as many, or give another --checkpoint directory", ErrCheckpoint, ck.Dir, r.Ranks, ck.Ranks)
	case r.Instance != instance:
		return nil, fmt.Errorf("%w: %s is a checkpoint of instance %d, found as instance %d", ErrCheckpoint, path, r.Instance, instance)
	case !r.fits():
		return nil, fmt.Errorf("%w: %s: stage %q, cursor %d, width %d do not make a record of this engine; remove %s to start afresh",
			ErrCheckpoint, path, r.Stage, r.Cursor, r.Width, ck.Dir)
	}
	return &r, nil
}

// fits tells a record whose fields are of the kinds a solve writes: a
// known stage, a cursor that is not negative, a width of a value; the
// cursor against the game is checked where it is used (checkSum).
func (r *Record) fits() bool {
	switch r.Stage {
	case "find", "value", "compact", "result", "table", "gather":
	default:
		return false
	}
	switch {
	case r.Cursor < 0 || r.Values < 0 || r.Moves < 0 || r.Edges < 0 || r.Count < 0:
		return false
	case r.Stage != "find" && r.Stage != "table" && r.Stage != "gather" && r.Width != 8 && r.Width != 16 && r.Width != 32 && r.Width != 64:
		return false
	}
	return true
}

// Save writes an instance's record whole and renames it into place.
func (ck *Checkpoint) Save(r *Record) error { return ck.SaveAs(r, "json") }

// SaveAs is save of the record named what.
func (ck *Checkpoint) SaveAs(r *Record, what string) error {
	r.Format, r.Key, r.Ranks, r.Saved = recordFormat, ck.Key, ck.Ranks, time.Now().UTC()
	if ck.began.IsZero() {
		ck.began = time.Now()
	}
	if r.Stage != "table" && r.Stage != "gather" { // the table's saves say the solve's time (SaveTable)
		r.Elapsed = ck.Before + time.Since(ck.began)
	}
	sum, err := r.sealed()
	if err != nil {
		return err
	}
	r.Sum = sum
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if err := WriteAtomic(ck.File(r.Instance, what), b); err != nil {
		return fmt.Errorf("%w: %v", ErrCheckpoint, err)
	}
	ck.last = time.Now()
	if ck.Stop != nil {
		return ck.Stop(r.Stage, r.Cursor)
	}
	return nil
}

// Check refuses a directory that holds the checkpoints of another solve
// (another key or number of ranks), before anything is solved, and says
// (Note) from what save a solve resumes. Every rank reads the records of
// every rank, so that each refuses the directory alike.
func (ck *Checkpoint) Check() error {
	if ck == nil {
		return nil
	}
	files, err := filepath.Glob(filepath.Join(ck.Dir, "instance-*-rank-*.json"))
	if err != nil {
		return err
	}
	var last time.Time
	ck.began = time.Now()
	for _, f := range files {
		var inst, rank int
		var what string
		if n, _ := fmt.Sscanf(filepath.Base(f), "instance-%d-rank-%d.%s", &inst, &rank, &what); n != 3 || f != ck.fileOf(inst, rank, what) {
			continue
		}
		r, err := ck.read(f, inst)
		if err != nil {
			return err
		}
		if r != nil && r.Saved.After(last) {
			last = r.Saved
		}
		if r != nil {
			ck.Before = max(ck.Before, r.Elapsed)
		}
	}
	if !last.IsZero() && ck.Note != nil {
		ck.Note(fmt.Sprintf("resuming from the checkpoint saved at %s in %s", last.Local().Format(time.DateTime), ck.Dir))
	}
	return nil
}

// Clear removes the files of a finished solve's checkpoints: this rank's.
func (ck *Checkpoint) Clear() error {
	if ck == nil {
		return nil
	}
	for _, what := range []string{"json", "find.json", "table.json", "gather.json", "values", "members", "layers", "win", "lose", "table", "gather", "*.new-*"} {
		pat := fmt.Sprintf("instance-*-rank-%d.%s", ck.Rank, what)
		if what == "*.new-*" {
			pat = "." + pat // a save cut short by a kill (WriteAtomic)
		}
		files, err := filepath.Glob(filepath.Join(ck.Dir, pat))
		if err != nil {
			return err
		}
		for _, f := range files {
			if err := os.Remove(f); err != nil && !errors.Is(err, os.ErrNotExist) {
				return err
			}
		}
	}
	return nil
}

// WriteAtomic writes a file of the checkpoint whole (atomicfile), its
// new file named .NAME.new-RANDOM, which Clear knows, in the directory
// made if it is not there.
func WriteAtomic(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.File{Target: path, Pattern: "." + filepath.Base(path) + ".new-*"}.Write(func(f *os.File) error {
		_, err := f.Write(b)
		return err
	})
}
