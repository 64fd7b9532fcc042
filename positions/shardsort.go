package positions

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sort"

	"retro/rules"
)

// The end of a distributed search: the positions found are sorted among
// the peers (a sample sort of cells where the set is dense, of records
// otherwise), each moved to the peer of its index (RankShard), and each
// peer makes its shard's space from them.

// space sorts the positions found among the peers and makes this peer's
// shard of the space: dense or hashed as the whole set asks (isDense).
func (s *shardFinder) space() (*Space, error) {
	if s.tiles != nil {
		sp, err := s.tiledSpace()
		if sp != nil || err != nil {
			return sp, err
		}
		if err := s.toHash(); err != nil {
			return nil, err
		}
	}
	var ids []int32
	for id := range s.set.len() {
		if !s.gone[id] {
			ids = append(ids, int32(id))
		}
	}
	t := make([]int64, s.piles)
	lo, size := tightBox(s.piles, func(fn func(p []int64, h int)) {
		for _, id := range ids {
			h := s.set.tuple(id, t)
			fn(t, int(h))
		}
	})
	n, lo, size, err := wholeBox(s.peers, len(ids), lo, size)
	if err != nil {
		return nil, err
	}
	sp := &Space{game: s.g, box: box{piles: s.piles, hist: s.hist}, n: n}
	dense := s.Opt.Horizon < 0 && IsDense(sp.volume(size), n)
	slices.SortFunc(ids, s.set.compare)
	recs, err := s.sortAmong(ids, n)
	if err != nil {
		return nil, err
	}
	first, hi := RankShard(n, s.size, s.me)
	if len(recs) != hi-first {
		return nil, fmt.Errorf("positions: rank %d was sent %d positions of its shard of %d", s.me, len(recs), hi-first)
	}
	if dense { // no horizon, so the records are keys alone
		sp.lo, sp.size = lo, size
		cells := make([]uint64, len(recs))
		for k, r := range recs {
			hist, _, err := readKey(r, t)
			if err != nil {
				return nil, err
			}
			cells[k], _ = sp.cell(t, int(hist))
		}
		return s.denseShard(sp, first, cells)
	}
	sp.first, sp.held = first, len(recs)
	c := &cuts{me: s.me}
	var mine []byte
	if len(recs) > 0 {
		mine = recs[0][:keyLen(recs[0], s.piles)]
	}
	firsts, err := AllGather(s.peers, mine)
	if err != nil {
		return nil, err
	}
	for _, k := range firsts {
		if len(k) > 0 {
			c.live++
		}
	}
	sp.shard = c
	if s.Opt.Horizon >= 0 {
		s.depth = make([]uint32, len(recs))
		s.unexp = nil
	}
	h := &hashIndex{piles: s.piles, off: make([]uint64, 1, len(recs)+1)}
	for k, r := range recs {
		kl := keyLen(r, s.piles)
		h.data = append(h.data, r[:kl]...)
		h.off = append(h.off, uint64(len(h.data)))
		if s.Opt.Horizon >= 0 {
			d, m := binary.Uvarint(r[kl:])
			s.depth[k] = uint32(d)
			if r[kl+m] != 0 {
				s.unexp = append(s.unexp, int32(first+k))
			}
		}
	}
	h.rehash(tableSize(h.len()))
	sp.index = h
	c.keys = firsts[:c.live]
	return sp, nil
}

// tiledSpace makes the shard's space of positions kept in tiles when
// they are dense (nil otherwise, leaving them): their cells in the whole
// set's tight box are sorted among the peers (sortCells), and the
// shard's membership bits set from those of its own.
func (s *shardFinder) tiledSpace() (*Space, error) {
	for _, c := range s.deadC {
		s.tiles.remove(c)
	}
	s.deadC = nil
	t := make([]int64, s.piles)
	lo, size := tightBox(s.piles, func(fn func(p []int64, h int)) {
		s.tiles.each(func(c uint64) { fn(t, s.tl.decode(c, t)) })
	})
	n, lo, size, err := wholeBox(s.peers, s.tiles.count, lo, size)
	if err != nil {
		return nil, err
	}
	sp := &Space{game: s.g, box: box{piles: s.piles, hist: s.hist, lo: lo, size: size}, n: n, dense: true}
	if !IsDense(sp.volume(size), n) {
		return nil, nil
	}
	cells := make([]uint64, 0, s.tiles.count)
	s.tiles.each(func(c uint64) {
		cell, _ := sp.cell(t, s.tl.decode(c, t))
		cells = append(cells, cell)
	})
	s.tiles = nil
	if cells, err = s.sortCells(cells, n); err != nil {
		return nil, err
	}
	first, hi := RankShard(n, s.size, s.me)
	if len(cells) != hi-first {
		return nil, fmt.Errorf("positions: rank %d was sent %d positions of its shard of %d", s.me, len(cells), hi-first)
	}
	return s.denseShard(sp, first, cells)
}

