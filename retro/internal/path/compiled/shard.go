package compiled

import (
	"encoding/binary"
	"errors"
	"fmt"
	"retro/retro/internal/cells"
	"retro/retro/internal/core"
	"retro/retro/internal/shape"
	"slices"
	"strings"
	"unsafe"

	"retro/positions"
	"retro/positions/spill"
	"retro/rules"
)

// The compiled path cut among peers (SolveShare). The peers
// find the positions together (CompileShard), each then holding
// the whole space's membership bits, or of a filled box the count of
// every row's positions alone (positions.BoxRows); the row sweep lets the
// whole space go for its shard's before the values are made (cutRows),
// the affine sweep asks whether a move into another peer's rows reaches a
// position, and keeps it. Then each owns a contiguous range of the
// box's rows, cut at row boundaries so that each keeps about 1/N of what
// the values and the rows' membership take, and values them in its turn:
// against the order of play, the peer of the last rows first. A row's
// moves read only rows later in play, of this peer or of peers whose turn
// is over; the peer at work fetches those of other peers (its requests and
// their answers, two exchanges a fetch, every peer taking part), and says
// when it is done:
// the row sweep (one-pile moves, one winner at every end) in batches of
// rows, whose moves into other rows are known a row at a time, the
// affine sweep a row when a move first reads it. Each peer's part is then
// its positions' outcomes and layers, made as the one-process result is
// (layersOf), in a shard of the space (Space.Shard), with the counts of
// the whole summed over the peers.

// shardFetch is what a batch of rows may fetch: about this many cells of
// other peers' rows.
const shardFetch = 1 << 18

// What the peer at work says to the others in a round of the value sweep.
const (
	sweepRows   = iota // the rows it wants of the receiver follow (maybe none); answers come next
	sweepDone          // its rows are valued
	sweepLayers        // the layers outgrew the cell values: every peer starts again with wider ones
	sweepFailed        // it stopped with an error: its message follows
)

// compiledShards is what a peer of a compiled solve in shards knows of
// the cut: the rows of each peer, and its own values.
type compiledShards[V cells.Value] struct {
	*shardRows
	peers    positions.Peers
	me       int
	from, to int64 // this peer's rows in the sweep's numbering (r0)
	fetched  int64 // bytes of values the others handed this peer at its asking, over all the runs
	searched int64 // bytes of positions it handed them while they were found, over all the runs
	cache    map[int64]span[V]
	vals     []V
	base     int64            // where vals[0] is among the values of every row
	sw       *simpleSweep[V]  // nil: the affine sweep
	cs       *compiledSave[V] // the checkpoint's, nil without one
}

// SolveShare is the compiled path in shards: nil and the reason
// where it does not take the game.
func SolveShare(in *rules.Instance, popt positions.Options, opt core.Options, peers positions.Peers) (*core.Share, string, bool, error) {
	c, why, err := CompileShard(in, popt, peers, sweepSave(opt))
	if err != nil || c == nil {
		return nil, why, true, err
	}
	if opt.Context != nil {
		if err := opt.Context.Err(); err != nil {
			return nil, "", false, err
		}
	}
	s := cells.NewSolver(c, in, opt, popt)
	cut := cutRows(c, peers, c.Simple != nil && s.WinConst)
	p, err := sweepShards[uint16](s, peers, cut)
	if _, deep := err.(cells.ErrLayers); deep {
		p, err = sweepShards[uint32](cells.NewSolver(c, in, opt, popt), peers, cut)
	}
	if err != nil {
		return nil, "", false, err
	}
	return p, "", false, nil
}

// shardRows is the cut of a compiled box's rows among peers: the rows
// and the positions of each, and this peer's shard of the space (nil
// until the part is made, where the sweep keeps the whole space).
type shardRows struct {
	spans          *cells.Spans
	rows, rowCells int64
	cut            []int64 // peer k owns rows cut[k]..cut[k+1]-1
	firsts         []int   // and positions firsts[k]..firsts[k+1]-1
	shard          *positions.Space
}

