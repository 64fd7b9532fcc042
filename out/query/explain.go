package query

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"retro/positions"
	"retro/retro"
	"retro/rules"
	"retro/rules/lang"
)

// Explanations of answers, in English or Russian: what a question means,
// the ranges an answer was taken over, and the reason for an answer in the
// game's own moves.

// Lang is a language of explanations.
type Lang string

// The languages.
const (
	En Lang = "en" // English
	Ru Lang = "ru" // Russian
)

// Langs are the languages, in the order the explorer offers them.
var Langs = []Lang{En, Ru}

// Text is one phrase in every language; a format when it has verbs.
type Text struct{ En, Ru string }

// Say is the phrase t in the language, formatted with a when a is given.
func (l Lang) Say(t Text, a ...any) string {
	f := t.En
	if l == Ru {
		f = t.Ru
	}
	if len(a) == 0 {
		return f
	}
	return fmt.Sprintf(f, a...)
}

// The phrases of explanations.
var (
	txtStart       = Text{"The start", "Старт"}
	txtOpenRange   = Text{" (open: widened to %d values)", " (открытый: расширен до %d значений)"}
	txtOneStart    = Text{"the start %s", "начальная позиция %s"}
	txtPetya       = Text{"Petya", "Петя"}
	txtVanya       = Text{"Vanya", "Ваня"}
	txtAndWins     = Text{"Petya %s and wins", "Петя %s и выигрывает"}
	txtNextMove    = Text{"with his next move", "следующим ходом"}
	txtWithin      = Text{"within %[1]d more moves", "не более чем за %[1]d %[2]s"} // %[2]s: ruMoves
	txtWhateverV   = Text{"Petya %s; whatever Vanya does, Petya wins %s", "Петя %s; при любом ходе Вани Петя выигрывает %s"}
	txtEndsLoses   = Text{"Petya's move ends the game and he loses", "ход Пети заканчивает игру, и он проигрывает"}
	txtEndsWins    = Text{"Petya's move ends the game and he wins", "ход Пети заканчивает игру, и он выигрывает"}
	txtVanyaWinsN  = Text{"Vanya wins with his %s move", "Ваня выигрывает %s ходом"}
	txtWithHisN    = Text{"with his %s", "%s"}
	txtPositionIs  = Text{"the position is %s", "позиция %s"}
	txtWhateverP   = Text{"whatever Petya does — %s — %s", "при любом ходе Пети — %s — %s"}
	txtAfter       = Text{"after %s %s", "после %s %s"}
	txtOr          = Text{" or ", " или "}
	txtMaking      = Text{"%s, making %s", "%s, получая %s"}
	txtTo          = Text{"%s to %s", "%s, получая %s"}
	txtLeaving     = Text{"%s, leaving %s", "%s, оставляя %s"}
	txtMeanCanLose = Text{"a move, not ending the game, to ", "ход, не заканчивающий игру, в "}
)

func (l Lang) index() int {
	if l == Ru {
		return 1
	}
	return 0
}

var reMeaningWords = regexp.MustCompile(`\b(and|or|not)\b`)

// Meaning is what a question means, in the language: the outcome and layer
// it asks for ("W ≤ 3"), joined by and, or and not.
func (l Lang) Meaning(q *Question) string {
	m := q.Meaning()
	if l != Ru {
		return m
	}
	m = strings.ReplaceAll(m, txtMeanCanLose.En, txtMeanCanLose.Ru)
	m = reMeaningWords.ReplaceAllStringFunc(m, func(w string) string {
		return map[string]string{"and": "и", "or": "или", "not": "не"}[w]
	})
	return m
}

