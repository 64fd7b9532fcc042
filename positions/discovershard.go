package positions

import (
	"fmt"
	"slices"

	"retro/rules"
)

// Discovery cut among peers (EnumerateShard): no peer holds every
// position. Each owns the positions of some tiles, or whose key hashes
// to it (shardFinder). The search goes level by level, each level in
// rounds: a peer follows the moves of its positions of the level, keeps
// the targets it owns and sends the others to their owners in one
// exchange a round; a sum then says whether any peer found a new one.
// The levels are the depths of a single search, so a horizon cuts the
// same positions. Then the positions are sorted among the peers (a
// sample sort, then each moved to the peer of its index, RankShard), and
// each peer makes its shard's space; the kind of space (dense or hashed)
// follows from the whole set as in one process (finder.space).

// shardFinder is one peer's part of a distributed search. A game of few
// piles keeps its positions in tiles (tileSet) while they are dense
// enough, as one process keeps them in a box; a position without a code,
// a horizon (which needs depths), or tiles grown too sparse put them in
// a hash index, on every peer at once.
type shardFinder struct {
	*finder
	peers    Peers
	me, size int
	tl       *tiling    // the codes of positions, which place them on their owners; nil for many piles
	tiles    *tileSet   // the positions this peer owns, while in tiles
	set      *hashIndex // the positions this peer owns, once hashed, in the order found
	gone     []bool     // ids of final positions reached by a move: ends
	deadC    []uint64   // the same in tiles: their codes
	deep     []uint32   // ids' depths, with a horizon
	unexpl   []bool     // ids left unexplored at the horizon
	send     [][]byte   // targets for each peer, packed keys
	sentSet  *hashIndex // the targets sent this level, each once
	sentT    *tileSet   // the same in tiles
	next     []uint64   // the next level: codes in tiles, ids once hashed
	pending  [][]byte   // positions without a code met in tiles, for the hash index
	sending  int        // bytes of send this round
	key      []byte
}

// discoverShard finds the positions of a game instance together with its
// peers and makes this peer's shard of the space. The finder it returns
// holds the shard's depths (indexed i-lo) and the unexplored positions.
func discoverShard(in *rules.Instance, opt Options, peers Peers) (*Space, *finder, []StartPos, error) {
	f, starts, err := prepare(in, opt)
	if err != nil {
		return nil, nil, nil, err
	}
	var sp *Space
	if f.isWholeBox() {
		sp, err = f.wholeBoxShard(peers)
	} else {
		s := &shardFinder{finder: f, peers: peers, me: peers.Rank(), size: peers.Size(), tl: newTiling(f.piles, f.hist)}
		if s.tl != nil && f.Opt.Horizon < 0 {
			s.tiles = newTileSet(s.tl)
		} else {
			s.set = newHashIndex(f.piles)
		}
		if err = s.search(starts); err == nil {
			sp, err = s.space()
		}
	}
	if err != nil {
		return nil, nil, nil, err
	}
	ss, err := shardStarts(in.Game, sp, peers, starts)
	return sp, f, ss, err
}

// wholeBoxShard is the shard's part of the space of every tuple of the
// [bounds] box, whose index is the cell: made without a search.
func (f *finder) wholeBoxShard(peers Peers) (*Space, error) {
	n := boxTuples(f.bounds)
	lo, hi := RankShard(n, peers.Size(), peers.Rank())
	if err := f.Opt.Afford("the box", hi-lo, int64(hi-lo)/8*2); err != nil {
		return nil, err
	}
	sp := &Space{game: f.g, box: box{piles: f.piles, hist: 1, lo: make([]int64, f.piles)}, dense: true, n: n}
	top := make([]int64, f.piles)
	for k, r := range f.bounds {
		sp.lo[k], top[k] = r.Lo, r.Hi
	}
	sp.size = Sides(sp.lo, top)
	c := &cuts{me: peers.Rank(), words: (n + 63) / 64}
	for r := range peers.Size() {
		if l, h := RankShard(n, peers.Size(), r); l < h {
			c.cells = append(c.cells, uint64(l))
			c.live++
		}
	}
	sp.member = NewBitset(hi - lo)
	for i := range hi - lo {
		sp.member.Set(i)
	}
	c.wordLo = lo / 64 // shards start at multiples of 64
	sp.rank = shardRanks(sp.member, lo)
	sp.first, sp.held, sp.shard = lo, hi-lo, c
	return sp, nil
}

// target is a position as the search looks it up: its code (coded false
// when it has none), its packed key when the set is hashed or it has no
// code, and the peer that owns it: by the tile of its code, or by the
// hash of its key (high bits: the low ones choose its slot).
type target struct {
	code  uint64
	coded bool
	key   []byte
	owner int
}