// cutRows cuts the rows of c's box among the peers (rowCuts). With own,
// the sweep reads the membership of this peer's rows only (the row sweep:
// a cell of another peer's row tells by its value whether it is a
// position), and c's space gives way to this peer's shard of it at once:
// the whole box's membership bits and rank directory are let go before
// the values are made, not kept on every peer to the end.
func cutRows(c *shape.Compiled, peers positions.Peers, own bool) *shardRows {
	if c.Rows != nil && !own { // the affine sweep reads the membership of every row
		c.Space, c.Rows = c.Rows.Whole(), nil
	}
	spans, rows, rowCells := boxRows(c)
	size, me := peers.Size(), peers.Rank()
	cut := rowCuts(spans, rows, rowCells, size)
	firsts := make([]int, size+1)
	for k := range size {
		if c.Rows != nil {
			firsts[k] = c.Rows.Before(cut[k])
		} else {
			firsts[k] = c.Space.Before(cut[k] * rowCells)
		}
	}
	t := &shardRows{spans: spans, rows: rows, rowCells: rowCells, cut: cut, firsts: firsts}
	switch {
	case c.Rows != nil:
		firsts[size] = c.Rows.Len()
		t.shard = c.Rows.Shard(me, firsts)
		c.Space, c.Rows = t.shard, nil
	case own:
		firsts[size] = c.Space.Len()
		t.shard = c.Space.Shard(me, firsts)
		c.Space = t.shard
	default:
		firsts[size] = c.Space.Len()
	}
	return t
}

// sweepShards values this peer's rows of a compiled box in its turn,
// serves the rows it holds to the peers after it, and makes its part.
func sweepShards[V cells.Value](s *cells.Solver, peers positions.Peers, cut *shardRows) (*core.Share, error) {
	c := s.C
	spans, rowCells := cut.spans, cut.rowCells
	t := &compiledShards[V]{shardRows: cut, peers: peers, me: peers.Rank(), cache: map[int64]span[V]{}, searched: c.Sent}
	size := peers.Size()
	t.from, t.to = t.cut[t.me], t.cut[t.me+1]
	if c.Up {
		t.from, t.to = t.rows-t.to, t.rows-t.from
	}
	// the turns: against the order of play
	order := make([]int, size)
	for k := range order {
		order[k] = k
		if c.Up {
			order[k] = size - 1 - k
		}
	}
	base, top := spans.Begin(t.cut[t.me]), spans.Begin(t.cut[t.me+1])
	var store *spill.Array[V]
	var err error
	turns := &sweepTurns{peers: peers, order: order, to: t.to}
	if s.Opt.Checkpoint != nil {
		if t.cs, err = checkpointed[V](s, top-base, turns, walkRegion(spans, t.rows, t.from, base, c.Up)); err != nil {
			return nil, err
		}
		store = t.cs.store
		t.resumeSent(c.Sent)
	} else if store, err = cells.Values[V](s, top-base, int(top-base)); err != nil { // as many positions at most as values
		return nil, err
	}
	if store != nil { // none: its part of the result is made, and no rank's turn is left
		t.vals = store.Slice()
	}
	t.base = base
	if c.Simple != nil && s.WinConst {
		end, _ := s.EndCode(s.T) // one winner: no rules asked
		if t.sw, err = newSimpleSweep(s, t.vals, spans, end, uint64(^V(0))); err != nil {
			return nil, err
		}
		t.sw.base = base
		t.sw.rowSpan = t.span
	}
	for _, at := range order[turns.first:] {
		switch {
		case at != t.me:
			err = t.serve(at)
		case t.sw != nil:
			err = t.work()
		default:
			err = t.workAffine(s, rowCells)
		}
		if err != nil {
			if store != nil {
				store.Close() // its memory, and its file's disk, for the sweep that follows
			}
			return nil, err
		}
	}
	t.cache = nil
	if t.cs != nil && !t.cs.valued() {
		if err := t.cs.done(s); err != nil {
			return nil, err
		}
	}
	return t.part(s)
}

// resumeSent starts the counts of bytes handed over from those of the
// last save of the sweep, if any, whether the sweep goes on from it or
// not (the positions were all found by then; searched, this run's, counts
// them when no save of the sweep was made), and has the saves record
// them. The values a rank fetches count where it receives them, in its
// turn, whose saves hold them; those fetched after its last save and
// before a stop are not counted, those fetched again after it are.
func (t *compiledShards[V]) resumeSent(searched int64) {
	if before := t.cs.sentBefore; len(before) == 2 {
		t.searched, t.fetched = before[0], before[1]
	} else {
		t.searched = searched
	}
	t.cs.sent = func() []int64 { return []int64{t.searched, t.fetched} }
}

