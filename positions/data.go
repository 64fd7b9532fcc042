package positions

import (
	"errors"
	"fmt"

	"retro/rules"
)

// SpaceData is a Space as plain values, for storing it and loading it
// back. A dense space has Lo, Size and Member; a hashed one Tuples (Len()
// tuples, flat, in index order) and Hists.
//
// The data of a shard's space holds only the shard's positions: Member
// the words WordLo.. of the box's Words, with the bits of the shard's
// positions alone, or the Tuples and Hists of positions First.. .
type SpaceData struct {
	Piles   int
	History int // history values a position may carry
	Dense   bool
	Lo      []int64
	Size    []int64
	Member  Bitset
	Tuples  []int64
	Hists   []uint32

	First  int // hashed: the index of the first tuple
	WordLo int // dense: the word of the box that Member begins at
	Words  int // dense: the words of the whole box
}

// Data returns the space's content. The slices of a dense space are
// shared, not copied; those of a hashed one are made.
func (s *Space) Data() SpaceData {
	d := s.Shape()
	if !s.dense {
		d.Tuples, d.Hists = s.index.unpack()
	}
	return d
}

// Shape is Data without the tuples of a hashed space: its kind, box and
// membership words, which it shares.
func (s *Space) Shape() SpaceData {
	d := SpaceData{Piles: s.piles, History: s.hist, Dense: s.dense, First: s.first}
	if s.dense {
		d.Lo, d.Size, d.Member = s.lo, s.size, s.member
		d.Words, d.WordLo = len(s.member), s.wordLo()
		if s.shard != nil {
			d.Words = s.shard.words
		}
	}
	return d
}

// ErrBadSpace: space data that does not describe a space of the game.
var ErrBadSpace = errors.New("bad position space")

// NewSpace rebuilds a space from its data, checking that it fits the game.
func NewSpace(g *rules.Game, d SpaceData) (*Space, error) {
	if d.Piles != len(g.Piles) || d.History != HistorySize(g) {
		return nil, fmt.Errorf("%w: %d piles and %d history values, the game has %d and %d",
			ErrBadSpace, d.Piles, d.History, len(g.Piles), HistorySize(g))
	}
	s := &Space{game: g, box: box{piles: d.Piles, hist: d.History}, dense: d.Dense}
	if !d.Dense {
		if len(d.Tuples) != len(d.Hists)*d.Piles {
			return nil, fmt.Errorf("%w: %d values for %d tuples", ErrBadSpace, len(d.Tuples), len(d.Hists))
		}
		for _, v := range d.Hists {
			if int(v) >= d.History {
				return nil, fmt.Errorf("%w: history value %d", ErrBadSpace, v)
			}
		}
		h, err := packAll(d.Piles, d.Tuples, d.Hists)
		if err != nil {
			return nil, err
		}
		s.index, s.n = h, len(d.Hists)
		return s, nil
	}
	if len(d.Lo) != d.Piles || len(d.Size) != d.Piles {
		return nil, fmt.Errorf("%w: box of %d sides", ErrBadSpace, len(d.Lo))
	}
	g0 := &box{piles: d.Piles, hist: d.History, lo: d.Lo, size: d.Size}
	for _, v := range d.Size {
		if v <= 0 {
			return nil, fmt.Errorf("%w: box side %d", ErrBadSpace, v)
		}
	}
	vol := g0.volume(d.Size)
	if vol > BoxCeiling || uint64(len(d.Member)) != (vol+63)/64 {
		return nil, fmt.Errorf("%w: %d membership words for a box of %d cells", ErrBadSpace, len(d.Member), vol)
	}
	if r := vol % 64; r != 0 && d.Member[len(d.Member)-1]>>r != 0 {
		return nil, fmt.Errorf("%w: members beyond the box", ErrBadSpace)
	}
	s.lo, s.size, s.member = d.Lo, d.Size, d.Member
	s.rank, s.n = rankDirectory(s.member)
	return s, nil
}
