package retrotest

import (
	"io"
	"sync"

	"retro/positions/cluster"
)

// OnRanks runs rank on ranks goroutines, each with its rank and its comm
// of cluster.Local, and returns the error of each; a rank that fails
// leaves, so that the others stop waiting for it.
func OnRanks(ranks int, rank func(r int, comm cluster.Comm) error) []error {
	comms := cluster.Local(ranks)
	errs := make([]error, ranks)
	var wg sync.WaitGroup
	for r := range ranks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if errs[r] = rank(r, comms[r]); errs[r] != nil {
				comms[r].Close()
			}
		}()
	}
	wg.Wait()
	return errs
}

// MemFile is a file in memory that the ranks of a solve in shards write
// their table to (table.WriteParts), each its own blocks, and that a
// resumed write reads back.
type MemFile struct {
	mu    sync.Mutex
	b     []byte
	wrote int64 // the bytes written, over all the writes
}

// WriteAt writes p at off, the file growing to hold it.
func (f *MemFile) WriteAt(p []byte, off int64) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.wrote += int64(len(p))
	if end := int(off) + len(p); end > len(f.b) {
		f.b = append(f.b, make([]byte, end-len(f.b))...)
	}
	return copy(f.b[off:], p), nil
}

// ReadAt reads back what was written, as a file resumed into is read.
func (f *MemFile) ReadAt(p []byte, off int64) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if off >= int64(len(f.b)) {
		return 0, io.EOF
	}
	n := copy(p, f.b[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// Bytes is what the file holds (the file's own memory: a test may damage
// it).
func (f *MemFile) Bytes() []byte { return f.b }

// Written is the bytes written since the file was made or ResetWritten.
func (f *MemFile) Written() int64 { return f.wrote }

// ResetWritten starts counting the bytes written again.
func (f *MemFile) ResetWritten() { f.wrote = 0 }
