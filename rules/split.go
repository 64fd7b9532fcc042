package rules

import (
	"math"
	"slices"

	"retro/rules/lang"
)

// The split form of a heap game: its split entries read as rows, so that
// the Grundy values can be computed without listing every split of every
// heap (the sparse-space method).
//
// A row is a split entry `x -> E1, E2 for i in LO..HI [if C] [if G]` of
// two parts and one generator whose parts are linear in i and x with
// slopes 1 and -1 (or -1 and 1), so that the parts of every option sum to
// the same M, a linear function of x; LO and HI may be any expressions of
// x and the params. The conditions C and G are read as comparisons of
// linear expressions joined by `and` where they are such (then a heap's
// row is a range of first parts with a few points left out), and are
// otherwise evaluated for each option asked about. Every other entry is
// left to the machine: its options are listed in full.

// splitShape is what a split entry's syntax says about it: nil fields
// when the entry is not a row.
type splitShape struct {
	gen   int       // slot of the generator variable
	parts [2]linear // the two parts
	conds []linCond // the linear conditions, joined by and
	// opaque: a condition is not linear, so each option's conditions are
	// evaluated by the compiled closures.
	opaque bool
}

// linear is Σ coef[slot]·env[slot] + k over the environment slots.
type linear struct {
	coef map[int]int64
	k    int64
}

// linCond is L op 0 for a linear L.
type linCond struct {
	l  linear
	op token
}

// maxCoef bounds the coefficients of a linear form, so that its value at
// heaps up to 2^40 cannot overflow.
const maxCoef = 1 << 20

// linearOf reads x as a linear form; false when it is not one.
func linearOf(x expr) (linear, bool) {
	if k, ok := fold(x); ok {
		return linear{k: k}, true
	}
	switch x := x.(type) {
	case *paren:
		return linearOf(x.x)
	case *ident:
		if x.kind == nameSlot {
			return linear{coef: map[int]int64{x.slot: 1}}, true
		}
		if x.kind == nameConst {
			return linear{k: x.val}, true
		}
	case *unary:
		if x.op == tSub {
			if l, ok := linearOf(x.x); ok {
				return l.scale(-1)
			}
		}
	case *binary:
		a, okA := linearOf(x.x)
		b, okB := linearOf(x.y)
		if !okA || !okB {
			return linear{}, false
		}
		switch x.op {
		case tAdd:
			return a.plus(b, 1)
		case tSub:
			return a.plus(b, -1)
		case tMul:
			if len(a.coef) == 0 {
				return b.scale(a.k)
			}
			if len(b.coef) == 0 {
				return a.scale(b.k)
			}
		}
	}
	return linear{}, false
}

// scale returns s·l.
func (l linear) scale(s int64) (linear, bool) {
	if s < -maxCoef || s > maxCoef || l.k < -maxCoef*maxCoef || l.k > maxCoef*maxCoef {
		return linear{}, false
	}
	out := linear{k: l.k * s, coef: map[int]int64{}}
	for slot, c := range l.coef {
		if c*s != 0 {
			out.coef[slot] = c * s
		}
	}
	return out, out.fits()
}

// plus returns l + s·m, s = ±1.
func (l linear) plus(m linear, s int64) (linear, bool) {
	out := linear{k: l.k + s*m.k, coef: map[int]int64{}}
	for slot, c := range l.coef {
		out.coef[slot] = c
	}
	for slot, c := range m.coef {
		out.coef[slot] += s * c
		if out.coef[slot] == 0 {
			delete(out.coef, slot)
		}
	}
	return out, out.fits() && l.k > math.MinInt64/4 && l.k < math.MaxInt64/4
}

func (l linear) fits() bool {
	for _, c := range l.coef {
		if c < -maxCoef || c > maxCoef {
			return false
		}
	}
	return l.k > -maxCoef*maxCoef && l.k < maxCoef*maxCoef
}

// at evaluates l in env, leaving out the slot skip.
func (l linear) at(env []int64, skip int) int64 {
	v := l.k
	for slot, c := range l.coef {
		if slot != skip {
			v += c * env[slot]
		}
	}
	return v
}

// condsOf reads a condition as linear comparisons joined by and.
func condsOf(x expr, out []linCond) ([]linCond, bool) {
	switch x := x.(type) {
	case *paren:
		return condsOf(x.x, out)
	case *boolLit:
		if x.val {
			return out, true
		}
	case *binary:
		if x.op == tAnd {
			out, ok := condsOf(x.x, out)
			if !ok {
				return nil, false
			}
			return condsOf(x.y, out)
		}
	case *compare:
		for k, op := range x.ops {
			a, okA := linearOf(x.xs[k])
			b, okB := linearOf(x.xs[k+1])
			if !okA || !okB || x.xs[k].typeOf() != tyInt {
				return nil, false
			}
			d, ok := a.plus(b, -1)
			if !ok {
				return nil, false
			}
			out = append(out, linCond{l: d, op: op})
		}
		return out, true
	}
	return nil, false
}