// locate makes the target of a position, its key in s.key's buffer
// (valid until the next locate).
func (s *shardFinder) locate(p []int64, h int) target {
	var t target
	if s.tl != nil {
		t.code, t.coded = s.tl.code(p, h)
	}
	if !t.coded || s.tiles == nil {
		s.key = pack(s.key[:0], p, uint32(h))
		t.key = s.key
	}
	if t.coded {
		t.owner = s.tl.tileOwner(t.code, s.size)
	} else {
		t.owner = int((hashBytes(t.key) >> 40) % uint64(s.size))
	}
	return t
}

// count is the positions this peer owns, final ones included.
func (s *shardFinder) count() int {
	if s.tiles != nil {
		return s.tiles.count
	}
	return s.set.len()
}

// has tells whether this peer, the target's owner, has found it.
func (s *shardFinder) has(t target) bool {
	if s.tiles == nil {
		_, id := s.set.slot(t.key)
		return id >= 0
	}
	return t.coded && s.tiles.has(t.code)
}

// add puts a target this peer owns in its set, for the next level when
// it is new.
func (s *shardFinder) add(t target, depth int) {
	if s.tiles != nil {
		if !t.coded {
			s.pending = append(s.pending, slices.Clone(t.key))
		} else if s.tiles.add(t.code) {
			s.next = append(s.next, t.code)
		}
		return
	}
	id, isNew := s.set.addKey(t.key)
	if !isNew {
		return
	}
	s.gone = append(s.gone, false)
	if s.Opt.Horizon >= 0 {
		s.deep = append(s.deep, uint32(depth))
		s.unexpl = append(s.unexpl, false)
	}
	s.next = append(s.next, uint64(id))
}

// sentBefore tells whether a target has been sent already this round,
// and notes that it has.
func (s *shardFinder) sentBefore(t target) bool {
	if t.coded {
		if s.sentT == nil {
			s.sentT = newTileSet(s.tl)
		}
		return !s.sentT.add(t.code)
	}
	if s.sentSet == nil {
		s.sentSet = newHashIndex(s.piles)
	}
	_, isNew := s.sentSet.addKey(t.key)
	return !isNew
}

// toHash moves the positions from tiles to a hash index, the level at
// hand with them, and adds those without a code.
func (s *shardFinder) toHash() error {
	p := make([]int64, s.piles)
	s.set = newHashIndex(s.piles)
	s.tiles.each(func(c uint64) {
		h := s.tl.decode(c, p)
		s.set.add(p, uint32(h))
		s.gone = append(s.gone, false)
	})
	for _, c := range s.deadC {
		h := s.tl.decode(c, p)
		s.gone[s.set.find(p, uint32(h))] = true
	}
	for k, c := range s.next {
		h := s.tl.decode(c, p)
		s.next[k] = uint64(s.set.find(p, uint32(h)))
	}
	s.tiles, s.deadC, s.sentT = nil, nil, nil
	for _, key := range s.pending {
		h, _, err := readKey(key, p)
		if err != nil {
			return err
		}
		s.add(s.locate(p, int(h)), 0) // no depths: tiles are never used under a horizon
	}
	s.pending = nil
	return nil
}

