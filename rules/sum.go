package rules

import (
	"cmp"
	"fmt"
	"slices"
	"sync"

	"retro/rules/lang"
)

// A heap game (sum = true) is played on a collection of heaps, which the
// engine's positions (a fixed tuple of piles) do not hold directly.
// HeapView makes an ordinary game that does: a position of at most k heaps
// is k piles holding the heaps in non-increasing order, padded with zeros,
// so that every collection has exactly one tuple. A move replaces one heap
// by one of its options (HeapMoves) and sorts again. Its commands are those
// of the heap game (an octal game has one, named by its code), so that the
// engine's tables name the moves as the game file does.

// MaxHeaps is the most heaps a position of a heap view holds.
const MaxHeaps = 1 << 16

// ErrTooManyHeaps: a move of a heap view would leave more heaps than the
// view holds.
var ErrTooManyHeaps = lang.Errorf(mTooManyHeaps)

// HeapView returns an instance of an ordinary game that plays at most k
// heaps of in's heap game, as described above. Its piles are named after
// the heap game's pile: x for k = 1, x1..xk otherwise. The game is over
// when no heap has a move; who has won then is HeapWinner.
func (in *Instance) HeapView(k int) (*Instance, error) {
	g := in.Game
	if !g.Sum {
		return nil, fmt.Errorf("rules: HeapView: %s is not a heap game (sum = true)", g.File)
	}
	if k < 1 || k > MaxHeaps {
		return nil, lang.Errorf(mHeapViewBig, g.File, k, MaxHeaps)
	}
	w, err := in.HeapWinner()
	if err != nil {
		return nil, err
	}
	v := *g
	v.Sum, v.Octal, v.splitAt = false, "", -1
	v.Piles = make([]string, k)
	for i := range v.Piles {
		v.Piles[i] = g.Piles[0]
		if k > 1 {
			v.Piles[i] += fmt.Sprint(i + 1)
		}
	}
	v.History, v.HasEnd, v.HasStart, v.HasBounds, v.HasWhere = NoHistory, false, false, false, false
	v.allow, v.end, v.where, v.start, v.bounds = nil, nil, nil, nil, nil
	v.startIdx = nil
	v.winner = func(*frame) int64 { return int64(w) }
	v.cmdSlot = k + len(g.Params)
	v.nslots = v.cmdSlot + 3
	v.Commands = g.Commands
	if g.Octal != "" {
		v.Commands = []Command{{Name: g.Octal, Moves: []string{g.Octal}}}
	}
	view := &heapView{base: in, k: k}
	view.pool.New = func() any { return in.NewMachine() }
	v.moves = make([][]*mover, len(v.Commands))
	for c := range v.Commands {
		mv := &mover{cmd: int32(c), at: -1, need: -1}
		mv.run = func(m *Machine) { view.moves(m, c) }
		v.moves[c] = []*mover{mv}
	}
	return v.Bind(in.Values)
}

// HeapWinner returns who has won a heap game when no heap can move:
// Mover for normal play, Other for misère. A sum ends with a collection of
// heaps, so a winner that depends on the heap (checked on heaps of 0..64)
// is an error.
func (in *Instance) HeapWinner() (Player, error) {
	m := in.NewMachine()
	w, err := m.Winner([]int64{0})
	if err != nil {
		return w, err
	}
	for n := int64(1); n <= 64; n++ {
		v, err := m.Winner([]int64{n})
		if err != nil {
			return w, err
		}
		if v != w {
			return w, lang.Errorf(mHeapWinner, in.Game.File, w.String(), v.String(), n)
		}
	}
	return w, nil
}

// heapView plays the heaps of one heap game instance.
type heapView struct {
	base *Instance
	k    int
	pool sync.Pool // *Machine of base, one per goroutine at a time
}

// heapScratch is what one call of moves works in.
type heapScratch struct {
	opts HeapOptions
	to   []int64
	seen map[string]bool
	key  []byte
}

var scratchPool = sync.Pool{New: func() any { return &heapScratch{seen: map[string]bool{}} }}

