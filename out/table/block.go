package table

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/klauspost/compress/zstd"

	"retro/positions"
)

// A block is compressed alone, so that reading one position decodes one
// block. Positions are cut into blocks of BlockPositions (a space's
// membership words into blocks of blockWords).
const (
	// BlockPositions is how many positions one outcome block covers.
	BlockPositions = 1 << 16
	blockWords     = 1 << 16 // membership words (64 cells each) per space block
)

var (
	zstdOnce sync.Once
	zenc     *zstd.Encoder
	zfast    *zstd.Encoder // the fastest level, to judge what the better one would make
	zdec     *zstd.Decoder
	zerr     error
)

// coders returns the shared zstd encoder and decoder; EncodeAll and
// DecodeAll may be called concurrently. The encoder's output depends only
// on its input and level, never on timing or cores.
func coders() (*zstd.Encoder, *zstd.Decoder, error) {
	zstdOnce.Do(func() {
		zenc, zerr = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBetterCompression),
			zstd.WithEncoderCRC(false), zstd.WithEncoderConcurrency(1), zstd.WithLowerEncoderMem(true))
		if zerr != nil {
			return
		}
		zfast, zerr = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest),
			zstd.WithEncoderCRC(false), zstd.WithEncoderConcurrency(1), zstd.WithLowerEncoderMem(true))
		if zerr != nil {
			return
		}
		zdec, zerr = zstd.NewReader(nil, zstd.WithDecoderMaxMemory(maxRaw), zstd.WithDecoderConcurrency(0))
	})
	return zenc, zdec, zerr
}

// pack compresses a block's content when that makes it smaller.
func pack(raw []byte, compress bool) ([]byte, Codec, error) {
	if !compress || len(raw) == 0 {
		return raw, CodecStored, nil
	}
	enc, _, err := coders()
	if err != nil {
		return nil, 0, err
	}
	z := enc.EncodeAll(raw, nil)
	if len(z) >= len(raw) {
		return raw, CodecStored, nil
	}
	return z, CodecZstd, nil
}

// packSmallest compresses each candidate content and keeps the smallest
// (the first among equals).
func packSmallest(cands [][]byte) ([]byte, Codec, int, error) {
	var best []byte
	var codec Codec
	raw := 0
	for _, c := range cands {
		z, cd, err := pack(c, true)
		if err != nil {
			return nil, 0, 0, err
		}
		if best == nil || len(z) < len(best) {
			best, codec, raw = z, cd, len(c)
		}
	}
	return best, codec, raw, nil
}

// unpack checks a block against its directory entry and decodes it.
func unpack(e *Entry, stored []byte) ([]byte, error) {
	if checksum(stored) != e.CRC {
		return nil, ErrChecksum
	}
	if e.Codec == CodecStored {
		return stored, nil
	}
	_, dec, err := coders()
	if err != nil {
		return nil, err
	}
	// The size the entry claims is checked after decoding, not trusted
	// before: the buffer starts at what the stored bytes can plausibly
	// give and grows with what they do give.
	raw, err := dec.DecodeAll(stored, make([]byte, 0, min(uint64(e.Raw), 16*uint64(len(stored))+4096)))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if len(raw) != int(e.Raw) {
		return nil, fmt.Errorf("%w: %d bytes decoded, want %d", ErrCorrupt, len(raw), e.Raw)
	}
	return raw, nil
}

// wbuf builds a block's content.
type wbuf struct{ b []byte }

func (w *wbuf) u(v uint64)      { w.b = binary.AppendUvarint(w.b, v) }
func (w *wbuf) s(v int64)       { w.b = binary.AppendVarint(w.b, v) }
func (w *wbuf) byte1(v byte)    { w.b = append(w.b, v) }
func (w *wbuf) bytes(p []byte)  { w.u(uint64(len(p))); w.b = append(w.b, p...) }
func (w *wbuf) str(s string)    { w.u(uint64(len(s))); w.b = append(w.b, s...) }
func (w *wbuf) ints(vs []int64) { w.u(uint64(len(vs))); w.svals(vs) }
func (w *wbuf) svals(vs []int64) {
	for _, v := range vs {
		w.s(v)
	}
}

// rbuf reads a block's content. The first error sticks: later reads
// return zeros, and err says what went wrong first.
type rbuf struct {
	b   []byte
	err error
}

