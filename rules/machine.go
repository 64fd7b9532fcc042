package rules

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"retro/rules/lang"
)

// MaxMovesPerPosition is the most moves (or heap options) one position
// may have; more is ErrTooManyMoves.
const MaxMovesPerPosition = 1 << 20

// MaxStepsPerPosition is the most generator values one position may bind
// (counting those whose conditions fail); more is ErrTooManyMoves.
const MaxStepsPerPosition = 1 << 22

// Machine evaluates the rules of one Instance. It is not safe for
// concurrent use: make one per goroutine with Instance.NewMachine.
type Machine struct {
	g      *Game
	in     *Instance
	f      frame
	np     int
	signed bool
	tmp    []int64

	out   *MoveList    // Moves
	heap  *HeapOptions // HeapMoves
	limit int          // len(out.Cmd) or heap.Len() may not exceed it
	steps int
	cur   int32 // span id of the mover running
	cands []int32
	names *[]string          // NamedMoves: the name of each move made
	byAt  map[int32]*mover   // NamedMoves: the movers by span id
	known map[nameKey]string // NamedMoves: names made so far, by mover and generator values
	// nameHeaps: the heap options made get names too (HeapOptions.Names),
	// for a heap view's NamedMoves.
	nameHeaps bool

	ownList  MoveList // MovesWithNames
	ownNames []string

	// maxSteps: steps may not exceed it; MaxStepsPerPosition but in
	// FewHeapMoves.
	maxSteps int
}

// NewMachine returns a new evaluator of in's rules.
func (in *Instance) NewMachine() *Machine {
	g := in.Game
	m := &Machine{g: g, in: in, np: len(g.Piles), signed: g.Signed, maxSteps: MaxStepsPerPosition}
	m.f.env = make([]int64, len(in.env))
	copy(m.f.env, in.env)
	n := len(g.Piles)
	for _, ms := range g.moves {
		for _, mv := range ms {
			n = max(n, len(mv.values), len(mv.parts))
		}
	}
	m.tmp = make([]int64, n)
	return m
}

// MoveList holds the moves of a position: move k uses command Cmd[k] and
// leads to the piles Piles[k*P:(k+1)*P], P the number of piles.
type MoveList struct {
	Cmd   []int32
	Piles []int64
}

// Reset empties the list, keeping its memory.
func (l *MoveList) Reset() {
	l.Cmd = l.Cmd[:0]
	l.Piles = l.Piles[:0]
}

// Len returns the number of moves.
func (l *MoveList) Len() int { return len(l.Cmd) }

// To returns the piles after move k in a game of p piles.
func (l *MoveList) To(k int, p int) []int64 { return l.Piles[k*p : (k+1)*p] }

// HeapOptions holds the options of one heap: option k is the list of heaps
// that replace it, Heaps[Start[k]:Start[k+1]] (empty when the heap is
// taken away). Names holds the name of each option where a heap view's
// NamedMoves asked for them (heapMovesOf), and is empty otherwise.
type HeapOptions struct {
	Start []int32
	Heaps []int64
	Names []string
}

// Reset empties the list, keeping its memory.
func (o *HeapOptions) Reset() {
	o.Start = append(o.Start[:0], 0)
	o.Heaps = o.Heaps[:0]
	o.Names = o.Names[:0]
}

// Len returns the number of options.
func (o *HeapOptions) Len() int { return max(len(o.Start)-1, 0) }

// Option returns the heaps of option k.
func (o *HeapOptions) Option(k int) []int64 { return o.Heaps[o.Start[k]:o.Start[k+1]] }

// add appends an option.
func (o *HeapOptions) add(heaps ...int64) {
	if len(o.Start) == 0 {
		o.Start = append(o.Start, 0)
	}
	o.Heaps = append(o.Heaps, heaps...)
	o.Start = append(o.Start, int32(len(o.Heaps)))
}

func (o *HeapOptions) truncate(n int) {
	if n < o.Len() {
		o.Start = o.Start[:n+1]
		o.Heaps = o.Heaps[:o.Start[n]]
	}
	if n < len(o.Names) {
		o.Names = o.Names[:n]
	}
}

// load puts the piles into the environment and clears the fault.
func (m *Machine) load(piles []int64) error {
	if len(piles) != m.np {
		return fmt.Errorf("rules: %d pile values for a game of %d piles", len(piles), m.np)
	}
	copy(m.f.env, piles)
	m.f.err = nil
	return nil
}

// fault turns the recorded fault into an *Error naming the position.
func (m *Machine) fault(piles []int64) error {
	err, at := m.f.err, m.f.at
	m.f.err = nil
	where := mAtPosition.Msg(Tuple(piles))
	if errors.Is(err, ErrTooManyMoves) {
		where = mMoreThanAt.Msg(MaxMovesPerPosition, Tuple(piles))
	}
	return m.g.errorAt(at, err, where)
}

