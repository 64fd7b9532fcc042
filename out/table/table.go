package table

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// Table is a solved game as a table file holds it: the game, the results
// of its instances, and how it was made.
type Table struct {
	Game    *rules.Game
	Results []*retro.Result // nil when an instance is too large to rebuild whole (Whole)
	// Probes are the instances read a position at a time: the Results',
	// or, where they are nil, the file's, block by block (Load).
	Probes    []*retro.Probed
	Whole     error // why Results is nil (ErrTooLarge)
	OpenWidth int64 // values an open start parameter took (0: the default)
	Made      Made
	// MadeErr is set when the made record is missing or damaged. The
	// record is outside the checked part: the table itself is sound.
	MadeErr error
}

// Made says how a table was made. It follows the checked part of the
// file, so that it may differ between runs of the same game while the
// table stays byte for byte the same; checks and comparisons ignore it.
type Made struct {
	Engine    string        `json:"engine"`   // "retro" and its version
	Go        string        `json:"go"`       // the Go release it was built with
	Date      time.Time     `json:"date"`     // when the table was written
	SolveTime time.Duration `json:"solve_ns"` // time the solve took
	Cores     int           `json:"cores"`    // GOMAXPROCS of the solve
}

// Options are what Write records besides the results.
type Options struct {
	OpenWidth int64 // values an open start parameter took (0: the default)
	Made      Made
	// Progress, when set, is told as each block of the file is made how
	// many are: done of total (one call at a time, from the workers).
	Progress func(done, total int)
	// Written, for WriteAt, are the entries of the blocks an earlier
	// write of the same table left in the file (Placed told them), which
	// are kept where they check (resume.go).
	Written []Entry
	// Keep, for WriteParts, is the file that this peer's blocks go into,
	// one after another, as they are made, from those that Written says
	// it holds (nil: they are held in memory alone). Placed is told of
	// them as of WriteAt's.
	Keep Resumable
	// Placed, when set, is told by WriteAt, as each block is written at
	// its place, the entries of every block written so far, in file
	// order (the writer's slice: read it during the call); an error from
	// it stops the write.
	Placed func(entries []Entry) error
	// Gathered, for WriteParts on rank 0, is where an earlier write of the
	// same table into the same file stood when Sent last told it: the
	// blocks the peers handed rank 0 before it are in the file, and are
	// not sent again. Sent, when set, is told on rank 0 after each piece
	// of a peer's blocks is written where the gathering stands; an error
	// from it stops the write.
	Gathered Gathered
	Sent     func(at Gathered) error
}

// Gathered is how far rank 0 of WriteParts has written the peers'
// blocks into its file: every block of the peers before Peer, and Bytes of
// Peer's, of a file whose header and directory sum to Head (a file laid
// out otherwise gathers from the start).
type Gathered struct {
	Peer  int    `json:"peer"`
	Bytes int64  `json:"bytes"`
	Head  uint32 `json:"head"`
}

// counted is jobs, each telling opt.Progress when its block is made.
func (opt Options) counted(jobs []func() (*block, error)) []func() (*block, error) {
	return opt.countedFrom(jobs, 0)
}

// countedFrom is counted for the jobs of a file after its first skip,
// made already.
func (opt Options) countedFrom(jobs []func() (*block, error), skip int) []func() (*block, error) {
	if opt.Progress == nil {
		return jobs[skip:]
	}
	var mu sync.Mutex
	done := skip
	out := make([]func() (*block, error), len(jobs)-skip)
	for k, job := range jobs[skip:] {
		out[k] = func() (*block, error) {
			b, err := job()
			mu.Lock()
			done++
			opt.Progress(done, len(jobs))
			mu.Unlock()
			return b, err
		}
	}
	return out
}

// madeMagic starts the made record, after the checked part of a file.
var madeMagic = [8]byte{'R', 'T', 'B', 'M', 'A', 'D', 'E', '\n'}

// block is one block of a file being written.
type block struct {
	info Entry
	data []byte
}