// moves generates the moves of command c from the position in m.
func (v *heapView) moves(m *Machine, c int) {
	heaps := m.f.env[:v.k]
	base := v.pool.Get().(*Machine)
	defer v.pool.Put(base)
	s := scratchPool.Get().(*heapScratch)
	defer scratchPool.Put(s)
	for i, h := range heaps {
		if h == 0 {
			break
		}
		if i > 0 && h == heaps[i-1] {
			continue // the same collection again
		}
		if h < 0 || i > 0 && h > heaps[i-1] {
			m.f.fail(-1, fmt.Errorf("rules: heap view: %s is not a sorted collection of heaps", Tuple(heaps)))
			return
		}
		s.opts.Reset()
		base.nameHeaps = m.names != nil
		at, err := base.heapMovesOf(c, h, &s.opts)
		base.nameHeaps = false
		if err != nil {
			m.f.fail(at, err)
			return
		}
		clear(s.seen)
		for o := 0; o < s.opts.Len(); o++ {
			if !v.emit(m, c, heaps, i, o, s) {
				return
			}
		}
	}
}

// emit makes the move that replaces heaps[i] by option o of s.opts, once
// per resulting collection, named by the first option that makes it (when
// NamedMoves asks); false on a fault.
func (v *heapView) emit(m *Machine, c int, heaps []int64, i, o int, s *heapScratch) bool {
	parts := s.opts.Option(o)
	to := s.to[:0]
	to = append(to, heaps[:i]...)
	to = append(to, heaps[i+1:]...)
	for _, p := range parts {
		if p > 0 {
			to = append(to, p)
		}
	}
	slices.SortFunc(to, func(a, b int64) int { return cmp.Compare(b, a) })
	for len(to) > 0 && to[len(to)-1] == 0 {
		to = to[:len(to)-1]
	}
	s.to = to
	if len(to) > v.k {
		m.f.fail(-1, lang.Errorf(mHeapsLeft, ErrTooManyHeaps, Tuple(heaps), len(to), v.k))
		return false
	}
	s.key = s.key[:0]
	for _, h := range to {
		s.key = fmt.Appendf(s.key, "%d,", h)
	}
	if s.seen[string(s.key)] {
		return true
	}
	s.seen[string(s.key)] = true
	out := m.out
	if len(out.Cmd) >= m.limit {
		m.f.fail(m.cur, ErrTooManyMoves)
		return false
	}
	k := len(out.Piles)
	out.Piles = append(out.Piles, to...)
	for j := len(to); j < v.k; j++ {
		out.Piles = append(out.Piles, 0)
	}
	if slices.Equal(out.Piles[k:], heaps) {
		out.Piles = out.Piles[:k] // the collection is unchanged: not a move
		return true
	}
	out.Cmd = append(out.Cmd, int32(c))
	if m.names != nil {
		*m.names = append(*m.names, s.opts.Names[o])
	}
	return true
}

// heapMovesOf appends the options of a heap of n given by command c alone
// (HeapMoves gives those of every command), with their names when
// m.nameHeaps is set. On a fault it returns the fault and the span id
// where it happened, and appends nothing.
func (m *Machine) heapMovesOf(c int, n int64, out *HeapOptions) (int32, error) {
	g := m.g
	k0 := out.Len()
	if len(out.Start) == 0 {
		out.Start = append(out.Start, 0)
	}
	if g.Octal != "" {
		if !g.octal.options(n, out, k0+MaxMovesPerPosition, -1) {
			out.truncate(k0)
			return -1, ErrTooManyMoves
		}
		if m.nameHeaps {
			m.nameOctal(n, out, k0)
		}
		return -1, nil
	}
	if err := m.load([]int64{n}); err != nil {
		return -1, err
	}
	m.out, m.heap = nil, out
	m.limit = k0 + MaxMovesPerPosition
	m.steps = 0
	for _, mv := range g.moves[c] {
		m.cur = mv.at
		mv.run(m)
		if m.f.err != nil {
			err, at := m.f.err, m.f.at
			m.f.err = nil
			out.truncate(k0)
			return at, err
		}
	}
	return -1, nil
}
