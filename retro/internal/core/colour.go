package core

import (
	"retro/positions"
)

// The colouring core. Every path that colours layer by layer (the stored
// graph, un-moves, shifts, a tier, a shard of the stored graph) runs the
// loop of this file; a path supplies only how the predecessors of a
// position are found (a Source), the counter word of every position, and
// the seeds that moves outside the coloured graph give (into ends of the
// game, or into tiers valued before).
//
// The rule (doc.go's Layer), under both counts: the final positions are L 0
// (the mover has won) or, won by the player to move, W 0 (exam count,
// acting as layer -1 in its predecessors' layers) or W 1 (Lebedev's);
// a position with a move to an L of layer k is W at k+1 for the least
// such k; a position all of whose successors are W is L at 1 + the
// largest of their layers. The sets are made in layer order: W 0 (exam),
// L 0, W 1, L 2, …; W at k+1 are the uncoloured predecessors of L at k
// and the seeds of k+1, L at k+2 the positions whose last successor not
// known to be W became W at k+1, or whose last outside one is seeded at
// k+2. Each position is coloured once and the edges into it followed
// once, when it is: the work is the edges.

// Word is the width of the counter words: 16 bits where the counters and
// the layers fit, 32 otherwise.
type Word interface{ ~uint16 | ~uint32 }

// wordBits are the parts of a counter word of width W. Until its position
// is coloured a word holds four flags in its top bits and, below them,
// the successors not yet known to be W (countMask; the value uncounted
// while a lazy source has not counted them); a coloured position's word
// is its layer.
type wordBits[W Word] struct {
	WinEnd   W // blocked from L: a move into an end won by the mover, or to an L outside the graph
	LoseEnd  W // a move into an end lost by the mover
	Final    W // a final position
	FinalWon W // final, won by the player to move
	count    W // the counter's bits
	maxLayer uint32
}

// Uncounted is the counter of a position whose successors a lazy source
// has not counted yet.
func (b *wordBits[W]) Uncounted() W { return b.count }

// Counted is the count a position's counter starts from, the one place
// the count rule is stated: its distinct successors among the positions
// the core colours, and under Lebedev's count one more where it has a
// losing move into an end, which counts as a move to a W of layer 1.
func Counted(successors int, loseEnd, lebedev bool) int {
	if lebedev && loseEnd {
		return successors + 1
	}
	return successors
}

// Counter is the word of a position that is not final: its count
// (Counted) and the flags of its moves into ends.
func (b *wordBits[W]) Counter(successors int, winEnd, loseEnd, lebedev bool) W {
	w := W(Counted(successors, loseEnd, lebedev))
	if winEnd {
		w |= b.WinEnd
	}
	if loseEnd {
		w |= b.LoseEnd
	}
	return w
}

// FinalWord is the word of a final position, won or lost by the player
// to move.
func (b *wordBits[W]) FinalWord(won bool) W {
	if won {
		return b.Final | b.FinalWon
	}
	return b.Final
}

// BitsOf are the parts of a counter word of width W.
func BitsOf[W Word]() wordBits[W] {
	n := 16
	top := NarrowWords.Layer
	if uint64(^W(0)) > 1<<16-1 {
		n, top = 32, 1<<32-1
	}
	return wordBits[W]{WinEnd: W(1) << (n - 1), LoseEnd: W(1) << (n - 2), Final: W(1) << (n - 3),
		FinalWon: W(1) << (n - 4), count: W(1)<<(n-4) - 1, maxLayer: top}
}

// NarrowWords are the limits of the 16-bit words: the largest counter
// they hold, and the largest layer. Tests lower them to take the 32-bit
// words on small games.
var NarrowWords = struct {
	Counts int
	Layer  uint32
}{Counts: 1<<12 - 1, Layer: 1<<16 - 1}

// Source is how a path gives the core its graph.
type Source interface {
	// Preds returns the distinct positions with a move to local position
	// x, as indices of the whole space (a shard's own are
	// lo..lo+held-1), in memory that the next call may reuse.
	Preds(x uint32) []uint32
	// Count is the number of successors of local position p (one more
	// under Lebedev's count for a losing move into an end), for a source
	// that counts them when they are first needed (words left at
	// uncounted); others never see it called.
	Count(p int) uint32
}

