package sg

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"retro/rules"
)

// Heap is one heap of a sum of heap games: its size and the game it is
// played by.
type Heap struct {
	Size  int64
	Game  int          // which game of the sum: an index the caller chooses
	Mover HeapMover    // the options of the game's heaps
	Table *Table       // the game's Grundy values (normal play), through Size
	Win   rules.Player // who has won when no heap can move: Other for misère
}

// HeapMove is a move of a sum: heap Index (in the position's order) is
// replaced by the heaps To, largest first (none when it is taken away).
type HeapMove struct {
	Index int
	To    []int64
}

// Errors of sums.
var (
	// ErrTableShort: a heap or an option lies beyond the Grundy table.
	ErrTableShort = errors.New("heap beyond the Grundy table")
	// ErrMisereCap: exact analysis of a sum needs more positions than
	// allowed.
	ErrMisereCap = errors.New("too many positions for exact analysis")
)

// Nimber returns the XOR of the heaps' Grundy values: the Grundy value of
// the sum under normal play (Sprague–Grundy). The player to move wins
// exactly when it is not 0.
func Nimber(heaps []Heap) (uint32, error) {
	var x uint32
	for _, h := range heaps {
		if h.Size < 0 || h.Size >= int64(h.Table.Len()) {
			return 0, fmt.Errorf("%w: a heap of %d, the table ends at %d", ErrTableShort, h.Size, h.Table.Len()-1)
		}
		x ^= h.Table.G(int(h.Size))
	}
	return x, nil
}

// WinningMoves lists every move of a sum under normal play that leaves
// Grundy value 0: heap i, of value g, becomes an option of value X ^ g,
// X the value of the sum (whether that is below g or, by a move that
// raises it, above). None when X is 0. A heap equal to an earlier one (the
// same game and size) has the same moves, to the same position: they are
// listed once, for the first.
func WinningMoves(heaps []Heap) ([]HeapMove, error) {
	x, err := Nimber(heaps)
	if err != nil || x == 0 {
		return nil, err
	}
	var moves []HeapMove
	var opts rules.HeapOptions
	for i, h := range heaps {
		if repeats(heaps, i) {
			continue
		}
		want := x ^ h.Table.G(int(h.Size))
		opts.Reset()
		if err := h.Mover.HeapMoves(h.Size, &opts); err != nil {
			return nil, err
		}
		var found [][]int64
		for k := 0; k < opts.Len(); k++ {
			parts := opts.Option(k)
			var v uint32
			for _, p := range parts {
				if p >= int64(h.Table.Len()) {
					return nil, fmt.Errorf("%w: an option of a heap of %d holds a heap of %d", ErrTableShort, h.Size, p)
				}
				v ^= h.Table.G(int(p))
			}
			if v == want {
				found = append(found, sortedHeaps(parts))
			}
		}
		for _, to := range uniqueOptions(found) {
			moves = append(moves, HeapMove{Index: i, To: to})
		}
	}
	return moves, nil
}

// repeats tells whether heap i of a sum equals an earlier heap.
func repeats(heaps []Heap, i int) bool {
	return slices.ContainsFunc(heaps[:i], func(h Heap) bool { return h.Game == heaps[i].Game && h.Size == heaps[i].Size })
}

// sortedHeaps returns the heaps largest first, in a new slice.
func sortedHeaps(h []int64) []int64 {
	s := slices.Clone(h)
	slices.SortFunc(s, func(a, b int64) int { return cmp.Compare(b, a) })
	return s
}

// uniqueOptions sorts options (each sorted largest first) and drops
// repeats: moves that give the same heaps count once.
func uniqueOptions(opts [][]int64) [][]int64 {
	slices.SortFunc(opts, slices.Compare[[]int64])
	return slices.CompactFunc(opts, slices.Equal[[]int64])
}

// Exact solves positions of heap sums by enumerating every collection of
// heaps reachable from them, without Grundy values: what misère play
// needs, where the XOR rule fails. A collection is final when no heap
// can move; there the games' Win says who has won (every game of a sum
// must agree). The positions are remembered between calls, up to Cap.
type Exact struct {
	Cap int // the most positions remembered; ErrMisereCap beyond
	// Context, when set, stops a long enumeration with its error.
	Context context.Context

	win   map[string]bool // key: the collection; value: the player to move wins
	opts  map[[2]int64][][]int64
	games map[int]*Heap
	final rules.Player
	key   []byte
}

// NewExact returns an Exact solver that remembers at most limit positions.
func NewExact(limit int) *Exact {
	return &Exact{Cap: limit, win: map[string]bool{}, opts: map[[2]int64][][]int64{}, games: map[int]*Heap{}}
}

