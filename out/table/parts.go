package table

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"slices"

	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// WriteParts writes, together with its peers, the table of a game whose
// instances were solved in parts (retro.SolveInstancePart). Every peer calls it
// with its parts of the same instances, in instance order. Each peer makes
// the outcome blocks that start among its positions, taking the start of
// a block that crosses into its shard from the peer before; space block
// j is made by peer j mod N, which the others send the words or tuples
// of it that they hold (gatherSpace), and the space of a small instance,
// in its record, is gathered on rank 0; rank 0 makes the game block and the instance
// records, gathers the blocks a peer at a time and writes the file to w
// (used on rank 0 only). The file is the same, byte for byte, as Write's
// of the whole results, whatever the number of peers. Once its blocks
// are made a peer lets its parts' outcomes go (Part.Release): the parts
// then tell their totals alone.
func WriteParts(w io.WriterAt, peers positions.Peers, g *rules.Game, parts []*retro.Part, opt Options) error {
	if len(parts) == 0 {
		return ErrNoResults
	}
	me := peers.Rank()
	srcs := make([]*source, len(parts))
	for k, p := range parts {
		if v := p.Instance.Game; v != g && !(g.Sum && !v.Sum && bytes.Equal(v.Source, g.Source)) {
			return fmt.Errorf("part %d is not of game %s", k, g.File)
		}
		srcs[k] = partSource(p)
	}
	inl, err := gatherInline(peers, srcs)
	if err != nil {
		return err
	}
	for _, s := range srcs {
		if !s.inline() {
			continue
		}
		if err := gatherSpace(peers, s, func(b spaceBlock) error {
			s.sd = *b.sd // on rank 0, the whole space
			return nil
		}); err != nil {
			return err
		}
	}
	var jobs []func() (*block, error)
	var keys []blockKey
	if me == 0 {
		jobs = append(jobs, func() (*block, error) { return gameBlock(g, len(parts), opt.OpenWidth), nil })
		keys = append(keys, blockKey{0, 0, 0})
		for j, job := range recordJobs(srcs, inl) {
			jobs = append(jobs, job)
			keys = append(keys, blockKey{0, 1, uint64(j)})
		}
	}
	for k, s := range srcs {
		if s.inline() {
			continue
		}
		if err := gatherSpace(peers, s, func(b spaceBlock) error {
			job := b.job(uint32(k))
			if b.sd.Dense { // made now: its words are let go
				made, err := job()
				if err != nil {
					return err
				}
				job = func() (*block, error) { return made, nil }
			}
			jobs = append(jobs, job)
			keys = append(keys, blockKey{1 + uint64(k), 0, uint64(b.first / spaceUnits(b.sd))})
			return nil
		}); err != nil {
			return err
		}
		from, err := handOver(peers, s)
		if err != nil {
			return err
		}
		for lo := (s.lo + BlockPositions - 1) / BlockPositions * BlockPositions; lo < s.hi; lo += BlockPositions {
			hi := min(lo+BlockPositions, s.n)
			jobs = append(jobs, outcomeJob(uint32(k), lo, func() ([]uint64, []uint64) {
				syms, depth := s.symbols(lo, min(hi, s.hi))
				for _, p := range from {
					if p.first >= s.hi && p.first < hi {
						syms = append(syms, p.syms...)
						if depth != nil {
							depth = append(depth, p.depth...)
						}
					}
				}
				return syms, depth
			}))
			keys = append(keys, blockKey{1 + uint64(k), 1, uint64(lo / BlockPositions)})
		}
	}
	entries, data, n, err := opt.peerBlocks(jobs)
	if err != nil {
		return err
	}
	for _, p := range parts { // their blocks are made: rank 0 gathers them without the outcomes
		p.Release()
	}
	return placeBlocks(w, peers, keys, entries, data, n, opt)
}

