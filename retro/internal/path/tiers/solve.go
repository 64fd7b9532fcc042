package tiers

import (
	"fmt"
	"retro/retro/internal/core"
	"runtime"
	"slices"
	"sync"

	"retro/positions"
	"retro/rules"
)

// The tier path. A game that declares a tier (`tier = "a + b"`: a value of
// the piles that no move lowers, checked on every move) is valued tier by
// tier from the highest, with no move graph: each tier's moves are
// generated once, lead into the tier or into higher tiers already valued,
// and the tier is coloured on its own by the core. Its moves into the
// tiers above are folded by the rule (rule.go) into seeds: a W at 1 + the
// least layer of an L above, and one more successor that turns W at the
// most layer of a W above; its moves inside the tier are the core's
// source, reversed. So the layers are those of the colouring of the whole
// game. Only the tier being coloured holds its moves; the rest of the game
// is the outcomes and layers found so far.

// tierSolver holds the values found so far and the state of one tier.
type tierSolver struct {
	t     *Tiers
	rule  core.Rule
	r     *core.Table
	layer []uint32
	ex    []*Expander

	// the tier being coloured: its positions by index, and per position
	// what its moves came to
	pos     []uint32
	info    []tierMoves
	succOff []uint32
	succ    []uint32
	// the moves inside the tier, reversed: the core's source
	predOff []uint32
	pred    []uint32
	seeds   tierSeeds
}

// tierMoves is what the moves of one position of a tier came to.
type tierMoves struct {
	final, won, winEnd, loseEnd bool
	moves                       int // legal moves
}

func Solve(in *rules.Instance, popt positions.Options, opt core.Options) (*core.Table, error) {
	t, err := EnumerateTiers(in, popt)
	if err != nil {
		return nil, err
	}
	sp := t.Space
	n := sp.Len()
	g := in.Game
	s := &tierSolver{t: t, rule: core.RuleOf(g.Count), layer: make([]uint32, n), r: core.NewTable(sp, t.Starts)}
	s.r.Win, s.r.Lose = positions.NewBitset(n), positions.NewBitset(n)
	workers := max(1, runtime.GOMAXPROCS(0))
	for range workers {
		s.ex = append(s.ex, t.Expander())
	}
	count := []int64{}
	for k := 0; k < t.Len(); k++ {
		if opt.Context != nil {
			if err := opt.Context.Err(); err != nil {
				return nil, err
			}
		}
		if err := s.expand(t.Tier(k), t.Value[k], popt); err != nil {
			return nil, err
		}
		if err := s.colour(opt, &count); err != nil {
			return nil, err
		}
		if opt.Progress != nil {
			opt.Progress(len(count)-2, t.Start[k+1], n)
		}
	}
	for _, e := range s.ex {
		if err := e.Flush(); err != nil {
			return nil, err
		}
	}
	s.r.Layer = s.layer
	s.r.Sets, _ = core.SegmentsByKey(count)
	most, tiers, noun := largestTier(t), "tiers", "positions"
	if t.Len() == 1 {
		tiers = "tier"
	}
	if most == 1 {
		noun = "position"
	}
	s.r.Path = fmt.Sprintf("tiers by %s (declared, checked on every move): %d %s, the largest of %d %s; moves generated once, no move graph",
		g.Tier, t.Len(), tiers, most, noun)
	return s.r, nil
}

func largestTier(t *Tiers) int {
	most := 0
	for k := 0; k < t.Len(); k++ {
		most = max(most, len(t.Tier(k)))
	}
	return most
}