// Seeder gives the positions that moves outside the coloured graph
// decide at a layer.
type Seeder interface {
	// Seed calls win for every position a move outside makes W at layer
	// (an odd layer: a move to an L of layer-1), and lower for every
	// position whose last W successor outside is of layer-1 (an even
	// layer): it was counted in its word as one more successor.
	Seed(layer uint32, win, lower func(p int))
	// Next is the least layer after layer with a seed, if there is one.
	Next(layer uint32) (uint32, bool)
}

// Colouring colours the local positions 0..len(words)-1 of one source
// (all of a game's, a tier's, or a shard's, held at lo..lo+held-1 of the
// whole space).
type Colouring[W Word] struct {
	wordBits[W]
	Words     []W
	src       Source
	Seeds     Seeder
	Lebedev   bool
	Lazy      bool // the source counts successors when first needed
	Win, Lose positions.Bitset
	Segs      []Packed
	done      int // positions coloured so far
	Lo, held  uint32
	Net       *Net // in a shard: the peers; nil otherwise
	Progress  func(layer, coloured, total int)
	Ctx       func() error // the context's error, checked every 4 096 positions coloured from
	steps     int
	// next gathers the positions coloured since the last close; spare is
	// the other frontier, the one being read
	next, spare *frontier
}

// NewColouring makes the core's state for n local positions whose words
// the caller fills (or has filled: words may be given).
func NewColouring[W Word](n int, words []W, src Source, lebedev bool) *Colouring[W] {
	if words == nil {
		words = make([]W, n)
	}
	c := &Colouring[W]{wordBits: BitsOf[W](), Words: words, src: src, Lebedev: lebedev,
		Win: positions.NewBitset(n), Lose: positions.NewBitset(n), held: uint32(n),
		next: newFrontier(n), spare: newFrontier(n)}
	c.Seeds = flagSeeds[W]{c}
	return c
}

func (c *Colouring[W]) coloured(i int) bool { return c.Win.Has(i) || c.Lose.Has(i) }

func (c *Colouring[W]) colour(i int, o Outcome, layer uint32) {
	if o == Win {
		c.Win.Set(i)
	} else {
		c.Lose.Set(i)
	}
	c.Words[i] = W(layer)
	c.next.add(i)
}

// counted makes sure p's word holds its count (a lazy source counts it
// now) and returns it.
func (c *Colouring[W]) counted(p int) W {
	w := c.Words[p]
	if c.Lazy && w&c.count == c.Uncounted() {
		w = w&^c.count | W(c.src.Count(p))
		c.Words[p] = w
	}
	return w
}

// dec counts one more W 0 successor of p (exam count): one less to wait
// for, adding nothing to its layer.
func (c *Colouring[W]) dec(p int) {
	if !c.coloured(p) {
		c.counted(p)
		c.Words[p]--
	}
}

// winAt colours p W at layer unless it is coloured.
func (c *Colouring[W]) winAt(p int, layer uint32) {
	if !c.coloured(p) {
		c.colour(p, Win, layer)
	}
}

// lower counts one more W successor of p; at the last one, unless a move
// blocks it, p is L at layer.
func (c *Colouring[W]) lower(p int, layer uint32) {
	if c.coloured(p) {
		return
	}
	c.counted(p)
	c.Words[p]--
	if w := c.Words[p]; w&c.count == 0 && w&c.WinEnd == 0 {
		c.colour(p, Lose, layer)
	}
}

// close records the positions coloured since the last close as the set of
// one outcome and layer, and returns them, to be read before the next
// close.
func (c *Colouring[W]) close(o Outcome, layer uint32) *frontier {
	f := c.next
	if f.n > 0 {
		c.done += f.n
		c.Segs = append(c.Segs, Packed{End: int64(c.done), Layer: layer, Outcome: o})
	}
	if c.Net != nil {
		c.Net.closed(o, layer, f.n)
	}
	c.next, c.spare = c.spare, f
	c.next.reset()
	return f
}

// decided is what a phase does to a predecessor, here or at its peer.
type decided int

const (
	decW0   decided = iota // its move into a W 0 adds nothing (exam count)
	decWin                 // it has a move to an L: it is W
	decLose                // one more of its moves leads to a W
)

func (c *Colouring[W]) apply(d decided, p int, layer uint32) {
	switch d {
	case decW0:
		c.dec(p)
	case decWin:
		c.winAt(p, layer)
	case decLose:
		c.lower(p, layer)
	}
}

