package positions

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"

	"retro/rules"
)

// Space numbers the positions of one game instance densely, 0..Len()-1, in
// the order of their pile values (first pile slowest), then of their history.
// A range of indices is a shard: the index order does not depend on how the
// positions were found, so separate processes can agree on it.
//
// A Space is dense (a mixed-radix box with a membership bitset and a rank
// directory, a few bits per cell) when the positions fill a good part of
// their bounding box, and hashed (sorted tuples with an open-addressing
// table) when they are sparse.
type Space struct {
	game *rules.Game
	box  // piles and history values; the sides of a dense space
	n    int

	// dense
	dense  bool
	member Bitset
	rank   ranks // the members in the words before each word

	// hashed
	index keyIndex

	// A shard's space (see EnumerateShard) holds the positions first..
	// first+held-1 of the n, and knows which peer holds each other one;
	// a whole space (shard nil) holds them all.
	first, held int
	shard       *cuts
}

// Len is the number of positions.
func (s *Space) Len() int { return s.n }

// Piles is the number of piles of a position.
func (s *Space) Piles() int { return s.piles }

// HistorySize is the number of history values a position may carry.
func (s *Space) HistorySize() int { return s.hist }

// Game is the game whose positions these are.
func (s *Space) Game() *rules.Game { return s.game }

// Box returns the sides of a dense space's box: pile k runs over
// lo[k]..lo[k]+size[k]-1, each tuple with HistorySize() history values.
func (s *Space) Box() (lo, size []int64) { return s.lo, s.size }

// Members returns a dense space's membership bits, one per cell of its box.
func (s *Space) Members() Bitset { return s.member }

// MemberWord is word w of a dense space's membership bits, counted from
// the first cell of its box: the members of cells 64w..64w+63. A shard's
// space holds the words of its positions only; the others read 0.
func (s *Space) MemberWord(w int64) uint64 {
	w -= int64(s.wordLo())
	if w < 0 || w >= int64(len(s.member)) {
		return 0
	}
	return s.member[w]
}

// Dense reports whether the space is a box with a membership bitset (true)
// or a hashed set of tuples (false).
func (s *Space) Dense() bool { return s.dense }

// Index returns the index of a position, and false when it is not in the
// space.
func (s *Space) Index(piles []int64, hist int) (int, bool) {
	if !s.dense {
		id := s.index.find(piles, uint32(hist))
		return s.first + int(id), id >= 0
	}
	c, ok := s.cell(piles, hist)
	if !ok {
		return 0, false
	}
	return s.cellIndex(c)
}

// cellIndex is Index of the position of cell c of a dense space.
func (s *Space) cellIndex(c uint64) (int, bool) {
	w := int(c>>6) - s.wordLo()
	if w < 0 || w >= len(s.member) || s.member[w]&(1<<(c&63)) == 0 {
		return 0, false
	}
	return s.rank.at(w) + bits.OnesCount64(s.member[w]&(1<<(c&63)-1)), true
}

// wordLo is the word of the box where a dense space's membership bits
// begin: 0 but in a shard.
func (s *Space) wordLo() int {
	if s.shard == nil {
		return 0
	}
	return s.shard.wordLo
}

// ranks is the rank directory of a membership bitset: the members before
// each word (and, at len-1, in all), kept as a 32-bit count from the start
// of the word's run of rankRun words and the 64-bit count before the run,
// so that a space of more than 2^32 positions costs 4 bytes a word, as one
// of fewer does.
type ranks struct {
	base []int64  // members before each run
	rel  []uint32 // members before each word, from the start of its run
}

// rankRun is the words a run of a rank directory holds: 2^16 words hold
// 2^22 members, well inside 32 bits.
const rankShift = 16

// at is the number of members before word w.
func (r ranks) at(w int) int { return int(r.base[w>>rankShift]) + int(r.rel[w]) }

// len is the number of words the directory counts before, the whole
// count included: the bitset's words plus one.
func (r ranks) len() int { return len(r.rel) }

// word is the last word w of the directory with at(w) <= i, searching
// from..to.
func (r ranks) word(i, from, to int) int {
	return from + sort.Search(to-from, func(k int) bool { return r.at(from+k) > i }) - 1
}

// shifted is the directory of a bitset whose members come first..: its
// counts raised by first (a shard's).
func (r ranks) shifted(first int) ranks {
	for k := range r.base {
		r.base[k] += int64(first)
	}
	return r
}

// bytes is the directory's memory.
func (r ranks) bytes() int64 { return int64(len(r.rel))*4 + int64(len(r.base))*8 }

// rankDirectory counts the members before each word of a membership
// bitset, and in all.
func rankDirectory(member Bitset) (ranks, int) {
	r := ranks{rel: make([]uint32, len(member)+1), base: make([]int64, len(member)>>rankShift+1)}
	n, start := 0, 0
	for w := range len(member) + 1 {
		if w&(1<<rankShift-1) == 0 {
			r.base[w>>rankShift], start = int64(n), n
		}
		r.rel[w] = uint32(n - start)
		if w < len(member) {
			n += bits.OnesCount64(member[w])
		}
	}
	return r, n
}

// Position writes the piles of position i into piles (len Piles()) and
// returns its history value.
func (s *Space) Position(i int, piles []int64) int {
	if !s.dense {
		return int(s.index.tuple(int32(i-s.first), piles))
	}
	w := s.rank.word(i, 0, s.rank.len())
	return s.decodeIn(w, i, piles)
}