// denseShard makes sp, a space whose box is set, this peer's dense shard:
// the positions first.., whose cells (ascending) are cells. The peers
// share the cells of their first positions, which say whose any cell is.
func (s *shardFinder) denseShard(sp *Space, first int, cells []uint64) (*Space, error) {
	var mine []byte
	if len(cells) > 0 {
		mine = binary.LittleEndian.AppendUint64(nil, cells[0])
	}
	firsts, err := AllGather(s.peers, mine)
	if err != nil {
		return nil, err
	}
	firstCells, err := readCells(firsts)
	if err != nil {
		return nil, err
	}
	c := &cuts{me: s.me, cells: firstCells, live: len(firstCells), words: int((sp.volume(sp.size) + 63) / 64)}
	if len(cells) > 0 {
		c.wordLo = int(cells[0] >> 6)
		base := uint64(c.wordLo) << 6
		sp.member = NewBitset(int(cells[len(cells)-1] + 1 - base))
		for _, cell := range cells {
			sp.member.Set(int(cell - base))
		}
	}
	sp.rank = shardRanks(sp.member, first)
	sp.dense, sp.first, sp.held, sp.shard = true, first, len(cells), c
	return sp, nil
}

// shardRanks is the rank directory of a shard's membership bits, counted
// from the shard's first position.
func shardRanks(member Bitset, first int) ranks {
	rank, _ := rankDirectory(member)
	return rank.shifted(first)
}

// sortCells sorts the cells of every peer among the peers, as sortAmong
// sorts records, and returns this peer's shard of them, RankShard of n.
func (s *shardFinder) sortCells(cells []uint64, n int) ([]uint64, error) {
	const samples = 32
	slices.Sort(cells)
	var mine []byte
	for j := range samples {
		if len(cells) > 0 {
			mine = binary.LittleEndian.AppendUint64(mine, cells[j*len(cells)/samples])
		}
	}
	got, err := AllGather(s.peers, mine)
	if err != nil {
		return nil, err
	}
	all, err := readCells(got)
	if err != nil {
		return nil, err
	}
	slices.Sort(all)
	var split []uint64
	for r := 1; r < s.size && len(all) > 0; r++ {
		split = append(split, all[r*len(all)/s.size])
	}
	send := make([][]byte, s.size)
	for _, c := range cells {
		to, _ := slices.BinarySearch(split, c+1) // the splitters at most c
		send[to] = binary.LittleEndian.AppendUint64(send[to], c)
	}
	recv, err := s.exchange(send)
	if err != nil {
		return nil, err
	}
	if cells, err = readCells(recv); err != nil {
		return nil, err
	}
	slices.Sort(cells)
	at, err := s.before(len(cells))
	if err != nil {
		return nil, err
	}
	send = make([][]byte, s.size)
	for k, c := range cells {
		to := Owner(at+k, n, s.size)
		send[to] = binary.LittleEndian.AppendUint64(send[to], c)
	}
	if recv, err = s.exchange(send); err != nil {
		return nil, err
	}
	return readCells(recv)
}

// before is the sum of count over the peers of lower rank: where this
// peer's items start in the order of all.
func (s *shardFinder) before(count int) (int, error) {
	counts, err := AllGather(s.peers, binary.AppendUvarint(nil, uint64(count)))
	if err != nil {
		return 0, err
	}
	at := 0
	for r := range s.me {
		c, m := binary.Uvarint(counts[r])
		if m <= 0 {
			return 0, fmt.Errorf("positions: rank %d sent a malformed count", r)
		}
		at += int(c)
	}
	return at, nil
}

// readCells reads the cells the peers sent, 8 bytes each, in peer order.
func readCells(recv [][]byte) ([]uint64, error) {
	var out []uint64
	for r, b := range recv {
		if len(b)%8 != 0 {
			return nil, fmt.Errorf("positions: rank %d sent cells of %d bytes", r, len(b))
		}
		for ; len(b) >= 8; b = b[8:] {
			out = append(out, binary.LittleEndian.Uint64(b))
		}
	}
	return out, nil
}

// record is a position on its way to the peer of its index: its packed
// key, then, with a horizon, its depth and whether it is unexplored.
func (s *shardFinder) record(b []byte, id int32) []byte {
	b = append(b, s.set.key(id)...)
	if s.Opt.Horizon >= 0 {
		b = binary.AppendUvarint(b, uint64(s.deep[id]))
		flag := byte(0)
		if s.unexpl[id] {
			flag = 1
		}
		b = append(b, flag)
	}
	return b
}

// records cuts what the peers sent into records.
func (s *shardFinder) records(recv [][]byte) ([][]byte, error) {
	var out [][]byte
	t := make([]int64, s.piles)
	for _, b := range recv {
		for len(b) > 0 {
			_, rest, err := readKey(b, t)
			if err != nil {
				return nil, err
			}
			l := len(b) - len(rest)
			if s.Opt.Horizon >= 0 {
				_, m := binary.Uvarint(b[l:])
				if m <= 0 || l+m >= len(b) {
					return nil, fmt.Errorf("positions: a truncated position in a message")
				}
				l += m + 1
			}
			out = append(out, b[:l:l])
			b = b[l:]
		}
	}
	return out, nil
}