// each does d to every predecessor of the positions of f: at once to the
// local ones, at the phase's end, through the peers, to those of other
// shards. The loops are written out for each d: they are the hot loop.
func (c *Colouring[W]) each(f *frontier, d decided, layer uint32) error {
	lo, held := c.Lo, c.held
	switch d {
	case decW0:
		for x := range f.all() {
			if err := c.tick(); err != nil {
				return err
			}
			ps := c.src.Preds(x)
			for _, p := range ps {
				if q := p - lo; q < held {
					c.dec(int(q))
				} else {
					c.Net.Put(p)
				}
			}
		}
	case decWin:
		for x := range f.all() {
			if err := c.tick(); err != nil {
				return err
			}
			ps := c.src.Preds(x)
			for _, p := range ps {
				if q := p - lo; q < held {
					if !c.coloured(int(q)) {
						c.colour(int(q), Win, layer)
					}
				} else {
					c.Net.Put(p)
				}
			}
		}
	case decLose:
		for x := range f.all() {
			if err := c.tick(); err != nil {
				return err
			}
			ps := c.src.Preds(x)
			for _, p := range ps {
				if q := p - lo; q < held {
					c.lower(int(q), layer)
				} else {
					c.Net.Put(p)
				}
			}
		}
	}
	if c.Net == nil {
		return nil
	}
	got, err := c.Net.Swap()
	for _, p := range got {
		c.apply(d, int(p-lo), layer)
	}
	return err
}

// tick checks the context every 4 096 positions whose predecessors are
// followed, so that a deadline stops a layer of many positions or edges.
func (c *Colouring[W]) tick() error {
	if c.steps++; c.steps&4095 != 0 || c.Ctx == nil {
		return nil
	}
	return c.Ctx()
}

// layerAt is where a colouring stands: before the W set of layer k+1,
// found from seg, the L set of layer k; or, when lose is set, before the
// L set of layer k+2, found from seg, the W set of layer k+1.
type layerAt struct {
	k    uint32
	lose bool
	seg  *frontier
}

// Run colours layer 0 and then the layers from there; it stops, and says
// where it stands, before a layer the words do not hold (see widen).
func (c *Colouring[W]) Run() (*layerAt, error) {
	n := len(c.Words)
	// Layer 0. Under the exam count a final position won by the player
	// to move is W 0 and a move into it adds nothing: it acts at layer -1.
	if !c.Lebedev {
		for i := range n {
			if c.Words[i]&(c.Final|c.FinalWon) == c.Final|c.FinalWon {
				c.colour(i, Win, 0)
			}
		}
		if err := c.each(c.close(Win, 0), decW0, 0); err != nil {
			return nil, err
		}
	}
	for i := range n {
		if c.coloured(i) {
			continue
		}
		w := c.Words[i]
		switch {
		case w&(c.Final|c.FinalWon) == c.Final:
			c.colour(i, Lose, 0)
		case w&(c.Final|c.WinEnd) == 0 && (!c.Lazy || w&c.LoseEnd != 0 || w&c.count != c.Uncounted()):
			// not blocked and, counted, no successor left: every move is
			// a losing one (non-final positions have moves); a lazy
			// source's uncounted position without a losing move has a
			// successor
			if c.counted(i)&c.count == 0 {
				c.colour(i, Lose, 0)
			}
		}
	}
	lseg := c.close(Lose, 0)
	if c.Progress != nil {
		c.Progress(0, c.done, n)
	}
	return c.layers(layerAt{k: 0, seg: lseg})
}

// layers colours the layers from where at says on. It stops, and says
// where, before a layer the words do not hold.
func (c *Colouring[W]) layers(at layerAt) (*layerAt, error) {
	n := len(c.Words)
	lseg, wseg := at.seg, at.seg
	wn := wseg.n // the size of the W set, read before its frontier is reused
	for k := at.k; ; k += 2 {
		if !at.lose || k != at.k {
			// W at k+1: a move to an L at k.
			if k+1 > c.maxLayer {
				return &layerAt{k: k, seg: lseg}, nil
			}
			c.Seeds.Seed(k+1, func(p int) { c.winAt(p, k+1) }, nil)
			if err := c.each(lseg, decWin, k+1); err != nil {
				return nil, err
			}
			wseg = c.close(Win, k+1)
			wn = wseg.n
		}
		// L at k+2: the last move that was not to a W.
		if k+2 > c.maxLayer {
			return &layerAt{k: k, lose: true, seg: wseg}, nil
		}
		c.Seeds.Seed(k+2, nil, func(p int) { c.lower(p, k+2) })
		if err := c.each(wseg, decLose, k+2); err != nil {
			return nil, err
		}
		lseg = c.close(Lose, k+2)
		if c.Progress != nil {
			c.Progress(int(k+2), c.done, n)
		}
		more, err := c.Net.Any(wn + lseg.n)
		if err != nil {
			return nil, err
		}
		if !more {
			m, ok := c.Seeds.Next(k + 2)
			if !ok {
				return nil, nil
			}
			// nothing to colour before the seeds of layer m: the next
			// round colours W at m (m odd) or L at m (m even)
			k = (m-1)&^1 - 2
		}
		if err := c.tick(); err != nil {
			return nil, err
		}
	}
}