// Tuple formats pile values as "(17, 28)".
func Tuple(piles []int64) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, v := range piles {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatInt(v, 10))
	}
	b.WriteByte(')')
	return b.String()
}

// End reports whether the game is over at piles because `end` holds
// there; false when the game has no `end`.
func (m *Machine) End(piles []int64) (bool, error) {
	if m.g.end == nil {
		return false, nil
	}
	if err := m.load(piles); err != nil {
		return false, err
	}
	v := m.g.end(&m.f)
	if m.f.err != nil {
		return false, m.fault(piles)
	}
	return v, nil
}

// endSides is an end condition that is one comparison, its sides compiled.
type endSides struct {
	lhs, rhs intFn
	op       string
}

// EndSides evaluates the two sides of an end condition that is one
// comparison: at (17, 116), "a + b >= 133" gives 133, ">=", 133. It is how
// a game's end is explained in words. ok is false when the end is not one
// comparison (or the game has no end).
func (m *Machine) EndSides(piles []int64) (lhs int64, op string, rhs int64, ok bool, err error) {
	es := m.g.endSides
	if es == nil {
		return 0, "", 0, false, nil
	}
	if err := m.load(piles); err != nil {
		return 0, "", 0, false, err
	}
	lhs, rhs = es.lhs(&m.f), es.rhs(&m.f)
	if m.f.err != nil {
		return 0, "", 0, false, m.fault(piles)
	}
	return lhs, es.op, rhs, true, nil
}

// Tier returns the value of the game's declared tier at piles; a game
// without one has 0 everywhere.
func (m *Machine) Tier(piles []int64) (int64, error) {
	if m.g.tier == nil {
		return 0, nil
	}
	if err := m.load(piles); err != nil {
		return 0, err
	}
	v := m.g.tier(&m.f)
	if m.f.err != nil {
		return 0, m.fault(piles)
	}
	return v, nil
}

// Winner returns who has won at the final position piles. A game without
// `winner` is normal play: Mover.
func (m *Machine) Winner(piles []int64) (Player, error) {
	if m.g.winner == nil {
		return m.g.winnerConst, nil
	}
	if err := m.load(piles); err != nil {
		return Mover, err
	}
	v := m.g.winner(&m.f)
	if m.f.err != nil {
		return Mover, m.fault(piles)
	}
	return Player(v), nil
}

// Moves appends to out every legal move from the position (piles, last,
// mylast): for each command in order whose `allow` holds, each of its
// entries in order, each generator value in ascending order, where the
// guards hold. A move that makes a pile negative (unless the game is
// signed) or leaves every pile unchanged is not a move. last and mylast
// are 0 for none and 1+command index otherwise. On error nothing is
// appended. A heap game with splits or an octal code has its moves in
// HeapMoves only.
func (m *Machine) Moves(piles []int64, last, mylast int, out *MoveList) error {
	g := m.g
	if g.splitAt >= 0 || g.Octal != "" {
		at := g.splitAt
		return g.errorAt(at, lang.Errorf(mHeapMovesOnly), lang.Msg{})
	}
	if err := m.load(piles); err != nil {
		return err
	}
	n0, p0 := len(out.Cmd), len(out.Piles)
	m.out, m.heap = out, nil
	m.limit = n0 + MaxMovesPerPosition
	m.steps = 0
	if m.generateAll(last, mylast) {
		return nil
	}
	out.Cmd, out.Piles = out.Cmd[:n0], out.Piles[:p0]
	return m.fault(piles)
}

// generateAll runs the movers of every allowed command; false on a fault.
func (m *Machine) generateAll(last, mylast int) bool {
	g, f := m.g, &m.f
	env := f.env
	if g.allow != nil {
		env[g.cmdSlot+1], env[g.cmdSlot+2] = int64(last), int64(mylast)
	}
	if g.sparse != nil {
		return m.generateSparse()
	}
	for c, movers := range g.moves {
		if g.allow != nil {
			env[g.cmdSlot] = int64(c + 1)
			ok := g.allow(f)
			if f.err != nil {
				return false
			}
			if !ok {
				continue
			}
		}
		for _, mv := range movers {
			m.cur = mv.at
			mv.run(m)
			if f.err != nil {
				return false
			}
		}
	}
	return true
}

// HeapMoves appends to out the options of one heap of n in a heap game:
// each option is the list of heaps that replace it, heaps of size 0
// removed; an option that leaves the collection unchanged is not a move.
// It works for `moves` (a plain move gives one heap, a split several) and
// for octal codes. On error nothing is appended.
func (m *Machine) HeapMoves(n int64, out *HeapOptions) error {
	return m.heapMoves(n, out, false)
}