func (r *rbuf) fail(format string, a ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, a...))
	}
	r.b = nil
}

func (r *rbuf) u() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail("bad number")
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *rbuf) s() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail("bad number")
		return 0
	}
	r.b = r.b[n:]
	return v
}

// n reads a count of at most max.
func (r *rbuf) n(max int, what string) int {
	v := r.u()
	if max < 0 || v > uint64(max) {
		r.fail("%d %s, at most %d", v, what, max)
		return 0
	}
	return int(v)
}

func (r *rbuf) byte1() byte {
	if len(r.b) == 0 {
		r.fail("content ends early")
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

func (r *rbuf) bytes() []byte {
	n := r.u()
	if n > uint64(len(r.b)) {
		r.fail("%d bytes, %d left", n, len(r.b))
		return nil
	}
	p := r.b[:n:n]
	r.b = r.b[n:]
	return p
}

func (r *rbuf) str() string { return string(r.bytes()) }

// ints reads a counted list of signed numbers; each takes a byte at least.
func (r *rbuf) ints() []int64 { return r.svals(r.n(len(r.b), "numbers")) }

func (r *rbuf) svals(n int) []int64 {
	if n > len(r.b) {
		r.fail("content ends early")
		return nil
	}
	vs := make([]int64, n)
	for k := range vs {
		vs[k] = r.s()
	}
	return vs
}

// end checks that the content was read to its end.
func (r *rbuf) end() error {
	if r.err == nil && len(r.b) != 0 {
		r.fail("%d bytes left over", len(r.b))
	}
	return r.err
}

// A symbol packs the outcome and layer of one position into a number:
// 0 for D, 1 for ?, 2+2·layer for W and 3+2·layer for L. Symbols are
// stored per block in one of three encodings, whichever compresses best.
const (
	encDelta = 1 // per position, the difference from the previous symbol (zigzag varint)
	encRuns  = 2 // runs of equal symbols: symbol, length−1
	encSets  = 3 // the commonest symbol, then for each other one a roaring set of offsets
)

// appendSymbols writes syms in encoding enc.
func appendSymbols(w *wbuf, enc byte, syms []uint64) {
	w.byte1(enc)
	switch enc {
	case encDelta:
		w.b = slices.Grow(w.b, len(syms))
		prev := uint64(0)
		for _, v := range syms {
			w.zigzag(int64(v - prev))
			prev = v
		}
	case encRuns:
		appendRuns(w, syms)
	case encSets:
		appendSets(w, syms)
	}
}

// zigzag appends v as a signed varint (w.s), a byte without a call when
// it fits in one, as most differences of neighbours do.
func (w *wbuf) zigzag(v int64) {
	if z := uint64(v<<1) ^ uint64(v>>63); z < 0x80 {
		w.b = append(w.b, byte(z))
		return
	}
	w.s(v)
}

// appendRuns writes syms as runs (encRuns, without its tag) and returns
// how many runs there are.
func appendRuns(w *wbuf, syms []uint64) int {
	runs := 0
	for k := 0; k < len(syms); runs++ {
		j := k + 1
		for j < len(syms) && syms[j] == syms[k] {
			j++
		}
		w.u(syms[k])
		w.u(uint64(j - k - 1))
		k = j
	}
	return runs
}

// appendSets writes syms as sets (encSets, without its tag): the
// commonest symbol (the least among equals), then each other symbol, in
// order, with the roaring set of its offsets. The sets are made a run
// of equal symbols at a time.
func appendSets(w *wbuf, syms []uint64) {
	counts := map[uint64]int{}
	for k := 0; k < len(syms); {
		j := k + 1
		for j < len(syms) && syms[j] == syms[k] {
			j++
		}
		counts[syms[k]] += j - k
		k = j
	}
	keys := make([]uint64, 0, len(counts))
	for v := range counts {
		keys = append(keys, v)
	}
	slices.Sort(keys)
	common := uint64(0)
	if len(keys) > 0 {
		common = keys[0]
	}
	for _, v := range keys {
		if counts[v] > counts[common] {
			common = v
		}
	}
	w.u(common)
	w.u(uint64(max(len(keys)-1, 0)))
	sets := map[uint64]*roaring.Bitmap{}
	for k := 0; k < len(syms); {
		j := k + 1
		for j < len(syms) && syms[j] == syms[k] {
			j++
		}
		if v := syms[k]; v != common {
			if sets[v] == nil {
				sets[v] = roaring.New()
			}
			sets[v].AddRange(uint64(k), uint64(j))
		}
		k = j
	}
	for _, v := range keys {
		if v == common {
			continue
		}
		b := sets[v]
		b.RunOptimize()
		data, _ := b.MarshalBinary() // writing to memory does not fail
		w.u(v)
		w.bytes(data)
	}
}

// readSymbols reads len(syms) symbols written by appendSymbols.
func readSymbols(r *rbuf, syms []uint64) {
	switch enc := r.byte1(); enc {
	case encDelta:
		b, prev := r.b, uint64(0)
		for k := range syms {
			var d int64
			if len(b) > 0 && b[0] < 0x80 { // most differences take one byte
				d = int64(b[0]>>1) ^ -int64(b[0]&1)
				b = b[1:]
			} else {
				v, n := binary.Varint(b)
				if n <= 0 {
					r.fail("bad number")
					return
				}
				d, b = v, b[n:]
			}
			prev += uint64(d)
			syms[k] = prev
		}
		r.b = b
	case encRuns:
		for k := 0; k < len(syms) && r.err == nil; {
			v := r.u()
			n := r.n(len(syms)-k-1, "repeats") + 1
			for end := k + n; k < end; k++ {
				syms[k] = v
			}
		}
	case encSets:
		readSets(r, syms)
	default:
		r.fail("unknown symbol encoding %d", enc)
	}
}

func readSets(r *rbuf, syms []uint64) {
	common := r.u()
	for k := range syms {
		syms[k] = common
	}
	seen := positions.NewBitset(len(syms))
	sets := r.n(len(syms), "sets")
	for range sets {
		v := r.u()
		data := r.bytes()
		if r.err != nil {
			return
		}
		b, err := readBitmap(data)
		if err != nil {
			r.fail("%v", err)
			return
		}
		it := b.Iterator()
		for it.HasNext() {
			k := int(it.Next())
			if k >= len(syms) || seen.Has(k) || v == common {
				r.fail("set of symbol %d holds offset %d", v, k)
				return
			}
			seen.Set(k)
			syms[k] = v
		}
	}
}

// readBitmap decodes and validates a serialized roaring bitmap. The
// decoder is another package's: a panic on hostile bytes is turned into
// an error here, so that a table never crashes its reader.
func readBitmap(data []byte) (b *roaring.Bitmap, err error) {
	defer func() {
		if p := recover(); p != nil {
			b, err = nil, fmt.Errorf("bad roaring bitmap: %v", p)
		}
	}()
	b = roaring.New()
	if err := b.UnmarshalBinary(data); err != nil {
		return nil, err
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	return b, nil
}

// Space blocks of a dense space hold membership words, as they are or as
// a roaring set of the members; those of a hashed space hold tuples.
const (
	encWords   = 1 // little-endian words
	encMembers = 2 // roaring set of the member cells, from the block's first word
	encBitRuns = 4 // lengths of the runs of non-members and members, alternating, from a non-member run
	encTuples  = 3 // per position: the change of every pile from the previous tuple, then the history
)

// wordCandidates returns the three encodings of a run of membership
// words: the words, the roaring set of the members, and the bit runs.
// The set is made from the runs, a range at a time.
func wordCandidates(words []uint64) [][]byte {
	a := wbuf{b: make([]byte, 0, 1+8*len(words))}
	a.byte1(encWords)
	for _, x := range words {
		a.b = binary.LittleEndian.AppendUint64(a.b, x)
	}
	runs := bitRuns(words)
	b := wbuf{}
	b.byte1(encMembers)
	bm := roaring.New()
	at := uint64(0)
	for k, run := range runs {
		if k%2 == 1 {
			bm.AddRange(at, at+run)
		}
		at += run
	}
	bm.RunOptimize()
	data, _ := bm.MarshalBinary()
	b.b = append(b.b, data...)
	c := wbuf{}
	c.byte1(encBitRuns)
	for _, run := range runs {
		c.u(run)
	}
	return [][]byte{a.b, b.b, c.b}
}

// bitRuns are the lengths of the runs of non-members and members of
// words, alternating, from a non-member run (empty if the first bit is a
// member); the last run ends at the last bit.
func bitRuns(words []uint64) []uint64 {
	var runs []uint64
	bit, run := uint64(0), uint64(0)
	for _, x := range words {
		if (bit == 0 && x == 0) || (bit == 1 && x == math.MaxUint64) {
			run += 64 // a whole word of the current run
			continue
		}
		for k := 0; k < 64; {
			same := x >> k // the bits from k, those equal to bit as zeros
			if bit == 1 {
				same = ^same
			}
			n := min(bits.TrailingZeros64(same), 64-k)
			run += uint64(n)
			if k += n; k < 64 {
				runs = append(runs, run)
				bit, run = 1-bit, 0
			}
		}
	}
	return append(runs, run)
}

// readWords reads len(words) membership words.
func readWords(r *rbuf, words []uint64) {
	switch enc := r.byte1(); enc {
	case encWords:
		if len(r.b) != 8*len(words) {
			r.fail("%d bytes for %d words", len(r.b), len(words))
			return
		}
		for k := range words {
			words[k] = binary.LittleEndian.Uint64(r.b[8*k:])
		}
		r.b = nil
	case encMembers:
		b, err := readBitmap(r.b)
		r.b = nil
		if err != nil {
			r.fail("%v", err)
			return
		}
		if !b.IsEmpty() && uint64(b.Maximum()) >= uint64(len(words))*64 {
			r.fail("member %d beyond %d words", b.Maximum(), len(words))
			return
		}
		clear(words)
		it := b.Iterator()
		for it.HasNext() {
			c := it.Next()
			words[c>>6] |= 1 << (c & 63)
		}
	case encBitRuns:
		clear(words)
		total, at, bit := uint64(len(words))*64, uint64(0), uint64(0)
		for len(r.b) > 0 && r.err == nil {
			run := r.u()
			if run > total-at {
				r.fail("runs of %d bits beyond %d", run, total)
				return
			}
			if bit == 1 {
				setRun(words, at, run)
			}
			at, bit = at+run, 1-bit
		}
		if at != total {
			r.fail("runs of %d bits, want %d", at, total)
		}
	default:
		r.fail("unknown space encoding %d", enc)
	}
}

// setRun sets n bits of words from bit at.
func setRun(words []uint64, at, n uint64) {
	for ; n > 0 && at%64 != 0; at, n = at+1, n-1 {
		words[at/64] |= 1 << (at % 64)
	}
	for ; n >= 64; at, n = at+64, n-64 {
		words[at/64] = math.MaxUint64
	}
	for ; n > 0; at, n = at+1, n-1 {
		words[at/64] |= 1 << (at % 64)
	}
}

// appendTuples writes the tuples and histories of positions, flat.
func appendTuples(w *wbuf, piles int, tuples []int64, hists []uint32) {
	t := newTupleWriter(w, piles)
	for k, h := range hists {
		t.add(tuples[k*piles:(k+1)*piles], uint64(h))
	}
}

// tupleWriter writes tuples one at a time as appendTuples does: each
// pile's step from the tuple before, then the history.
type tupleWriter struct {
	w    *wbuf
	prev []int64
}

func newTupleWriter(w *wbuf, piles int) *tupleWriter {
	w.byte1(encTuples)
	return &tupleWriter{w: w, prev: make([]int64, piles)}
}

func (t *tupleWriter) add(p []int64, h uint64) {
	for k, v := range p {
		t.w.s(v - t.prev[k])
		t.prev[k] = v
	}
	t.w.u(h)
}

// readTuples reads len(hists) tuples written by appendTuples.
func readTuples(r *rbuf, piles int, tuples []int64, hists []uint32) {
	if enc := r.byte1(); enc != encTuples {
		r.fail("unknown space encoding %d", enc)
		return
	}
	prev := make([]int64, piles)
	for k := range hists {
		for p := range piles {
			prev[p] += r.s()
			tuples[k*piles+p] = prev[p]
		}
		h := r.u()
		if h > math.MaxUint32 {
			r.fail("history value %d", h)
		}
		hists[k] = uint32(h)
	}
}
