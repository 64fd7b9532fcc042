package retrotest

import (
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
// their table to (table.WriteParts), each its own blocks.
type MemFile struct {
	mu sync.Mutex
	b  []byte
}

// WriteAt writes p at off, the file growing to hold it.
func (f *MemFile) WriteAt(p []byte, off int64) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if end := int(off) + len(p); end > len(f.b) {
		f.b = append(f.b, make([]byte, end-len(f.b))...)
	}
	return copy(f.b[off:], p), nil
}

// Bytes is what the file holds.
func (f *MemFile) Bytes() []byte { return f.b }
