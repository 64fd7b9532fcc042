package grid

import (
	"fmt"
	"slices"
	"strings"

	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// Pair is two solved games compared position by position: A's instances
// and B's, each read a position at a time. Positions are the same when
// their rule parameters, piles (by name) and history (by the names of
// the commands) are; a game whose positions carry less history than the
// other's is taken as carrying "none".
type Pair struct {
	A, B    *rules.Game
	AS, BS  []*retro.Probed
	pileMap []int // B's pile k is A's pile pileMap[k]
}

// NewPair pairs two solved games over the same piles.
func NewPair(a, b *rules.Game, as, bs []*retro.Probed) (*Pair, error) {
	if len(a.Piles) != len(b.Piles) {
		return nil, fmt.Errorf("%s has the piles %s and %s has %s: diff compares games over the same piles",
			a.ShownName(), strings.Join(a.Piles, ", "), b.ShownName(), strings.Join(b.Piles, ", "))
	}
	p := &Pair{A: a, B: b, AS: as, BS: bs, pileMap: make([]int, len(b.Piles))}
	for k, name := range b.Piles {
		if p.pileMap[k] = slices.Index(a.Piles, name); p.pileMap[k] < 0 {
			return nil, fmt.Errorf("%s has no pile %q of %s: diff compares games over the same piles (%s)",
				a.ShownName(), name, b.ShownName(), strings.Join(a.Piles, ", "))
		}
	}
	return p, nil
}

// other is the instance of bs that matches instance k of as: the same rule
// parameter values by name, or the only one where each game has one.
func other(ga, gb *rules.Game, as, bs []*retro.Probed, k int) int {
	if len(as) == 1 && len(bs) == 1 {
		return 0
	}
	label := as[k].Instance.Label()
	for j, p := range bs {
		if p.Instance.Label() == label {
			return j
		}
	}
	return -1
}

// history is the history in game to of a history of game from: the same
// commands by name, none for a part to keeps and from does not; -1 when
// to has no command of that name, or keeps no history where from's is
// not none.
func history(from, to *rules.Game, h int) int {
	last, mylast := positions.SplitHistory(from, h)
	move := func(part int) int {
		if part == 0 {
			return 0
		}
		name := from.Commands[part-1].Name
		for k, c := range to.Commands {
			if c.Name == name {
				return k + 1
			}
		}
		return -1
	}
	l, m := move(last), move(mylast)
	switch {
	case l < 0 || m < 0:
		return -1
	case to.History == rules.NoHistory && (l != 0 || m != 0):
		return -1
	case to.History == rules.LastHistory && m != 0:
		return -1
	}
	return positions.JoinHistory(to, l, m)
}

// Difference is one position whose value differs between two games: its
// rule parameters, piles and history as game A has them (B's, for a
// position of B only), and its cell in each.
type Difference struct {
	Params       []int64
	Piles        []int64
	Last, Mylast string
	A, B         Cell
	Change       Change
}

// Compare counts how the positions' values change from A to B, and calls
// each (when set) for every position that differs, A's positions in A's
// table order, then B's only. An error is a fault of a table read, or
// each's.
func (p *Pair) Compare(each func(d *Difference) error) (Changes, error) {
	var n Changes
	d := &Difference{Piles: make([]int64, len(p.A.Piles))}
	bPiles := make([]int64, len(p.A.Piles))
	for k, pa := range p.AS {
		j := other(p.A, p.B, p.AS, p.BS, k)
		err := walk(pa, func(i int, piles []int64, h int) error {
			a, err := valueCell(pa, i)
			if err != nil {
				return err
			}
			b := Cell{}
			if hb := history(p.A, p.B, h); j >= 0 && hb >= 0 {
				for kb := range bPiles {
					bPiles[kb] = piles[p.pileMap[kb]]
				}
				if ib, ok := p.BS[j].Space.Index(bPiles, hb); ok {
					if b, err = valueCell(p.BS[j], ib); err != nil {
						return err
					}
				}
			}
			return p.count(&n, d, p.A, pa.Instance.Values, piles, h, a, b, each)
		})
		if err != nil {
			return n, err
		}
	}
	return n, p.onlyB(&n, d, each)
}

// onlyB counts the positions of B that are no position of A.
func (p *Pair) onlyB(n *Changes, d *Difference, each func(d *Difference) error) error {
	aPiles := make([]int64, len(p.A.Piles))
	for j, pb := range p.BS {
		k := other(p.B, p.A, p.BS, p.AS, j)
		err := walk(pb, func(i int, piles []int64, h int) error {
			if k >= 0 {
				if ha := history(p.B, p.A, h); ha >= 0 && history(p.A, p.B, ha) == h {
					for kb, v := range piles {
						aPiles[p.pileMap[kb]] = v
					}
					if _, ok := p.AS[k].Space.Index(aPiles, ha); ok {
						return nil // counted with A's
					}
				}
			}
			b, err := valueCell(pb, i)
			if err != nil {
				return err
			}
			for kb, v := range piles {
				aPiles[p.pileMap[kb]] = v
			}
			return p.count(n, d, p.B, pb.Instance.Values, aPiles, h, Cell{}, b, each)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// count counts one position, and hands it to each when it differs.
func (p *Pair) count(n *Changes, d *Difference, g *rules.Game, params, piles []int64, h int, a, b Cell, each func(*Difference) error) error {
	ch := Compare(a, b)
	n[ch]++
	if ch == Same || each == nil {
		return nil
	}
	last, mylast := positions.SplitHistory(g, h)
	d.Params, d.A, d.B, d.Change = params, a, b, ch
	copy(d.Piles, piles)
	d.Last, d.Mylast = "", ""
	if g.History != rules.NoHistory {
		d.Last = positions.CommandName(g, last)
	}
	if g.History == rules.BothHistory {
		d.Mylast = positions.CommandName(g, mylast)
	}
	return each(d)
}

// walk calls fn for every position of an instance, in index order.
func walk(p *retro.Probed, fn func(i int, piles []int64, h int) error) error {
	lo, hi := p.Space.Held()
	return p.Space.Walk(lo, hi, fn)
}

// valueCell is the cell of position i.
func valueCell(p *retro.Probed, i int) (Cell, error) {
	o, layer, err := p.Values.Value(i)
	return Cell{Kind: Value, Outcome: o, Layer: int32(layer)}, err
}

// OtherSource reads in B the slice s of A: the same piles and rule
// parameters, the history by the names of the commands (positions whose
// history B has no name for are absent).
func (p *Pair) OtherSource(s Slice) (*Source, error) {
	t := s
	t.At = make([]int64, len(s.At))
	for kb := range t.At {
		t.At[kb] = s.At[p.pileMap[kb]]
	}
	remap := func(a Axis) Axis {
		if a.Pile >= 0 {
			a.Pile = slices.Index(p.pileMap, a.Pile)
		}
		return a
	}
	t.X, t.Y = remap(s.X), remap(s.Y)
	t.Hist = history(p.A, p.B, s.Hist)
	t.Params = make([]int64, len(p.B.RuleParams()))
	aParams := p.A.RuleParams()
	for k, bp := range p.B.RuleParams() {
		for ka, ap := range aParams {
			if ap.Name == bp.Name {
				t.Params[k] = s.Params[ka]
			}
		}
	}
	if (t.X.Pile < 0 && !hasParam(p.B, t.X.Name)) || (t.Y.Pile < 0 && t.Y.Param >= 0 && !hasParam(p.B, t.Y.Name)) {
		return nil, fmt.Errorf("%s has no rule parameter to map along: choose piles for --x and --y", p.B.ShownName())
	}
	if t.X.Pile < 0 {
		t.X.Param = paramIndex(p.B, t.X.Name)
	}
	if t.Y.Pile < 0 && t.Y.Param >= 0 {
		t.Y.Param = paramIndex(p.B, t.Y.Name)
	}
	src, err := NewSource(p.B, p.BS, t)
	if err != nil {
		return nil, err
	}
	if len(p.AS) == 1 && len(p.BS) == 1 {
		src.Slice.Params = slices.Clone(p.BS[0].Instance.Values)
	}
	src.absent = t.Hist < 0
	return src, nil
}

func hasParam(g *rules.Game, name string) bool { return paramIndex(g, name) >= 0 }

func paramIndex(g *rules.Game, name string) int {
	return slices.IndexFunc(g.RuleParams(), func(p rules.Param) bool { return p.Name == name })
}