// workAffine values this peer's rows by the affine sweep, fetching a row
// of another peer when a move first reads it (the rows fetched are let go
// when they pass shardFetch cells).
func (t *compiledShards[V]) workAffine(s *cells.Solver, rowCells int64) error {
	cells := int64(0)
	far := &farRows[V]{from: max(t.from, t.cs.from()), to: t.to, base: t.base, mine: t.mine, row: func(r int64) (span[V], error) {
		if sp, ok := t.cache[r]; ok {
			return sp, nil
		}
		if cells > shardFetch {
			clear(t.cache)
			cells = 0
		}
		if err := t.fetch([]int64{r}); err != nil {
			return span[V]{}, err
		}
		sp := t.cache[r]
		cells += int64(len(sp.v))
		return sp, nil
	}}
	if err := sweepAffine(s, t.vals, t.spans, nil, t.cs, rowCells, far); err != nil {
		return t.stop(err)
	}
	return t.done(s.Moves, s.Edges)
}

// done ends this peer's turn: it saves that its rows are valued, when it
// keeps checkpoints, and tells the others.
func (t *compiledShards[V]) done(moves, edges int64) error {
	if t.cs != nil {
		if err := t.cs.rows(t.to, moves, edges); err != nil {
			return t.stop(err)
		}
	}
	_, err := t.say(sweepDone, nil)
	return err
}

// rowCuts cuts the rows of a box among size peers at row boundaries, each
// about the same share of what its rows cost: the values the spans keep
// (2 bytes each) and the rows' membership bits and their rank directory
// (3 bytes every 16 cells of a row, whole rows). Where the positions fill
// a triangle, the peer of the short rows would otherwise keep as many
// values as the others and far more membership words.
func rowCuts(spans *cells.Spans, rows, rowCells int64, size int) []int64 {
	cost := func(r int64) int64 { return 32*spans.Begin(r) + 3*r*rowCells } // in sixteenths of a byte
	cut := make([]int64, size+1)
	for k := 1; k < size; k++ {
		want := cost(rows) / int64(size) * int64(k)
		lo, hi := cut[k-1], rows
		for lo < hi { // the first row that begins at want or later
			m := (lo + hi) / 2
			if cost(m) < want {
				lo = m + 1
			} else {
				hi = m
			}
		}
		cut[k] = lo
	}
	cut[size] = rows
	return cut
}

// owner is the peer that owns row r.
func (t *compiledShards[V]) owner(r int64) int {
	k, _ := slices.BinarySearch(t.cut, r+1)
	return k - 1
}

// mine tells whether row r is this peer's.
func (t *compiledShards[V]) mine(r int64) bool { return r >= t.cut[t.me] && r < t.cut[t.me+1] }

// span is the sweep's rowSpan: a row of this peer, or one fetched.
func (t *compiledShards[V]) span(r int64) span[V] {
	if t.mine(r) {
		return spanOf(t.spans, t.vals, t.base, r)
	}
	return t.cache[r]
}

// work values this peer's rows, row by row against the order of play, a
// batch of rows at a time: first it fetches the rows of other peers the
// batch reads that it does not hold yet, then it values the batch.
func (t *compiledShards[V]) work() error {
	sw, s := t.sw, t.sw.s
	// the sweep's rows r0 (row rows-1-r0 up, r0 down) of this peer
	to := t.to
	p := make([]int64, len(sw.size))
	var want []int64
	for r0 := max(t.from, t.cs.from()); r0 < to; {
		// the batch: rows r0..b-1
		want = want[:0]
		missing, cells := 0, int64(0)
		b := r0
		for ; b < to && (b == r0 || cells < shardFetch); b++ {
			r := b
			if sw.up {
				r = t.rows - 1 - b
			}
			decodeRow(r*sw.rowLen, sw.lo, sw.size, p)
			for gi := range sw.groups {
				g := &sw.groups[gi]
				for k := range g.other {
					o, _ := sw.outerRow(&g.other[k], p, r)
					if o < 0 || t.mine(o) || slices.Contains(want, o) {
						continue
					}
					want = append(want, o)
					if _, ok := t.cache[o]; !ok {
						lo, hi, _ := t.spans.Row(o)
						missing++
						cells += max(hi-lo+1, 0)
					}
				}
			}
		}
		for o := range t.cache {
			if !slices.Contains(want, o) {
				delete(t.cache, o)
			}
		}
		if missing > 0 {
			if err := t.fetch(want); err != nil {
				return err
			}
		}
		for ; r0 < b; r0++ {
			if r0&255 == 0 {
				if err := s.Check(); err != nil {
					return t.stop(err)
				}
			}
			if err := t.cs.row(s, r0, sw.moves, sw.edges); err != nil {
				return t.stop(err)
			}
			if err := sw.row(p, r0); err != nil {
				return t.stop(err)
			}
		}
		s.Moves, s.Edges = sw.moves, sw.edges
	}
	if err := s.Check(); err != nil {
		return t.stop(err)
	}
	return t.done(sw.moves, sw.edges)
}