// Write writes the results of a game's instances (all of one game,
// in its instance order; for a heap game, of its engine view, see
// rules.Instance.HeapView) as a table file. The file is the same, byte for
// byte, for the same game and results, whatever the number of cores;
// only the made record at its end differs. Write holds the whole file's
// compressed blocks until it writes them (the directory comes first);
// WriteAt, for a file, writes each block as it is made.
func Write(w io.Writer, g *rules.Game, results []*retro.Result, opt Options) error {
	jobs, err := fileJobs(g, results, opt)
	if err != nil {
		return err
	}
	blocks, err := runJobs(opt.counted(jobs))
	if err != nil {
		return err
	}
	entries := make([]Entry, len(blocks))
	for k, b := range blocks {
		b.seal()
		entries[k] = b.info
	}
	head, _ := layout(entries)
	if _, err := w.Write(head); err != nil {
		return err
	}
	for _, b := range blocks {
		if _, err := w.Write(b.data); err != nil {
			return err
		}
	}
	return writeMade(w, opt.Made)
}

// WriteAt is Write to a writer that places what it writes (a file): the
// blocks are made a few at a time, on every core, and each is written at
// its place as soon as those before it are, so the compressed table is
// never held whole; the header and the directory go in last, at the
// front. The bytes are Write's. With opt.Written, w must be Resumable:
// the blocks an earlier write left are checked and kept,
// and only the others are made (resume.go).
func WriteAt(w io.WriterAt, g *rules.Game, results []*retro.Result, opt Options) error {
	jobs, err := fileJobs(g, results, opt)
	if err != nil {
		return err
	}
	p, err := opt.placer(w, len(jobs), int64(HeaderSize+len(jobs)*EntrySize)) // where layout places the first block
	if err != nil {
		return err
	}
	if err := streamJobs(opt.countedFrom(jobs, len(p.entries)), p.put); err != nil {
		return err
	}
	entries := p.entries
	head, end := layout(entries)
	if _, err := w.WriteAt(head, 0); err != nil {
		return err
	}
	return writeMade(io.NewOffsetWriter(w, int64(end)), opt.Made)
}

// fileJobs are the jobs that make a file's blocks, in the file's order:
// the game block, then every instance's (instanceBlocks).
func fileJobs(g *rules.Game, results []*retro.Result, opt Options) ([]func() (*block, error), error) {
	if len(results) == 0 {
		return nil, ErrNoResults
	}
	for k, r := range results {
		// A heap game is played, and solved, as its engine view.
		if v := r.Instance.Game; v != g && !(g.Sum && !v.Sum && bytes.Equal(v.Source, g.Source)) {
			return nil, fmt.Errorf("result %d is not of game %s", k, g.File)
		}
	}
	game := func() (*block, error) { return gameBlock(g, len(results), opt.OpenWidth), nil }
	return append([]func() (*block, error){game}, instanceBlocks(results)...), nil
}

// seal sets the size and checksum of a block's entry.
func (b *block) seal() {
	b.info.Size = uint32(len(b.data))
	b.info.CRC = checksum(b.data)
}

// layout places sealed blocks one after another after the header and
// the directory: it sets their offsets and returns the header and the
// directory, and the end of the checked part.
func layout(entries []Entry) ([]byte, uint64) {
	h := Header{Magic: Magic, Version: Version, Blocks: uint32(len(entries))}
	dir := make([]byte, len(entries)*EntrySize)
	at := uint64(HeaderSize + len(dir))
	for k := range entries {
		if entries[k].First > math.MaxUint32 {
			h.Flags |= FlagWide // a position past 2^32 - 1
		}
		entries[k].Offset = at
		entries[k].marshal(dir[k*EntrySize:])
		at += uint64(entries[k].Size)
	}
	h.End = at
	h.DirCRC = checksum(dir)
	return append(h.marshal(), dir...), at
}

// writeMade writes the made record: its magic, length, checksum and JSON.
func writeMade(w io.Writer, m Made) error {
	js, err := json.Marshal(m)
	if err != nil {
		return err
	}
	rec := append([]byte(nil), madeMagic[:]...)
	rec = binary.LittleEndian.AppendUint32(rec, uint32(len(js)))
	rec = binary.LittleEndian.AppendUint32(rec, checksum(js))
	_, err = w.Write(append(rec, js...))
	return err
}

