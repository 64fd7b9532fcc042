package main

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"retro/out"
	"retro/positions"
	"retro/retro"
	"retro/rules"
)

func init() {
	register(&command{
		name:  "ege",
		usage: "ege [flags] GAME",
		short: "answer tasks 19–21 of the exam (ЕГЭ) on a game",
		long: `Ege answers tasks 19, 20 and 21 of the Russian state exam in informatics on
GAME, Petya moving first from each start position and Vanya second:

  19   Vanya won with his first move after Petya's unlucky first move: the
       least S where this is possible (can-lose 1)
  19g  the guaranteed reading of 19: Vanya wins with his first move whatever
       Petya does (lose =1)
  20   Petya wins with his second move, not with his first, whatever Vanya
       does: the two least S (win =2)
  21   Vanya wins with his first or second move whatever Petya does, but
       cannot be sure to win with his first: the least S (lose =2)

Each comes with its excerpt of the ribbon and a reason in the game's own
moves. --plain prints four lines: "19: …", "19g: …", "20: …", "21: …".`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &egeOptions{}
			o.ask.add(fs)
			return o.run
		},
	})
}

type egeOptions struct {
	ask askFlags
}

// egeTask is one exam task: its question, its aggregate and its wording.
type egeTask struct {
	key, question string
	agg           retro.Aggregate
	wording       string
}

var egeTasks = []egeTask{
	{"19", "can-lose 1", retro.Aggregate{Kind: retro.AggMin},
		"Vanya won with his first move after Petya's unlucky move (possible)"},
	{"19g", "lose =1", retro.Aggregate{Kind: retro.AggMin},
		"Vanya wins with his first move whatever Petya does (guaranteed)"},
	{"20", "win =2", retro.Aggregate{Kind: retro.AggFirst, K: 2},
		"Petya wins with his second move, not his first, whatever Vanya does"},
	{"21", "lose =2", retro.Aggregate{Kind: retro.AggMin},
		"Vanya wins with his first or second move whatever Petya does, not surely with his first"},
}

func (o *egeOptions) run(ctx context.Context, e *env, args []string) error {
	c := commands["ege"]
	if len(args) != 1 {
		return usagef(c, "ege takes one GAME")
	}
	color, err := o.ask.color(c, e)
	if err != nil {
		return err
	}
	asks := make([]retro.Ask, len(egeTasks))
	for k, t := range egeTasks {
		q, err := retro.ParseQuestion(t.question)
		if err != nil {
			return err
		}
		asks[k] = retro.Ask{Question: q, Aggregate: t.agg}
	}
	answers, s, err := o.ask.query(ctx, e, args[0], asks)
	if err != nil {
		return err
	}
	if o.ask.json {
		return writeEgeJSON(e.stdout, s.game, answers, o.ask.game.openWidth)
	}
	if o.ask.plain {
		for k, t := range egeTasks {
			fmt.Fprintf(e.stdout, "%s: %s\n", t.key, answers[k].Text())
		}
		return nil
	}
	return writeEge(e.stdout, s.game, answers, color)
}

func writeEge(w io.Writer, g *rules.Game, answers []*retro.Answer, color bool) error {
	rs := newReasoner(g)
	fmt.Fprintf(w, "%s: %s; Petya moves first, Vanya second.\n", g.Name, describeRanges(answers[0]))
	for k, t := range egeTasks {
		a := answers[k]
		fmt.Fprintf(w, "\n%-4s%s:\n", t.key, t.wording)
		fmt.Fprintf(w, "    %s: %s\n", a.Question, a.Question.Meaning())
		fmt.Fprintf(w, "    %s\n", ribbonExcerpt(a, color))
		reason, err := rs.reason(a, t)
		if err != nil {
			return err
		}
		if reason != "" {
			fmt.Fprintf(w, "    %s\n", reason)
		}
		fmt.Fprintf(w, "    answer: %s\n", a.Text())
	}
	fmt.Fprintf(w, `
Task 19 says that Vanya won "after Petya's unlucky move" and asks when this
"is possible": it tells of one game in which Petya chose badly, not of a
strategy. It needs the possible reading, can-lose 1 (%s). The guaranteed
reading, lose =1 (%s), answers another question: when Vanya can win with his
first move whatever Petya does.
`, answers[0].Text(), answers[1].Text())
	return nil
}