// Ranges names the ranges the tuple's components took: "S = 1..115",
// "S = 31..230 (open: widened to 200 values)".
func (l Lang) Ranges(a *Answer) string {
	var parts []string
	for _, p := range a.Params {
		s := fmt.Sprintf("%s = %d..%d", p.Name, p.Lo, p.Hi)
		if p.Open {
			s += l.Say(txtOpenRange, p.Hi-p.Lo+1)
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 && len(a.Cells) == 1 { // a game without parameters
		return l.Say(txtOneStart, startText(a, a.Cells[0]))
	}
	return strings.Join(parts, ", ")
}

// startText writes the start position of a cell of an answer: "(7)".
func startText(a *Answer, c Cell) string {
	r := a.Results[c.Result]
	piles := make([]int64, r.Space.Piles())
	h := r.Space.Position(c.Index, piles)
	return positions.Format(r.Instance.Game, piles, h)
}

// Reasoner explains answers to the exam tasks in a game's moves.
type Reasoner struct {
	g *rules.Game
	l Lang
}

// NewReasoner returns a reasoner for the answers on g, in language l.
func NewReasoner(g *rules.Game, l Lang) *Reasoner { return &Reasoner{g: g, l: l} }

// Reason explains the first value of an answer to the task of key (a
// Task's key: "19", "20", …): "S = 29: Petya doubles …"; "" when the
// answer has no value or the reason cannot be put in words.
func (rs *Reasoner) Reason(a *Answer, key string) (string, error) {
	if len(a.Values) == 0 {
		return "", nil
	}
	var cell Cell
	for _, c := range a.Cells {
		if FormatTuple(c.Params) == FormatTuple(a.Values[0]) {
			cell = c
		}
	}
	r := a.Results[cell.Result]
	m := r.Instance.NewMachine()
	moves, err := r.Moves(cell.Index, m)
	if err != nil {
		return "", err
	}
	head := rs.l.Say(txtStart)
	if len(a.Names) > 0 {
		head = FormatAssignments(a.Names, cell.Params)
	}
	start := make([]int64, r.Space.Piles())
	r.Space.Position(cell.Index, start)
	var body string
	switch key {
	case "19":
		body, err = rs.unlucky(r, m, start, moves)
	case "20", "win1":
		body, err = rs.winning(r, m, start, moves)
	default:
		body, err = rs.whatever(r, m, moves)
	}
	if err != nil || body == "" {
		return "", err
	}
	return head + ": " + body, nil
}

// unlucky: Petya's move, not ending the game, after which Vanya wins with
// his first move, and that move.
func (rs *Reasoner) unlucky(r *retro.Probed, m *rules.Machine, start []int64, moves []retro.Move) (string, error) {
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
			ends, err := rs.ends(r, m, re)
			if err != nil {
				return "", err
			}
			s := rs.l.Say(txtPetya) + " " + first + "; " + rs.l.Say(txtVanya) + " " + second
			if why := rs.endWhy(m, re.To); ends && why != "" {
				s += ", " + why
			}
			return s, nil
		}
	}
	return "", nil
}

// winning: Petya's optimal first move, which wins at once or after which
// every reply of Vanya leaves him a quicker win.
func (rs *Reasoner) winning(r *retro.Probed, m *rules.Machine, start []int64, moves []retro.Move) (string, error) {
	for _, mv := range moves {
		if !mv.Best {
			continue
		}
		first, _ := rs.phrase(mv, start, -1)
		left := mv.Layer / 2 // Petya's moves still to make: L 2j leaves him j
		ends, err := rs.ends(r, m, mv)
		if err != nil {
			return "", err
		}
		if ends {
			s := rs.l.Say(txtAndWins, first)
			if why := rs.endWhy(m, mv.To); why != "" {
				s += ", " + why
			}
			return s, nil
		}
		when := rs.l.Say(txtNextMove)
		if left > 1 {
			when = rs.l.Say(txtWithin, left, ruMoves(left))
		}
		return rs.l.Say(txtWhateverV, first, when), nil
	}
	return "", nil
}

// whatever groups Petya's moves by how soon Vanya wins after them; a move
// that ends the game says who wins by it.
func (rs *Reasoner) whatever(r *retro.Probed, m *rules.Machine, moves []retro.Move) (string, error) {
	type group struct {
		key   string // the whole phrase
		short string // after the first group of Vanya's wins: "with his 2nd"
		where []string
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, mv := range moves {
		ends, err := rs.ends(r, m, mv)
		if err != nil {
			return "", err
		}
		var key, short string
		switch {
		case ends && mv.Outcome == retro.Lose:
			key = rs.l.Say(txtEndsWins) // the player to move there has lost
		case ends:
			key = rs.l.Say(txtEndsLoses)
		case mv.Outcome == retro.Win && mv.Layer >= 1:
			n := rs.l.ordinal((mv.Layer + 1) / 2)
			key, short = rs.l.Say(txtVanyaWinsN, n), rs.l.Say(txtWithHisN, n)
		default:
			key = rs.l.Say(txtPositionIs, retro.Describe(mv.Outcome, mv.Layer))
		}
		g := byKey[key]
		if g == nil {
			g = &group{key: key, short: short}
			byKey[key] = g
			groups = append(groups, g)
		}
		// Two moves may reach one position (a+1 and a*2 from a = 1).
		if to := rules.Tuple(mv.To); !slices.Contains(g.where, to) {
			g.where = append(g.where, to)
		}
	}
	if len(groups) == 1 {
		return rs.l.Say(txtWhateverP, rs.orList(groups[0].where), groups[0].key), nil
	}
	parts := make([]string, len(groups))
	for k, g := range groups {
		key := g.key
		if k > 0 && g.short != "" && groups[0].short != "" {
			key = g.short
		}
		parts[k] = rs.l.Say(txtAfter, rs.orList(g.where), key)
	}
	return strings.Join(parts, ", "), nil
}

// ends reports whether a move ends the game: it leaves the table, or it
// reaches a final position inside it (a [bounds] box holds final rows).
func (rs *Reasoner) ends(r *retro.Probed, m *rules.Machine, mv retro.Move) (bool, error) {
	if mv.End {
		return true, nil
	}
	var list rules.MoveList
	return final(r.Instance.Game, m, mv, &list)
}

// orList writes "a", "a or b", "a, b or c", at most four items.
func (rs *Reasoner) orList(items []string) string {
	if len(items) > 4 {
		return strings.Join(items[:4], ", ") + ", …"
	}
	if len(items) == 1 {
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + rs.l.Say(txtOr) + items[len(items)-1]
}

// ordinal is "1st", "2nd", …; in Russian the instrumental case the exam
// uses: «первым», «вторым», … («первым ходом»).
func (l Lang) ordinal(n int) string {
	if l == Ru {
		words := []string{"первым", "вторым", "третьим", "четвёртым", "пятым", "шестым", "седьмым", "восьмым", "девятым", "десятым"}
		if n >= 1 && n <= len(words) {
			return words[n-1]
		}
		return fmt.Sprintf("%d-м", n)
	}
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
	reShort  = regexp.MustCompile(`^([\pL_][\pL\pN_]*)\s*(\+|-|\*|//)\s*(\d+)$`)
	reAssign = regexp.MustCompile(`^([\pL_][\pL\pN_]*)\s*=\s*([\pL_][\pL\pN_]*)\s*(\+|-|\*|//)\s*(\d+)$`)
)

// phrase says what a move from the piles from does and what it leaves:
// "doubles the second pile, making (17, 58)", "takes 3 stones from the
// pile, leaving (28)"; "it" for the pile it (-1: none). It returns the
// pile changed, -1 when not one.
func (rs *Reasoner) phrase(mv retro.Move, from []int64, it int) (string, int) {
	pile, op, k := operation(rs.g, mv, from)
	words := rs.l.opWords(rs.g, mv, len(from), it, pile, op, k)
	to := rules.Tuple(mv.To) // the move says the history: a sentence writes the piles
	switch {
	case op == "-" || op == "//":
		return rs.l.Say(txtLeaving, words, to), pile
	case op == "*" && (k == 2 || k == 3):
		return rs.l.Say(txtTo, words, to), pile // "doubles the pile to (14)"
	}
	return rs.l.Say(txtMaking, words, to), pile
}

// operation finds the entry of the move's command that explains it: one
// pile of from changed by one operation with a constant.
func operation(g *rules.Game, mv retro.Move, from []int64) (pile int, op string, k int64) {
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
			if explains(mv, from, p, parts[0], k) {
				return p, parts[0], k
			}
		}
	}
	return -1, "", 0
}

