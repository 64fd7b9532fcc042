package positions

import (
	"math/bits"
	"retro/rules"
	"sort"
)

// Before is the number of members of a whole dense space in the cells
// before cell: the index of the first position at or after it.
func (s *Space) Before(cell int64) int {
	w := int(cell >> 6)
	if w >= len(s.member) {
		return s.n
	}
	return s.rank.at(w) + bits.OnesCount64(s.member[w]&(1<<uint(cell&63)-1))
}

// Shard is this peer's shard of a whole dense space that the peers cut
// into contiguous ranges of positions, peer r's from firsts[r] to
// firsts[r+1] (firsts has a boundary a peer and n at the end): the space
// EnumerateShard would make of them, its membership bits those of its
// positions alone.
func (s *Space) Shard(me int, firsts []int) *Space {
	return shardOf(s, len(s.member), me, firsts, s.MemberCell, func(dst Bitset, at, from, n int64) {
		CopyBits(dst, at, s.member, from, n)
	})
}

// shardOf is Space.Shard of the space whole of words membership words,
// whose members' cells cellOf tells (position i's), and whose bits
// copyCells copies (n cells from cell from, to bit at of dst).
func shardOf(whole *Space, words, me int, firsts []int, cellOf func(i int) int64, copyCells func(dst Bitset, at, from, n int64)) *Space {
	size := len(firsts) - 1
	c := &cuts{me: me, words: words}
	for r := range size {
		if firsts[r] < firsts[r+1] {
			c.live = r + 1
		}
	}
	for r := range c.live {
		c.cells = append(c.cells, uint64(cellOf(firsts[r])))
	}
	sh := &Space{game: whole.game, box: whole.box, n: whole.n, dense: true, first: firsts[me], held: firsts[me+1] - firsts[me], shard: c}
	if sh.held > 0 {
		from, to := cellOf(sh.first), cellOf(sh.first+sh.held-1)+1
		c.wordLo = int(from >> 6)
		base := int64(c.wordLo) << 6
		sh.member = NewBitset(int(to - base))
		copyCells(sh.member, from-base, from, to-from)
	}
	sh.rank = shardRanks(sh.member, sh.first)
	return sh
}

// BoxRows are the positions of a dense space known row by row (a row:
// the last pile's values), without the membership bits of the whole box:
// what peers of a compiled solve of a filled box (CompileShard) have in
// place of the whole space, so that each makes the bits of its own rows
// only (Shard). Every peer counts the members of every row, a row's bits
// at a time.
type BoxRows struct {
	whole          *Space // the box and the count, with no membership bits
	rows, rowCells int64
	first, last    []int64 // per row: the offsets of its first and last member (last < first: none)
	before         []int   // per row, and one past the last: the members in the rows before
	set            func(r int64, member Bitset, at int64)
	scratch        Bitset // a row's bits
}

// NewBoxRows is the rows of a filled box lo, size (one history a tuple),
// rows of rowCells cells, whose bits set makes a row at a time; it counts
// the members of each.
func NewBoxRows(g *rules.Game, lo, size []int64, rows, rowCells int64, set func(r int64, member Bitset, at int64)) *BoxRows {
	whole := &Space{game: g, box: box{piles: len(lo), hist: 1, lo: lo, size: size}, dense: true}
	b := &BoxRows{whole: whole, rows: rows, rowCells: rowCells, set: set, scratch: NewBitset(int(rowCells)),
		first: make([]int64, rows), last: make([]int64, rows), before: make([]int, rows+1)}
	for r := range rows {
		row := b.row(r)
		b.first[r], b.last[r] = 0, -1
		if k := row.Next(0); k >= 0 {
			b.first[r] = int64(k)
			for w := len(row) - 1; w >= 0; w-- {
				if row[w] != 0 {
					b.last[r] = int64(w)<<6 + int64(63-bits.LeadingZeros64(row[w]))
					break
				}
			}
		}
		b.before[r+1] = b.before[r] + row.Count()
	}
	whole.n = b.before[rows]
	return b
}

// row is the bits of row r, in the scratch bitset.
func (b *BoxRows) row(r int64) Bitset {
	clear(b.scratch)
	b.set(r, b.scratch, 0)
	return b.scratch
}

// Rows is the number of rows and the cells of a row.
func (b *BoxRows) Rows() (rows, rowCells int64) { return b.rows, b.rowCells }

// Span is the offsets of row r's first and last members in the row, last
// < first when it has none.
func (b *BoxRows) Span(r int64) (first, last int64) { return b.first[r], b.last[r] }

// Before is the number of members in the rows before row r.
func (b *BoxRows) Before(r int64) int { return b.before[r] }

// Len is the number of positions.
func (b *BoxRows) Len() int { return b.whole.n }

// memberCell is the cell of position i.
func (b *BoxRows) memberCell(i int) int64 {
	r := int64(sort.Search(int(b.rows), func(r int) bool { return b.before[r+1] > i }))
	row, k := b.row(r), i-b.before[r]
	cell := row.Next(0)
	for ; k > 0; k-- {
		cell = row.Next(cell + 1)
	}
	return r*b.rowCells + int64(cell)
}

// Index is the index of position (p, 0), and whether it is one.
func (b *BoxRows) Index(p []int64) (int, bool) {
	cell, ok := b.whole.cell(p, 0)
	if !ok {
		return 0, false
	}
	r, off := int64(cell)/b.rowCells, int(int64(cell)%b.rowCells)
	row := b.row(r)
	if !row.Has(off) {
		return 0, false
	}
	n := b.before[r]
	for w := range off >> 6 {
		n += bits.OnesCount64(row[w])
	}
	return n + bits.OnesCount64(row[off>>6]&(1<<uint(off&63)-1)), true
}

// Shard is this peer's shard of the space, as Space.Shard makes it of the
// whole space: only the rows of its positions are made.
func (b *BoxRows) Shard(me int, firsts []int) *Space {
	words := int((b.rows*b.rowCells + 63) / 64)
	return shardOf(b.whole, words, me, firsts, b.memberCell, func(dst Bitset, at, from, n int64) {
		for r := from / b.rowCells; r*b.rowCells < from+n; r++ {
			lo, hi := max(from, r*b.rowCells), min(from+n, (r+1)*b.rowCells)
			CopyBits(dst, at+lo-from, b.row(r), lo-r*b.rowCells, hi-lo)
		}
	})
}

// Whole is the whole space, every row's bits made.
func (b *BoxRows) Whole() *Space {
	sp := *b.whole
	sp.member = NewBitset(int(b.rows * b.rowCells))
	for r := range b.rows {
		b.set(r, sp.member, r*b.rowCells)
	}
	sp.rank, _ = rankDirectory(sp.member)
	return &sp
}