// splitShapeOf reads entry e as a row; nil when it is not one. A row may
// read the slots below maxSlot (the pile and the params) and its
// generator.
func splitShapeOf(e *entry, maxSlot int) *splitShape {
	if e.kind != entrySplit || len(e.parts) != 2 || len(e.gens) != 1 {
		return nil
	}
	gen := e.gens[0]
	s := &splitShape{gen: gen.slot}
	for k, p := range e.parts {
		l, ok := linearOf(p)
		if !ok {
			return nil
		}
		for slot := range l.coef {
			if slot != gen.slot && slot >= maxSlot {
				return nil
			}
		}
		s.parts[k] = l
	}
	a, b := s.parts[0].coef[gen.slot], s.parts[1].coef[gen.slot]
	if a*a != 1 || a+b != 0 {
		return nil
	}
	for _, c := range []expr{gen.cond, e.guard} {
		if c == nil {
			continue
		}
		cs, ok := condsOf(c, s.conds)
		if !ok {
			s.opaque = true
			continue
		}
		for _, lc := range cs {
			for slot := range lc.l.coef {
				if slot != gen.slot && slot >= maxSlot {
					s.opaque = true
				}
			}
		}
		if !s.opaque {
			s.conds = cs
		}
	}
	if s.opaque {
		s.conds = nil
	}
	return s
}

// SplitForm is a heap game instance read for the sparse-space method:
// its rows (see above) and the entries left to the machine.
type SplitForm struct {
	m     *Machine
	rows  []*mover
	rest  []*mover
	Rows  int    // the number of rows
	Other int    // the number of other entries, listed in full
	Why   string // why there is no row, when Rows is 0
	skip  []int64
}

// SplitForm reads the instance's split entries as rows. A game given by
// an octal code, or with allow, has none (Why says so).
func (in *Instance) SplitForm() *SplitForm {
	g := in.Game
	f := &SplitForm{m: in.NewMachine()}
	switch {
	case !g.Sum:
		f.Why = "not a heap game"
		return f
	case g.Octal != "":
		f.Why = "an octal code (it has a method of its own)"
		return f
	case g.allow != nil:
		f.Why = "the game has allow"
		return f
	}
	for _, ms := range g.moves {
		for _, mv := range ms {
			if mv.shape != nil {
				f.rows = append(f.rows, mv)
			} else {
				f.rest = append(f.rest, mv)
			}
		}
	}
	f.Rows, f.Other = len(f.rows), len(f.rest)
	if f.Rows == 0 {
		f.Why = "no split entry of two parts linear in one generator"
	}
	return f
}

// Others appends the options of a heap of n given by the entries that are
// not rows, as HeapMoves does.
func (f *SplitForm) Others(n int64, out *HeapOptions) error {
	m := f.m
	k0 := out.Len()
	if len(out.Start) == 0 {
		out.Start = append(out.Start, 0)
	}
	piles := []int64{n}
	if err := m.load(piles); err != nil {
		return err
	}
	m.out, m.heap = nil, out
	m.limit = k0 + MaxMovesPerPosition
	m.steps = 0
	for _, mv := range f.rest {
		m.cur = mv.at
		mv.run(m)
		if m.f.err != nil {
			out.truncate(k0)
			return m.fault(piles)
		}
	}
	return nil
}

// Row is one row at one heap n: the options are the pairs (p, M-p) for p
// in Lo..Hi, leaving out the points of Skip and, when Check is set, those
// it refuses. A part of 0 is no heap. Every part is below n.
type Row struct {
	M      int64
	Lo, Hi int64   // Lo > Hi: no option
	Skip   []int64 // sorted, within Lo..Hi
	check  func(p int64) (bool, error)
	opaque bool
}

// Has tells whether p, Lo <= p <= Hi, gives an option.
func (r *Row) Has(p int64) (bool, error) {
	if p < r.Lo || p > r.Hi {
		return false, nil
	}
	for _, s := range r.Skip {
		if s == p {
			return false, nil
		}
	}
	if r.opaque {
		return r.check(p)
	}
	return true, nil
}

// Opaque tells whether Has evaluates the entry's conditions.
func (r *Row) Opaque() bool { return r.opaque }

// ErrRowGrows: a row of the split form has an option with a part not
// smaller than the heap, which the sparse-space method cannot take.
var ErrRowGrows = lang.Errorf(mRowGrows)