// egeJSON is what ege --json prints: each task as /api/tasks names it,
// its answer as /api/query gives it, and the reason ege prints.
type egeJSON struct {
	Game  string          `json:"game"`
	Width int64           `json:"width"` // values the open start ranges took
	Tasks []egeAnswerJSON `json:"tasks"`
}

type egeAnswerJSON struct {
	Task   *serveTask      `json:"task"`
	Answer *out.AnswerJSON `json:"answer"`
	Reason string          `json:"reason,omitempty"` // "S = 29: Petya doubles …"
}

func writeEgeJSON(w io.Writer, g *rules.Game, answers []*retro.Answer, width int64) error {
	rs := newReasoner(g)
	j := egeJSON{Game: g.Name, Width: width}
	for k, t := range egeTasks {
		reason, err := rs.reason(answers[k], t)
		if err != nil {
			return err
		}
		var task *serveTask
		for i := range serveTasks {
			if serveTasks[i].Key == t.key {
				task = &serveTasks[i]
			}
		}
		j.Tasks = append(j.Tasks, egeAnswerJSON{Task: task, Answer: out.NewAnswerJSON(answers[k], 0), Reason: reason})
	}
	return printJSON(w, j)
}

// ribbonExcerpt is a line of the ribbon around the answer's values.
func ribbonExcerpt(a *retro.Answer, color bool) string {
	show := make([]bool, len(a.Cells))
	at := map[string]bool{}
	for _, v := range a.Values {
		at[retro.FormatTuple(v)] = true
	}
	found := false
	for k, c := range a.Cells {
		if at[retro.FormatTuple(c.Params)] {
			found = true
			for j := max(k-2, 0); j <= min(k+1, len(show)-1); j++ {
				show[j] = true
			}
		}
	}
	if !found {
		for j := 0; j < min(6, len(show)); j++ {
			show[j] = true
		}
	}
	cells := make([]out.RibbonCell, len(a.Cells))
	for k, c := range a.Cells {
		cells[k] = ribbonCell(a, c)
	}
	prefix := "start: "
	if n := len(a.Names); n > 0 {
		prefix = a.Names[n-1] + ": "
	}
	return prefix + out.RibbonLine(cells, show, out.RibbonOptions{Color: color, Width: 76 - len([]rune(prefix))})
}

// reasoner explains an answer in the game's moves.
type reasoner struct {
	g *rules.Game
}

func newReasoner(g *rules.Game) *reasoner { return &reasoner{g: g} }

// reason explains the first value of an answer: "S = 29: Petya doubles …".
func (rs *reasoner) reason(a *retro.Answer, t egeTask) (string, error) {
	if len(a.Values) == 0 {
		return "", nil
	}
	var cell retro.Cell
	for _, c := range a.Cells {
		if retro.FormatTuple(c.Params) == retro.FormatTuple(a.Values[0]) {
			cell = c
		}
	}
	r := a.Results[cell.Result]
	m := r.Instance.NewMachine()
	moves, err := r.Moves(cell.Index, m)
	if err != nil {
		return "", err
	}
	env := rs.env(a, cell.Params)
	head := "The start"
	if len(a.Names) > 0 {
		head = assignments(a.Names, cell.Params)
	}
	start := make([]int64, r.Space.Piles())
	r.Space.Position(cell.Index, start)
	var body string
	switch t.key {
	case "19":
		body, err = rs.unlucky(r, m, start, moves, env)
	case "20":
		body, err = rs.winning(start, moves)
	default:
		body = rs.whatever(r, moves)
	}
	if err != nil || body == "" {
		return "", err
	}
	return head + ": " + body, nil
}

// env maps the names an end condition may read to the start's values.
func (rs *reasoner) env(a *retro.Answer, tuple []int64) map[string]int64 {
	env := map[string]int64{}
	for k, n := range a.Names {
		env[n] = tuple[k]
	}
	return env
}