// search finds the positions, from the seeds (the starts, the extra
// positions, the [bounds] box: every peer lists them all and keeps those
// it owns) level by level.
func (s *shardFinder) search(starts []rules.Start) error {
	s.send = make([][]byte, s.size)
	seed := func(p []int64, h int) error {
		if len(p) != s.piles {
			return fmt.Errorf("a position of this game has %d piles, not %d", s.piles, len(p))
		}
		if t := s.locate(p, h); t.owner == s.me {
			s.add(t, 0)
		}
		return nil
	}
	for _, st := range starts {
		if err := seed(st.Piles, 0); err != nil {
			return err
		}
	}
	for _, e := range s.Opt.Extra {
		if err := seed(e.Piles, e.Hist); err != nil {
			return err
		}
	}
	if s.bounds != nil {
		if err := EachInBox(s.bounds, func(p []int64) error { return seed(p, 0) }); err != nil {
			return err
		}
	}
	p, t := make([]int64, s.piles), make([]int64, s.piles)
	for depth := 0; ; depth++ {
		var cells int64
		if s.tiles != nil {
			cells = s.tiles.cells()
		}
		tot, err := SumAll(s.peers, int64(s.count()), int64(len(s.next)), int64(len(s.pending)), cells)
		if err != nil {
			return err
		}
		if s.tiles != nil && (tot[2] > 0 || uint64(tot[3]) > growLimit(int(tot[0]))) {
			if err := s.toHash(); err != nil {
				return err
			}
		}
		if tot[0]+tot[2] > int64(s.Opt.MaxPositions) {
			return tooManyPositions(s.Opt.MaxPositions)
		}
		if err := s.Opt.Afford("finding the positions", s.count(), s.bytes()); err != nil {
			return err
		}
		if s.Opt.Progress != nil {
			s.Opt.Progress("positions", tot[0])
		}
		if tot[1]+tot[2] == 0 {
			break
		}
		// The level goes in rounds: a round ends when what this peer is to
		// send reaches searchBytes, so that the messages never take more.
		level := s.next
		s.next = nil
		for k := 0; ; {
			s.sentSet, s.sentT, s.sending = nil, nil, 0
			for ; k < len(level) && s.sending < searchBytes; k++ {
				if k&(1<<12-1) == 0 {
					if err := s.Opt.Stopped(); err != nil {
						return err
					}
				}
				if err := s.expand(level[k], p, depth); err != nil {
					return err
				}
			}
			recv, err := s.exchange(s.send)
			if err != nil {
				return err
			}
			s.send = make([][]byte, s.size) // the peers may still read the last ones
			for _, b := range recv {
				for len(b) > 0 {
					var h uint32
					if h, b, err = readKey(b, t); err != nil {
						return err
					}
					s.add(s.locate(t, int(h)), depth+1)
				}
			}
			left, err := SumAll(s.peers, int64(len(level)-k))
			if err != nil {
				return err
			}
			if left[0] == 0 {
				break
			}
		}
	}
	return s.meter.Flush()
}

// expand follows the moves of one position of the level at depth (a code
// in tiles, an id once hashed), as finder.expand does, sending each
// target it does not own to its owner.
func (s *shardFinder) expand(e uint64, p []int64, depth int) error {
	var h int
	if s.tiles != nil {
		h = s.tl.decode(e, p)
	} else {
		h = int(s.set.tuple(int32(e), p))
	}
	if depth == 0 { // only a start may be over already: a final row
		if end, err := s.m.End(p); err != nil || end {
			return err
		}
	}
	last, mylast := SplitHistory(s.g, h)
	s.moves.Reset()
	if err := s.m.Moves(p, last, mylast, &s.moves); err != nil {
		return err
	}
	if err := s.meter.Spend(s.moves.Len()); err != nil {
		return err
	}
	if s.moves.Len() == 0 {
		if depth > 0 { // final, reached by a move: an end, not a row
			if s.tiles != nil {
				s.deadC = append(s.deadC, e)
			} else {
				s.gone[e] = true
			}
		}
		return nil
	}
	if s.Opt.Horizon >= 0 && depth >= s.Opt.Horizon {
		if all, err := s.movesAllEnd(h); err != nil || !all {
			s.unexpl[e] = true
			return err
		}
	}
	for k := range s.moves.Len() {
		t := s.moves.To(k, s.piles)
		th := NextHistory(s.g, h, int(s.moves.Cmd[k]))
		at := s.locate(t, th)
		if at.owner == s.me && s.has(at) {
			continue
		}
		end, err := s.m.End(t)
		if err != nil {
			return err
		}
		if end {
			continue
		}
		if s.bounds != nil && !s.inBounds(t) {
			if err := s.outside(p, h, t, th, s.moves.Cmd[k]); err != nil {
				return err
			}
			continue
		}
		if at.owner == s.me {
			s.add(at, depth+1)
		} else if !s.sentBefore(at) {
			o, l := at.owner, len(s.send[at.owner])
			s.send[o] = pack(s.send[o], t, uint32(th))
			s.sending += len(s.send[o]) - l
		}
	}
	return nil
}

// searchBytes bound what a peer sends in a round of the search.
var searchBytes = 8 << 20

// exchange is Peers.Exchange, counting the bytes sent to the others.
func (s *shardFinder) exchange(send [][]byte) ([][]byte, error) {
	for r, b := range send {
		if r != s.me {
			s.sent += int64(len(b))
		}
	}
	return s.peers.Exchange(send)
}

// bytes is what the search holds: the set, its flags and the messages.
func (s *shardFinder) bytes() int64 {
	n := int64(cap(s.gone)+cap(s.unexpl)+4*cap(s.deep)+8*cap(s.next)+8*cap(s.deadC)) + int64(len(s.pending))*32
	for _, b := range s.send {
		n += int64(cap(b))
	}
	for _, h := range []*hashIndex{s.set, s.sentSet} {
		if h != nil {
			n += h.bytes()
		}
	}
	for _, t := range []*tileSet{s.tiles, s.sentT} {
		if t != nil {
			n += t.bytes()
		}
	}
	return n
}