// FewSteps is how many generator values FewHeapMoves binds per entry, and
// how many ways of leaving two heaps it takes per count under a code.
const FewSteps = 4

// FewHeapMoves appends to out some of the options HeapMoves appends, at a
// cost that does not grow with n: those each entry makes with its first
// FewSteps generator values (counting the values its conditions refuse),
// and under an octal code, for each count taken, the first FewSteps ways of
// leaving two heaps. A lower bound over a heap's options may take any of
// them (positions.MaxHeaps counts the heaps a view needs so). On error
// nothing is appended.
func (m *Machine) FewHeapMoves(n int64, out *HeapOptions) error {
	return m.heapMoves(n, out, true)
}

// heapMoves is HeapMoves, or FewHeapMoves when few is set.
func (m *Machine) heapMoves(n int64, out *HeapOptions, few bool) error {
	g := m.g
	if !g.Sum {
		return fmt.Errorf("rules: HeapMoves: %s is not a heap game (sum = true)", g.File)
	}
	k0 := out.Len()
	if len(out.Start) == 0 {
		out.Start = append(out.Start, 0)
	}
	m.out, m.heap = nil, out
	m.limit = k0 + MaxMovesPerPosition
	m.steps = 0
	if g.Octal != "" {
		pairs := int64(-1)
		if few {
			pairs = FewSteps
		}
		if !g.octal.options(n, out, m.limit, pairs) {
			out.truncate(k0)
			return g.errorAt(-1, ErrTooManyMoves, mMoreThanAt.Msg(MaxMovesPerPosition, Tuple([]int64{n})))
		}
		return nil
	}
	piles := []int64{n}
	if err := m.load(piles); err != nil {
		return err
	}
	if few && m.generateFew() || !few && m.generateAll(0, 0) {
		return nil
	}
	out.truncate(k0)
	return m.fault(piles)
}

// errEnough stops a mover of generateFew: it has bound FewSteps values.
var errEnough = errors.New("rules: enough generator values for FewHeapMoves")

// tooManySteps is the fault of a mover that has bound more than maxSteps
// generator values.
func (m *Machine) tooManySteps() error {
	if m.maxSteps < MaxStepsPerPosition {
		return errEnough
	}
	return ErrTooManyMoves
}

// generateFew runs every mover of a heap game (which has no allow), each
// until it has bound FewSteps generator values; false on a fault.
func (m *Machine) generateFew() bool {
	f := &m.f
	m.maxSteps = FewSteps
	defer func() { m.maxSteps = MaxStepsPerPosition }()
	for _, movers := range m.g.moves {
		for _, mv := range movers {
			m.cur, m.steps = mv.at, 0
			mv.run(m)
			if f.err == errEnough {
				f.err = nil
			}
			if f.err != nil {
				return false
			}
		}
	}
	return true
}

// generate runs the generators of mv from level on, then its body.
func (m *Machine) generate(mv *mover, level int) {
	f := &m.f
	if level == len(mv.gens) {
		m.body(mv)
		return
	}
	g := &mv.gens[level]
	lo, hi := g.lo(f), g.hi(f)
	if f.err != nil {
		return
	}
	for v := lo; v <= hi; v++ {
		if m.steps++; m.steps > m.maxSteps {
			f.fail(mv.at, m.tooManySteps())
			return
		}
		f.env[g.slot] = v
		if g.cond == nil || g.cond(f) {
			if f.err != nil {
				return
			}
			m.generate(mv, level+1)
		}
		if f.err != nil || v == math.MaxInt64 {
			return
		}
	}
}

// body tests the guard of mv and makes its move.
func (m *Machine) body(mv *mover) {
	f := &m.f
	if mv.guard != nil {
		ok := mv.guard(f)
		if f.err != nil || !ok {
			return
		}
	}
	if mv.split {
		m.emitSplit(mv)
		return
	}
	if len(mv.targets) == 1 {
		v := mv.values[0](f)
		if f.err == nil {
			m.emit1(mv.cmd, mv.targets[0], v)
		}
		return
	}
	for i, fn := range mv.values {
		m.tmp[i] = fn(f)
	}
	if f.err == nil {
		m.emitN(mv)
	}
}

// emit1 makes the move that sets pile p to v.
func (m *Machine) emit1(cmd int32, p int, v int64) {
	env := m.f.env
	if v == env[p] || v < 0 && !m.signed {
		return
	}
	if m.heap != nil {
		m.heapOption(cmd, v)
		return
	}
	out := m.out
	if len(out.Cmd) >= m.limit {
		m.f.fail(m.cur, ErrTooManyMoves)
		return
	}
	to := out.grow(m.np)
	for i := range to {
		to[i] = env[i]
	}
	to[p] = v
	out.Cmd = append(out.Cmd, cmd)
	if m.names != nil {
		m.addName(cmd)
	}
}

