package positions

import (
	"encoding/binary"
	"errors"
	"fmt"

	"retro/rules"
)

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

// EnumerateShard finds the positions of a game instance together with
// its peers, and builds the move graph of the shard of this peer
// (RankShard): the moves of its positions, and the edges into them from
// every shard. No peer holds every position: the search is cut among
// them (discoverShard), and each holds its shard's space, which knows
// which peer holds any other position. A move to a position of another
// shard is a question to its holder, which keeps the edge when the
// position is in the space and otherwise says so: the move then reaches
// an end, which the asker classifies.
func EnumerateShard(in *rules.Instance, opt Options, peers Peers) (*Graph, error) {
	sp, f, starts, err := discoverShard(in, opt, peers)
	if err != nil {
		return nil, err
	}
	lo, hi := sp.Held()
	gr, err := build(in, sp, f, f.bounds, f.Opt, lo, hi, peers)
	if err != nil {
		return nil, err
	}
	gr.Starts, gr.Searched = starts, f.sent
	return gr, nil
}

// farTarget is a distinct target of a move that another peer holds.
type farTarget struct {
	owner int
	key   string
	cmd   int32
}

// queries are the questions to one peer: positions of its shard that
// moves from this one reach, as packed keys each followed by the index
// of the position moved from; from and cmd and keys again for the
// answer.
type queries struct {
	msg  []byte
	from []uint32
	cmd  []int32
	at   []uint32 // where each key starts in msg
}

// questionBytes bound the questions a shard's builders hold at once,
// all together: a round of the first pass ends when they reach it.
var questionBytes = 8 << 20

// errRoundFull stops a builder's walk when its questions fill its share.
var errRoundFull = errors.New("positions: the round's questions are full")

// addFar notes a target of the position at hand that another peer holds,
// once however many of its moves reach it.
func (b *builder) addFar(owner int, t []int64, th int, cmd int32) {
	var local [160]byte
	key := pack(local[:0], t, uint32(th))
	for _, f := range b.far {
		if f.owner == owner && f.key == string(key) {
			return
		}
	}
	b.far = append(b.far, farTarget{owner, string(key), cmd})
}

// askFar puts the far targets of position i to their holders.
func (b *builder) askFar(i int) {
	for _, f := range b.far {
		q := &b.ask[f.owner]
		q.at = append(q.at, uint32(len(q.msg)))
		q.msg = append(q.msg, f.key...)
		q.msg = binary.AppendUvarint(q.msg, uint64(i))
		q.from = append(q.from, uint32(i))
		q.cmd = append(q.cmd, f.cmd)
		b.askBytes += len(f.key) + 20
	}
	b.far = b.far[:0]
}

// answerQueries sends every peer the questions the builders put to it,
// answers those that came here (an edge into this shard when the
// position asked for is in the space, "no" otherwise), and settles the
// answers "no" to this peer's questions: the move reaches an end, so the
// position moved from has one successor less and an end flag. It returns
// the edges into this shard from the others, pairs of (position here,
// position there), and the bytes sent.
func answerQueries(peers Peers, builders []*builder) ([]uint32, int64, error) {
	me, size := peers.Rank(), peers.Size()
	send := make([][]byte, size)
	var sent int64
	for o := range send {
		for _, b := range builders {
			send[o] = append(send[o], b.ask[o].msg...)
		}
		if o != me {
			sent += int64(len(send[o]))
		}
	}
	recv, err := peers.Exchange(send)
	if err != nil {
		return nil, 0, err
	}
	b0 := builders[0]
	sp := b0.sp
	t := make([]int64, sp.piles)
	var from []uint32
	no := make([][]byte, size)
	for r, msg := range recv {
		for k := uint64(0); len(msg) > 0; k++ {
			h, rest, err := readKey(msg, t)
			if err != nil {
				return nil, 0, err
			}
			i, m := binary.Uvarint(rest)
			if m <= 0 || i >= uint64(sp.Len()) {
				return nil, 0, fmt.Errorf("positions: a malformed question from rank %d", r)
			}
			msg = rest[m:]
			if j, ok := sp.Index(t, int(h)); ok {
				from = append(from, uint32(j), uint32(i))
			} else {
				no[r] = binary.AppendUvarint(no[r], k)
			}
		}
	}
	for o, b := range no {
		if o != me {
			sent += int64(len(b))
		}
	}
	answers, err := peers.Exchange(no)
	if err != nil {
		return nil, 0, err
	}
	p := make([]int64, sp.piles)
	for o, msg := range answers {
		for len(msg) > 0 {
			k, m := binary.Uvarint(msg)
			if m <= 0 {
				return nil, 0, fmt.Errorf("positions: a malformed answer from rank %d", o)
			}
			msg = msg[m:]
			b, q, err := question(builders, o, k)
			if err != nil {
				return nil, 0, err
			}
			i := int(b.ask[o].from[q])
			h := sp.Position(i, p)
			th, _, err := readKey(b.ask[o].msgKey(q), t)
			if err != nil {
				return nil, 0, err
			}
			b0.gr.Out[i-b0.gr.Lo]-- // holds: b0.gr is every builder's graph
			won, err := b0.endOf(p, h, t, int(th), b.ask[o].cmd[q])
			if err != nil {
				return nil, 0, err
			}
			if won {
				b0.gr.WinEnd.Set(i - b0.gr.Lo)
			} else {
				b0.gr.LoseEnd.Set(i - b0.gr.Lo)
			}
		}
	}
	for _, b := range builders {
		clear(b.ask)
		b.askBytes = 0
	}
	return from, sent, nil
}

// question is the k-th question to peer o, of all the builders' in turn:
// its builder and its place among that builder's.
func question(builders []*builder, o int, k uint64) (*builder, int, error) {
	for _, b := range builders {
		if n := uint64(len(b.ask[o].from)); k < n {
			return b, int(k), nil
		} else {
			k -= n
		}
	}
	return nil, 0, fmt.Errorf("positions: rank %d answered a question never asked", o)
}

// msgKey is the packed key of question q.
func (q *queries) msgKey(k int) []byte { return q.msg[q.at[k]:] }