// say sends every other peer what this one says, and rows[o] to peer o
// (the requests of a fetch).
func (t *compiledShards[V]) say(what byte, rows [][]byte) ([][]byte, error) {
	send := make([][]byte, t.peers.Size())
	for o := range send {
		send[o] = []byte{what}
		if rows != nil {
			send[o] = append(send[o], rows[o]...)
		}
	}
	return t.peers.Exchange(send)
}

// stop tells the other peers that this one stopped with err, and returns
// it.
func (t *compiledShards[V]) stop(err error) error {
	what, msg := byte(sweepFailed), []byte(err.Error())
	if _, deep := err.(cells.ErrLayers); deep {
		what, msg = sweepLayers, nil
	}
	send := make([][]byte, t.peers.Size())
	for o := range send {
		send[o] = append([]byte{what}, msg...)
	}
	if _, xerr := t.peers.Exchange(send); xerr != nil {
		return errors.Join(err, xerr)
	}
	return err
}

// fetch asks the owners of the rows of want that are not fetched yet for
// their values, and keeps them.
func (t *compiledShards[V]) fetch(want []int64) error {
	ask := make([][]byte, t.peers.Size())
	var asked [][]int64 = make([][]int64, t.peers.Size())
	for _, o := range want {
		if _, ok := t.cache[o]; ok {
			continue
		}
		k := t.owner(o)
		ask[k] = binary.AppendUvarint(ask[k], uint64(o))
		asked[k] = append(asked[k], o)
	}
	if _, err := t.say(sweepRows, ask); err != nil {
		return err
	}
	got, err := t.peers.Exchange(make([][]byte, t.peers.Size()))
	if err != nil {
		return err
	}
	width := int(unsafe.Sizeof(V(0)))
	for k, rows := range asked {
		b := got[k]
		t.fetched += int64(len(b)) // counted here, in the turn whose saves hold it
		for _, o := range rows {
			lo, hi, _ := t.spans.Row(o)
			n := int(max(hi-lo+1, 0))
			if len(b) < n*width {
				return fmt.Errorf("retro: rank %d sent %d bytes of values, fewer than the rows asked of it", k, len(got[k]))
			}
			vals := make([]V, n)
			readCells(vals, b)
			b = b[n*width:]
			t.cache[o] = span[V]{lo: lo, hi: hi, at: -lo, row: o, v: vals}
		}
		if len(b) != 0 {
			return fmt.Errorf("retro: rank %d sent %d bytes of values more than the rows asked of it", k, len(b))
		}
	}
	return nil
}

// serve answers the peer at work, at, until it says it is done: with the
// values of the rows of this peer it asks for.
func (t *compiledShards[V]) serve(at int) error {
	for {
		recv, err := t.peers.Exchange(make([][]byte, t.peers.Size()))
		if err != nil {
			return err
		}
		msg := recv[at]
		if len(msg) == 0 {
			return fmt.Errorf("retro: rank %d said nothing in the compiled sweep", at)
		}
		switch msg[0] {
		case sweepDone:
			return nil
		case sweepLayers:
			return cells.ErrLayers{}
		case sweepFailed:
			return fmt.Errorf("rank %d stopped the compiled sweep: %s", at, msg[1:])
		}
		var rows []span[V]
		size := 0
		for b := msg[1:]; len(b) > 0; {
			o, n := binary.Uvarint(b)
			if n <= 0 || !t.mine(int64(o)) {
				return fmt.Errorf("retro: rank %d asked for a row this rank does not hold", at)
			}
			b = b[n:]
			row := spanOf(t.spans, t.vals, t.base, int64(o))
			rows = append(rows, row)
			size += int(max(row.hi-row.lo+1, 0)) * int(unsafe.Sizeof(V(0)))
		}
		out := make([]byte, 0, size)
		for _, row := range rows {
			out = appendCells(out, row.v[row.at+row.lo:row.at+row.hi+1])
		}
		send := make([][]byte, t.peers.Size())
		send[at] = out
		if _, err := t.peers.Exchange(send); err != nil {
			return err
		}
	}
}