// grow extends Piles by n values and returns them.
func (l *MoveList) grow(n int) []int64 {
	k := len(l.Piles)
	if cap(l.Piles)-k < n {
		l.Piles = append(l.Piles, make([]int64, n)...)
	} else {
		l.Piles = l.Piles[:k+n]
	}
	return l.Piles[k : k+n : k+n]
}

// emitN makes the move that sets the targets of mv to m.tmp.
func (m *Machine) emitN(mv *mover) {
	env := m.f.env
	changed := false
	for i, p := range mv.targets {
		v := m.tmp[i]
		if v < 0 && !m.signed {
			return
		}
		changed = changed || v != env[p]
	}
	if !changed {
		return
	}
	out := m.out
	if len(out.Cmd) >= m.limit {
		m.f.fail(m.cur, ErrTooManyMoves)
		return
	}
	to := out.grow(m.np)
	copy(to, env)
	for i, p := range mv.targets {
		to[p] = m.tmp[i]
	}
	out.Cmd = append(out.Cmd, mv.cmd)
	if m.names != nil {
		m.addName(mv.cmd)
	}
}

// heapOption adds the option of a plain move of command cmd of a heap
// game to v (v >= 0, v != n).
func (m *Machine) heapOption(cmd int32, v int64) {
	if m.heap.Len() >= m.limit {
		m.f.fail(m.cur, ErrTooManyMoves)
		return
	}
	if v == 0 {
		m.heap.add()
	} else {
		m.heap.add(v)
	}
	if m.nameHeaps {
		m.heap.Names = append(m.heap.Names, m.moveName(cmd, true))
	}
}

// emitSplit adds the option of a split.
func (m *Machine) emitSplit(mv *mover) {
	f := &m.f
	parts := m.tmp[:0]
	for _, fn := range mv.parts {
		v := fn(f)
		if f.err != nil || v < 0 {
			return
		}
		if v > 0 {
			parts = append(parts, v)
		}
	}
	n := f.env[0]
	if len(parts) == 0 && n == 0 || len(parts) == 1 && parts[0] == n {
		return
	}
	if m.heap.Len() >= m.limit {
		f.fail(m.cur, ErrTooManyMoves)
		return
	}
	m.heap.add(parts...)
	if m.nameHeaps {
		m.heap.Names = append(m.heap.Names, m.moveName(mv.cmd, true))
	}
}

// generateSparse runs, in order, only the movers that may move here: those
// whose needed pile is large enough, and those that need none. Games of
// many movers that each take from one pile (partitions, many piles) pay
// for the piles present, not for every mover.
func (m *Machine) generateSparse() bool {
	g, f := m.g, &m.f
	x := g.sparse
	env := f.env
	cands := append(m.cands[:0], x.always...)
	for p, list := range x.byPile {
		if len(list) == 0 || env[p] <= 0 {
			continue
		}
	next:
		for _, seq := range list {
			mv := x.movers[seq]
			if env[p] < mv.needMin {
				continue
			}
			for _, n := range mv.needMore {
				if env[n.pile] < n.min {
					continue next
				}
			}
			cands = append(cands, seq)
		}
	}
	slices.Sort(cands)
	m.cands = cands
	cmd, allowed := int32(-1), true
	for _, seq := range cands {
		mv := x.movers[seq]
		if mv.cmd != cmd && g.allow != nil {
			cmd = mv.cmd
			env[g.cmdSlot] = int64(cmd + 1)
			allowed = g.allow(f)
			if f.err != nil {
				return false
			}
		}
		if !allowed {
			continue
		}
		m.cur = mv.at
		mv.run(m)
		if f.err != nil {
			return false
		}
	}
	return true
}

// pileNeed: a mover makes no move unless pile holds at least min.
type pileNeed struct {
	pile int
	min  int64
}

// sparseIndex lists the movers of a game by the pile each needs, for
// generateSparse; a mover that takes from several piles is tried only
// where they all hold enough.
type sparseIndex struct {
	movers []*mover  // all movers, commands in order
	always []int32   // movers needing no pile
	byPile [][]int32 // movers needing each pile, in order
}

// Below this many movers, or when fewer than half need a pile, trying
// every mover is as fast.
const sparseMovers = 64

func newSparseIndex(g *Game) *sparseIndex {
	x := &sparseIndex{byPile: make([][]int32, len(g.Piles))}
	needy := 0
	for _, ms := range g.moves {
		for _, mv := range ms {
			seq := int32(len(x.movers))
			x.movers = append(x.movers, mv)
			if mv.need >= 0 {
				x.byPile[mv.need] = append(x.byPile[mv.need], seq)
				needy++
			} else {
				x.always = append(x.always, seq)
			}
		}
	}
	if len(x.movers) < sparseMovers || 2*needy < len(x.movers) {
		return nil
	}
	return x
}
