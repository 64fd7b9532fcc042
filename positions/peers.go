package positions

import (
	"encoding/binary"
	"fmt"
)

// Peers are the processes that solve one game together, a shard each
// (see EnumerateShard): what they need of a transport. Exchange is a
// collective: every peer calls it, in the same order; it sends send[r]
// to peer r and returns what each peer sent this one. The collectives
// the solve needs besides (AllGather, Gather, SumAll) are made of it here,
// once, for positions, the solver and the table writer alike.
type Peers interface {
	Rank() int
	Size() int
	Exchange(send [][]byte) ([][]byte, error)
}

// AllGather sends b to every peer and returns what each sent.
func AllGather(peers Peers, b []byte) ([][]byte, error) {
	send := make([][]byte, peers.Size())
	for r := range send {
		send[r] = b
	}
	return peers.Exchange(send)
}

// Gather sends b to peer root, which gets what each peer sent (the others
// get nothing).
func Gather(peers Peers, root int, b []byte) ([][]byte, error) {
	send := make([][]byte, peers.Size())
	send[root] = b
	recv, err := peers.Exchange(send)
	if peers.Rank() != root {
		return nil, err
	}
	return recv, err
}

// SumAll sums some counts over the peers, element by element.
func SumAll(peers Peers, v ...int64) ([]int64, error) {
	var b []byte
	for _, x := range v {
		b = binary.AppendVarint(b, x)
	}
	got, err := AllGather(peers, b)
	if err != nil {
		return nil, err
	}
	sum := make([]int64, len(v))
	for r, b := range got {
		for k := range sum {
			x, m := binary.Varint(b)
			if m <= 0 {
				return nil, fmt.Errorf("positions: rank %d sent a truncated count to a sum of %d", r, len(v))
			}
			sum[k] += x
			b = b[m:]
		}
		if len(b) != 0 {
			return nil, fmt.Errorf("positions: rank %d sent %d bytes more than a sum of %d counts", r, len(b), len(v))
		}
	}
	return sum, nil
}
