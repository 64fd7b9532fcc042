package compiled

import (
	"encoding/binary"
	"fmt"
	"math"
	"retro/positions"
	"retro/retro/internal/shape"
	"retro/rules"
)

// The compiled path's search cut among peers (CompileShard). Every peer
// holds the membership bits of the whole box (a bit a cell, an eighth of
// what a sweep's 16-bit values take) and walks its own rows of it, a
// contiguous range of the walk's rows each, in turn: peer 0 first, in the
// order of play, then peer 1, and so on. A move only reaches rows later
// in the walk, so when a peer's turn comes every position of its rows has
// been marked: after its walk a peer hands each later peer the marks it
// made in that peer's rows (one exchange), and at the end the peers swap
// their own rows' bits, so that each holds the box's membership as one
// process's sweep finds it, and fits the same space.

// CompileShard is Compile run by peers together, each calling it with the
// same arguments: the search's sweep is cut among them (see above), and
// every peer returns the same Compiled, the whole space included; or,
// where the shape proves the positions (every tuple above a start), with
// no sweep and no exchange, the box's rows (Compiled.Rows) in place of
// the space, which each peer makes its shard of. Compiled.Sent is the
// bytes this peer handed the others.
func CompileShard(in *rules.Instance, opt positions.Options, peers positions.Peers, save SweepSave) (*shape.Compiled, string, error) {
	return compile(in, opt, peers, save)
}

// walkShards is the sharded sweep of run: walk visits the walk's rows
// from..to-1 on this peer, rows of rowCells cells each.
//
// With a checkpoint (the sweep's save) a peer saves within its walk when a
// save is due, and at its end: only the peer at work changes what it
// holds. A peer whose bits are a save's (loaded) goes on from its cursor
// (from), past its walk when the save has it done, and holds the marks
// of the peers before it already; the others are sent them again, the
// same marks, as every peer sends its marks at the end of its turn.
func (s *sweep) walkShards(walk func(from, to int64) (string, error), rows, rowCells, from int64, loaded bool) (string, error) {
	peers := s.peers
	size, me := peers.Size(), peers.Rank()
	cut := func(k int) int64 { return rows * int64(k) / int64(size) }
	// cells is the cell range of the walk's rows of peer k.
	cells := func(k int) (lo, n int64) {
		a, b := cut(k), cut(k+1)
		if !s.c.Up {
			a, b = rows-b, rows-a
		}
		return a * rowCells, (b - a) * rowCells
	}
	var failed error // this peer's own
	for k := range size {
		send := make([][]byte, size)
		if k == me {
			var why string
			var err error
			if !loaded || from < cut(k+1) {
				why, err = walk(max(from, cut(k)), cut(k+1))
				if sv := s.save; sv != nil && why == "" && err == nil {
					err = sv.Save(cut(k+1), s.member, s.count, s.min, s.max) // its rows searched
				}
			}
			failed = err
			var msg []byte
			switch {
			case err != nil:
				msg = append([]byte{walkFailed}, err.Error()...)
			case why != "":
				msg = append([]byte{walkDeclined}, why...)
			}
			for j := range size {
				switch {
				case msg != nil:
					send[j] = msg
				case j > k:
					lo, n := cells(j)
					send[j] = appendBits([]byte{walkMarks}, s.member, lo, n)
				default:
					send[j] = []byte{walkMarks}
				}
				if j != me {
					s.sent += int64(len(send[j]))
				}
			}
		}
		recv, err := peers.Exchange(send)
		if err != nil {
			return "", err
		}
		msg := recv[k]
		if len(msg) == 0 {
			return "", fmt.Errorf("positions: rank %d ended its part of the search with no word", k)
		}
		switch msg[0] {
		case walkFailed:
			if k == me {
				return "", failed
			}
			return "", fmt.Errorf("rank %d stopped the search: %s", k, msg[1:])
		case walkDeclined:
			return string(msg[1:]), nil
		}
		if k < me && !loaded {
			lo, n := cells(me)
			if err := orBits(s.member, lo, n, msg[1:]); err != nil {
				return "", fmt.Errorf("positions: the marks rank %d sent: %w", k, err)
			}
		}
	}
	// every peer takes each one's rows of the box from it, and the counts
	return "", s.shareRows(cells)
}

