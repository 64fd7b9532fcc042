package rules

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"retro/rules/lang"
)

// MaxInstances is the most instances Instances makes.
const MaxInstances = 1 << 22

// Param is a parameter of the game file: a name, its range, and whether the
// rules read it.
type Param struct {
	Name   string
	Lo, Hi int64
	Open   bool // "31..": open above; Hi is meaningless
	Rule   bool // read by moves, end, winner, allow or [bounds]
	Pos    Pos  // of its key in [params]
}

// SetRange sets the range of the named param to lo..hi (closing it when it
// was open), as from the command line.
func (g *Game) SetRange(name string, lo, hi int64) error {
	for i := range g.Params {
		if g.Params[i].Name != name {
			continue
		}
		if lo > hi {
			return lang.Errorf(mParamEmptySet, name, lo, hi)
		}
		p := &g.Params[i]
		p.Lo, p.Hi, p.Open = lo, hi, false
		return nil
	}
	names := make([]string, len(g.Params))
	for i, p := range g.Params {
		names[i] = p.Name
	}
	if len(names) == 0 {
		return lang.Errorf(mNoParams, g.File, name)
	}
	return lang.Errorf(mNoParam, g.File, name, nameList(names))
}

// SetOpen makes the named param open from lo ("31.."), as from the command
// line: the open width decides how many values it takes.
func (g *Game) SetOpen(name string, lo int64) error {
	for i := range g.Params {
		if g.Params[i].Name == name {
			p := &g.Params[i]
			p.Lo, p.Hi, p.Open = lo, lo, true
			return nil
		}
	}
	return g.SetRange(name, lo, lo) // the error naming the params there are
}

// Setting is a range given to a param from outside the game file, as on
// the command line: Lo..Hi, or open from Lo ("31..") when Open.
type Setting struct {
	Name   string
	Lo, Hi int64
	Open   bool
}

// Set gives the named param the setting's range (SetRange, or SetOpen when
// it is open).
func (g *Game) Set(s Setting) error {
	if s.Open {
		return g.SetOpen(s.Name, s.Lo)
	}
	return g.SetRange(s.Name, s.Lo, s.Hi)
}

// Instance is the game with its rule params bound to values.
type Instance struct {
	Game   *Game
	Values []int64 // the rule param values, in RuleParams order

	env []int64 // an environment with the rule params filled in
}

// Label names the instance by its rule param values, "n=5,k=2"; "" when
// the rules have no params.
func (in *Instance) Label() string {
	var parts []string
	for k, p := range in.Game.RuleParams() {
		parts = append(parts, p.Name+"="+strconv.FormatInt(in.Values[k], 10))
	}
	return strings.Join(parts, ",")
}

// Range is an inclusive range of integers.
type Range struct{ Lo, Hi int64 }

// Start is one start position: the values of the start params (in
// StartParams order) and the piles they give.
type Start struct {
	Params []int64
	Piles  []int64
}

// Bind makes the Instance for one tuple of rule param values, given in
// RuleParams order. It does not check the values against the ranges.
func (g *Game) Bind(values []int64) (*Instance, error) {
	if len(values) != len(g.ruleIdx) {
		return nil, fmt.Errorf("%s: %d values for %d rule params", g.File, len(values), len(g.ruleIdx))
	}
	in := &Instance{Game: g, Values: append([]int64(nil), values...), env: make([]int64, g.nslots)}
	for i, k := range g.ruleIdx {
		in.env[len(g.Piles)+k] = values[i]
	}
	return in, nil
}

// Instances returns one Instance per tuple of rule param values: the
// cartesian product of their ranges, in ascending order, the first param
// slowest. When `where` reads rule params only, the tuples it rejects are
// left out. A game without rule params has one Instance. An open rule
// param is an error.
func (g *Game) Instances() ([]*Instance, error) {
	rp := g.RuleParams()
	for _, p := range rp {
		if p.Open {
			return nil, lang.Errorf(mRuleParamOpen, p.Pos, p.Name, p.Name)
		}
	}
	if err := sizeOf(rp, "instances", MaxInstances); err != nil {
		return nil, err
	}
	var out []*Instance
	values := make([]int64, len(rp))
	for i, p := range rp {
		values[i] = p.Lo
	}
	for {
		in, err := g.Bind(values)
		if err != nil {
			return nil, err
		}
		keep := true
		if g.where != nil && g.whereRule {
			if keep, err = in.whereHolds(nil); err != nil {
				return nil, err
			}
		}
		if keep {
			out = append(out, in)
		}
		if !odometer(values, rp) {
			return out, nil
		}
	}
}

// odometer advances values to the next tuple, the last param fastest; false
// after the last tuple.
func odometer(values []int64, ps []Param) bool {
	for i := len(values) - 1; i >= 0; i-- {
		if values[i] < ps[i].Hi {
			values[i]++
			return true
		}
		values[i] = ps[i].Lo
	}
	return false
}

// whereHolds evaluates `where` in env (the instance's when nil).
func (in *Instance) whereHolds(env []int64) (bool, error) {
	if env == nil {
		env = in.env
	}
	f := frame{env: env}
	ok := in.Game.where(&f)
	if f.err != nil {
		return false, in.fault(&f, env)
	}
	return ok, nil
}

