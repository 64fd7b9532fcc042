package positions

import (
	"encoding/binary"
	"fmt"

	"retro/rules"
)

// Peers are the processes that build the shards of one graph together,
// one shard each (see EnumerateShard): what they need of a transport.
// Exchange is a collective: every peer calls it, in the same order; it
// sends send[r] to peer r and returns what each peer sent this one.
type Peers interface {
	Rank() int
	Size() int
	Exchange(send [][]byte) ([][]byte, error)
}

// RankShard is the shard of peer rank of size: the positions it holds of
// n, in ranges of about n/size, each starting at a multiple of 64 so that
// no two shards share a word of a bitset.
func RankShard(n, size, rank int) (lo, hi int) {
	per := shardSize(n, size)
	return min(n, rank*per), min(n, (rank+1)*per)
}

// Owner is the peer whose shard holds position i of a space of n.
func Owner(i, n, size int) int { return i / shardSize(n, size) }

// shardSize is the positions of a shard: n/size, rounded up to a
// multiple of 64.
func shardSize(n, size int) int { return max(64, ((n+size-1)/size+63)&^63) }

// EnumerateShard finds the positions of a game instance as Enumerate does,
// and builds the move graph of the shard of this peer (RankShard): the
// moves of its positions, and the edges into them from every shard, which
// the peers exchange. Every peer finds the whole space (the index is the
// same for all); the graph, the bulk of a solve, is cut among them.
func EnumerateShard(in *rules.Instance, opt Options, peers Peers) (*Graph, error) {
	sp, f, starts, err := discover(in, opt)
	if err != nil {
		return nil, err
	}
	lo, hi := RankShard(sp.Len(), peers.Size(), peers.Rank())
	gr, err := build(in, sp, f, f.bounds, f.opt, lo, hi, peers)
	if err != nil {
		return nil, err
	}
	gr.Starts = starts
	return gr, nil
}

// exchangeEdges hands every peer the edges into its shard that the
// builders found here, and returns those that came here: pairs of
// (position of this shard, position of another), and the bytes sent.
func exchangeEdges(peers Peers, builders []*builder) ([]uint32, int64, error) {
	send := make([][]byte, peers.Size())
	for o := range send {
		size := 0
		for _, b := range builders {
			size += 4 * len(b.away[o])
		}
		buf := make([]byte, 0, size)
		for _, b := range builders {
			for _, v := range b.away[o] {
				buf = binary.LittleEndian.AppendUint32(buf, v)
			}
			b.away[o] = nil
		}
		send[o] = buf
	}
	var sent int64
	for o, b := range send {
		if o != peers.Rank() {
			sent += int64(len(b))
		}
	}
	recv, err := peers.Exchange(send)
	if err != nil {
		return nil, 0, err
	}
	size := 0
	for _, b := range recv {
		if len(b)%8 != 0 {
			return nil, 0, fmt.Errorf("positions: an edge message of %d bytes", len(b))
		}
		size += len(b) / 4
	}
	out := make([]uint32, 0, size)
	for _, b := range recv {
		for k := 0; k < len(b); k += 4 {
			out = append(out, binary.LittleEndian.Uint32(b[k:]))
		}
	}
	return out, sent, nil
}
