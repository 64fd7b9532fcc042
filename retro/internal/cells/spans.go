package cells

import (
	"math/bits"

	"retro/positions"
)

// Spans lays the values of a compiled box's cells out row by row (a
// row: the cells of one tuple of every pile but the last, each value of
// the last pile with every history), each row over the span from its
// first position to its last only. A cell outside every span is no
// position, so a move into it reaches an end and needs no value. Where
// the positions fill their rows, as the tuples between a start and a
// linear end do, the values take a cell a position instead of the box's
// cells: half of them on the exam-style game. A box of short rows keeps
// every cell (full), where a span would cost more than it saves.
type Spans struct {
	RowLen int64
	Full   bool
	Lo, hi []int64 // per row: the offsets of its first and last position (hi < lo: none)
	At     []int64 // per row: where offset 0 of the row would be in the values
	Total  int64   // the values
}

// minSpanRow is the shortest row that spans are kept for: a row's span
// costs three words.
const minSpanRow = 32

// SpansOf finds the span of every row of a box of vol cells, rows of
// rowLen cells, from its membership bits.
func SpansOf(member positions.Bitset, vol, rowLen int64) *Spans {
	return SpansBy(vol, rowLen, func(r int64) (int64, int64) {
		first, last := firstLast(member, r*rowLen, (r+1)*rowLen)
		return first - r*rowLen, last - r*rowLen
	})
}

// SpansBy is SpansOf with the offsets of each row's first and last member
// told by span (last < first: none).
func SpansBy(vol, rowLen int64, span func(r int64) (first, last int64)) *Spans {
	s := &Spans{RowLen: rowLen}
	if rowLen < minSpanRow {
		s.Full, s.Total = true, vol
		return s
	}
	rows := vol / rowLen
	s.Lo, s.hi, s.At = make([]int64, rows), make([]int64, rows), make([]int64, rows)
	for r := range rows {
		first, last := span(r)
		if last < first {
			s.Lo[r], s.hi[r], s.At[r] = 0, -1, s.Total
			continue
		}
		s.Lo[r], s.hi[r] = first, last
		s.At[r] = s.Total - s.Lo[r]
		s.Total += last - first + 1
	}
	return s
}

// firstLast is the first and last member of the cells lo..hi-1 (last <
// first when there is none).
func firstLast(member positions.Bitset, lo, hi int64) (first, last int64) {
	first, last = hi, lo-1
	for w := lo >> 6; w <= (hi-1)>>6; w++ {
		word := member[w]
		if w<<6 < lo {
			word &= ^uint64(0) << uint(lo-w<<6)
		}
		if w<<6+64 > hi {
			word &= 1<<uint(hi-w<<6) - 1
		}
		if word != 0 {
			first = min(first, w<<6+int64(bits.TrailingZeros64(word)))
			last = w<<6 + 63 - int64(bits.LeadingZeros64(word))
		}
	}
	return first, last
}

// Addr is where the value of a cell is kept, and false when the cell is
// outside every span (no position).
func (s *Spans) Addr(cell int64) (int64, bool) {
	if s.Full {
		return cell, true
	}
	r := cell / s.RowLen
	off := cell - r*s.RowLen
	if off < s.Lo[r] || off > s.hi[r] {
		return 0, false
	}
	return s.At[r] + off, true
}

// Row is the span of row r: its first and last offsets, and where offset
// 0 of it would be kept.
func (s *Spans) Row(r int64) (lo, hi, at int64) {
	if s.Full {
		return 0, s.RowLen - 1, r * s.RowLen
	}
	return s.Lo[r], s.hi[r], s.At[r]
}

// Begin is where the values of row r begin, and at r = rows, where those
// of the last row end.
func (s *Spans) Begin(r int64) int64 {
	if !s.Full && r == int64(len(s.Lo)) {
		return s.Total
	}
	lo, _, at := s.Row(r)
	return at + lo
}