// Finish clears what is left of the counters of uncoloured positions, so
// that the words hold the layers of W and L positions and 0 elsewhere.
func (c *Colouring[W]) Finish() {
	for i := range c.Words {
		if !c.coloured(i) {
			c.Words[i] = 0
		}
	}
}

// flagSeeds are the seeds of a graph whose outside moves are moves into
// ends, flagged in the words: W at 1 for a move into an end won by the
// mover (and, under Lebedev's count, the final positions won by the
// player to move), and under Lebedev's count one W 1 successor, at 2,
// for a losing move into an end.
type flagSeeds[W Word] struct{ c *Colouring[W] }

func (s flagSeeds[W]) Seed(layer uint32, win, lower func(p int)) {
	c := s.c
	switch {
	case layer == 1:
		for i, w := range c.Words {
			if !c.coloured(i) && (w&(c.Final|c.WinEnd) == c.WinEnd ||
				c.Lebedev && w&(c.Final|c.FinalWon) == c.Final|c.FinalWon) {
				win(i)
			}
		}
	case layer == 2 && c.Lebedev:
		for i, w := range c.Words {
			if !c.coloured(i) && w&(c.Final|c.LoseEnd) == c.LoseEnd {
				lower(i)
			}
		}
	}
}

func (flagSeeds[W]) Next(uint32) (uint32, bool) { return 0, false }

// widen makes a colouring of 32-bit words from one of 16-bit words, where
// it stands: the layers of the coloured positions, the counters and flags
// of the others. The narrow words are dropped.
func widen(c *Colouring[uint16]) *Colouring[uint32] {
	w := &Colouring[uint32]{wordBits: BitsOf[uint32](), Words: make([]uint32, len(c.Words)), src: c.src,
		Lebedev: c.Lebedev, Lazy: c.Lazy, Win: c.Win, Lose: c.Lose, Segs: c.Segs, done: c.done,
		Lo: c.Lo, held: c.held, Net: c.Net, Progress: c.Progress, Ctx: c.Ctx, steps: c.steps, next: c.next, spare: c.spare}
	w.Seeds = flagSeeds[uint32]{w}
	if _, ok := c.Seeds.(flagSeeds[uint16]); !ok {
		w.Seeds = c.Seeds
	}
	for i, v := range c.Words {
		if c.coloured(i) {
			w.Words[i] = uint32(v)
			continue
		}
		x := uint32(v & c.count)
		if c.Lazy && v&c.count == c.Uncounted() {
			x = w.Uncounted()
		}
		for _, f := range [...][2]uint32{{uint32(c.WinEnd), w.WinEnd}, {uint32(c.LoseEnd), w.LoseEnd},
			{uint32(c.Final), w.Final}, {uint32(c.FinalWon), w.FinalWon}} {
			if uint32(v)&f[0] != 0 {
				x |= f[1]
			}
		}
		w.Words[i] = x
	}
	c.Words = nil
	return w
}

// ColourAll runs a colouring of 16-bit words to the end, widening them
// where a layer passes what they hold: the layers are in l16 or, widened,
// in l32.
func ColourAll(c *Colouring[uint16]) (l16 []uint16, l32 []uint32, segs []Packed, win, lose positions.Bitset, err error) {
	at, err := c.Run()
	if err != nil {
		return nil, nil, nil, nil, nil, err
	}
	if at == nil {
		c.Finish()
		return c.Words, nil, c.Segs, c.Win, c.Lose, nil
	}
	w := widen(c)
	if _, err := w.layers(*at); err != nil {
		return nil, nil, nil, nil, nil, err
	}
	w.Finish()
	return nil, w.Words, w.Segs, w.Win, w.Lose, nil
}