// gameBlock holds the game's file name and text as given, stored as they
// are (so that the text can be read in the file itself), then the
// parameter ranges the instances were made with. The name is the file's
// own, without the directory it was read from: the same game solved from
// two directories makes the same table. (Tables written before keep the
// name as given, which reads the same way.)
func gameBlock(g *rules.Game, instances int, openWidth int64) *block {
	var w wbuf
	w.str(filepath.Base(g.File))
	w.bytes(g.Source)
	w.u(uint64(len(g.Params)))
	for _, p := range g.Params {
		w.str(p.Name)
		w.s(p.Lo)
		w.s(p.Hi)
		open := byte(0)
		if p.Open {
			open = 1
		}
		w.byte1(open)
	}
	w.s(openWidth)
	w.u(uint64(instances))
	return &block{info: Entry{Kind: KindGame, Codec: CodecStored, Raw: uint32(len(w.b))}, data: w.b}
}

// Flags of an instance record.
const (
	flagUnknown = 1 << iota // the result has a set of ? positions
	flagDepth               // the result has a depth per position (a horizon)
	flagInline              // space and outcomes are in the record, not in blocks of their own
)

// Instances of at most inlineMax positions keep their space and outcomes
// in their record; records are gathered into instance blocks of about
// chunkBytes, so that a game of many small instances costs a few blocks.
const (
	inlineMax  = 4096
	chunkBytes = 1 << 18
)

// source is what the record and blocks of one instance are made of: a
// whole result, or one peer's part of it (see WriteParts). Its data holds
// the positions lo..hi-1, indexed i-lo; the counts are of the whole.
type source struct {
	values  []int64
	sd      positions.SpaceData
	n       int
	horizon int
	d       retro.Data
	lo, hi  int
	tally   map[retro.Outcome]int
	space   *positions.Space // a part's: its hashed tuples are read from it, not from sd
}

// resultSource is the source of a whole result. The tuples of a large
// hashed space are read from the space block by block, not unpacked
// (8 bytes a pile) all at once.
func resultSource(r *retro.Result) *source {
	s := &source{values: r.Instance.Values, sd: r.Space.Shape(), n: r.Len(), horizon: r.Horizon(),
		d: r.DataInPlace(), lo: 0, hi: r.Len(), tally: r.Tally(), space: r.Space}
	if s.inline() {
		s.sd = r.Space.Data()
	}
	return s
}

func partSource(p *retro.Part) *source {
	return &source{values: p.Instance.Values, sd: p.Space.Shape(), n: p.Len(), horizon: p.Horizon(),
		d: p.DataInPlace(), lo: p.Lo, hi: p.Hi, tally: p.Tally(), space: p.Space}
}

// inline tells whether an instance keeps its space and outcomes in its
// record: one with few positions, whose box (if dense) fits a space block.
func (s *source) inline() bool {
	return s.n <= inlineMax && (!s.sd.Dense || s.sd.Words <= blockWords)
}

// symbols are the symbols of positions lo..hi-1 (of those the source
// holds), in a buffer of the pool (releaseSymbols), and their depths when
// the result has them.
func (s *source) symbols(lo, hi int) (syms, depth []uint64) {
	syms = symbolBuffer(hi - lo)
	fillSymbols(&s.d, lo-s.lo, syms)
	if s.d.Release != nil {
		s.d.Release(lo-s.lo, hi-s.lo) // a spilled result's layers, read once
	}
	if s.d.Depth != nil {
		depth = make([]uint64, hi-lo)
		for i := lo; i < hi; i++ {
			depth[i-lo] = uint64(s.d.Depth[i-s.lo])
		}
	}
	return syms, depth
}

// instanceRecord describes one instance: its rule values, its space's
// shape, counts, starts and coloured sets; small instances also carry
// their space and outcomes (syms and depth: those of every position).
func instanceRecord(w *wbuf, s *source, syms, depth []uint64) {
	d := &s.d
	sd := &s.sd
	n := s.n
	w.ints(s.values)
	w.u(uint64(sd.Piles))
	w.u(uint64(sd.History))
	w.u(uint64(n))
	if sd.Dense {
		w.byte1(1)
		w.svals(sd.Lo)
		w.svals(sd.Size)
		w.u(uint64(sd.Words))
	} else {
		w.byte1(0)
	}
	w.s(int64(s.horizon))
	flags := byte(0)
	if d.Unknown != nil {
		flags |= flagUnknown
	}
	if d.Depth != nil {
		flags |= flagDepth
	}
	if s.inline() {
		flags |= flagInline
	}
	w.byte1(flags)
	w.u(uint64(d.MoveCount))
	w.u(uint64(d.Edges))
	for o := retro.Win; o <= retro.Unknown; o++ {
		w.u(uint64(s.tally[o]))
	}
	w.u(uint64(len(d.Starts)))
	at := 0
	for _, st := range d.Starts {
		w.ints(st.Params)
		w.s(int64(st.Index - at)) // starts come mostly in index order
		at = st.Index
	}
	w.u(uint64(len(d.Segments)))
	prev := 0
	for _, sg := range d.Segments {
		w.byte1(byte(sg.Outcome))
		w.s(int64(sg.Layer - prev)) // layers come in order: small steps
		w.u(uint64(sg.End - sg.Start))
		prev = sg.Layer
	}
	if flags&flagInline != 0 {
		hi := n
		if sd.Dense {
			hi = sd.Words
		}
		w.bytes(shortest(spaceCandidates(sd, 0, hi)))
		w.bytes(shortest(contents(outcomeCandidates(syms, depth))))
	}
}

