package grid

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// Choice is what a map is asked to show: the names on its axes (a pile
// or a rule parameter; empty for the default), their ranges (nil for the
// range the game's positions take), the value of other piles and rule
// parameters by name, and the history by command name ("none", or a
// command's name; empty for the starts' history).
type Choice struct {
	X, Y           string
	XRange, YRange *rules.Range
	At             map[string]int64
	Last, Mylast   string
}

// ParseAxis reads an axis as a user writes it: NAME, or NAME=LO..HI (a
// range of one value, NAME=V, too).
func ParseAxis(s string) (string, *rules.Range, error) {
	name, r, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok {
		return name, nil, nil
	}
	a, b, isRange := strings.Cut(r, "..")
	lo, err := rules.ParseInt(a)
	if err != nil {
		return "", nil, err
	}
	hi := lo
	if isRange {
		if hi, err = rules.ParseInt(b); err != nil {
			return "", nil, err
		}
	}
	if name == "" || lo > hi {
		return "", nil, fmt.Errorf("want NAME or NAME=LO..HI")
	}
	return name, &rules.Range{Lo: lo, Hi: hi}, nil
}

// Choose works out the slice c asks for of a solved game: by default the
// first pile across and the second down (a game of one pile: the pile
// across and its rule parameter down, or one row), every other pile where
// the first start has it, in the first instance, with the starts' history.
func Choose(g *rules.Game, instances []*retro.Probed, c Choice) (Slice, error) {
	var s Slice
	if len(instances) == 0 {
		return s, fmt.Errorf("%s: nothing solved to map", g.ShownName())
	}
	xName, yName := c.X, c.Y
	if xName == "" {
		xName = g.Piles[0]
		if yName == g.Piles[0] && len(g.Piles) > 1 {
			xName = g.Piles[1]
		}
	}
	if yName == "" {
		yName = defaultY(g, xName)
	}
	var err error
	if s.X, err = axisNamed(g, xName); err != nil {
		return s, err
	}
	if yName == "" {
		s.Y = Axis{Pile: -1, Param: -1}
	} else if s.Y, err = axisNamed(g, yName); err != nil {
		return s, err
	}
	if yName == xName {
		return s, fmt.Errorf("--x and --y both name %q: a map needs two different axes", xName)
	}
	if s.X.Pile < 0 && s.Y.Pile < 0 && s.Y.Param >= 0 {
		return s, fmt.Errorf("%q and %q are both rule parameters: at least one axis must be a pile", xName, yName)
	}
	if err := s.place(g, instances, c); err != nil {
		return s, err
	}
	s.X.Lo, s.X.Hi = axisRange(instances, s.X)
	s.Y.Lo, s.Y.Hi = axisRange(instances, s.Y)
	if c.XRange != nil {
		s.X.Lo, s.X.Hi = c.XRange.Lo, c.XRange.Hi
	}
	if c.YRange != nil {
		if s.Y.Pile < 0 && s.Y.Param < 0 {
			return s, fmt.Errorf("a range for --y, but the map of %s is one row", g.ShownName())
		}
		s.Y.Lo, s.Y.Hi = c.YRange.Lo, c.YRange.Hi
	}
	if s.X.Lo > s.X.Hi || s.Y.Lo > s.Y.Hi {
		return s, fmt.Errorf("%s: the slice is empty (no position of the game along an axis)", g.ShownName())
	}
	if !fits(s.X) || !fits(s.Y) || s.X.Len() > MaxCells/s.Y.Len() {
		return s, fmt.Errorf("the slice %s=%d..%d × %s=%d..%d has more positions than a map holds (%d): choose a part with --x and --y",
			s.X.Name, s.X.Lo, s.X.Hi, s.Y.Name, s.Y.Lo, s.Y.Hi, int64(MaxCells))
	}
	return s, nil
}

// MaxCells is the most positions of a map, in any format (a CSV grid of
// 2^32 cells is some 12 GB already).
const MaxCells = 1 << 32

// fits reports whether an axis's length is a positive int64 (no overflow)
// of at most MaxCells values.
func fits(a Axis) bool {
	n := a.Hi - a.Lo + 1
	return a.Hi >= a.Lo && n > 0 && n <= MaxCells
}

// defaultY is the axis down a map whose x is xName: the first pile that
// is not x, or the first rule parameter of a game of one pile, or none.
func defaultY(g *rules.Game, xName string) string {
	for _, p := range g.Piles {
		if p != xName {
			return p
		}
	}
	for _, p := range g.RuleParams() {
		if p.Name != xName {
			return p.Name
		}
	}
	return ""
}