// fault makes the *Error of a fault while evaluating with the params in
// env, naming their values.
func (in *Instance) fault(f *frame, env []int64) error {
	g := in.Game
	var vals []string
	for i, p := range g.Params {
		vals = append(vals, fmt.Sprintf("%s = %d", p.Name, env[len(g.Piles)+i]))
	}
	var where lang.Msg
	if len(vals) > 0 {
		where = mWithParams.Msg(strings.Join(vals, ", "))
	}
	return g.errorAt(f.at, f.err, where)
}

// Bounds evaluates the [bounds] box, one Range per pile; nil without
// [bounds]. An empty range is an error.
func (in *Instance) Bounds() ([]Range, error) {
	g := in.Game
	if !g.HasBounds {
		return nil, nil
	}
	f := frame{env: append([]int64(nil), in.env...)}
	rs := make([]Range, len(g.bounds))
	for i, b := range g.bounds {
		rs[i] = Range{b[0](&f), b[1](&f)}
		if f.err != nil {
			return nil, in.fault(&f, f.env)
		}
		if rs[i].Lo > rs[i].Hi {
			return nil, lang.Errorf(mBoundsEmpty, g.File, g.Piles[i], rs[i].Lo, rs[i].Hi)
		}
	}
	return rs, nil
}

// Starts lists the start positions: every tuple of start param values
// (ascending, the first param slowest) that passes `where`, with the piles
// evaluated from [start]. An open start param takes openWidth values from
// its Lo. Without [start] it returns nil. More than MaxStarts tuples is a
// *SizeError.
func (in *Instance) Starts(openWidth int64) ([]Start, error) {
	return in.StartsUpTo(openWidth, MaxStarts)
}

// StartsUpTo is Starts with a cap of max tuples, checked before any is
// made.
func (in *Instance) StartsUpTo(openWidth, max int64) ([]Start, error) {
	return in.StartsStopping(openWidth, max, nil)
}

// StartsStopping is StartsUpTo asking stop (when set) every 2^16 starts,
// whose error ends the list: a list of 10^8 starts takes seconds.
func (in *Instance) StartsStopping(openWidth, max int64, stop func() error) ([]Start, error) {
	var out []Start
	err := in.EachStart(openWidth, max, func(s Start) error {
		if stop != nil && len(out)&(1<<16-1) == 0 {
			if err := stop(); err != nil {
				return err
			}
		}
		out = append(out, Start{Params: slices.Clone(s.Params), Piles: slices.Clone(s.Piles)})
		return nil
	})
	return out, err
}

// StartCount is the number of start tuples Starts would go through (before
// where drops any), open ranges taking openWidth values; it makes none.
func (in *Instance) StartCount(openWidth int64) (int64, error) {
	sp, err := in.startParams(openWidth)
	if err != nil || sp == nil {
		return 0, err
	}
	n := int64(1)
	for _, p := range sp {
		w := p.Hi - p.Lo + 1
		if w <= 0 || n > math.MaxInt64/w {
			return math.MaxInt64, nil
		}
		n *= w
	}
	return n, nil
}

// startParams are the start parameters with open ranges closed at
// openWidth values; nil for a game without a start.
func (in *Instance) startParams(openWidth int64) ([]Param, error) {
	g := in.Game
	if !g.HasStart {
		return nil, nil
	}
	sp := g.StartParams()
	for i := range sp {
		if sp[i].Open {
			if openWidth <= 0 {
				return nil, lang.Errorf(mStartOpen, sp[i].Pos, sp[i].Name, openWidth)
			}
			sp[i].Hi = OpenHi(sp[i].Lo, openWidth)
		}
	}
	return sp, nil
}

// EachStart calls f with each start position in turn, as Starts lists
// them, keeping none: the Start it is given is reused for the next one.
// More than max tuples is an error, found before any is made.
func (in *Instance) EachStart(openWidth, max int64, f func(Start) error) error {
	g := in.Game
	sp, err := in.startParams(openWidth)
	if err != nil || sp == nil {
		return err
	}
	if err := sizeOf(sp, "start positions", max); err != nil {
		return err
	}
	env := append([]int64(nil), in.env...)
	values := make([]int64, len(sp))
	for i, p := range sp {
		values[i] = p.Lo
	}
	s := Start{Params: values, Piles: make([]int64, len(g.Piles))}
	fr := &frame{env: env} // one for all the starts: it escapes to the heap
	for {
		for i, k := range g.startIdx {
			env[len(g.Piles)+k] = values[i]
		}
		keep := true
		if g.where != nil {
			var err error
			if keep, err = in.whereHolds(env); err != nil {
				return err
			}
		}
		if keep {
			*fr = frame{env: env}
			for i, fn := range g.start {
				s.Piles[i] = fn(fr)
			}
			if fr.err != nil {
				return in.fault(fr, env)
			}
			if err := in.checkSigned(s, sp); err != nil {
				return err
			}
			if err := f(s); err != nil {
				return err
			}
		}
		if !odometer(values, sp) {
			return nil
		}
	}
}

// checkSigned refuses a start position with a negative pile in a game
// that is not signed.
func (in *Instance) checkSigned(s Start, sp []Param) error {
	g := in.Game
	if g.Signed {
		return nil
	}
	for i, v := range s.Piles {
		if v >= 0 {
			continue
		}
		var with []string
		for k, p := range sp {
			with = append(with, fmt.Sprintf("%s = %d", p.Name, s.Params[k]))
		}
		var at lang.Msg
		if len(with) > 0 {
			at = mWithValues.Msg(strings.Join(with, ", "))
		}
		return lang.Errorf(mStartSigned, g.File, g.Piles[i], v, at)
	}
	return nil
}
