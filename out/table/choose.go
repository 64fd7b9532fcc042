package table

import (
	"bytes"
	"sync"

	"retro/retro"
)

// Choosing the encoding of an outcome block. Compressing every encoding
// of every block with zstd's better level to keep the smallest cost more
// than the solve itself, and most encodings have no chance. The first
// encoding (deltas, the usual choice) is compressed; each other one only
// if it could come out smaller than the smallest compressed yet (best),
// judged in steps, each cheaper than the next:
//
//   - its content is under tryWithin times best: the runs of the
//     benchmark games' outcome blocks compress 2 to 4.7 times, well
//     under it. The sets are not even written unless they could pay:
//     their roaring sets barely compress (2.3 bytes a run on the exam
//     game's blocks), and take at least 2 bytes for every run of another
//     symbol than the commonest, nearly every run where the sets could
//     matter, so 2·(R−1) for a block of R runs stands for their content;
//   - a content over judgeAbove bytes is compressed at zstd's fastest
//     level first, a quarter of the better level's time: it is tried if
//     that, less a quarter, is under best (the better level saves about a
//     tenth on these contents);
//   - it is compressed at the better level, and kept if smaller.
//
// A block whose smallest compressed yet is judgeAbove bytes or less tries
// every encoding: they are cheap to try. A block whose encodings are all
// tried gets the encoding that compressing all of them chooses, the same
// bytes; blocks of few runs (one symbol, or a few) are such blocks. Where
// a step misjudges, the block is a little larger than it could be, never
// wrong.
const (
	tryWithin  = 8
	judgeAbove = 1 << 10
)

// candidate is one encoding of a block's content: made (content), or
// what stands for its size (least) and how to make it.
type candidate struct {
	content []byte
	least   int
	make    func() []byte
}

// packChosen compresses the candidates that could be smallest, in order,
// and keeps the smallest (the first among equals). The first is always
// compressed.
func packChosen(cands []candidate) (best []byte, codec Codec, raw int, err error) {
	for k, c := range cands {
		if k > 0 && !c.could(len(best)) {
			continue
		}
		z, cd, err := pack(c.content, true)
		if err != nil {
			return nil, 0, 0, err
		}
		if k == 0 || len(z) < len(best) {
			best, codec, raw = z, cd, len(c.content)
		}
	}
	if codec == CodecStored {
		best = bytes.Clone(best) // the content itself, whose buffer goes back to the pool
	}
	return best, codec, raw, nil
}

// could tells whether a candidate could compress to less than best bytes
// (see tryWithin), making its content if it is not made.
func (c *candidate) could(best int) bool {
	if best <= judgeAbove {
		if c.content == nil {
			c.content = c.make()
		}
		return true // cheap to try
	}
	if c.content == nil {
		if c.least >= best {
			return false
		}
		c.content = c.make()
	}
	if len(c.content) >= tryWithin*best {
		return false
	}
	if len(c.content) <= judgeAbove {
		return true
	}
	_, _, err := coders()
	if err != nil {
		return true // pack says why
	}
	fast := zfast.EncodeAll(c.content, nil)
	return len(fast)-len(fast)/4 < best
}

// outcomeCandidates writes the symbols of some positions in each symbol
// encoding, followed by their depths when the result has them; the sets
// are written only when packChosen tries them (see tryWithin). The
// contents of deltas and runs are buffers of the pool: releaseContents
// gives them back.
func outcomeCandidates(syms, depth []uint64) []candidate {
	var tail wbuf
	if depth != nil {
		appendSymbols(&tail, encRuns, depth)
	}
	delta := wbuf{b: contentBuffer(len(syms) + len(tail.b) + 16)}
	appendSymbols(&delta, encDelta, syms)
	runs := wbuf{b: contentBuffer(len(syms) + len(tail.b) + 16)}
	runs.byte1(encRuns)
	n := appendRuns(&runs, syms)
	sets := func() []byte {
		var w wbuf
		appendSymbols(&w, encSets, syms)
		return append(w.b, tail.b...)
	}
	return []candidate{
		{content: append(delta.b, tail.b...)},
		{content: append(runs.b, tail.b...)},
		{least: 2 * max(n-1, 0), make: sets},
	}
}

// contentPool holds buffers for the contents of outcome blocks.
var contentPool = sync.Pool{New: func() any { return new([]byte) }}

// contentBuffer is an empty buffer of the pool with room for n bytes.
func contentBuffer(n int) []byte {
	p := contentPool.Get().(*[]byte)
	if cap(*p) < n {
		*p = make([]byte, 0, n)
	}
	return (*p)[:0]
}

// releaseContents gives the buffers of outcomeCandidates back to the
// pool, once the block is compressed.
func releaseContents(cands []candidate) {
	for _, c := range cands[:2] {
		contentPool.Put(&c.content)
	}
}

// contents are the candidates' contents, each made.
func contents(cands []candidate) [][]byte {
	out := make([][]byte, len(cands))
	for k, c := range cands {
		if out[k] = c.content; out[k] == nil {
			out[k] = c.make()
		}
	}
	return out
}

// symbolPool holds the symbol buffers of outcome blocks being made, a
// block's worth each.
var symbolPool = sync.Pool{New: func() any { return new([]uint64) }}

// symbolBuffer is a buffer of n symbols from the pool; put it back with
// releaseSymbols once its block is made.
func symbolBuffer(n int) []uint64 {
	p := symbolPool.Get().(*[]uint64)
	if cap(*p) < n {
		*p = make([]uint64, n)
	}
	return (*p)[:n]
}

func releaseSymbols(syms []uint64) {
	symbolPool.Put(&syms)
}

// fillSymbols sets syms to the symbols of positions from.. of d (see
// symbol), a word of 64 positions at a time: a word with no W, L or ?
// position is all zeros.
func fillSymbols(d *retro.Data, from int, syms []uint64) {
	for k := 0; k < len(syms); {
		i := from + k
		w, b := i>>6, uint(i&63)
		n := min(64-int(b), len(syms)-k)
		win, lose := d.Win[w]>>b, d.Lose[w]>>b
		var unk uint64
		if d.Unknown != nil {
			unk = d.Unknown[w] >> b
		}
		out := syms[k : k+n]
		if win|lose|unk == 0 {
			clear(out)
		} else if d.Layer16 != nil {
			fillWord(out, win, lose, unk, d.Layer16[i:i+n])
		} else {
			fillWord(out, win, lose, unk, d.Layer[i:i+n])
		}
		k += n
	}
}

// fillWord sets the symbols of up to 64 positions, their bits in win,
// lose and unk from bit 0, their layers in layer.
func fillWord[L uint16 | uint32](out []uint64, win, lose, unk uint64, layer []L) {
	for j := range out {
		switch {
		case win>>j&1 != 0:
			out[j] = 2 + 2*uint64(layer[j])
		case lose>>j&1 != 0:
			out[j] = 3 + 2*uint64(layer[j])
		default:
			out[j] = unk >> j & 1
		}
	}
}
