package rules

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"

	"retro/rules/lang"
)

// MaxStarts is the most start positions Starts lists; StartsUpTo takes
// another cap.
const MaxStarts = 100_000_000

// OpenHi is the top of an open range from lo taking width values: lo +
// width - 1, or the int64 maximum when that passes it.
func OpenHi(lo, width int64) int64 {
	if width <= 0 {
		return lo
	}
	if lo > math.MaxInt64-(width-1) {
		return math.MaxInt64
	}
	return lo + width - 1
}

// SizeError is a product of parameter ranges beyond a cap, found before
// anything is built from it.
type SizeError struct {
	Pos    Pos     // of the widest param
	What   string  // "instances", "start positions" or "parameter combinations"
	Params []Param // the params whose ranges multiply, the widest first
	Count  *big.Int
	Max    int64
}

func (e *SizeError) Error() string { return e.In(lang.En) }

// In says the error in l.
func (e *SizeError) In(l lang.Lang) string {
	ranges := make([]string, len(e.Params))
	for i, p := range e.Params {
		ranges[i] = fmt.Sprintf("%s = %d..%d", p.Name, p.Lo, p.Hi)
	}
	verb := "gives"
	if len(ranges) > 1 {
		verb = "give"
	}
	what := map[string]*lang.Form{"instances": mInstances, "start positions": mStartPositions, "parameter combinations": mCombinations}[e.What]
	return mSizeError.Msg(e.Pos, strings.Join(ranges, mSizeAnd.In(l)), verb, e.Count, what.Msg(), e.Max).In(l)
}

// Widest is the param whose range is the widest: the one to narrow.
func (e *SizeError) Widest() Param { return e.Params[0] }

// CheckSize counts, without making them, the instances (the product of
// the rule params' ranges), the start positions of an instance (the
// product of the start params' ranges, an open one taking openWidth
// values) and the parameter combinations of all instances (both products
// together: the start positions of every instance, and the tuples `where`
// is evaluated on). More than MaxInstances instances, or more than
// maxStarts start positions or combinations, is a *SizeError.
func (g *Game) CheckSize(openWidth, maxStarts int64) error {
	rp := g.RuleParams()
	for _, p := range rp {
		if p.Open {
			return lang.Errorf(mRuleParamOpen, p.Pos, p.Name, p.Name)
		}
	}
	sp := g.StartParams()
	if !g.HasStart {
		sp = nil
	}
	for i := range sp {
		if sp[i].Open {
			sp[i].Hi = OpenHi(sp[i].Lo, openWidth)
		}
	}
	if err := sizeOf(rp, "instances", MaxInstances); err != nil {
		return err
	}
	if err := sizeOf(sp, "start positions", maxStarts); err != nil {
		return err
	}
	if len(rp) > 0 && len(sp) > 0 {
		return sizeOf(append(slices.Clone(rp), sp...), "parameter combinations", maxStarts)
	}
	return nil
}

// sizeOf is the *SizeError of params whose ranges multiply to more than
// max; nil when they do not.
func sizeOf(ps []Param, what string, max int64) error {
	count := big.NewInt(1)
	for _, p := range ps {
		n := new(big.Int).Sub(big.NewInt(p.Hi), big.NewInt(p.Lo))
		count.Mul(count, n.Add(n, big.NewInt(1)))
	}
	if count.Cmp(big.NewInt(max)) <= 0 {
		return nil
	}
	ps = slices.Clone(ps)
	slices.SortStableFunc(ps, func(a, b Param) int {
		wa := new(big.Int).Sub(big.NewInt(a.Hi), big.NewInt(a.Lo))
		wb := new(big.Int).Sub(big.NewInt(b.Hi), big.NewInt(b.Lo))
		return wb.Cmp(wa)
	})
	return &SizeError{Pos: ps[0].Pos, What: what, Params: ps, Count: count, Max: max}
}
