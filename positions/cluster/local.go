package cluster

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"sync"
)

// Local returns the n ranks of a job whose ranks are goroutines of this
// process: a distributed solve in one process, for tests and for the
// one-rank case. Each Comm is used by its own goroutine.
func Local(n int) []Comm {
	h := &hub{n: n, slots: make([]any, n)}
	h.cond = sync.NewCond(&h.mu)
	cs := make([]Comm, n)
	for r := range cs {
		cs[r] = &local{hub: h, rank: r}
	}
	return cs
}

// ErrLeft is what a collective of a local job says once some rank has left
// it (Close): the rank that left says why.
var ErrLeft = errors.New("cluster: a rank has left the job")

// hub is what the ranks of a local job share: one slot a rank for the
// collective in progress, and a generation counter that lets the same
// slots serve the next one.
type hub struct {
	n      int
	mu     sync.Mutex
	cond   *sync.Cond
	slots  []any
	in     int    // ranks that have put their part of this generation
	out    int    // ranks that have read the parts of this generation
	gen    uint64 // generations completed
	closed bool
}

// meet puts part into rank's slot, waits for every rank, and returns
// every rank's part (the same slice for all ranks; read only). A
// generation's slots are reused only once every rank has read them.
func (h *hub) meet(rank int, part any) ([]any, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for h.out > 0 && !h.closed { // the previous generation is still being read
		h.cond.Wait()
	}
	if h.closed {
		return nil, ErrLeft
	}
	gen := h.gen
	h.slots[rank] = part
	h.in++
	if h.in == h.n {
		h.gen++
		h.out = h.n
		h.cond.Broadcast()
	}
	for h.gen == gen && !h.closed {
		h.cond.Wait()
	}
	if h.closed && h.gen == gen {
		return nil, ErrLeft
	}
	parts := slices.Clone(h.slots)
	h.out--
	if h.out == 0 {
		h.in = 0
		clear(h.slots)
		h.cond.Broadcast()
	}
	return parts, nil
}

func (h *hub) close() {
	h.mu.Lock()
	h.closed = true
	h.cond.Broadcast()
	h.mu.Unlock()
}

// local is one rank of a Local job.
type local struct {
	hub  *hub
	rank int
}

func (c *local) Rank() int { return c.rank }
func (c *local) Size() int { return c.hub.n }

func (c *local) Exchange(send [][]byte) ([][]byte, error) {
	if err := checkSend(c, send); err != nil {
		return nil, err
	}
	parts, err := c.hub.meet(c.rank, send)
	if err != nil {
		return nil, err
	}
	recv := make([][]byte, c.hub.n)
	for r, p := range parts {
		recv[r] = slices.Clone(p.([][]byte)[c.rank])
	}
	return recv, nil
}

func (c *local) AllGather(mine []byte) ([][]byte, error) {
	parts, err := c.hub.meet(c.rank, mine)
	if err != nil {
		return nil, err
	}
	all := make([][]byte, c.hub.n)
	for r, p := range parts {
		all[r] = slices.Clone(p.([]byte))
	}
	return all, nil
}

func (c *local) AllReduce(op Op, v []int64) error {
	parts, err := c.hub.meet(c.rank, slices.Clone(v))
	if err != nil {
		return err
	}
	for r, p := range parts {
		w := p.([]int64)
		if len(w) != len(v) {
			return fmt.Errorf("cluster: all-reduce of %d values on rank %d, %d on rank %d", len(v), c.rank, len(w), r)
		}
	}
	for i := range v {
		acc := parts[0].([]int64)[i]
		for _, p := range parts[1:] {
			acc = op.apply(acc, p.([]int64)[i])
		}
		v[i] = acc
	}
	return nil
}

func (c *local) Barrier() error {
	_, err := c.hub.meet(c.rank, nil)
	return err
}

// Abort prints msg and ends the process: in a local job every rank is in
// this process, so the whole job ends with it.
func (c *local) Abort(code int, msg string) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(code)
}

// Close leaves the job: collectives still waiting, and any called after,
// fail with an error instead of waiting for this rank.
func (c *local) Close() error {
	c.hub.close()
	return nil
}