// unlucky: Petya's move, not ending the game, after which Vanya wins with
// his first move, and that move.
func (rs *reasoner) unlucky(r *retro.Result, m *rules.Machine, start []int64, moves []retro.Move, env map[string]int64) (string, error) {
	for _, mv := range moves {
		if mv.End || mv.Outcome != retro.Win || mv.Layer != 1 {
			continue
		}
		replies, err := r.Moves(mv.Index, m)
		if err != nil {
			return "", err
		}
		for _, re := range replies {
			if !re.Best {
				continue
			}
			first, pile := rs.phrase(mv, start, -1)
			second, _ := rs.phrase(re, mv.To, pile)
			s := "Petya " + first + "; Vanya " + second
			if re.End {
				if why := rs.endWhy(m, re.To); why != "" {
					s += ", " + why
				}
			}
			return s, nil
		}
	}
	return "", nil
}

// winning: Petya's optimal first move, after which every reply of Vanya
// leaves him a quicker win.
func (rs *reasoner) winning(start []int64, moves []retro.Move) (string, error) {
	for _, mv := range moves {
		if !mv.Best {
			continue
		}
		first, _ := rs.phrase(mv, start, -1)
		left := mv.Layer / 2 // Petya's moves still to make: L 2j leaves him j
		if mv.End {
			return "Petya " + first + " and wins", nil
		}
		when := "with his next move"
		if left > 1 {
			when = fmt.Sprintf("within %d more moves", left)
		}
		return fmt.Sprintf("Petya %s; whatever Vanya does, Petya wins %s", first, when), nil
	}
	return "", nil
}