// shortest is the shortest candidate content (the first among equals).
func shortest(cands [][]byte) []byte {
	best := cands[0]
	for _, c := range cands[1:] {
		if len(c) < len(best) {
			best = c
		}
	}
	return best
}

// instanceBlocks are the jobs that make the blocks of every instance:
// their records, gathered into chunks, then the space and outcome blocks
// of each instance too large to be inline, in instance order.
func instanceBlocks(results []*retro.Result) []func() (*block, error) {
	srcs := make([]*source, len(results))
	inl := make([][2][]uint64, len(results))
	for k, r := range results {
		srcs[k] = resultSource(r)
		if srcs[k].inline() {
			inl[k][0], inl[k][1] = srcs[k].symbols(0, srcs[k].n)
		}
	}
	jobs := recordJobs(srcs, inl)
	for k, s := range srcs {
		if !s.inline() {
			for _, b := range spaceBlocks(s) {
				jobs = append(jobs, b.job(uint32(k)))
			}
			for lo := 0; lo < s.n; lo += BlockPositions {
				jobs = append(jobs, outcomeJob(uint32(k), lo, func() ([]uint64, []uint64) {
					return s.symbols(lo, min(lo+BlockPositions, s.n))
				}))
			}
		}
	}
	return jobs
}

// recordJobs make the instance blocks: the records of every instance,
// gathered into chunks of about chunkBytes; inl holds the symbols and
// depths of the inline instances.
func recordJobs(srcs []*source, inl [][2][]uint64) []func() (*block, error) {
	var jobs []func() (*block, error)
	var w wbuf
	first := 0
	for k, s := range srcs {
		if len(w.b) == 0 {
			first = k
		}
		instanceRecord(&w, s, inl[k][0], inl[k][1])
		if len(w.b) >= chunkBytes || k == len(srcs)-1 {
			rec := wbuf{}
			rec.u(uint64(k + 1 - first))
			rec.b = append(rec.b, w.b...)
			f := uint64(first)
			jobs = append(jobs, func() (*block, error) {
				data, codec, err := pack(rec.b, true)
				return &block{info: Entry{Kind: KindInstance, Codec: codec, Instance: uint32(f), First: f,
					Raw: uint32(len(rec.b))}, data: data}, err
			})
			w.b = nil
		}
	}
	return jobs
}

// spaceBlock is one space block of an instance: membership words lo..hi-1
// of sd, a dense space, or the tuples of its positions lo..hi-1; first is
// the block's first word or position in the whole space.
type spaceBlock struct {
	sd            *positions.SpaceData
	lo, hi, first int
	raw           []byte           // or a hashed block's tuples as peers send them (gatherSpace)
	space         *positions.Space // or the hashed space to read them from, when sd has none
}

// spaceBlocks are the space blocks of an instance, in file order.
func spaceBlocks(s *source) []spaceBlock {
	var out []spaceBlock
	if s.sd.Dense {
		for lo := 0; lo < s.sd.Words; lo += blockWords {
			out = append(out, spaceBlock{sd: &s.sd, lo: lo, hi: min(lo+blockWords, s.sd.Words), first: lo})
		}
	} else {
		for lo := 0; lo < s.n; lo += BlockPositions {
			out = append(out, spaceBlock{sd: &s.sd, lo: lo, hi: min(lo+BlockPositions, s.n), first: lo, space: s.space})
		}
	}
	return out
}