// PositionNear is Position for a caller that asks for positions mostly
// in ascending order, a tier's or a shard's: *near is the word of the
// membership bitset where the last one was found (0 at first), and the
// search runs forward from it in growing steps rather than bisect the
// whole rank directory.
func (s *Space) PositionNear(i int, near *int, piles []int64) int {
	if !s.dense {
		return int(s.index.tuple(int32(i-s.first), piles))
	}
	w := *near
	if w < 0 || w >= s.rank.len() || s.rank.at(w) > i {
		w = s.rank.word(i, 0, s.rank.len())
	} else {
		step := 1
		for w+step < s.rank.len() && s.rank.at(w+step) <= i {
			w += step
			step *= 2
		}
		w = s.rank.word(i, w, min(w+step, s.rank.len()))
	}
	*near = w
	return s.decodeIn(w, i, piles)
}

// MemberCell is the cell of position i of a dense space, in its box.
func (s *Space) MemberCell(i int) int64 {
	w := s.rank.word(i, 0, s.rank.len())
	word := s.member[w]
	for k := i - s.rank.at(w); k > 0; k-- {
		word &= word - 1
	}
	return int64(s.wordLo()+w)<<6 + int64(bits.TrailingZeros64(word))
}

// decodeIn writes the piles of position i, a member of word w of a dense
// space, and returns its history value.
func (s *Space) decodeIn(w, i int, piles []int64) int {
	word := s.member[w]
	for k := i - s.rank.at(w); k > 0; k-- {
		word &= word - 1
	}
	return s.Decode(uint64((s.wordLo()+w)<<6+bits.TrailingZeros64(word)), piles)
}

// Held is the range of positions the space holds, lo..hi-1: all of them
// but in a shard's space, whose Index, Position and Walk know only these.
func (s *Space) Held() (lo, hi int) {
	if s.shard == nil {
		return 0, s.n
	}
	return s.first, s.first + s.held
}

// Walk calls fn for the positions lo..hi-1 in index order. The piles slice
// is reused between calls. Walk stops at the first error fn returns.
func (s *Space) Walk(lo, hi int, fn func(i int, piles []int64, hist int) error) error {
	piles := make([]int64, s.piles)
	if lo >= hi {
		return nil
	}
	if kw, ok := s.index.(keyWalker); ok {
		return kw.walk(int32(lo-s.first), int32(hi-s.first), func(id int32, p []int64) error {
			return fn(s.first+int(id), p, 0)
		})
	}
	if !s.dense {
		for i := lo; i < hi; i++ {
			h := s.Position(i, piles)
			if err := fn(i, piles, h); err != nil {
				return err
			}
		}
		return nil
	}
	h := s.Position(lo, piles)
	c, _ := s.cell(piles, h)
	base := uint64(s.wordLo()) << 6
	for i := lo; i < hi; i++ {
		h = s.Decode(c, piles)
		if err := fn(i, piles, h); err != nil {
			return err
		}
		c = base + uint64(s.member.Next(int(c-base)+1))
	}
	return nil
}

// HistorySize is the number of history values of a game: 1 without
// history, C+1 when positions carry last, (C+1)² when they carry both.
func HistorySize(g *rules.Game) int {
	c := len(g.Commands) + 1
	switch g.History {
	case rules.NoHistory:
		return 1
	case rules.LastHistory:
		return c
	}
	return c * c
}

// Format writes a position as the user sees it: "(17, 28)", followed by its
// history when the game carries one ("(3) last=a mylast=none").
func Format(g *rules.Game, piles []int64, hist int) string {
	var b strings.Builder
	b.WriteByte('(')
	for k, v := range piles {
		if k > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, v)
	}
	b.WriteByte(')')
	if g.History != rules.NoHistory {
		last, mylast := SplitHistory(g, hist)
		fmt.Fprintf(&b, " last=%s", CommandName(g, last))
		if g.History == rules.BothHistory {
			fmt.Fprintf(&b, " mylast=%s", CommandName(g, mylast))
		}
	}
	return b.String()
}

// SplitHistory returns the last and mylast parts of a history value: 0 for
// none, 1+c for command c.
func SplitHistory(g *rules.Game, hist int) (last, mylast int) {
	switch g.History {
	case rules.NoHistory:
		return 0, 0
	case rules.LastHistory:
		return hist, 0
	}
	c := len(g.Commands) + 1
	return hist / c, hist % c
}

// JoinHistory is the history value of a position with the given last and
// mylast (0 for none, 1+c for command c).
func JoinHistory(g *rules.Game, last, mylast int) int {
	switch g.History {
	case rules.NoHistory:
		return 0
	case rules.LastHistory:
		return last
	}
	return last*(len(g.Commands)+1) + mylast
}

// NextHistory is the history of the position reached by command cmd from a
// position with history hist: last becomes cmd, mylast the old last.
func NextHistory(g *rules.Game, hist int, cmd int) int {
	last, _ := SplitHistory(g, hist)
	return JoinHistory(g, cmd+1, last)
}

// CommandName names a history part: "none" for 0, the command's name for
// 1+c.
func CommandName(g *rules.Game, h int) string {
	if h == 0 {
		return "none"
	}
	return g.Commands[h-1].Name
}
