package sg

import (
	"context"
	"errors"

	"retro/rules"
)

// Sum is what SolveSum finds of a sum of heaps.
type Sum struct {
	// Win says whether the player to move wins.
	Win bool
	// Grundy is the XOR of Values under normal play; nil under misère
	// play, where the sum is solved exactly.
	Grundy *uint32
	// Values are the heaps' Grundy values, in order (normal play).
	Values []uint32
	// Moves are the winning moves (WinningMoves, Exact.Outcome).
	Moves []HeapMove
	// Collections is the number of collections of heaps enumerated under
	// misère play.
	Collections int
}

// ErrMixedPlay: a sum of heaps of normal-play and misère games, whose end
// has no winner.
var ErrMixedPlay = errors.New("the sum mixes normal-play and misère games: who wins at its end is not defined")

// SolveSum solves a sum of heaps, each heap's Game an index into insts.
// Under normal play (every heap's Win is the Mover) it computes the table
// of each game through its largest heap (HeapGrundy, with opt's Method and
// Progress) and XORs the values; under misère play (every Win is Other) it
// enumerates the collections of heaps reachable (Exact), at most
// opt.MisereCap. The heaps' Table fields are not read.
func SolveSum(ctx context.Context, heaps []Heap, insts []*rules.Instance, opt Options) (*Sum, error) {
	if len(heaps) == 0 {
		return nil, errors.New("sg: a sum of no heaps")
	}
	for _, h := range heaps[1:] {
		if h.Win != heaps[0].Win {
			return nil, ErrMixedPlay
		}
	}
	if heaps[0].Win == rules.Other {
		x := NewExact(opt.MisereCap)
		x.Context = ctx
		win, moves, err := x.Outcome(heaps)
		if err != nil {
			return nil, err
		}
		return &Sum{Win: win, Moves: moves, Collections: x.Positions()}, nil
	}
	top := make([]int64, len(insts))
	for _, h := range heaps {
		top[h.Game] = max(top[h.Game], h.Size)
	}
	tables := make([]*Table, len(insts))
	for gi, in := range insts {
		var err error
		if tables[gi], err = opt.table(ctx, in, int(top[gi])); err != nil {
			return nil, err
		}
	}
	heaps = append([]Heap(nil), heaps...)
	for k := range heaps {
		heaps[k].Table = tables[heaps[k].Game]
	}
	x, err := Nimber(heaps)
	if err != nil {
		return nil, err
	}
	s := &Sum{Win: x != 0, Grundy: &x}
	for _, h := range heaps {
		s.Values = append(s.Values, h.Table.G(int(h.Size)))
	}
	if s.Moves, err = WinningMoves(heaps); err != nil {
		return nil, err
	}
	return s, nil
}