// Row fills r with row k at heap n.
func (f *SplitForm) Row(k int, n int64, r *Row) error {
	mv := f.rows[k]
	s := mv.shape
	m := f.m
	if err := m.load([]int64{n}); err != nil {
		return err
	}
	fr := &m.f
	gen := mv.gens[0]
	lo, hi := gen.lo(fr), gen.hi(fr)
	if fr.err != nil {
		return m.fault([]int64{n})
	}
	env := fr.env
	a := s.parts[0].coef[s.gen] // the slope of the first part: ±1
	b0 := s.parts[0].at(env, s.gen)
	b1 := s.parts[1].at(env, s.gen)
	skip := f.skip[:0]
	lo, hi, ok := narrow(lo, hi, s.conds, s.gen, env, a, b0, b1, &skip)
	f.skip = skip
	*r = Row{M: b0 + b1, Skip: r.Skip[:0]}
	if !ok {
		r.Lo, r.Hi = 1, 0
		return nil
	}
	if r.M > n {
		return lang.Errorf(mRowGrowsSum, ErrRowGrows, n, r.M)
	}
	// In the first part's terms: p = a·i + b0.
	pl, ph := a*lo+b0, a*hi+b0
	if a < 0 {
		pl, ph = ph, pl
	}
	r.Lo, r.Hi = pl, ph
	for _, i := range skip {
		r.Skip = append(r.Skip, a*i+b0)
	}
	if r.M == n {
		// (0, n) and (n, 0) leave the heap as it is: not a move.
		r.Skip = append(r.Skip, 0, n)
	}
	slices.Sort(r.Skip)
	r.Skip = slices.Compact(r.Skip)
	for r.Lo <= r.Hi && len(r.Skip) > 0 && r.Skip[0] == r.Lo {
		r.Lo, r.Skip = r.Lo+1, r.Skip[1:]
	}
	for r.Lo <= r.Hi && len(r.Skip) > 0 && r.Skip[len(r.Skip)-1] == r.Hi {
		r.Hi, r.Skip = r.Hi-1, r.Skip[:len(r.Skip)-1]
	}
	r.Skip = slices.DeleteFunc(r.Skip, func(p int64) bool { return p < r.Lo || p > r.Hi })
	if s.opaque {
		r.opaque = true
		r.check = func(p int64) (bool, error) { return f.check(mv, n, a*(p-b0)) }
	}
	return nil
}

// check evaluates the conditions of row mv at heap n, generator value i.
func (f *SplitForm) check(mv *mover, n, i int64) (bool, error) {
	m := f.m
	if err := m.load([]int64{n}); err != nil {
		return false, err
	}
	fr := &m.f
	fr.env[mv.shape.gen] = i
	ok := true
	if c := mv.gens[0].cond; c != nil {
		ok = c(fr)
	}
	if ok && fr.err == nil && mv.guard != nil {
		ok = mv.guard(fr)
	}
	if fr.err != nil {
		return false, m.fault([]int64{n})
	}
	return ok, nil
}

// narrow cuts the generator range lo..hi by the linear conditions and by
// both parts being >= 0 (a·i + b0 >= 0, -a·i + b1 >= 0); skip gets the
// values left out by != (unsorted); ok is false when nothing is left.
func narrow(lo, hi int64, conds []linCond, gen int, env []int64, a, b0, b1 int64, skip *[]int64) (int64, int64, bool) {
	ok := true
	cut := func(ca, cb int64, op token) {
		if ca == 0 {
			ok = ok && compareInts(op, cb, 0)
			return
		}
		if ca < 0 { // ca·i + cb op 0 is (-ca)·i + (-cb) flip(op) 0
			ca, cb, op = -ca, -cb, flip(op)
		}
		switch op { // ca > 0: i op -cb/ca
		case tGeq:
			lo = max(lo, divUp(-cb, ca))
		case tGtr:
			lo = max(lo, divDown(-cb, ca)+1)
		case tLeq:
			hi = min(hi, divDown(-cb, ca))
		case tLss:
			hi = min(hi, divUp(-cb, ca)-1)
		case tEql:
			if -cb%ca != 0 {
				ok = false
				return
			}
			lo, hi = max(lo, -cb/ca), min(hi, -cb/ca)
		case tNeq:
			if -cb%ca == 0 {
				*skip = append(*skip, -cb/ca)
			}
		}
	}
	for _, c := range conds {
		cut(c.l.coef[gen], c.l.at(env, gen), c.op)
	}
	cut(a, b0, tGeq)
	cut(-a, b1, tGeq)
	return lo, hi, ok && lo <= hi
}

// flip is the comparison with its sides negated: -a op' -b when a op b.
func flip(op token) token {
	switch op {
	case tLss:
		return tGtr
	case tLeq:
		return tGeq
	case tGtr:
		return tLss
	case tGeq:
		return tLeq
	}
	return op
}

// divDown is a // b for b > 0.
func divDown(a, b int64) int64 {
	q, _ := floorDiv(a, b)
	return q
}

func divUp(a, b int64) int64 { return -divDown(-a, b) }
