package rules

import (
	"strconv"
	"strings"
)

// Names of moves. A command is named by its key in [commands], a `moves`
// entry by its text; a move of an entry with generators is named by its
// instance as well, the generator values that made it:
// "p = p * k (k = 9)" for the entry "p = p * k for k in 2..9", and
// "grow (k = 2)" for a command grow = ["x + k for k in 1..3"].

// NamedMoves is Moves that also appends to names the name of each move it
// appends to out, in the same order. It is slower than Moves and meant for
// what is shown to people: a position's moves, trees, exports.
func (m *Machine) NamedMoves(piles []int64, last, mylast int, out *MoveList, names *[]string) error {
	n0 := len(*names)
	m.names = names
	defer func() { m.names = nil }()
	k0 := out.Len()
	err := m.Moves(piles, last, mylast, out)
	if err != nil {
		*names = (*names)[:n0]
		return err
	}
	if len(*names)-n0 != out.Len()-k0 { // a heap view's moves: by command
		*names = (*names)[:n0]
		for _, c := range out.Cmd[k0:] {
			*names = append(*names, m.g.Commands[c].Name)
		}
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
	c := m.g.Commands[cmd]
	mv := m.moverAt(m.cur)
	if mv == nil || len(mv.gens) == 0 {
		*m.names = append(*m.names, c.Name)
		return
	}
	// A name depends on the mover and its generators' values only, and the
	// same few recur at every position: keep them (up to a bound).
	var key nameKey
	if len(mv.gens) <= len(key.vals) {
		key.at, key.n = m.cur, len(mv.gens)
		for k, g := range mv.gens {
			key.vals[k] = m.f.env[g.slot]
		}
		if name, ok := m.known[key]; ok {
			*m.names = append(*m.names, name)
			return
		}
	}
	var b strings.Builder
	if len(c.Moves) == 1 && c.Moves[0] == c.Name { // a `moves` entry, named by its text
		b.WriteString(mv.label)
	} else {
		b.WriteString(c.Name)
	}
	b.WriteString(" (")
	for k, g := range mv.gens {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(g.name)
		b.WriteString(" = ")
		b.WriteString(strconv.FormatInt(m.f.env[g.slot], 10))
	}
	b.WriteByte(')')
	name := b.String()
	if key.n > 0 && len(m.known) < maxKnownNames {
		if m.known == nil {
			m.known = map[nameKey]string{}
		}
		m.known[key] = name
	}
	*m.names = append(*m.names, name)
}

// nameKey is what a generated move's name depends on: its mover (by span
// id) and the values of its generators, up to two.
type nameKey struct {
	at   int32
	n    int
	vals [2]int64
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