// part makes this peer's part from its values (vals[a-base] the value
// kept at a): the outcomes and layers of its positions, in its shard of
// the space, with the counts of the whole.
func (t *compiledShards[V]) part(s *cells.Solver) (*core.Share, error) {
	vals, base := t.vals, t.base
	c := s.C
	size := t.peers.Size()
	lo, hi := t.firsts[t.me], t.firsts[t.me+1]
	if t.shard == nil {
		t.shard = c.Space.Shard(t.me, t.firsts)
	}
	shard := t.shard
	r := core.NewTable(shard, c.Starts)
	r.MoveCount, r.Edges = s.Moves, s.Edges
	var count []int64
	if t.cs != nil {
		l, err := layersSaved(t.cs, shard, t.spans, base, lo, hi-lo, t.cut[t.me+1]*t.rowCells, s.OutcomesShown())
		if err != nil {
			return nil, err
		}
		r.Win, r.Lose, count = l.win, l.lose, l.count
		l.into(r)
	} else {
		r.Win, r.Lose = positions.NewBitset(hi-lo), positions.NewBitset(hi-lo)
		var n int
		count, n = cells.LayersOf(vals, shard, t.spans, base, t.cut[t.me]*t.rowCells, t.cut[t.me+1]*t.rowCells, r.Win, r.Lose, nil, s.OutcomesShown())
		if n != hi-lo {
			return nil, fmt.Errorf("compiled solve: %d values for the %d positions of rank %d", n, hi-lo, t.me)
		}
		layers := vals[:n:n]
		if len(vals) > 2*n {
			layers = slices.Clone(layers)
		}
		cells.SetLayers(r, layers)
	}
	r.Sets, _ = core.SegmentsByKey(count) // this shard's sets, as SolvePart's result has them
	c.Space = nil                         // each peer keeps its shard only
	head := []int64{s.Moves, s.Edges, t.searched, t.fetched}
	var mine []byte
	for _, v := range slices.Concat(head, count) {
		mine = binary.AppendVarint(mine, v)
	}
	got, err := positions.AllGather(t.peers, mine)
	if err != nil {
		return nil, err
	}
	var sum []int64
	for k, b := range got {
		for j := 0; len(b) > 0; j++ {
			v, m := binary.Varint(b)
			if m <= 0 {
				return nil, fmt.Errorf("retro: rank %d sent a truncated count", k)
			}
			b = b[m:]
			if j == len(sum) {
				sum = append(sum, 0)
			}
			sum[j] += v
		}
	}
	if len(sum) < len(head) {
		return nil, fmt.Errorf("retro: the ranks sent %d counts, want %d or more", len(sum), len(head))
	}
	head, count = sum[:len(head)], sum[len(head):]
	r.Path = shardedPath(compiledPath(c), size)
	sets, _ := core.SegmentsByKey(count)
	w := core.Whole{MoveCount: head[0], Edges: head[1], Sets: core.UnpackSegments(sets), Tally: map[core.Outcome]int{},
		Traffic: core.Traffic{Search: head[2], Colouring: head[3], Layers: len(count) - 1}}
	w.Shown = w.Sets
	for _, sg := range w.Sets {
		w.Tally[sg.Outcome] += sg.End - sg.Start
	}
	if s.Opt.Progress != nil {
		s.Opt.Progress(len(count)-2, shard.Len(), shard.Len())
	}
	return &core.Share{Table: r, Lo: lo, Hi: hi, Peers: size, Whole: w}, nil
}

// littleEndian tells whether this machine keeps its words little-endian,
// as the cell values go between peers: then they are copied as they lie.
var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// appendCells appends cell values, little-endian.
func appendCells[V cells.Value](out []byte, v []V) []byte {
	width := int(unsafe.Sizeof(V(0)))
	if littleEndian {
		if len(v) == 0 {
			return out
		}
		return append(out, unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), len(v)*width)...)
	}
	for _, x := range v {
		if width == 2 {
			out = binary.LittleEndian.AppendUint16(out, uint16(x))
		} else {
			out = binary.LittleEndian.AppendUint32(out, uint32(x))
		}
	}
	return out
}

// readCells reads len(v) cell values that appendCells wrote from b.
func readCells[V cells.Value](v []V, b []byte) {
	width := int(unsafe.Sizeof(V(0)))
	if littleEndian {
		if len(v) > 0 {
			copy(unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), len(v)*width), b)
		}
		return
	}
	for j := range v {
		if width == 2 {
			v[j] = V(binary.LittleEndian.Uint16(b[2*j:]))
		} else {
			v[j] = V(binary.LittleEndian.Uint32(b[4*j:]))
		}
	}
}

// shardedPath is the line of a path run in n shards: its name with ", in
// n shards", then what the path says of itself.
func shardedPath(line string, n int) string {
	name, rest, _ := strings.Cut(line, ":")
	return fmt.Sprintf("%s, in %d shards:%s", name, n, rest)
}
