package retro

import (
	"fmt"
	"math"
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
// and the tier is coloured on its own. A tier whose moves all leave it is
// valued in one pass over its moves; moves inside a tier are coloured in
// layer order with a queue, the moves to higher tiers acting as seeds, so
// that the layers are those of the colouring of the whole game (doc.go's
// Layer): a W is 1 + the least layer among its moves to L, an L 1 + the
// most among its moves, all to W. Only the tier being coloured holds its
// moves; the rest of the game is the outcomes and layers found so far.

// noLayer marks a tier position with no move to an L yet.
const noLayer = math.MaxUint32

// tierSolver holds the values found so far and the state of one tier.
type tierSolver struct {
	t       *positions.Tiers
	lebedev bool
	r       *Result
	layer   []uint32
	ex      []*positions.Expander

	// the tier being coloured: its positions by index, and per position
	// what its moves came to
	pos     []uint32
	info    []tierMoves
	succOff []uint32
	succ    []uint32
	// per position: successors not yet known to be W, the least layer of
	// a W it can be (noLayer: none yet), the most layer of its W
	// successors so far (-1: none; the exam's W 0 counts as -1)
	cnt   []uint32
	candW []uint32
	maxW  []int64
	// the moves inside the tier, reversed
	predOff []uint32
	pred    []uint32
	queue   layerQueue
}

// tierMoves is what the moves of one position of a tier came to.
type tierMoves struct {
	final, won, winEnd, loseEnd bool
	moves                       int // legal moves
}

func solveTiers(in *rules.Instance, popt positions.Options, opt Options) (*Result, error) {
	t, err := positions.EnumerateTiers(in, popt)
	if err != nil {
		return nil, err
	}
	sp := t.Space
	n := sp.Len()
	g := in.Game
	s := &tierSolver{t: t, lebedev: g.Count == rules.Lebedev, layer: make([]uint32, n),
		r: &Result{Space: sp, Instance: in, Starts: t.Starts, Count: g.Count,
			win: positions.NewBitset(n), lose: positions.NewBitset(n), horizon: -1}}
	workers := max(1, runtime.GOMAXPROCS(0))
	for range workers {
		s.ex = append(s.ex, t.Expander())
	}
	top := 0
	for k := 0; k < t.Len(); k++ {
		if opt.Context != nil {
			if err := opt.Context.Err(); err != nil {
				return nil, err
			}
		}
		if err := s.expand(t.Tier(k), t.Value[k], popt); err != nil {
			return nil, err
		}
		top = max(top, s.colour())
		if opt.Progress != nil {
			opt.Progress(top, t.Start[k+1], n)
		}
	}
	for _, e := range s.ex {
		if err := e.Flush(); err != nil {
			return nil, err
		}
	}
	s.r.layer = s.layer
	s.r.order, s.r.segs = orderByLayer(s.r, s.layer)
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

func largestTier(t *positions.Tiers) int {
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

// colour values the tier just expanded and returns its highest layer.
func (s *tierSolver) colour() int {
	pos, m := s.pos, len(s.pos)
	r := s.r
	top := 0
	// The final positions first: the moves into them are then known.
	for j, p := range pos {
		x := s.info[j]
		if !x.final {
			continue
		}
		switch {
		case !x.won:
			s.set(int(p), Lose, 0)
		case s.lebedev:
			s.set(int(p), Win, 1)
			top = max(top, 1)
		default:
			s.set(int(p), Win, 0)
		}
	}
	s.cnt = slices.Grow(s.cnt[:0], m)[:m]
	s.candW = slices.Grow(s.candW[:0], m)[:m]
	s.maxW = slices.Grow(s.maxW[:0], m)[:m]
	s.predOff = slices.Grow(s.predOff[:0], m+1)[:m+1]
	clear(s.predOff)
	s.queue.reset()
	// The moves of each position: to a valued position, they count now;
	// inside the tier, they are kept, reversed, for the queue.
	for j := range pos {
		x := s.info[j]
		if x.final {
			continue
		}
		r.MoveCount += int64(x.moves)
		cand, most, left := uint32(noLayer), int64(-1), uint32(0)
		if x.winEnd {
			cand = 1
		}
		if x.loseEnd && s.lebedev {
			most = 1 // a losing move acts as a move to a W 1
		}
		for _, q := range s.succ[s.succOff[j]:s.succOff[j+1]] {
			switch {
			case r.win.Has(int(q)):
				if l := int64(s.layer[q]); l > 0 || s.lebedev {
					most = max(most, l)
				}
			case r.lose.Has(int(q)):
				cand = min(cand, s.layer[q]+1)
			default:
				left++
				if k, in := slices.BinarySearch(pos, q); in {
					s.predOff[k+1]++
				}
			}
		}
		r.Edges += int64(s.succOff[j+1] - s.succOff[j])
		s.cnt[j], s.candW[j], s.maxW[j] = left, cand, most
		switch {
		case cand != noLayer:
			s.queue.push(cand, uint32(j))
		case left == 0:
			s.queue.push(uint32(most+1), uint32(j))
		}
	}
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
			if r.win.Has(int(q)) || r.lose.Has(int(q)) {
				continue
			}
			if k, in := slices.BinarySearch(pos, q); in {
				s.pred[fill[k]] = uint32(j)
				fill[k]++
			}
		}
	}
	// Colour in layer order.
	for !s.queue.empty() {
		l, j := s.queue.pop()
		p := int(pos[j])
		if r.win.Has(p) || r.lose.Has(p) {
			continue
		}
		top = max(top, int(l))
		if s.candW[j] == l {
			s.set(p, Win, l)
			for _, q := range s.pred[s.predOff[j]:s.predOff[j+1]] {
				if s.coloured(int(pos[q])) {
					continue
				}
				s.cnt[q]--
				s.maxW[q] = max(s.maxW[q], int64(l))
				if s.cnt[q] == 0 && s.candW[q] == noLayer {
					s.queue.push(uint32(s.maxW[q]+1), q)
				}
			}
			continue
		}
		s.set(p, Lose, l)
		for _, q := range s.pred[s.predOff[j]:s.predOff[j+1]] {
			if !s.coloured(int(pos[q])) && l+1 < s.candW[q] {
				s.candW[q] = l + 1
				s.queue.push(l+1, q)
			}
		}
	}
	return top
}

func (s *tierSolver) coloured(i int) bool { return s.r.win.Has(i) || s.r.lose.Has(i) }

func (s *tierSolver) set(i int, o Outcome, layer uint32) {
	if o == Win {
		s.r.win.Set(i)
	} else {
		s.r.lose.Set(i)
	}
	s.layer[i] = layer
}

// orderByLayer lists the coloured positions set by set, in the order Solve
// colours them (the exam's W 0, L 0, W 1, L 2, …), each set by index.
func orderByLayer(r *Result, layer []uint32) ([]uint32, []segment) {
	key := func(i int) (int, bool) {
		switch {
		case r.win.Has(i):
			if layer[i] == 0 {
				return 0, true
			}
			return int(layer[i]) + 1, true
		case r.lose.Has(i):
			return int(layer[i]) + 1, true
		}
		return 0, false
	}
	var count []uint32
	for i := range layer {
		if k, ok := key(i); ok {
			for len(count) <= k {
				count = append(count, 0)
			}
			count[k]++
		}
	}
	segs, start := segmentsByKey(count)
	order := make([]uint32, start[len(count)])
	for i := range layer {
		if k, ok := key(i); ok {
			order[start[k]] = uint32(i)
			start[k]++
		}
	}
	return order, segs
}

// layerQueue is a queue of tier positions by layer, least first, ties by
// position: a binary heap of layer<<32 | position.
type layerQueue struct{ h []uint64 }

func (q *layerQueue) reset()      { q.h = q.h[:0] }
func (q *layerQueue) empty() bool { return len(q.h) == 0 }

func (q *layerQueue) push(layer, j uint32) {
	q.h = append(q.h, uint64(layer)<<32|uint64(j))
	for i := len(q.h) - 1; i > 0; {
		up := (i - 1) / 2
		if q.h[up] <= q.h[i] {
			break
		}
		q.h[up], q.h[i] = q.h[i], q.h[up]
		i = up
	}
}

func (q *layerQueue) pop() (layer, j uint32) {
	top := q.h[0]
	last := len(q.h) - 1
	q.h[0] = q.h[last]
	q.h = q.h[:last]
	for i := 0; ; {
		c := 2*i + 1
		if c >= last {
			break
		}
		if c+1 < last && q.h[c+1] < q.h[c] {
			c++
		}
		if q.h[i] <= q.h[c] {
			break
		}
		q.h[i], q.h[c] = q.h[c], q.h[i]
		i = c
	}
	return uint32(top >> 32), uint32(top)
}