// Positions is the number of positions solved so far.
func (x *Exact) Positions() int { return len(x.win) }

// Outcome tells whether the player to move wins the sum heaps, and lists
// the winning moves (to positions the opponent loses), those of a heap
// equal to an earlier one once, as WinningMoves does.
func (x *Exact) Outcome(heaps []Heap) (bool, []HeapMove, error) {
	pos := make([]ptHeap, 0, len(heaps))
	for _, h := range heaps {
		if err := x.addGame(h); err != nil {
			return false, nil, err
		}
		if h.Size > 0 {
			pos = append(pos, ptHeap{h.Game, h.Size})
		}
	}
	win, err := x.solve(pos)
	if err != nil {
		return false, nil, err
	}
	var moves []HeapMove
	for i, h := range heaps {
		if repeats(heaps, i) {
			continue
		}
		opts, err := x.options(h.Game, h.Size)
		if err != nil {
			return false, nil, err
		}
		for _, o := range opts {
			next := x.replace(pos, ptHeap{h.Game, h.Size}, o)
			w, err := x.solve(next)
			if err != nil {
				return false, nil, err
			}
			if !w {
				moves = append(moves, HeapMove{Index: i, To: o})
			}
		}
	}
	return win, moves, nil
}

func (x *Exact) addGame(h Heap) error {
	if len(x.games) == 0 {
		x.final = h.Win
	} else if h.Win != x.final {
		return errors.New("a sum of normal-play and misère games has no rule for its end")
	}
	if _, ok := x.games[h.Game]; !ok {
		hh := h
		x.games[h.Game] = &hh
	}
	return nil
}

// ptHeap is a heap of a collection: which game, what size.
type ptHeap struct {
	game int
	size int64
}

func cmpHeap(a, b ptHeap) int {
	if a.game != b.game {
		return cmp.Compare(a.game, b.game)
	}
	return cmp.Compare(b.size, a.size)
}

// replace returns pos with one heap h replaced by the heaps parts, sorted.
func (x *Exact) replace(pos []ptHeap, h ptHeap, parts []int64) []ptHeap {
	next := make([]ptHeap, 0, len(pos)+len(parts))
	done := false
	for _, p := range pos {
		if !done && p == h {
			done = true
			continue
		}
		next = append(next, p)
	}
	for _, s := range parts {
		next = append(next, ptHeap{h.game, s})
	}
	slices.SortFunc(next, cmpHeap)
	return next
}

// options returns the options of a heap, each sorted largest first, with
// repeats dropped.
func (x *Exact) options(game int, size int64) ([][]int64, error) {
	if size == 0 {
		return nil, nil
	}
	k := [2]int64{int64(game), size}
	if o, ok := x.opts[k]; ok {
		return o, nil
	}
	var opts rules.HeapOptions
	opts.Reset()
	if err := x.games[game].Mover.HeapMoves(size, &opts); err != nil {
		return nil, err
	}
	var list [][]int64
	for i := 0; i < opts.Len(); i++ {
		list = append(list, sortedHeaps(opts.Option(i)))
	}
	list = uniqueOptions(list)
	x.opts[k] = list
	return list, nil
}

// solve tells whether the player to move wins the collection pos (sorted).
func (x *Exact) solve(pos []ptHeap) (bool, error) {
	slices.SortFunc(pos, cmpHeap)
	x.key = x.key[:0]
	for _, p := range pos {
		x.key = binary.AppendUvarint(x.key, uint64(p.game))
		x.key = binary.AppendUvarint(x.key, uint64(p.size))
	}
	if w, ok := x.win[string(x.key)]; ok {
		return w, nil
	}
	key := string(x.key)
	moved, win := false, false
	for i, p := range pos {
		if i > 0 && p == pos[i-1] {
			continue
		}
		opts, err := x.options(p.game, p.size)
		if err != nil {
			return false, err
		}
		for _, o := range opts {
			moved = true
			w, err := x.solve(x.replace(pos, p, o))
			if err != nil {
				return false, err
			}
			if !w {
				win = true
				break
			}
		}
		if win {
			break
		}
	}
	if !moved {
		win = x.final == rules.Other
	}
	if x.Context != nil && len(x.win)&0xffff == 0xffff {
		if err := x.Context.Err(); err != nil {
			return false, err
		}
	}
	if len(x.win) >= x.Cap {
		return false, fmt.Errorf("%w: more than %d collections of heaps", ErrMisereCap, x.Cap)
	}
	x.win[key] = win
	return win, nil
}