// axisNamed is the axis of a pile or rule parameter, by name.
func axisNamed(g *rules.Game, name string) (Axis, error) {
	if k := slices.Index(g.Piles, name); k >= 0 {
		return Axis{Name: name, Pile: k}, nil
	}
	for k, p := range g.RuleParams() {
		if p.Name == name {
			return Axis{Name: name, Pile: -1, Param: k}, nil
		}
	}
	for _, p := range g.StartParams() {
		if p.Name == name {
			return Axis{}, fmt.Errorf("%q is a parameter of the start only: the value of a position does not depend on it, "+
				"so a map along it repeats one row; map the piles (%s)", name, strings.Join(g.Piles, ", "))
		}
	}
	return Axis{}, fmt.Errorf("%q is neither a pile (%s) nor a rule parameter of %s", name, namesOf(g), g.ShownName())
}

func namesOf(g *rules.Game) string {
	names := slices.Clone(g.Piles)
	for _, p := range g.RuleParams() {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

// place sets where the slice stands off its axes: the instance, the other
// piles and the history.
func (s *Slice) place(g *rules.Game, instances []*retro.Probed, c Choice) error {
	s.Params = slices.Clone(instances[0].Instance.Values)
	for k, p := range g.RuleParams() {
		if v, ok := c.At[p.Name]; ok {
			s.Params[k] = v
		}
	}
	inst := instances[0]
	for _, p := range instances {
		if slices.Equal(p.Instance.Values, s.Params) {
			inst = p
		}
	}
	s.At = make([]int64, len(g.Piles))
	s.Hist = 0
	if len(inst.Starts) > 0 {
		s.Hist = inst.Space.Position(inst.Starts[0].Index, s.At)
	} else if lo, _ := inst.Space.Box(); lo != nil {
		copy(s.At, lo)
	}
	for name, v := range c.At {
		if k := slices.Index(g.Piles, name); k >= 0 {
			s.At[k] = v
		} else if !slices.ContainsFunc(g.RuleParams(), func(p rules.Param) bool { return p.Name == name }) {
			return fmt.Errorf("--at %s: %q is neither a pile (%s) nor a rule parameter of %s", name, name, namesOf(g), g.ShownName())
		}
	}
	return s.placeHistory(g, c)
}

// placeHistory sets the slice's history from --last and --mylast.
func (s *Slice) placeHistory(g *rules.Game, c Choice) error {
	last, mylast := positions.SplitHistory(g, s.Hist)
	set := func(flag, name string, part *int) error {
		if name == "" {
			return nil
		}
		if g.History == rules.NoHistory || (flag == "--mylast" && g.History != rules.BothHistory) {
			return fmt.Errorf("%s %s: the positions of %s carry no such history", flag, name, g.ShownName())
		}
		if name == "none" {
			*part = 0
			return nil
		}
		for k, cmd := range g.Commands {
			if cmd.Name == name {
				*part = k + 1
				return nil
			}
		}
		var names []string
		for _, cmd := range g.Commands {
			names = append(names, fmt.Sprintf("%q", cmd.Name))
		}
		return fmt.Errorf("%s %q: want none or a command of %s: %s", flag, name, g.ShownName(), strings.Join(names, ", "))
	}
	if err := set("--last", c.Last, &last); err != nil {
		return err
	}
	if err := set("--mylast", c.Mylast, &mylast); err != nil {
		return err
	}
	s.Hist = positions.JoinHistory(g, last, mylast)
	return nil
}

// axisRange is the range of values the instances' positions take along
// an axis (the instances' values of a rule parameter), 0..0 for none.
func axisRange(instances []*retro.Probed, a Axis) (lo, hi int64) {
	if a.Pile < 0 && a.Param < 0 {
		return 0, 0
	}
	lo, hi = math.MaxInt64, math.MinInt64
	for _, p := range instances {
		if a.Pile < 0 {
			v := p.Instance.Values[a.Param]
			lo, hi = min(lo, v), max(hi, v)
			continue
		}
		l, h := pileRange(p.Space, a.Pile)
		lo, hi = min(lo, l), max(hi, h)
	}
	return lo, hi
}

// pileRange is the least and the largest value of pile k among the
// positions of a space: its box's side, for a dense space.
func pileRange(sp *positions.Space, k int) (lo, hi int64) {
	if boxLo, size := sp.Box(); boxLo != nil {
		return boxLo[k], boxLo[k] + size[k] - 1
	}
	lo, hi = math.MaxInt64, math.MinInt64
	from, to := sp.Held()
	sp.Walk(from, to, func(_ int, piles []int64, _ int) error {
		lo, hi = min(lo, piles[k]), max(hi, piles[k])
		return nil
	})
	return lo, hi
}
