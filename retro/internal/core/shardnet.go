package core

import (
	"encoding/binary"
	"fmt"

	"retro/positions"
)

// Net is how the solver of one shard reaches the positions of the others
// (see general.SolveShare): the predecessors a phase finds in other shards are put
// aside by owner and handed over when the phase ends (swap), and the
// peers agree on whether anything is left to colour (any). It also keeps
// the size of every set the shard closes, so that the sets of the whole
// result can be summed at the end: every shard closes the same sets, in
// the same order, empty or not.
type Net struct {
	peers  positions.Peers
	n      int        // positions of the whole space
	away   [][]uint32 // by owner
	Closes []Packed   // every set closed here: end is its size
	Sent   int64      // bytes of positions handed to the other peers
	// GraphSent: bytes of edges handed over when the graph was built;
	// searchSent: bytes of positions while they were found
	GraphSent, SearchSent int64
}

func NewNet(peers positions.Peers, n int) *Net {
	if peers == nil {
		return nil
	}
	return &Net{peers: peers, n: n, away: make([][]uint32, peers.Size())}
}

// Put sets aside position p of another shard.
func (t *Net) Put(p uint32) {
	o := positions.Owner(int(p), t.n, t.peers.Size())
	t.away[o] = append(t.away[o], p)
}

// Swap hands every peer the positions set aside for it and returns those
// the peers set aside for this shard.
func (t *Net) Swap() ([]uint32, error) {
	send := make([][]byte, len(t.away))
	for o, l := range t.away {
		send[o] = appendUint32s(make([]byte, 0, 4*len(l)), l)
		t.away[o] = l[:0]
		if o != t.peers.Rank() {
			t.Sent += int64(len(send[o]))
		}
	}
	recv, err := t.peers.Exchange(send)
	if err != nil {
		return nil, err
	}
	return readUint32s(recv)
}

// Any tells whether k, summed over the peers, is more than zero; without
// peers whether k is.
func (t *Net) Any(k int) (bool, error) {
	if t == nil {
		return k > 0, nil
	}
	v, err := t.Sum([]int64{int64(k)})
	if err != nil {
		return false, err
	}
	return v[0] > 0, nil
}

// Sum adds up v over the peers, element by element.
func (t *Net) Sum(v []int64) ([]int64, error) { return positions.SumAll(t.peers, v...) }

// closed records the size of a set closed by this shard.
func (t *Net) closed(o Outcome, layer uint32, size int) {
	t.Closes = append(t.Closes, Packed{End: int64(size), Layer: layer, Outcome: o})
}

func appendUint32s(b []byte, l []uint32) []byte {
	for _, v := range l {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	return b
}

func readUint32s(bufs [][]byte) ([]uint32, error) {
	size := 0
	for r, b := range bufs {
		if len(b)%4 != 0 {
			return nil, fmt.Errorf("retro: rank %d sent a list of positions of %d bytes", r, len(b))
		}
		size += len(b) / 4
	}
	out := make([]uint32, 0, size)
	for _, b := range bufs {
		for k := 0; k < len(b); k += 4 {
			out = append(out, binary.LittleEndian.Uint32(b[k:]))
		}
	}
	return out, nil
}