// whatever groups Petya's moves by how soon Vanya wins after them.
func (rs *reasoner) whatever(r *retro.Result, moves []retro.Move) string {
	type group struct {
		key   string
		where []string
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, mv := range moves {
		var key string
		switch {
		case mv.End:
			key = "Petya's move ends the game and he loses"
		case mv.Outcome == retro.Win && mv.Layer >= 1:
			key = fmt.Sprintf("Vanya wins with his %s move", ordinal((mv.Layer+1)/2))
		default:
			key = fmt.Sprintf("the position is %s", describe(mv.Outcome, mv.Layer))
		}
		g := byKey[key]
		if g == nil {
			g = &group{key: key}
			byKey[key] = g
			groups = append(groups, g)
		}
		g.where = append(g.where, positions.Format(rs.g, mv.To, mv.Hist))
	}
	if len(groups) == 1 {
		return fmt.Sprintf("whatever Petya does — %s — %s", orList(groups[0].where), groups[0].key)
	}
	parts := make([]string, len(groups))
	for k, g := range groups {
		key := g.key
		if k > 0 && strings.HasPrefix(key, "Vanya wins ") && strings.HasPrefix(groups[0].key, "Vanya wins ") {
			key = strings.TrimSuffix(strings.TrimPrefix(key, "Vanya wins "), " move")
		}
		parts[k] = fmt.Sprintf("after %s %s", orList(g.where), key)
	}
	return strings.Join(parts, ", ")
}

// orList writes "a", "a or b", "a, b or c", at most four items.
func orList(items []string) string {
	if len(items) > 4 {
		return strings.Join(items[:4], ", ") + ", …"
	}
	if len(items) == 1 {
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

func ordinal(n int) string {
	switch {
	case n%10 == 1 && n%100 != 11:
		return fmt.Sprintf("%dst", n)
	case n%10 == 2 && n%100 != 12:
		return fmt.Sprintf("%dnd", n)
	case n%10 == 3 && n%100 != 13:
		return fmt.Sprintf("%drd", n)
	}
	return fmt.Sprintf("%dth", n)
}

// The move entries phrase understands: "each *2", "x - 3", "b = b + 4".
var (
	reEach   = regexp.MustCompile(`^each\s*(\+|-|\*|//)\s*(\d+)$`)
	reShort  = regexp.MustCompile(`^(\w+)\s*(\+|-|\*|//)\s*(\d+)$`)
	reAssign = regexp.MustCompile(`^(\w+)\s*=\s*(\w+)\s*(\+|-|\*|//)\s*(\d+)$`)
)

// phrase says what a move from the piles from does: "doubles the second
// pile to (17, 58)", "takes 3 from the pile, leaving (28)"; "it" for the
// pile it (-1: none). It returns the pile changed, -1 when not one.
func (rs *reasoner) phrase(mv retro.Move, from []int64, it int) (string, int) {
	to := positions.Format(rs.g, mv.To, mv.Hist)
	fallback := fmt.Sprintf("plays %q, making %s", rs.g.Commands[mv.Cmd].Name, to)
	piles := len(from)
	pile, op, k := rs.operation(mv, from)
	if pile < 0 {
		return fallback, -1
	}
	what := "the pile"
	switch {
	case pile == it:
		what = "it"
	case piles == 2 || piles == 3:
		what = fmt.Sprintf("the %s pile", []string{"first", "second", "third"}[pile])
	case piles > 3:
		what = "pile " + rs.g.Piles[pile]
	}
	switch {
	case op == "+":
		return fmt.Sprintf("adds %d to %s, making %s", k, what, to), pile
	case op == "-":
		return fmt.Sprintf("takes %d from %s, leaving %s", k, what, to), pile
	case op == "*" && k == 2:
		return fmt.Sprintf("doubles %s to %s", what, to), pile
	case op == "*" && k == 3:
		return fmt.Sprintf("triples %s to %s", what, to), pile
	case op == "*":
		return fmt.Sprintf("multiplies %s by %d, making %s", what, k, to), pile
	case op == "//" && k == 2:
		return fmt.Sprintf("halves %s, leaving %s", what, to), pile
	}
	return fmt.Sprintf("divides %s by %d, leaving %s", what, k, to), pile
}

// operation finds the entry of the move's command that explains it: one
// pile of from changed by one operation with a constant.
func (rs *reasoner) operation(mv retro.Move, from []int64) (pile int, op string, k int64) {
	g := rs.g
	for _, text := range g.Commands[mv.Cmd].Moves {
		text = strings.TrimSpace(text)
		var name string
		var parts []string
		switch {
		case reEach.MatchString(text):
			parts = reEach.FindStringSubmatch(text)[1:]
		case reShort.MatchString(text) && len(g.Piles) == 1:
			p := reShort.FindStringSubmatch(text)
			name, parts = p[1], p[2:]
		case reAssign.MatchString(text):
			p := reAssign.FindStringSubmatch(text)
			if p[1] != p[2] {
				continue
			}
			name, parts = p[1], p[3:]
		default:
			continue
		}
		k, err := strconv.ParseInt(parts[1], 10, 64)
		if err != nil || k == 0 {
			continue
		}
		for p := range g.Piles {
			if name != "" && g.Piles[p] != name {
				continue
			}
			if rs.explains(mv, from, p, parts[0], k) {
				return p, parts[0], k
			}
		}
	}
	return -1, "", 0
}

// explains reports whether changing pile p of from by "op k" makes the
// move's piles.
func (rs *reasoner) explains(mv retro.Move, from []int64, p int, op string, k int64) bool {
	for q := range from {
		if q != p && from[q] != mv.To[q] {
			return false
		}
	}
	v := from[p]
	switch op {
	case "+":
		v += k
	case "-":
		v -= k
	case "*":
		v *= k
	case "//":
		v = floorDiv(v, k)
	}
	return v == mv.To[p]
}

// endWhy shows why the game is over at piles when the end condition is one
// comparison: "133 ≥ 133" for "a + b >= 133"; "" for any other condition.
func (rs *reasoner) endWhy(m *rules.Machine, piles []int64) string {
	l, op, r, ok, err := m.EndSides(piles)
	if err != nil || !ok {
		return ""
	}
	sym := map[string]string{">=": "≥", "<=": "≤", "==": "=", "!=": "≠", ">": ">", "<": "<"}[op]
	return fmt.Sprintf("%d %s %d", l, sym, r)
}

// floorDiv is Python's //, rounding toward minus infinity.
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}
