package cluster

import (
	"encoding/binary"
	"fmt"
)

// Comm is one rank's end of a job. Its methods are collectives (see the
// package doc) except Rank, Size and Abort; a Comm is used by one
// goroutine at a time.
type Comm interface {
	// Rank is this process's number, 0..Size()-1.
	Rank() int
	// Size is the number of ranks of the job.
	Size() int
	// Exchange sends send[r] to rank r, for every rank r (send has Size()
	// entries, nil for nothing), and returns recv, where recv[r] is what
	// rank r sent to this one.
	Exchange(send [][]byte) (recv [][]byte, err error)
	// AllGather returns every rank's buffer, in rank order.
	AllGather(mine []byte) ([][]byte, error)
	// AllReduce combines v element by element across the ranks with op
	// and leaves the result in v on every rank. Every rank passes the same
	// length.
	AllReduce(op Op, v []int64) error
	// Barrier returns once every rank has called it.
	Barrier() error
	// Abort ends the whole job at once with the exit code, after this rank
	// has printed msg; it does not return.
	Abort(code int, msg string)
	// Close leaves the job; after it the Comm is not used.
	Close() error
}

// roundBytes is the most bytes one round of a collective moves for one
// rank, all peers together: MPI's counts and displacements are C ints, so
// a larger exchange goes in several rounds.
var roundBytes = 1 << 30

// SetRoundBytes sets the most bytes a collective moves for one rank in
// one round (1 GiB unless set); small values make tests reach the rounds.
func SetRoundBytes(n int) { roundBytes = max(n, 64) }

// Op is a reduction of AllReduce.
type Op int

const (
	Sum Op = iota
	Max
	Min
)

func (op Op) String() string {
	switch op {
	case Sum:
		return "sum"
	case Max:
		return "max"
	case Min:
		return "min"
	}
	return fmt.Sprintf("Op(%d)", int(op))
}

// apply folds x into acc.
func (op Op) apply(acc, x int64) int64 {
	switch op {
	case Max:
		return max(acc, x)
	case Min:
		return min(acc, x)
	}
	return acc + x
}

// Int64s appends the little-endian encoding of v to b.
func Int64s(b []byte, v []int64) []byte {
	for _, x := range v {
		b = binary.LittleEndian.AppendUint64(b, uint64(x))
	}
	return b
}

// ReadInt64s decodes a buffer written by Int64s.
func ReadInt64s(b []byte) ([]int64, error) {
	if len(b)%8 != 0 {
		return nil, fmt.Errorf("cluster: a buffer of %d bytes is not a list of 64-bit integers", len(b))
	}
	v := make([]int64, len(b)/8)
	for i := range v {
		v[i] = int64(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return v, nil
}

// checkSend checks an exchange's buffers against the job's size.
func checkSend(c Comm, send [][]byte) error {
	if len(send) != c.Size() {
		return fmt.Errorf("cluster: exchange with %d buffers on a job of %d ranks", len(send), c.Size())
	}
	return nil
}