// sortAmong sorts the positions of every peer (ids, sorted here) among
// the peers and returns this peer's shard of them, RankShard of n, as
// records in index order. First a sample sort: every peer sends a few
// of its keys to all, which cut the key order into one range a peer;
// then each record goes on to the peer of its index.
func (s *shardFinder) sortAmong(ids []int32, n int) ([][]byte, error) {
	const samples = 32
	var mine []byte
	for j := range samples {
		if len(ids) > 0 {
			mine = append(mine, s.set.key(ids[j*len(ids)/samples])...)
		}
	}
	got, err := AllGather(s.peers, mine)
	if err != nil {
		return nil, err
	}
	var all [][]byte
	t := make([]int64, s.piles)
	for _, b := range got {
		for len(b) > 0 {
			_, rest, err := readKey(b, t)
			if err != nil {
				return nil, err
			}
			all = append(all, b[:len(b)-len(rest)])
			b = rest
		}
	}
	cmp := func(a, b []byte) int { return comparePacked(a, b, s.piles) }
	slices.SortFunc(all, cmp)
	var split [][]byte
	for r := 1; r < s.size && len(all) > 0; r++ {
		split = append(split, all[r*len(all)/s.size])
	}
	send := make([][]byte, s.size)
	for _, id := range ids {
		k := s.set.key(id)
		to := sort.Search(len(split), func(r int) bool { return cmp(split[r], k) > 0 })
		send[to] = s.record(send[to], id)
	}
	// The records are all the search holds now: let the rest go.
	s.set, s.gone, s.deep, s.unexpl, s.next, s.sentSet = nil, nil, nil, nil, nil, nil
	recv, err := s.exchange(send)
	if err != nil {
		return nil, err
	}
	recs, err := s.records(recv)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(recs, func(a, b []byte) int { return cmp(a, b) })
	at, err := s.before(len(recs))
	if err != nil {
		return nil, err
	}
	send = make([][]byte, s.size)
	for k, r := range recs {
		to := Owner(at+k, n, s.size)
		send[to] = append(send[to], r...)
	}
	if recv, err = s.exchange(send); err != nil {
		return nil, err
	}
	return s.records(recv)
}

// wholeBox sums the positions of the peers and joins their tight boxes.
func wholeBox(peers Peers, count int, lo, size []int64) (int, []int64, []int64, error) {
	var b []byte
	b = binary.AppendUvarint(b, uint64(count))
	for k := range lo {
		b = binary.AppendVarint(b, lo[k])
		b = binary.AppendVarint(b, lo[k]+size[k]-1)
	}
	got, err := AllGather(peers, b)
	if err != nil {
		return 0, nil, nil, err
	}
	n := 0
	glo, ghi := make([]int64, len(lo)), make([]int64, len(lo))
	for _, b := range got {
		c, m := binary.Uvarint(b)
		if m <= 0 {
			return 0, nil, nil, fmt.Errorf("positions: a truncated count in a message")
		}
		b = b[m:]
		for k := range lo {
			l, m1 := binary.Varint(b)
			h, m2 := binary.Varint(b[max(m1, 0):])
			if m1 <= 0 || m2 <= 0 {
				return 0, nil, nil, fmt.Errorf("positions: a truncated box in a message")
			}
			b = b[m1+m2:]
			if c > 0 && (n == 0 || l < glo[k]) {
				glo[k] = l
			}
			if c > 0 && (n == 0 || h > ghi[k]) {
				ghi[k] = h
			}
		}
		n += int(c)
	}
	return n, glo, Sides(glo, ghi), nil
}

// shardStarts finds the index of every start: each peer those it holds,
// which all peers then share.
func shardStarts(g *rules.Game, sp *Space, peers Peers, starts []rules.Start) ([]StartPos, error) {
	var mine []byte
	for k, st := range starts {
		if sp.mine(st.Piles, 0) {
			if i, ok := sp.Index(st.Piles, 0); ok {
				mine = binary.AppendUvarint(binary.AppendUvarint(mine, uint64(k)), uint64(i))
			}
		}
	}
	got, err := AllGather(peers, mine)
	if err != nil {
		return nil, err
	}
	index := make([]int, len(starts))
	for k := range index {
		index[k] = -1
	}
	for _, b := range got {
		for len(b) > 0 {
			k, m1 := binary.Uvarint(b)
			i, m2 := binary.Uvarint(b[max(m1, 0):])
			if m1 <= 0 || m2 <= 0 || k >= uint64(len(starts)) {
				return nil, fmt.Errorf("positions: a malformed start in a message")
			}
			index[k] = int(i)
			b = b[m1+m2:]
		}
	}
	ss := make([]StartPos, len(starts))
	for k, st := range starts {
		if index[k] < 0 {
			return nil, errNotEnumerated(g, st.Piles)
		}
		ss[k] = StartPos{Params: st.Params, Index: index[k]}
	}
	return ss, nil
}