func (b spaceBlock) job(k uint32) func() (*block, error) {
	return func() (*block, error) {
		if b.raw != nil {
			return packed(KindSpace, k, uint64(b.first), [][]byte{rawTuples(b.sd.Piles, b.raw, b.hi-b.lo)})
		}
		if !b.sd.Dense && b.sd.Tuples == nil && b.space != nil {
			var w wbuf
			t := newTupleWriter(&w, b.sd.Piles)
			err := b.space.Walk(b.lo, b.hi, func(_ int, p []int64, h int) error {
				t.add(p, uint64(h))
				return nil
			})
			if err != nil {
				return nil, err
			}
			return packed(KindSpace, k, uint64(b.first), [][]byte{w.b})
		}
		return packed(KindSpace, k, uint64(b.first), spaceCandidates(b.sd, b.lo, b.hi))
	}
}

// outcomeJob makes the outcome block of instance k that starts at
// position lo, of the symbols and depths that get gives (the symbols in
// a buffer of the pool, released once the block is made).
func outcomeJob(k uint32, lo int, get func() (syms, depth []uint64)) func() (*block, error) {
	return func() (*block, error) {
		syms, depth := get()
		cands := outcomeCandidates(syms, depth)
		data, codec, raw, err := packChosen(cands)
		releaseContents(cands)
		releaseSymbols(syms)
		if err != nil {
			return nil, err
		}
		return &block{info: Entry{Kind: KindOutcomes, Codec: codec, Instance: k, First: uint64(lo), Raw: uint32(raw)}, data: data}, nil
	}
}

// spaceCandidates writes part of a space in each of its encodings: the
// membership words lo..hi-1 of a dense space, or the tuples of positions
// lo..hi-1 of a hashed one.
func spaceCandidates(sd *positions.SpaceData, lo, hi int) [][]byte {
	if sd.Dense {
		return wordCandidates(sd.Member[lo:min(hi, len(sd.Member))])
	}
	var w wbuf
	appendTuples(&w, sd.Piles, sd.Tuples[lo*sd.Piles:hi*sd.Piles], sd.Hists[lo:hi])
	return [][]byte{w.b}
}

// rawTuples writes n tuples given as a peer sends them (each pile's value
// then the history, varints) as appendTuples writes them.
func rawTuples(piles int, raw []byte, n int) []byte {
	var w wbuf
	t := newTupleWriter(&w, piles)
	rd := &rbuf{b: raw}
	for range n {
		t.add(rd.svals(piles), rd.u())
	}
	return w.b
}

// packed makes a block of the smallest of its candidate contents.
func packed(kind BlockKind, k uint32, first uint64, cands [][]byte) (*block, error) {
	data, codec, raw, err := packSmallest(cands)
	if err != nil {
		return nil, err
	}
	return &block{info: Entry{Kind: kind, Codec: codec, Instance: k, First: first, Raw: uint32(raw)}, data: data}, nil
}

// runJobs runs jobs on every core and returns their blocks in job order,
// or the error of the first job that failed.
func runJobs(jobs []func() (*block, error)) ([]*block, error) {
	out := make([]*block, 0, len(jobs))
	err := streamJobs(jobs, func(b *block) error {
		out = append(out, b)
		return nil
	})
	return out, err
}

// streamJobs runs jobs on every core, at most a few jobs ahead of the
// first whose block is not handed on yet, and hands the blocks to put in
// job order. It stops at the first error, a job's or put's, and returns
// it once the jobs under way are done.
func streamJobs(jobs []func() (*block, error), put func(*block) error) error {
	workers := max(1, min(runtime.GOMAXPROCS(0), len(jobs)))
	window := 4 * workers
	type made struct {
		b   *block
		err error
	}
	ring := make([]chan made, window) // job j's block, in slot j mod window
	for i := range ring {
		ring[i] = make(chan made, 1)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				b, err := jobs[j]()
				ring[j%window] <- made{b, err}
			}
		}()
	}
	var first error
	taken := 0
	take := func() {
		m := <-ring[taken%window]
		taken++
		if first == nil {
			if first = m.err; first == nil {
				first = put(m.b)
			}
		}
	}
	sent := 0
	for ; sent < len(jobs) && first == nil; sent++ {
		if sent >= window {
			take() // frees the slot of job sent
		}
		if first == nil {
			next <- sent
		} else {
			break
		}
	}
	close(next)
	for taken < sent {
		take()
	}
	wg.Wait()
	return first
}