// expand generates the moves of every position of a tier, on every core,
// into s.info, s.succOff and s.succ.
func (s *tierSolver) expand(pos []uint32, tier int64, popt positions.Options) error {
	m := len(pos)
	s.pos = pos
	s.info = slices.Grow(s.info[:0], m)[:m]
	// each worker expands a run of the tier into lists of its own; the
	// lists are joined in the tier's order, so the result does not depend
	// on the number of workers
	w := min(len(s.ex), max(1, m/1024))
	type run struct {
		off  []uint32
		succ []uint32
		err  error
	}
	runs := make([]run, w)
	var wg sync.WaitGroup
	for k := range w {
		lo, hi := k*m/w, (k+1)*m/w
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, ru := s.ex[k], &runs[k]
			ru.off = make([]uint32, 0, hi-lo)
			for j := lo; j < hi; j++ {
				x, err := e.Expand(int(pos[j]), tier)
				if err != nil {
					ru.err = err
					return
				}
				s.info[j] = tierMoves{final: x.Final, won: x.Won, winEnd: x.WinEnd, loseEnd: x.LoseEnd, moves: x.Moves}
				ru.succ = append(ru.succ, x.Succ...)
				ru.off = append(ru.off, uint32(len(ru.succ)))
				if j&4095 == 0 && popt.Context != nil {
					if err := popt.Context.Err(); err != nil {
						ru.err = err
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	for _, ru := range runs {
		if ru.err != nil {
			return ru.err
		}
	}
	s.succOff = slices.Grow(s.succOff[:0], m+1)[:1]
	s.succOff[0] = 0
	s.succ = s.succ[:0]
	for _, ru := range runs {
		base := uint32(len(s.succ))
		for _, o := range ru.off {
			s.succOff = append(s.succOff, base+o)
		}
		s.succ = append(s.succ, ru.succ...)
	}
	return nil
}

// tierSource is the moves inside a tier, reversed: the predecessors of a
// tier position are tier positions.
type tierSource struct{ s *tierSolver }

func (t tierSource) Preds(x uint32) []uint32 { return t.s.pred[t.s.predOff[x]:t.s.predOff[x+1]] }
func (tierSource) Count(int) uint32          { return 0 }

// colour values the tier just expanded, counting its positions by key
// (as segmentsByKey reads them).
func (s *tierSolver) colour(opt core.Options, count *[]int64) error {
	m := len(s.pos)
	c := core.NewColouring[uint32](m, nil, tierSource{s}, s.rule.Lebedev)
	c.Ctx = opt.CtxErr()
	s.seeds.reset()
	s.predOff = slices.Grow(s.predOff[:0], m+1)[:m+1]
	clear(s.predOff)
	s.foldMoves(c)
	s.reverseInside()
	s.seeds.sort()
	c.Seeds = &s.seeds
	if _, err := c.Run(); err != nil {
		return err
	}
	s.keepValues(c, count)
	return nil
}

// foldMoves sets the core's word of each position of the tier from its
// moves: to a valued position, they are folded into its seeds; inside the
// tier, they are counted, and the predecessors of each target too.
func (s *tierSolver) foldMoves(c *core.Colouring[uint32]) {
	pos, r := s.pos, s.r
	for j := range pos {
		x := s.info[j]
		if x.final {
			c.Words[j] = c.FinalWord(x.won)
			if x.won {
				if s.rule.Lebedev {
					s.seeds.add(1, uint32(j), true) // W 1
				}
			}
			continue
		}
		r.MoveCount += int64(x.moves)
		b, inside := core.NewBest(), uint32(0)
		if x.winEnd {
			b.Add(core.CodeL0)
		}
		if x.loseEnd {
			b.Add(s.rule.Lost())
		}
		for _, q := range s.succ[s.succOff[j]:s.succOff[j+1]] {
			switch {
			case r.Win.Has(int(q)):
				b.Add(s.rule.CodeOf(core.Win, s.layer[q]))
			case r.Lose.Has(int(q)):
				b.Add(s.rule.CodeOf(core.Lose, s.layer[q]))
			default:
				inside++
				if k, in := slices.BinarySearch(pos, q); in {
					s.predOff[k+1]++
				}
			}
		}
		r.Edges += int64(s.succOff[j+1] - s.succOff[j])
		w := inside
		if b.MinL != core.NoL {
			w |= c.WinEnd // blocked from L: W at the L's layer + 1, or sooner
			s.seeds.add(uint32(b.MinL), uint32(j), true)
		} else if b.MaxW > 0 {
			w++ // the W successors above turn W together, at their most layer
			s.seeds.add(uint32(b.MaxW), uint32(j), false)
		}
		c.Words[j] = w
	}
}

// reverseInside keeps the moves inside the tier, reversed, for the core:
// the predecessors of the tier's position k are
// pred[predOff[k]:predOff[k+1]].
func (s *tierSolver) reverseInside() {
	pos, r, m := s.pos, s.r, len(s.pos)
	for k := 1; k <= m; k++ {
		s.predOff[k] += s.predOff[k-1]
	}
	s.pred = slices.Grow(s.pred[:0], int(s.predOff[m]))[:s.predOff[m]]
	fill := slices.Clone(s.predOff[:m])
	for j := range pos {
		if s.info[j].final {
			continue
		}
		for _, q := range s.succ[s.succOff[j]:s.succOff[j+1]] {
			if r.Win.Has(int(q)) || r.Lose.Has(int(q)) {
				continue
			}
			if k, in := slices.BinarySearch(pos, q); in {
				s.pred[fill[k]] = uint32(j)
				fill[k]++
			}
		}
	}
}

// keepValues puts the tier's values into the whole result, and counts
// its positions by key.
func (s *tierSolver) keepValues(c *core.Colouring[uint32], count *[]int64) {
	r := s.r
	for j, p := range s.pos {
		var o core.Outcome
		switch {
		case c.Win.Has(j):
			o = core.Win
			r.Win.Set(int(p))
		case c.Lose.Has(j):
			o = core.Lose
			r.Lose.Set(int(p))
		default:
			continue
		}
		l := c.Words[j]
		s.layer[p] = l
		key := int(l) + 1
		if o == core.Win && l == 0 {
			key = 0
		}
		for len(*count) <= key {
			*count = append(*count, 0)
		}
		(*count)[key]++
	}
}

// tierSeeds are the seeds of a tier: for each of its positions with moves
// into the tiers above, the layer at which they decide it, as W (a move to
// an L) or as its last W successor.
type tierSeeds struct {
	list []uint64 // layer<<33 | position<<1 | 1 for W
	at   int      // the first not given yet
}

func (t *tierSeeds) reset() { t.list, t.at = t.list[:0], 0 }

func (t *tierSeeds) add(layer, j uint32, win bool) {
	v := uint64(layer)<<33 | uint64(j)<<1
	if win {
		v |= 1
	}
	t.list = append(t.list, v)
}

func (t *tierSeeds) sort() { slices.Sort(t.list) }

func (t *tierSeeds) Seed(layer uint32, win, lower func(p int)) {
	for t.at < len(t.list) && uint32(t.list[t.at]>>33) < layer {
		t.at++
	}
	for ; t.at < len(t.list) && uint32(t.list[t.at]>>33) == layer; t.at++ {
		v := t.list[t.at]
		if v&1 == 1 && win != nil {
			win(int(v >> 1 & (1<<32 - 1)))
		} else if v&1 == 0 && lower != nil {
			lower(int(v >> 1 & (1<<32 - 1)))
		}
	}
}

func (t *tierSeeds) Next(layer uint32) (uint32, bool) {
	for k := t.at; k < len(t.list); k++ {
		if l := uint32(t.list[k] >> 33); l > layer {
			return l, true
		}
	}
	return 0, false
}