// What a peer says when its walk of its rows ends.
const (
	walkMarks    = iota // the marks it made in the receiver's rows follow
	walkDeclined        // the game is not of the compiled shape after all: the reason follows
	walkFailed          // it stopped with an error: its message follows
)

// appendBits appends the n bits of b from bit lo, as little-endian words.
func appendBits(out []byte, b positions.Bitset, lo, n int64) []byte {
	w := positions.NewBitset(int(n))
	positions.CopyBits(w, 0, b, lo, n)
	for _, x := range w {
		out = binary.LittleEndian.AppendUint64(out, x)
	}
	return out
}

// orBits ors the n bits appendBits wrote into b from bit lo.
func orBits(b positions.Bitset, lo, n int64, msg []byte) error {
	words := (n + 63) / 64
	if int64(len(msg)) != 8*words {
		return fmt.Errorf("%d bytes for %d bits", len(msg), n)
	}
	w := make(positions.Bitset, words)
	for k := range w {
		w[k] = binary.LittleEndian.Uint64(msg[8*k:])
	}
	positions.CopyBits(b, lo, w, 0, n)
	return nil
}

// clearBits clears the n bits of b from bit lo.
func clearBits(b positions.Bitset, lo, n int64) {
	for n > 0 {
		k := min(n, 64-lo&63)
		mask := ^uint64(0)
		if k < 64 {
			mask = (1<<uint(k) - 1) << uint(lo&63)
		}
		b[lo>>6] &^= mask
		lo, n = lo+k, n-k
	}
}

// shareRows gives every peer each one's rows of the box (cells names the
// cells of peer k's rows) and the counts and bounds of the positions
// found, summed.
func (s *sweep) shareRows(cells func(k int) (lo, n int64)) error {
	peers := s.peers
	me := peers.Rank()
	lo, n := cells(me)
	var mine []byte
	mine = binary.AppendVarint(mine, int64(s.count))
	for k := range s.min {
		mine = binary.AppendVarint(binary.AppendVarint(mine, s.min[k]), s.max[k])
	}
	mine = appendBits(mine, s.member, lo, n)
	got, err := positions.AllGather(peers, mine)
	if err != nil {
		return err
	}
	for j := range got {
		if j != me {
			s.sent += int64(len(mine))
		}
	}
	s.count = 0
	for k := range s.min {
		s.min[k], s.max[k] = math.MaxInt64, math.MinInt64
	}
	for j, b := range got {
		count, m := binary.Varint(b)
		if m <= 0 {
			return fmt.Errorf("positions: rank %d sent a truncated count of positions", j)
		}
		b = b[m:]
		s.count += int(count)
		for k := range s.min {
			mn, m1 := binary.Varint(b)
			mx, m2 := binary.Varint(b[max(m1, 0):])
			if m1 <= 0 || m2 <= 0 {
				return fmt.Errorf("positions: rank %d sent a truncated box", j)
			}
			b = b[m1+m2:]
			if count > 0 {
				s.min[k], s.max[k] = min(s.min[k], mn), max(s.max[k], mx)
			}
		}
		if j == me {
			continue
		}
		lo, n := cells(j)
		clearBits(s.member, lo, n)
		if err := orBits(s.member, lo, n, b); err != nil {
			return fmt.Errorf("positions: the rows rank %d sent: %w", j, err)
		}
	}
	if s.count > s.opt.MaxPositions {
		return positions.OverCap(s.count, s.opt.MaxPositions)
	}
	return nil
}