// placeBlocks has rank 0 lay the file out from the entries of every
// peer's blocks (keys orders them), and write the blocks as the peers
// hand them over (gather), then the made record.
func placeBlocks(w io.WriterAt, peers positions.Peers, keys []blockKey, entries []Entry, data io.ReaderAt, n int64, opt Options) error {
	me := peers.Rank()
	// Rank 0 places every block: each peer sends its entries.
	var mine []byte
	for j, e := range entries {
		mine = keys[j].append(mine)
		b := make([]byte, EntrySize)
		e.marshal(b)
		mine = append(mine, b...)
	}
	recv, err := positions.Gather(peers, 0, mine)
	if err != nil {
		return err
	}
	var places [][]uint64 // on rank 0: the offset of each block of each peer
	var end uint64
	var from Gathered
	if me == 0 {
		var head []byte
		if places, head, end, err = place(recv); err != nil {
			return err
		}
		if _, err := w.WriteAt(head, 0); err != nil {
			return err
		}
		from = Gathered{Head: checksum(head)}
		if opt.Gathered.Head == from.Head && opt.Gathered.Peer < len(recv) {
			from = gathered(w, opt.Gathered, recv, places)
		}
	}
	gt := &gather{w: w, peers: peers, data: data, n: n, entries: recv, places: places, sent: opt.Sent}
	if err := gt.from(from); err != nil {
		return err
	}
	if err := gt.run(); err != nil {
		return err
	}
	if me != 0 {
		return nil
	}
	return writeMade(io.NewOffsetWriter(w, int64(end)), opt.Made)
}

// gatherBytes is the most bytes of blocks a peer sends rank 0 at once (a
// variable for the tests, which cut the blocks into small pieces).
var gatherBytes int64 = 8 << 20

// gathered is where the gathering goes on from a save that says it stood
// at at: the first block, in peer order, that the save does not cover
// whole or that w does not hold as its entry's checksum says (w read
// back; from the start where it cannot be).
func gathered(w io.WriterAt, at Gathered, entries [][]byte, places [][]uint64) Gathered {
	rd, ok := w.(io.ReaderAt)
	if !ok {
		return Gathered{Head: at.Head}
	}
	var buf []byte
	for p := range at.Peer + 1 {
		off := int64(0)
		for j, place := range places[p] {
			e := unmarshalEntry(entries[p][j*keyedEntry+24:])
			if p == at.Peer && off+int64(e.Size) > at.Bytes {
				return Gathered{Peer: p, Bytes: off, Head: at.Head}
			}
			buf = slices.Grow(buf[:0], int(e.Size))[:e.Size]
			if _, err := rd.ReadAt(buf, int64(place)); err != nil || checksum(buf) != e.CRC {
				return Gathered{Peer: p, Bytes: off, Head: at.Head}
			}
			off += int64(e.Size)
		}
		if p == at.Peer {
			return Gathered{Peer: p, Bytes: off, Head: at.Head}
		}
	}
	return Gathered{Head: at.Head}
}

// gather hands rank 0 the bytes of every peer's blocks, data's n bytes,
// a peer at a time and at most gatherBytes at once, and rank 0 writes
// them to w at their places (its own straight from data): rank 0 holds a
// piece of a peer's blocks at a time, not the table. It goes on from
// where an earlier write stood (from), and tells sent after each piece.
type gather struct {
	w       io.WriterAt
	peers   positions.Peers
	data    io.ReaderAt
	n       int64
	entries [][]byte   // on rank 0: each peer's keyed entries
	places  [][]uint64 // on rank 0: where each of them goes
	sent    func(Gathered) error
	at      Gathered // where the gathering stands
}

// from has every peer go on from where rank 0 says the gathering stood.
func (g *gather) from(at Gathered) error {
	var b []byte
	if g.peers.Rank() == 0 {
		b = binary.AppendUvarint(binary.AppendUvarint(binary.AppendUvarint(nil, uint64(at.Peer)), uint64(at.Bytes)), uint64(at.Head))
	}
	got, err := positions.AllGather(g.peers, b)
	if err != nil {
		return err
	}
	rd := &rbuf{b: got[0]}
	g.at = Gathered{Peer: rd.n(g.peers.Size()-1, "ranks"), Bytes: int64(rd.u()), Head: uint32(rd.u())}
	if err := rd.end(); err != nil {
		return fmt.Errorf("table: where rank 0 stood in gathering the blocks: %w", err)
	}
	return nil
}