// explains reports whether changing pile p of from by "op k" makes the
// move's piles.
func explains(mv retro.Move, from []int64, p int, op string, k int64) bool {
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
		v = rules.FloorDiv(v, k)
	}
	return v == mv.To[p]
}

// endWhy shows why the game is over at piles when the end condition is one
// comparison: "133 ≥ 133" for "a + b >= 133"; "" for any other condition.
func (rs *Reasoner) endWhy(m *rules.Machine, piles []int64) string {
	l, op, r, ok, err := m.EndSides(piles)
	if err != nil || !ok {
		return ""
	}
	sym := map[string]string{">=": "≥", "<=": "≤", "==": "=", "!=": "≠", ">": ">", "<": "<"}[op]
	return fmt.Sprintf("%d %s %d", l, sym, r)
}

// The words of an answer line.
var (
	txtNone      = Text{"none", "нет таких значений"}
	txtYes       = Text{"yes", "да"}
	txtNo        = Text{"no", "нет"}
	txtOfQualify = Text{"%s (%d of the %d values that qualify: %s)", "%s (%d из %d подходящих значений: %s)"}
	txtAndMore   = Text{"%s and %d more", "%s и ещё %d"}
)

// shownQualifying is how many of the values that qualify an answer line
// lists.
const shownQualifying = 20

// AnswerText is the answer's values as Answer.Text writes them, with
// "none" in the language.
func (l Lang) AnswerText(a *Answer) string {
	if len(a.Values) == 0 && !a.Aggregate.Numeric() && len(a.Names) > 0 {
		return l.Say(txtNone)
	}
	return a.Text()
}

// Answer is the answer line of a in the language: Answer.Text, with
// "none", "yes" and "no" in its words; where the aggregate picked several
// values of more that qualify (the two least of seven, for task 20), it
// says how many qualify and which (the first 20).
func (l Lang) Answer(a *Answer) string {
	if a.Aggregate.Numeric() {
		return a.Text()
	}
	if len(a.Names) == 0 {
		if len(a.Values) > 0 {
			return l.Say(txtYes)
		}
		return l.Say(txtNo)
	}
	if len(a.Values) == 0 {
		return l.Say(txtNone)
	}
	var hold []string
	n := 0
	for _, c := range a.Cells {
		if c.Holds != Yes {
			continue
		}
		if n++; n <= shownQualifying {
			hold = append(hold, FormatTuple(c.Params))
		}
	}
	if len(a.Values) < 2 || n <= len(a.Values) {
		return a.Text()
	}
	list := strings.Join(hold, " ")
	if n > shownQualifying {
		list = l.Say(txtAndMore, list, n-shownQualifying)
	}
	return l.Say(txtOfQualify, a.Text(), len(a.Values), n, list)
}

// ruMoves is the Russian word for "moves" after the number n: 1 ход,
// 2 хода, 5 ходов, 11 ходов, 21 ход.
func ruMoves(n int) string { return lang.RuForm(int64(n), "ход", "хода", "ходов") }
