package table

import (
	"cmp"
	"fmt"
	"slices"

	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// Range names some values of one of a table's parameters: Lo..Hi, or,
// when Open, Lo to the top of what the table holds.
type Range struct {
	Name   string
	Lo, Hi int64
	Open   bool
}

// Select narrows t to the part of it that r names: the instances whose
// rule parameter lies in r, or the start positions whose start parameter
// does. r must lie in what t holds (an open parameter holds the values it
// was solved with). Select sets the range on t.Game, so that the game
// says what t holds; a result whose starts it narrows is replaced by a
// copy. file names the table in errors. A parameter the game does not
// have gives an error that is ErrNoParam.
func (t *Table) Select(file string, r Range) error {
	g := t.Game
	name, lo, hi := r.Name, r.Lo, r.Hi
	k := slices.IndexFunc(g.Params, func(p rules.Param) bool { return p.Name == name })
	if k < 0 {
		return &noParamError{err: g.SetRange(name, lo, hi)}
	}
	p := g.Params[k]
	if p.Open { // the values the table was solved with
		p.Hi = rules.OpenHi(p.Lo, cmp.Or(t.OpenWidth, positions.DefaultOpenWidth))
	}
	if r.Open { // from lo to the top of what the table holds
		hi = max(lo, p.Hi)
	}
	if lo < p.Lo || hi > p.Hi {
		return fmt.Errorf("%s holds %s = %d..%d only", file, name, p.Lo, p.Hi)
	}
	if err := g.SetRange(name, lo, hi); err != nil {
		return err
	}
	in := func(v int64) bool { return lo <= v && v <= hi }
	if p.Rule {
		at := slices.IndexFunc(g.RuleParams(), func(q rules.Param) bool { return q.Name == name })
		keep := func(inst *rules.Instance) bool { return in(inst.Values[at]) }
		results := slices.DeleteFunc(slices.Clone(t.Results), func(r *retro.Result) bool { return !keep(r.Instance) })
		probes := slices.DeleteFunc(slices.Clone(t.Probes), func(p *retro.Probed) bool { return !keep(p.Instance) })
		if t.Results != nil && len(results) == 0 || t.Results == nil && len(probes) == 0 {
			return fmt.Errorf("%s holds no instance with %s in %d..%d", file, name, lo, hi)
		}
		if t.Results != nil {
			t.Results = results
		}
		if t.Probes != nil {
			t.Probes = probes
		}
		return nil
	}
	at := slices.IndexFunc(g.StartParams(), func(q rules.Param) bool { return q.Name == name })
	keep := func(starts []positions.StartPos) []positions.StartPos {
		return slices.DeleteFunc(slices.Clone(starts), func(s positions.StartPos) bool {
			return at < len(s.Params) && !in(s.Params[at])
		})
	}
	t.Results, t.Probes = slices.Clone(t.Results), slices.Clone(t.Probes) // the ones selected from stay as they are
	for j, r := range t.Results {
		c := *r
		c.Starts = keep(r.Starts)
		t.Results[j] = &c
	}
	for j, p := range t.Probes {
		c := *p
		c.Starts = keep(p.Starts)
		t.Probes[j] = &c
	}
	return nil
}
