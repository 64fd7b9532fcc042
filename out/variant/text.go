package variant

import (
	"fmt"
	"slices"
	"strings"

	"retro/out/query"
)

// Statement is the text of a variant's tasks in one language, in the
// exam's wording: the game in words, paragraph by paragraph (the
// players, the moves with an example, the end and the winner, the
// restriction, the start with S and its range, what a winning strategy
// is), then tasks 19, 20 and 21.
type Statement struct {
	Game  []string
	Tasks [3]TaskText
}

// TaskText is one task: its lead, the conditions it lists (none for
// 19), and what follows them.
type TaskText struct {
	Number int
	Lead   string
	Items  []string
	Tail   string
}

// String is the task in one paragraph, its conditions on lines of their
// own after a dash.
func (t TaskText) String() string {
	s := t.Lead
	for _, it := range t.Items {
		s += "\n— " + it
	}
	if t.Tail != "" {
		s += "\n" + t.Tail
	}
	return s
}

// Statement is the variant's text in language l.
func (v *Variant) Statement(l query.Lang) Statement {
	ws := &ruText
	if l == query.En {
		ws = &enText
	}
	return ws.statement(&v.Spec, v.Wording)
}

// phrases are what the text of one language is made of.
type phrases struct {
	or    string    // the word that ends a list: "или"
	lay   [3]string // what lies before the players, by the number of piles
	intro string    // the first paragraph up to the list of moves: %s what lies, %s the moves
	// unlimited ends the first paragraph where the piles grow.
	unlimited string
	strategy  string                                  // what a winning strategy is
	clause    func(g opGroup, two, first bool) string // the moves of one operation
	example   func(sp *Spec) string                   // the example of the moves
	end       func(sp *Spec) string                   // the end and the winner
	repeat    func(m Move, two bool) string           // the no-repeat rule, with m as its example
	start     func(sp *Spec) string                   // the start and the range of S
	tasks     func(w Wording) [3]TaskText
}

func (ws *phrases) statement(sp *Spec, w Wording) Statement {
	two := sp.Piles == 2
	var clauses []string
	for k, g := range sp.groups() {
		clauses = append(clauses, ws.clause(g, two, k == 0))
	}
	p := fmt.Sprintf(ws.intro, ws.lay[sp.Piles], joinOr(clauses, ws.or)) + " " + ws.example(sp)
	if !sp.Down {
		p += " " + ws.unlimited
	}
	st := Statement{Game: []string{p, ws.end(sp)}}
	if sp.NoRepeat {
		st.Game = append(st.Game, ws.repeat(sp.Moves[0], two))
	}
	st.Game = append(st.Game, ws.start(sp), ws.strategy)
	st.Tasks = ws.tasks(w)
	return st
}

// opGroup is the operands of one operation of a spec's moves.
type opGroup struct {
	op Op
	ks []int64
}

// groups are a spec's moves by operation, in the order the text names
// them (add, multiply, take, divide), each ascending.
func (sp *Spec) groups() []opGroup {
	var gs []opGroup
	for _, op := range []Op{Add, Mul, Take, Div} {
		var ks []int64
		for _, m := range sp.Moves {
			if m.Op == op {
				ks = append(ks, m.K)
			}
		}
		if len(ks) > 0 {
			slices.Sort(ks)
			gs = append(gs, opGroup{op, ks})
		}
	}
	return gs
}

// examplePiles is the position the text's example moves from: 10 stones
// (10 and 5 of two piles) for growing piles, and for shrinking ones
// enough that every move can be made from it, above the end.
func (sp *Spec) examplePiles() []int64 {
	if !sp.Down {
		if sp.Piles == 2 {
			return []int64{10, 5}
		}
		return []int64{10}
	}
	p := max(20, sp.End+10)
	for _, m := range sp.Moves {
		p = max(p, m.K)
	}
	if sp.Piles == 2 {
		return []int64{p, p / 2}
	}
	return []int64{p}
}

// exampleMoves are the positions one move makes from the example
// position: each pile in turn, the moves in the text's order, each
// position once.
func (sp *Spec) exampleMoves() [][]int64 {
	from := sp.examplePiles()
	var out [][]int64
	for p := range from {
		for _, g := range sp.groups() {
			for _, k := range g.ks {
				to := slices.Clone(from)
				to[p] = Move{Op: g.op, K: k}.apply(from[p])
				if to[p] < 0 || to[p] == from[p] || slices.ContainsFunc(out, func(o []int64) bool { return slices.Equal(o, to) }) {
					continue
				}
				out = append(out, to)
			}
		}
	}
	return out
}

// position writes piles as the exam does: "(10, 5)".
func position(piles []int64) string {
	parts := make([]string, len(piles))
	for k, x := range piles {
		parts[k] = fmt.Sprint(x)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// joinOr joins items as a list: "a", "a or b", "a, b or c".
func joinOr(items []string, or string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + or + " " + items[len(items)-1]
}
