package table

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
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
	Game      *rules.Game
	Results   []*retro.Result
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
// only the made record at its end differs.
func Write(w io.Writer, g *rules.Game, results []*retro.Result, opt Options) error {
	if len(results) == 0 {
		return ErrNoResults
	}
	for k, r := range results {
		// A heap game is played, and solved, as its engine view.
		if v := r.Instance.Game; v != g && !(g.Sum && !v.Sum && bytes.Equal(v.Source, g.Source)) {
			return fmt.Errorf("result %d is not of game %s", k, g.File)
		}
	}
	rest, err := instanceBlocks(results)
	if err != nil {
		return err
	}
	blocks := append([]*block{gameBlock(g, len(results), opt.OpenWidth)}, rest...)
	h := Header{Magic: Magic, Version: Version, Blocks: uint32(len(blocks))}
	dir := make([]byte, len(blocks)*EntrySize)
	at := uint64(HeaderSize + len(dir))
	for k, b := range blocks {
		b.info.Offset = at
		b.info.Size = uint32(len(b.data))
		b.info.CRC = checksum(b.data)
		b.info.marshal(dir[k*EntrySize:])
		at += uint64(len(b.data))
	}
	h.End = at
	h.DirCRC = checksum(dir)
	if _, err := w.Write(h.marshal()); err != nil {
		return err
	}
	if _, err := w.Write(dir); err != nil {
		return err
	}
	for _, b := range blocks {
		if _, err := w.Write(b.data); err != nil {
			return err
		}
	}
	return writeMade(w, opt.Made)
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

// gameBlock holds the game text as given, stored as it is (so that the
// text can be read in the file itself), then the parameter ranges the
// instances were made with.
func gameBlock(g *rules.Game, instances int, openWidth int64) *block {
	var w wbuf
	w.str(g.File)
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

// inline tells whether an instance keeps its space and outcomes in its
// record: one with few positions, whose box (if dense) fits a space block.
func inline(r *retro.Result) bool {
	sd := r.Space.Data()
	return r.Len() <= inlineMax && (!sd.Dense || len(sd.Member) <= blockWords)
}

// instanceRecord describes one instance: its rule values, its space's
// shape, counts, starts and coloured sets; small instances also carry
// their space and outcomes.
func instanceRecord(w *wbuf, r *retro.Result) {
	d := r.Data()
	sd := r.Space.Data()
	n := r.Len()
	w.ints(r.Instance.Values)
	w.u(uint64(sd.Piles))
	w.u(uint64(sd.History))
	w.u(uint64(n))
	if sd.Dense {
		w.byte1(1)
		w.svals(sd.Lo)
		w.svals(sd.Size)
		w.u(uint64(len(sd.Member)))
	} else {
		w.byte1(0)
	}
	w.s(int64(r.Horizon()))
	flags := byte(0)
	if d.Unknown != nil {
		flags |= flagUnknown
	}
	if d.Depth != nil {
		flags |= flagDepth
	}
	if inline(r) {
		flags |= flagInline
	}
	w.byte1(flags)
	w.u(uint64(d.MoveCount))
	w.u(uint64(d.Edges))
	t := r.Tally()
	for o := retro.Win; o <= retro.Unknown; o++ {
		w.u(uint64(t[o]))
	}
	w.u(uint64(len(d.Starts)))
	at := 0
	for _, s := range d.Starts {
		w.ints(s.Params)
		w.s(int64(s.Index - at)) // starts come mostly in index order
		at = s.Index
	}
	w.u(uint64(len(d.Segments)))
	prev := 0
	for _, s := range d.Segments {
		w.byte1(byte(s.Outcome))
		w.s(int64(s.Layer - prev)) // layers come in order: small steps
		w.u(uint64(s.End - s.Start))
		prev = s.Layer
	}
	if flags&flagInline != 0 {
		hi := n
		if sd.Dense {
			hi = len(sd.Member)
		}
		w.bytes(shortest(spaceCandidates(&sd, 0, hi)))
		w.bytes(shortest(outcomeCandidates(&d, 0, n)))
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

// instanceBlocks makes the blocks of every instance: their records,
// gathered into chunks, then the space and outcome blocks of each
// instance too large to be inline, in instance order.
func instanceBlocks(results []*retro.Result) ([]*block, error) {
	var jobs []func() (*block, error)
	var w wbuf
	first := 0
	for k, r := range results {
		if len(w.b) == 0 {
			first = k
		}
		instanceRecord(&w, r)
		if len(w.b) >= chunkBytes || k == len(results)-1 {
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
	for k, r := range results {
		if !inline(r) {
			jobs = append(jobs, bigInstanceJobs(uint32(k), r)...)
		}
	}
	return runJobs(jobs)
}

// bigInstanceJobs make the space and outcome blocks of one instance.
func bigInstanceJobs(k uint32, r *retro.Result) []func() (*block, error) {
	d := r.Data()
	sd := r.Space.Data()
	n := r.Len()
	var jobs []func() (*block, error)
	if sd.Dense {
		for lo := 0; lo < len(sd.Member); lo += blockWords {
			hi := min(lo+blockWords, len(sd.Member))
			jobs = append(jobs, func() (*block, error) {
				return packed(KindSpace, k, uint64(lo), spaceCandidates(&sd, lo, hi))
			})
		}
	} else {
		for lo := 0; lo < n; lo += BlockPositions {
			hi := min(lo+BlockPositions, n)
			jobs = append(jobs, func() (*block, error) {
				return packed(KindSpace, k, uint64(lo), spaceCandidates(&sd, lo, hi))
			})
		}
	}
	for lo := 0; lo < n; lo += BlockPositions {
		hi := min(lo+BlockPositions, n)
		jobs = append(jobs, func() (*block, error) {
			return packed(KindOutcomes, k, uint64(lo), outcomeCandidates(&d, lo, hi))
		})
	}
	return jobs
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

// packed makes a block of the smallest of its candidate contents.
func packed(kind BlockKind, k uint32, first uint64, cands [][]byte) (*block, error) {
	data, codec, raw, err := packSmallest(cands)
	if err != nil {
		return nil, err
	}
	return &block{info: Entry{Kind: kind, Codec: codec, Instance: k, First: first, Raw: uint32(raw)}, data: data}, nil
}

// outcomeCandidates writes the outcomes of positions lo..hi-1 in each
// symbol encoding, followed by their depths when the result has them.
func outcomeCandidates(d *retro.Data, lo, hi int) [][]byte {
	syms := make([]uint64, hi-lo)
	for i := lo; i < hi; i++ {
		syms[i-lo] = symbol(d, i)
	}
	var cands [][]byte
	for _, enc := range []byte{encDelta, encRuns, encSets} {
		var w wbuf
		appendSymbols(&w, enc, syms)
		if d.Depth != nil {
			depth := make([]uint64, hi-lo)
			for i := lo; i < hi; i++ {
				depth[i-lo] = uint64(d.Depth[i])
			}
			appendSymbols(&w, encRuns, depth)
		}
		cands = append(cands, w.b)
	}
	return cands
}

// symbol packs the outcome and layer of position i (see encDelta).
func symbol(d *retro.Data, i int) uint64 {
	switch {
	case d.Win.Has(i):
		return 2 + 2*uint64(d.Layer[i])
	case d.Lose.Has(i):
		return 3 + 2*uint64(d.Layer[i])
	case d.Unknown != nil && d.Unknown.Has(i):
		return 1
	}
	return 0
}

// runJobs runs jobs on every core and returns their blocks in job order,
// or the error of the first job that failed.
func runJobs(jobs []func() (*block, error)) ([]*block, error) {
	out := make([]*block, len(jobs))
	errs := make([]error, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				out[j], errs[j] = jobs[j]()
			}
		}()
	}
	for j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
