package rules

// Expansion of move entries into movers: `each` becomes one mover per
// pile, every other entry one mover. A mover generates the moves of one
// entry: it binds its generator variables in ascending order, tests the
// conditions and the guard, evaluates the body and hands the new piles to
// the machine. The most common shape, a single pile changed by a constant
// (`each +4`, `x - 3`, `a = a * 2`) with no generator and no guard, gets one
// closure that does all of it.

// mover generates the moves of one entry (one pile of an `each`).
type mover struct {
	cmd     int32
	at      int32 // span id of the entry
	gens    []cgen
	guard   boolFn // nil when absent
	targets []int  // piles assigned
	values  []intFn
	split   bool
	parts   []intFn     // the heaps of a split
	shape   *splitShape // a split read as a row (split.go); nil otherwise
	run     func(m *Machine)
	label   string // the entry's text without its generators, when it has some
	// need and needMin: the mover makes no move unless pile need holds at
	// least needMin (it subtracts needMin from it and piles may not go
	// negative); need is -1 when there is no such pile.
	need     int
	needMin  int64
	needMore []pileNeed // the other piles it takes a constant from, likewise
	// src and exprs: the entry and the values' trees, for Instance.Affine.
	src   *entry
	exprs []expr
	shift []int64 // per target, the constant added (see Shifts); nil when not a shift
}

// cgen is a compiled generator.
type cgen struct {
	name   string
	slot   int
	lo, hi intFn
	cond   boolFn // nil when absent
}

// movers compiles entry e of command cmd.
func (c *compiler) movers(e *entry, cmd int32) []*mover {
	base := mover{cmd: cmd, at: c.spanAt(e.off, e.end), need: -1, src: e}
	for _, g := range e.gens {
		cg := cgen{name: g.name, slot: g.slot, lo: c.intFn(g.lo), hi: c.intFn(g.hi)}
		if g.cond != nil {
			cg.cond = c.boolFn(g.cond)
		}
		base.gens = append(base.gens, cg)
	}
	if e.guard != nil {
		base.guard = c.boolFn(e.guard)
	}
	if len(e.gens) > 0 {
		base.label = entryBody(c.t.s, e)
	}
	var out []*mover
	switch e.kind {
	case entryEach:
		_, end := e.operand.span()
		for p := range c.g.Piles {
			pile := &ident{node: node{off: e.off, end: e.off, t: tyInt}, kind: nameSlot, slot: p}
			b := &binary{node: node{off: e.off, end: end, t: tyInt}, op: e.op, opOff: e.opOff, x: pile, y: e.operand}
			out = append(out, c.assignMover(base, []int{p}, []expr{b}))
		}
	case entryAssign, entryBare:
		targets := make([]int, len(e.assigns))
		values := make([]expr, len(e.assigns))
		for i, a := range e.assigns {
			targets[i], values[i] = a.pile, a.value
		}
		out = append(out, c.assignMover(base, targets, values))
	case entrySplit:
		m := base
		m.split = true
		m.shape = splitShapeOf(e, c.g.cmdSlot)
		for _, p := range e.parts {
			m.parts = append(m.parts, c.intFn(p))
		}
		m.run = func(mc *Machine) { mc.generate(&m, 0) }
		out = append(out, &m)
	}
	return out
}

// assignMover makes the mover that sets the targets to the values.
func (c *compiler) assignMover(base mover, targets []int, values []expr) *mover {
	m := base
	m.targets, m.exprs = targets, values
	if d, ok := shiftOf(targets, values); ok {
		m.shift = d
	}
	for i, v := range values {
		m.values = append(m.values, c.intFn(v))
		if b, ok := v.(*binary); ok && b.op == tSub && !c.g.Signed {
			xs, isSlot := slotOf(b.x)
			if k, isConst := fold(b.y); isSlot && xs == targets[i] && isConst && k > 0 {
				if m.need < 0 {
					m.need, m.needMin = targets[i], k
				} else {
					m.needMore = append(m.needMore, pileNeed{targets[i], k})
				}
			}
		}
	}
	switch {
	case len(m.gens) > 0 || m.guard != nil || len(targets) > 1:
		m.run = func(mc *Machine) { mc.generate(&m, 0) }
	default:
		m.run = c.fastMove(&m, values[0])
	}
	return &m
}

// fastMove returns the closure of a mover that changes one pile and has no
// generator and no guard.
func (c *compiler) fastMove(mv *mover, value expr) func(*Machine) {
	p, cmd, val := mv.targets[0], mv.cmd, mv.values[0]
	general := func(m *Machine) {
		v := val(&m.f)
		if m.f.err == nil {
			m.emit1(cmd, p, v)
		}
	}
	b, ok := value.(*binary)
	if !ok {
		return general
	}
	xs, xSlot := slotOf(b.x)
	k, kConst := fold(b.y)
	if !xSlot || xs != p || !kConst {
		return general
	}
	// p = p op k: the value closure would give the same; these save a call.
	at := c.spanOf(b)
	switch b.op {
	case tAdd:
		return func(m *Machine) {
			v, err := add(m.f.env[p], k)
			if err != nil {
				m.f.fail(at, err)
				return
			}
			m.emit1(cmd, p, v)
		}
	case tSub:
		return func(m *Machine) {
			v, err := sub(m.f.env[p], k)
			if err != nil {
				m.f.fail(at, err)
				return
			}
			m.emit1(cmd, p, v)
		}
	case tMul:
		return func(m *Machine) {
			v, err := mul(m.f.env[p], k)
			if err != nil {
				m.f.fail(at, err)
				return
			}
			m.emit1(cmd, p, v)
		}
	}
	return general
}