func (g *gather) run() error {
	me := g.peers.Rank()
	sizes, err := positions.AllGather(g.peers, binary.AppendUvarint(nil, uint64(g.n)))
	if err != nil {
		return err
	}
	for r := g.at.Peer; r < len(sizes); r++ {
		total, m := binary.Uvarint(sizes[r])
		if m <= 0 {
			return fmt.Errorf("table: rank %d sent a truncated size of its blocks", r)
		}
		var bw *blockWriter
		if me == 0 {
			bw = &blockWriter{w: g.w, entries: g.entries[r], at: g.places[r]}
		}
		off := int64(0)
		if r == g.at.Peer {
			off = min(g.at.Bytes, int64(total))
			if bw != nil {
				bw.skip(off)
			}
		}
		for ; off < int64(total); off += gatherBytes {
			if err := g.piece(r, off, int64(total), bw); err != nil {
				return err
			}
		}
		if bw != nil {
			if err := bw.done(); err != nil {
				return err
			}
		}
	}
	return nil
}

// piece hands rank 0 the bytes of peer r's blocks from off, of total.
func (g *gather) piece(r int, off, total int64, bw *blockWriter) error {
	me := g.peers.Rank()
	var b []byte
	if me == r {
		b = make([]byte, min(total-off, gatherBytes)) // not reused: peers in one process hand over the slice itself
		if _, err := g.data.ReadAt(b, off); err != nil {
			return fmt.Errorf("table: reading the blocks of rank %d back: %w", r, err)
		}
	}
	if r != 0 {
		got, err := positions.Gather(g.peers, 0, b)
		if err != nil {
			return err
		}
		if me == 0 {
			b = got[r]
		}
	}
	if bw == nil {
		return nil
	}
	if err := bw.write(b); err != nil {
		return err
	}
	if g.sent == nil {
		return nil
	}
	g.at.Peer, g.at.Bytes = r, off+int64(len(b))
	return g.sent(g.at)
}

// blockKey orders the blocks of a file: the game block and the records
// (0, 0 or 1, chunk), then instance k's space blocks (1+k, 0, block) and
// outcome blocks (1+k, 1, block).
type blockKey [3]uint64

