package grid

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// Axis is what runs across or down a map: pile Pile, or (Pile < 0) rule
// parameter Param, over Lo..Hi.
type Axis struct {
	Name   string
	Pile   int
	Param  int
	Lo, Hi int64
}

// Len is the number of values of the axis.
func (a Axis) Len() int64 { return a.Hi - a.Lo + 1 }

// Slice is the part of a solved game a map shows: the two axes (Y.Len()
// is 1 for a map of one row) and where every other coordinate stands.
type Slice struct {
	X, Y Axis
	// At is the value of every pile (those on an axis are ignored).
	At []int64
	// Params are the rule parameter values of the instance shown (those on
	// an axis are ignored).
	Params []int64
	// Hist is the history every position carries (see positions.JoinHistory).
	Hist int
}

// Label says where the slice stands, other than its axes: "c=4, last=+1,
// n=3"; "" when nothing else stands.
func (s *Slice) Label(g *rules.Game) string {
	var parts []string
	for k, name := range g.Piles {
		if k != s.X.Pile && k != s.Y.Pile {
			parts = append(parts, name+"="+strconv.FormatInt(s.At[k], 10))
		}
	}
	for k, p := range g.RuleParams() {
		if !(s.X.Pile < 0 && s.X.Param == k) && !(s.Y.Pile < 0 && s.Y.Param == k) {
			parts = append(parts, p.Name+"="+strconv.FormatInt(s.Params[k], 10))
		}
	}
	last, mylast := positions.SplitHistory(g, s.Hist)
	if g.History != rules.NoHistory {
		parts = append(parts, "last="+positions.CommandName(g, last))
	}
	if g.History == rules.BothHistory {
		parts = append(parts, "mylast="+positions.CommandName(g, mylast))
	}
	return strings.Join(parts, ", ")
}

// Source reads the cells of a slice of one solved game, a row at a time.
type Source struct {
	Game      *rules.Game
	Slice     Slice
	instances []*retro.Probed
	machines  []*rules.Machine
	probe     rules.MoveList
	piles     []int64
	absent    bool // every cell absent: B has no such history
	byParams  map[string]int
}

// NewSource reads slice s of the instances of a solved game (one Probed an
// instance, in the game's order of instances).
func NewSource(g *rules.Game, instances []*retro.Probed, s Slice) (*Source, error) {
	if len(instances) == 0 {
		return nil, fmt.Errorf("%s: no instance to map", g.ShownName())
	}
	src := &Source{Game: g, Slice: s, instances: instances, piles: make([]int64, len(g.Piles))}
	src.machines = make([]*rules.Machine, len(instances))
	src.byParams = make(map[string]int, len(instances))
	for k, p := range instances {
		src.machines[k] = p.Instance.NewMachine()
		src.byParams[paramKey(p.Instance.Values)] = k
	}
	return src, nil
}

// instance is the index of the instance whose rule parameters are params,
// or -1.
func (s *Source) instance(params []int64) int {
	if k, ok := s.byParams[paramKey(params)]; ok {
		return k
	}
	return -1
}

// paramKey is a map key of rule parameter values.
func paramKey(values []int64) string {
	b := make([]byte, 0, 8*len(values))
	for _, v := range values {
		b = binary.LittleEndian.AppendUint64(b, uint64(v))
	}
	return string(b)
}

// Row writes the cells of row y (Slice.Y.Lo ≤ y ≤ Slice.Y.Hi) into cells,
// one for each x of Slice.X. An error is a fault of the table read.
func (s *Source) Row(y int64, cells []Cell) error {
	sl := &s.Slice
	copy(s.piles, sl.At)
	params := slices.Clone(sl.Params)
	k := -1
	switch {
	case sl.Y.Pile >= 0:
		s.piles[sl.Y.Pile] = y
	case sl.Y.Param >= 0:
		params[sl.Y.Param] = y
	}
	if sl.X.Pile >= 0 {
		k = s.instance(params)
	}
	for j := range cells {
		x := sl.X.Lo + int64(j)
		if sl.X.Pile >= 0 {
			s.piles[sl.X.Pile] = x
		} else {
			params[sl.X.Param] = x
			k = s.instance(params)
		}
		c, err := s.cell(k, s.piles)
		if err != nil {
			return err
		}
		cells[j] = c
	}
	return nil
}

// cell is the cell of position piles (with the slice's history) in
// instance k (-1: none, the cell is absent).
func (s *Source) cell(k int, piles []int64) (Cell, error) {
	if k < 0 || s.absent {
		return Cell{}, nil
	}
	p := s.instances[k]
	if i, ok := p.Space.Index(piles, s.Slice.Hist); ok {
		o, layer, err := p.Values.Value(i)
		if err != nil {
			return Cell{}, err
		}
		return Cell{Kind: Value, Outcome: o, Layer: int32(layer)}, nil
	}
	// Not in the table: the game is over there, or never reaches it. A
	// position where the rules cannot be worked out (a division by zero
	// outside the game) is one it never reaches.
	final, err := positions.Final(s.Game, s.machines[k], &s.probe, piles, s.Slice.Hist)
	if err == nil && final {
		return Cell{Kind: Final}, nil
	}
	return Cell{}, nil
}
