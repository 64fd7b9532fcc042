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

// addName appends the name of the move the running mover just made.
func (m *Machine) addName(cmd int32) {
	c := m.g.Commands[cmd]
	mv := m.moverAt(m.cur)
	if mv == nil || len(mv.gens) == 0 {
		*m.names = append(*m.names, c.Name)
		return
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
	*m.names = append(*m.names, b.String())
}

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