func (k blockKey) append(b []byte) []byte {
	for _, v := range k {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	return b
}

const keyedEntry = 24 + EntrySize

// place orders the entries every peer sent and lays the file out: the
// offset of every peer's blocks, the header and directory, and the end of
// the checked part.
func place(recv [][]byte) ([][]uint64, []byte, uint64, error) {
	type ref struct {
		key     blockKey
		e       Entry
		peer, j int
	}
	var all []ref
	for r, b := range recv {
		if len(b)%keyedEntry != 0 {
			return nil, nil, 0, fmt.Errorf("table: rank %d sent block entries of %d bytes", r, len(b))
		}
		for j := 0; j < len(b)/keyedEntry; j++ {
			e := b[j*keyedEntry:]
			var key blockKey
			for c := range key {
				key[c] = binary.LittleEndian.Uint64(e[8*c:])
			}
			all = append(all, ref{key, unmarshalEntry(e[24:]), r, j})
		}
	}
	slices.SortFunc(all, func(a, b ref) int { return slices.Compare(a.key[:], b.key[:]) })
	entries := make([]Entry, len(all))
	for k, a := range all {
		entries[k] = a.e
	}
	head, end := layout(entries)
	places := make([][]uint64, len(recv))
	for r, b := range recv {
		places[r] = make([]uint64, len(b)/keyedEntry)
	}
	for k, a := range all {
		places[a.peer][a.j] = entries[k].Offset
	}
	return places, head, end, nil
}

// blockWriter writes the blocks of one peer, sent one after another in
// pieces of any size, at their places; entries are the peer's keyed
// entries, with their sizes.
type blockWriter struct {
	w       io.WriterAt
	entries []byte
	at      []uint64
	j       int    // the block at hand
	in      uint32 // its bytes written
}

func (bw *blockWriter) size() uint32 {
	return unmarshalEntry(bw.entries[bw.j*keyedEntry+24:]).Size
}

// write writes the next bytes of the peer's blocks.
func (bw *blockWriter) write(data []byte) error {
	for len(data) > 0 {
		if bw.j >= len(bw.at) {
			return fmt.Errorf("table: a peer sent %d bytes of blocks more than its entries say", len(data))
		}
		n := min(uint32(len(data)), bw.size()-bw.in)
		if _, err := bw.w.WriteAt(data[:n], int64(bw.at[bw.j]+uint64(bw.in))); err != nil {
			return err
		}
		data = data[n:]
		if bw.in += n; bw.in == bw.size() {
			bw.j, bw.in = bw.j+1, 0
		}
	}
	return nil
}

// skip passes over the first n bytes of the peer's blocks, written
// before.
func (bw *blockWriter) skip(n int64) {
	for n > 0 && bw.j < len(bw.at) {
		k := min(n, int64(bw.size()-bw.in))
		n -= k
		if bw.in += uint32(k); bw.in == bw.size() {
			bw.j, bw.in = bw.j+1, 0
		}
	}
}

// done checks that the peer sent every block its entries name.
func (bw *blockWriter) done() error {
	for bw.j < len(bw.at) && bw.in == 0 && bw.size() == 0 {
		bw.j++
	}
	if bw.j < len(bw.at) {
		return fmt.Errorf("table: a peer sent fewer bytes of blocks than its entries say")
	}
	return nil
}

// piece is the start of an outcome block that lies in another peer's
// shard: the symbols (and depths) of positions first.. .
type piece struct {
	first       int
	syms, depth []uint64
}

// handOver sends the peer that makes the outcome block in which this
// shard starts the symbols of the shard that block covers, and returns
// the pieces the peers sent this one.
func handOver(peers positions.Peers, s *source) ([]piece, error) {
	cuts, err := shardCuts(peers, s)
	if err != nil {
		return nil, err
	}
	send := make([][]byte, peers.Size())
	if s.lo < s.hi && s.lo%BlockPositions != 0 {
		start := s.lo / BlockPositions * BlockPositions
		to := 0
		for r, c := range cuts {
			if c[0] <= start && start < c[1] {
				to = r
			}
		}
		if to != peers.Rank() {
			syms, depth := s.symbols(s.lo, min(s.hi, start+BlockPositions))
			var w wbuf
			w.u(uint64(s.lo))
			appendValues(&w, syms, depth)
			send[to] = w.b
		}
	}
	recv, err := peers.Exchange(send)
	if err != nil {
		return nil, err
	}
	var out []piece
	for r, b := range recv {
		if len(b) == 0 {
			continue
		}
		rd := &rbuf{b: b}
		p := piece{first: int(rd.u())}
		p.syms, p.depth = readValues(rd, s.d.Depth != nil)
		if err := rd.end(); err != nil {
			return nil, fmt.Errorf("table: the outcomes rank %d handed over: %w", r, err)
		}
		out = append(out, p)
	}
	return out, nil
}

// shardCuts are the positions each peer holds of an instance, lo..hi-1:
// contiguous ranges in peer order, cut where the path that solved it cut
// them.
func shardCuts(peers positions.Peers, s *source) ([][2]int, error) {
	var w wbuf
	w.u(uint64(s.lo))
	w.u(uint64(s.hi))
	got, err := positions.AllGather(peers, w.b)
	if err != nil {
		return nil, err
	}
	cuts := make([][2]int, len(got))
	for r, b := range got {
		rd := &rbuf{b: b}
		cuts[r] = [2]int{rd.n(s.n, "positions"), rd.n(s.n, "positions")}
		if err := rd.end(); err != nil {
			return nil, fmt.Errorf("table: the shard of rank %d: %w", r, err)
		}
	}
	return cuts, nil
}

// gatherInline sends rank 0 the symbols of every inline instance that
// this peer holds, and returns, on rank 0, those of every position.
func gatherInline(peers positions.Peers, srcs []*source) ([][2][]uint64, error) {
	var w wbuf
	for _, s := range srcs {
		if s.inline() {
			syms, depth := s.symbols(s.lo, s.hi)
			appendValues(&w, syms, depth)
		}
	}
	recv, err := positions.Gather(peers, 0, w.b)
	if err != nil || peers.Rank() != 0 {
		return make([][2][]uint64, len(srcs)), err
	}
	out := make([][2][]uint64, len(srcs))
	for r, b := range recv {
		rd := &rbuf{b: b}
		for k, s := range srcs {
			if s.inline() {
				syms, depth := readValues(rd, s.d.Depth != nil)
				out[k][0] = append(out[k][0], syms...)
				if s.d.Depth != nil {
					out[k][1] = append(out[k][1], depth...)
				}
			}
		}
		if err := rd.end(); err != nil {
			return nil, fmt.Errorf("table: the inline outcomes of rank %d: %w", r, err)
		}
	}
	for k, s := range srcs {
		if s.inline() && len(out[k][0]) != s.n {
			return nil, fmt.Errorf("table: instance %d: the ranks sent %d outcomes of %d", k, len(out[k][0]), s.n)
		}
	}
	return out, nil
}

// appendValues writes symbols, and depths when there are any.
func appendValues(w *wbuf, syms, depth []uint64) {
	w.u(uint64(len(syms)))
	for _, v := range syms {
		w.u(v)
	}
	for _, v := range depth {
		w.u(v)
	}
}

// readValues reads what appendValues wrote.
func readValues(r *rbuf, hasDepth bool) (syms, depth []uint64) {
	n := r.n(len(r.b), "outcomes")
	syms = make([]uint64, n)
	for k := range syms {
		syms[k] = r.u()
	}
	if hasDepth {
		depth = make([]uint64, n)
		for k := range depth {
			depth[k] = r.u()
		}
	}
	return syms, depth
}

// spaceUnits is what a space block holds: membership words of a dense
// space, positions of a hashed one.
func spaceUnits(sd *positions.SpaceData) int {
	if sd.Dense {
		return blockWords
	}
	return BlockPositions
}

// gatherSpace sends the peer that makes each space block of an instance
// the part of it this peer holds, and hands each block this peer makes to
// made, in block order: a dense space's with the membership words of the
// block alone, a hashed one's with its tuples as the peers sent them
// (raw), encoded only when the block is made. Block j is made by peer j
// mod size; the whole space of an inline instance, one block, by rank 0,
// with its tuples decoded. The blocks go in rounds, blocks j·size to
// j·size + size - 1 in round j, so that a peer holds what it sends and
// receives of one block at a time, not of its whole shard.
func gatherSpace(peers positions.Peers, s *source, made func(spaceBlock) error) error {
	sd := &s.sd
	total, per := s.n, BlockPositions
	if sd.Dense {
		total, per = sd.Words, blockWords
	}
	size := peers.Size()
	maker := func(j int) int { return j % size }
	if s.inline() {
		per, maker = max(total, 1), func(int) int { return 0 }
	}
	blocks := (total + per - 1) / per
	rounds := (blocks + size - 1) / size
	if s.inline() {
		rounds = 1
	}
	for round := range rounds {
		lo, hi := round*size, min(round*size+size, blocks)
		if s.inline() {
			lo, hi = 0, 1
		}
		if err := gatherRound(peers, s, per, lo, hi, maker, made); err != nil {
			return err
		}
	}
	return nil
}

// roundParts are the parts of the space blocks lo..hi-1 (of per words or
// positions each) that this peer holds, as it sends them to each of size
// peers: to block j's maker, the block, where the part begins in it and
// how long it is, then its words or tuples.
func roundParts(s *source, size, per, lo, hi int, maker func(int) int) ([][]byte, error) {
	sd := &s.sd
	first, held := sd.First, 0
	if s.space != nil {
		a, b := s.space.Held()
		first, held = a, b-a
	}
	if sd.Dense {
		held, first = len(sd.Member), sd.WordLo
	}
	send := make([]wbuf, size)
	for j := max(lo, first/per); held > 0 && j < hi && j*per < first+held; j++ {
		a, b := max(first, j*per), min(first+held, (j+1)*per)
		w := &send[maker(j)]
		w.u(uint64(j))
		w.u(uint64(a - j*per))
		w.u(uint64(b - a))
		if sd.Dense {
			for u := a - first; u < b-first; u++ {
				w.u(sd.Member[u])
			}
			continue
		}
		if err := s.space.Walk(a, b, func(_ int, p []int64, h int) error {
			w.svals(p)
			w.u(uint64(h))
			return nil
		}); err != nil {
			return nil, err
		}
	}
	msgs := make([][]byte, size)
	for r := range send {
		msgs[r] = send[r].b
	}
	return msgs, nil
}

// gatherRound is gatherSpace's round of space blocks lo..hi-1, of per
// words or positions each.
func gatherRound(peers positions.Peers, s *source, per, lo, hi int, maker func(int) int, made func(spaceBlock) error) error {
	sd := &s.sd
	total := s.n
	if sd.Dense {
		total = sd.Words
	}
	msgs, err := roundParts(s, peers.Size(), per, lo, hi, maker)
	if err != nil {
		return err
	}
	recv, err := peers.Exchange(msgs)
	if err != nil {
		return err
	}
	var blocks []spaceBlock
	pieces := map[int][]spacePiece{}
	index := map[int]int{}
	block := func(j int) *spaceBlock {
		if k, ok := index[j]; ok {
			return &blocks[k]
		}
		n := min(per, total-j*per)
		b := spaceBlock{sd: &positions.SpaceData{Piles: sd.Piles, History: sd.History, Dense: sd.Dense,
			Lo: sd.Lo, Size: sd.Size, Words: sd.Words, WordLo: j * per, First: j * per}, hi: n, first: j * per}
		if sd.Dense {
			b.sd.Member = make(positions.Bitset, n)
		}
		index[j] = len(blocks)
		blocks = append(blocks, b)
		return &blocks[len(blocks)-1]
	}
	if s.inline() && peers.Rank() == 0 {
		block(0) // the whole space, even of no positions
	}
	for r, msg := range recv {
		rd := &rbuf{b: msg}
		for len(rd.b) > 0 && rd.err == nil {
			j := rd.n(max(0, (total-1)/per), "space blocks")
			if j < lo || j >= hi || maker(j) != peers.Rank() {
				rd.fail("space block %d sent to rank %d in the round of blocks %d..%d", j, peers.Rank(), lo, hi-1)
				break
			}
			b := block(j)
			at := rd.n(b.hi, "places in a block")
			n := rd.n(b.hi-at, "units of a block")
			if sd.Dense {
				for u := at; u < at+n && rd.err == nil; u++ {
					b.sd.Member[u] |= rd.u()
				}
				continue
			}
			start := rd.b
			for range n {
				rd.svals(sd.Piles)
				if rd.n(sd.History-1, "history values"); rd.err != nil {
					break
				}
			}
			pieces[j] = append(pieces[j], spacePiece{at, n, start[:len(start)-len(rd.b)]})
		}
		if err := rd.end(); err != nil {
			return fmt.Errorf("table: the space rank %d sent: %w", r, err)
		}
	}
	return joinBlocks(s, per, blocks, pieces, made)
}

// spacePiece is a run of the positions of a space block that one rank
// sent in a round: where it starts in the block, how many, and their
// bytes.
type spacePiece struct {
	at, n int
	raw   []byte
}

// joinBlocks puts the blocks of a round in order, joins the pieces of
// each hashed block (their runs must follow one another and fill it) and
// hands each to made.
func joinBlocks(s *source, per int, blocks []spaceBlock, pieces map[int][]spacePiece, made func(spaceBlock) error) error {
	sd := &s.sd
	slices.SortFunc(blocks, func(a, b spaceBlock) int { return a.first - b.first })
	for k := range blocks {
		b := &blocks[k]
		if !sd.Dense {
			ps := pieces[b.first/per]
			slices.SortFunc(ps, func(x, y spacePiece) int { return x.at - y.at })
			at := 0
			for _, p := range ps {
				if p.at != at {
					return fmt.Errorf("table: the ranks sent positions %d.. of a space block, want %d..", p.at, at)
				}
				b.raw = append(b.raw, p.raw...)
				at += p.n
			}
			if at != b.hi {
				return fmt.Errorf("table: the ranks sent %d positions of a space block of %d", at, b.hi)
			}
			if s.inline() { // the record needs the tuples themselves
				b.sd.Tuples, b.sd.Hists = make([]int64, b.hi*sd.Piles), make([]uint32, b.hi)
				rd := &rbuf{b: b.raw}
				for u := range b.hi {
					copy(b.sd.Tuples[u*sd.Piles:], rd.svals(sd.Piles))
					b.sd.Hists[u] = uint32(rd.u())
				}
				b.raw = nil
			}
		}
		if err := made(*b); err != nil {
			return err
		}
	}
	return nil
}
