package tiers

import (
	"fmt"
	"slices"

	"retro/positions"
	"retro/rules"
)

// Tiers are the positions of a game that declares a tier (a value of the
// piles that no move lowers), grouped by tier, highest first, so that a
// solve can value them tier by tier with no move graph: every move of a
// position leads into its own tier or a higher one, solved before it.
type Tiers struct {
	Space    *positions.Space
	Instance *rules.Instance
	Starts   []positions.StartPos
	// Order lists the positions by tier, the highest tier first and each
	// tier by index; tier k is Order[Start[k]:Start[k+1]], of value Value[k].
	Order []uint32
	Start []int
	Value []int64

	opt  positions.Options
	work *positions.Work
}

// EnumerateTiers finds the positions of a game instance with a declared
// tier, as Enumerate does, and groups them by tier. Their moves are
// generated afterwards, one position at a time, by an Expander, which
// checks the tier on every move.
func EnumerateTiers(in *rules.Instance, opt positions.Options) (*Tiers, error) {
	if in.Game.Tier == "" {
		return nil, fmt.Errorf("the game declares no tier")
	}
	sp, f, starts, err := positions.Discover(in, opt)
	if err != nil {
		return nil, err
	}
	n := sp.Len()
	// The order (4 bytes a position) and, while sorting, the tier of each
	// (8 bytes).
	if err := f.Opt.Afford("the tiers", n, sp.Bytes()+12*int64(n)); err != nil {
		return nil, err
	}
	t := &Tiers{Space: sp, Instance: in, Starts: starts, opt: f.Opt, work: f.Work}
	tier := make([]int64, n)
	m := in.NewMachine()
	p := make([]int64, sp.Piles())
	for i := range n {
		sp.Position(i, p)
		v, err := m.Tier(p)
		if err != nil {
			return nil, err
		}
		tier[i] = v
	}
	t.Order = orderByTier(tier)
	for k, i := range t.Order {
		if k == 0 || tier[i] != t.Value[len(t.Value)-1] {
			t.Start = append(t.Start, k)
			t.Value = append(t.Value, tier[i])
		}
	}
	t.Start = append(t.Start, n)
	return t, nil
}

// orderByTier lists the indices 0..len(tier)-1 by tier, highest first, and
// by index within a tier: by counting where the tiers span at most about
// one value a position, by sorting otherwise.
func orderByTier(tier []int64) []uint32 {
	n := len(tier)
	order := make([]uint32, n)
	if n == 0 {
		return order
	}
	lo, hi := slices.Min(tier), slices.Max(tier)
	if span := uint64(hi - lo); hi-lo >= 0 && span <= uint64(n)+1024 {
		// count[k]: positions of tier hi-k, then where they start
		count := make([]uint32, span+2)
		for _, v := range tier {
			count[hi-v+1]++
		}
		for k := 1; k < len(count); k++ {
			count[k] += count[k-1]
		}
		for i, v := range tier {
			order[count[hi-v]] = uint32(i)
			count[hi-v]++
		}
		return order
	}
	for i := range order {
		order[i] = uint32(i)
	}
	slices.SortFunc(order, func(a, b uint32) int {
		if x, y := tier[a], tier[b]; x != y {
			if x > y {
				return -1
			}
			return 1
		}
		return int(a) - int(b)
	})
	return order
}

// Len is the number of tiers.
func (t *Tiers) Len() int { return len(t.Value) }

// Tier returns the positions of tier k, by index.
func (t *Tiers) Tier(k int) []uint32 { return t.Order[t.Start[k]:t.Start[k+1]] }

// An Expansion is what the moves of one position come to.
type Expansion struct {
	// Final: the position is final; Won then says the player to move has
	// won there.
	Final, Won bool
	// Succ: the distinct positions of the space the moves lead to, in no
	// set order (valid until the next Expand).
	Succ []uint32
	// WinEnd, LoseEnd: some move leads to an end of the game (a final
	// position outside the space) won, or lost, by the player who moves.
	WinEnd, LoseEnd bool
	// Moves: the legal moves.
	Moves int
}

// An Expander generates the moves of positions of Tiers, one at a time,
// and checks the tier on each: a move to a position of a lower tier is an
// error naming the move and both positions. Each goroutine needs its own.
type Expander struct {
	t            *Tiers
	g            *rules.Game
	m            *rules.Machine
	moves, probe rules.MoveList
	p, q         []int64
	succ         []uint32
	near         int // where the last position was found (Space.PositionNear)
	meter        *positions.Meter
}

// Expander returns a new Expander of t.
func (t *Tiers) Expander() *Expander {
	np := t.Space.Piles()
	return &Expander{t: t, g: t.Instance.Game, m: t.Instance.NewMachine(),
		p: make([]int64, np), q: make([]int64, np), meter: t.work.Meter()}
}

// Flush accounts the moves generated so far against the move cap; call it
// when a goroutine is done with its Expander.
func (e *Expander) Flush() error { return e.meter.Flush() }

// Expand generates the moves of position i, of tier value tier.
func (e *Expander) Expand(i int, tier int64) (Expansion, error) {
	sp := e.t.Space
	p := e.p
	h := sp.PositionNear(i, &e.near, p) // a tier's positions come in index order
	end, err := e.m.End(p)
	if err != nil {
		return Expansion{}, err
	}
	if end {
		w, err := e.m.Winner(p)
		return Expansion{Final: true, Won: w != rules.Mover}, err
	}
	last, mylast := positions.SplitHistory(e.g, h)
	e.moves.Reset()
	if err := e.m.Moves(p, last, mylast, &e.moves); err != nil {
		return Expansion{}, err
	}
	if err := e.meter.Spend(e.moves.Len()); err != nil {
		return Expansion{}, err
	}
	x := Expansion{Moves: e.moves.Len()}
	if x.Moves == 0 {
		w, err := e.m.Winner(p)
		return Expansion{Final: true, Won: w != rules.Mover}, err
	}
	succ := e.succ[:0]
	for k := 0; k < e.moves.Len(); k++ {
		to := e.moves.To(k, len(p))
		if err := positions.CheckTier(e.g, e.m, p, h, to, tier, e.moves.Cmd[k]); err != nil {
			return Expansion{}, err
		}
		th := positions.NextHistory(e.g, h, int(e.moves.Cmd[k]))
		if j, ok := sp.Index(to, th); ok {
			succ = append(succ, uint32(j))
			continue
		}
		won, err := positions.MoveEnd(e.g, e.m, &e.probe, p, h, to, th, e.moves.Cmd[k])
		if err != nil {
			return Expansion{}, err
		}
		if won {
			x.WinEnd = true
		} else {
			x.LoseEnd = true
		}
	}
	e.succ = positions.Distinct(succ)
	x.Succ = e.succ
	return x, nil
}
