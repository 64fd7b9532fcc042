package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// Names of moves. A command is named by its key in [commands], a `moves`
// entry by its text; a move of an entry with generators is named by its
// instance as well, the generator values that made it:
// "p = p * k (k = 9)" for the entry "p = p * k for k in 2..9", and
// "grow (k = 2)" for a command grow = ["x + k for k in 1..3"]. A move of a
// heap view names the heap it is played on first, by the heap game's pile:
// "x - k (x = 6, k = 1)" takes one from a heap of 6, "x - 1 (x = 6)" too;
// under an octal code the count taken is k, "0.77 (x = 5, k = 1)".

// NamedMoves is Moves that also appends to names the name of each move it
// appends to out, in the same order. It is slower than Moves and meant for
// what is shown to people: a position's moves, trees, exports.
func (m *Machine) NamedMoves(piles []int64, last, mylast int, out *MoveList, names *[]string) error {
	n0 := len(*names)
	m.names = names
	defer func() { m.names = nil }()
	if err := m.Moves(piles, last, mylast, out); err != nil {
		*names = (*names)[:n0]
		return err
	}
	return nil
}

// MovesWithNames is NamedMoves into lists the Machine keeps: they hold the
// moves and their names until the next call of MovesWithNames, so that a
// caller that uses them at once allocates nothing for them.
func (m *Machine) MovesWithNames(piles []int64, last, mylast int) (*MoveList, []string, error) {
	m.ownList.Reset()
	m.ownNames = m.ownNames[:0]
	if err := m.NamedMoves(piles, last, mylast, &m.ownList, &m.ownNames); err != nil {
		return nil, nil, err
	}
	return &m.ownList, m.ownNames, nil
}

// addName appends the name of the move the running mover just made.
func (m *Machine) addName(cmd int32) {
	*m.names = append(*m.names, m.moveName(cmd, false))
}

// moveName is the name of the move or heap option (heap: the heap is
// pile 0) of command cmd that the running mover just made.
func (m *Machine) moveName(cmd int32, heap bool) string {
	c := m.g.Commands[cmd]
	mv := m.moverAt(m.cur)
	var gens []cgen
	if mv != nil {
		gens = mv.gens
	}
	if len(gens) == 0 && !heap {
		return c.Name
	}
	// A name depends on the mover, the heap and the generators' values
	// only, and the same few recur at every position: keep them (up to a
	// bound).
	key := nameKey{at: m.cur, heap: heap}
	if heap {
		key.vals[0], key.n = m.f.env[0], 1
	}
	cached := key.n+len(gens) <= len(key.vals)
	if cached {
		for _, g := range gens {
			key.vals[key.n] = m.f.env[g.slot]
			key.n++
		}
		if name, ok := m.known[key]; ok {
			return name
		}
	}
	var b strings.Builder
	if len(gens) > 0 && len(c.Moves) == 1 && c.Moves[0] == c.Name { // a `moves` entry, named by its text
		b.WriteString(mv.label)
	} else {
		b.WriteString(c.Name)
	}
	sep := " ("
	bind := func(name string, v int64) {
		b.WriteString(sep)
		b.WriteString(name)
		b.WriteString(" = ")
		b.WriteString(strconv.FormatInt(v, 10))
		sep = ", "
	}
	if heap {
		bind(m.g.Piles[0], m.f.env[0])
	}
	for _, g := range gens {
		bind(g.name, m.f.env[g.slot])
	}
	b.WriteByte(')')
	name := b.String()
	if cached && len(m.known) < maxKnownNames {
		if m.known == nil {
			m.known = map[nameKey]string{}
		}
		m.known[key] = name
	}
	return name
}

// nameOctal names the options of a heap of n under the game's octal code
// from option k0 on: the code, the heap and the count taken, k (the parts
// of an option add up to n - k).
func (m *Machine) nameOctal(n int64, out *HeapOptions, k0 int) {
	for o := k0; o < out.Len(); o++ {
		k := n
		for _, p := range out.Option(o) {
			k -= p
		}
		out.Names = append(out.Names, fmt.Sprintf("%s (%s = %d, k = %d)", m.g.Octal, m.g.Piles[0], n, k))
	}
}

// nameKey is what a generated move's name depends on: its mover (by span
// id), whether it is a heap option, and the values it binds (the heap
// first for a heap option, then the generators), up to three.
type nameKey struct {
	at   int32
	heap bool
	n    int
	vals [3]int64
}

// maxKnownNames bounds the names a Machine keeps.
const maxKnownNames = 1 << 16

// moverAt finds the mover of an entry by its span id (the movers of one
// `each` share their entry's).
func (m *Machine) moverAt(at int32) *mover {
	if m.byAt == nil {
		m.byAt = map[int32]*mover{}
		for _, ms := range m.g.moves {
			for _, mv := range ms {
				if _, ok := m.byAt[mv.at]; !ok {
					m.byAt[mv.at] = mv
				}
			}
		}
	}
	return m.byAt[at]
}

// entryBody is the text of entry e of the move text s without its
// generators: "p = p * k" of "p = p * k for k in 2..9", with its guard.
func entryBody(s string, e *entry) string {
	end := len(s)
	if len(e.gens) > 0 {
		end = min(max(e.gens[0].off, e.off), len(s))
	}
	body := strings.TrimSpace(s[min(e.off, end):end])
	body = strings.TrimSpace(strings.TrimSuffix(body, "for"))
	return body
}
