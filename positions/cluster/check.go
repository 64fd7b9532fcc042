package cluster

import (
	"bytes"
	"fmt"
	"slices"
)

// SelfCheck runs every collective on c with data that depends on the
// ranks, and checks what comes back against what each rank must have
// sent: a test of a transport, run by every rank of a job. big is the
// number of bytes rank 0 sends to the last rank in one exchange (to reach
// a transport's chunking, pass more than a chunk).
func SelfCheck(c Comm, big int) error {
	p, me := c.Size(), c.Rank()
	// pattern is what rank from sends to rank to.
	pattern := func(from, to, n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(from*31 + to*7 + i)
		}
		return b
	}
	size := func(from, to int) int {
		if from == 0 && to == p-1 {
			return big
		}
		return (from*5 + to*3) % 17
	}
	send := make([][]byte, p)
	for to := range p {
		send[to] = pattern(me, to, size(me, to))
	}
	recv, err := c.Exchange(send)
	if err != nil {
		return err
	}
	for from := range p {
		if !bytes.Equal(recv[from], pattern(from, me, size(from, me))) {
			return fmt.Errorf("rank %d: exchange: %d bytes from rank %d differ from what it sent", me, len(recv[from]), from)
		}
	}
	all, err := c.AllGather(pattern(me, me, me+3))
	if err != nil {
		return err
	}
	for r := range p {
		if !bytes.Equal(all[r], pattern(r, r, r+3)) {
			return fmt.Errorf("rank %d: all-gather: rank %d's part differs", me, r)
		}
	}
	for _, op := range []Op{Sum, Max, Min} {
		v := []int64{int64(me), int64(10 - me), 1 << 40}
		if err := c.AllReduce(op, v); err != nil {
			return err
		}
		var want []int64
		switch op {
		case Sum:
			want = []int64{int64(p * (p - 1) / 2), int64(10*p - p*(p-1)/2), int64(p) << 40}
		case Max:
			want = []int64{int64(p - 1), 10, 1 << 40}
		case Min:
			want = []int64{0, int64(10 - (p - 1)), 1 << 40}
		}
		if !slices.Equal(v, want) {
			return fmt.Errorf("rank %d: all-reduce %v: %v, want %v", me, op, v, want)
		}
	}
	return c.Barrier()
}
