package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// Explanations of answers, in English or Russian: the tasks' wordings, what
// a question means, and the reason for an answer in the game's own moves.
// retro ege, retro query and the explorer's API all take them from here.

// lang is the language of explanations.
type lang string

const (
	langEn lang = "en"
	langRu lang = "ru"
)

// langs are the languages, in the order the explorer offers them.
var langs = []lang{langEn, langRu}

// parseLang reads --lang: "en" or "ru".
func parseLang(s string) (lang, bool) {
	switch l := lang(strings.ToLower(s)); l {
	case langEn, langRu:
		return l, true
	}
	return langEn, false
}

// langEnv chooses the language from the locale as POSIX orders it: LC_ALL,
// then LC_MESSAGES, then LANG; a locale of Russian ("ru", "ru_RU.UTF-8")
// gives Russian, any other English.
func langEnv(getenv func(string) string) lang {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(k); v != "" {
			if strings.HasPrefix(strings.ToLower(v), "ru") {
				return langRu
			}
			return langEn
		}
	}
	return langEn
}

// text is one phrase in both languages; a format when it has verbs.
type text struct{ en, ru string }

func (l lang) say(t text, a ...any) string {
	f := t.en
	if l == langRu {
		f = t.ru
	}
	if len(a) == 0 {
		return f
	}
	return fmt.Sprintf(f, a...)
}

// The phrases of explanations.
var (
	txtHeader     = text{"%s: %s; Petya moves first, Vanya second.", "%s: %s; первым ходит Петя, вторым — Ваня."}
	txtAnswer     = text{"answer", "ответ"}
	txtStart      = text{"The start", "Старт"}
	txtOpenRange  = text{" (open: widened to %d values)", " (открытый: расширен до %d значений)"}
	txtOneStart   = text{"the start %s", "начальная позиция %s"}
	txtTask19Note = text{`
Task 19 says that Vanya won "after Petya's unlucky move" and asks when this
"is possible": it tells of one game in which Petya chose badly, not of a
strategy. It needs the possible reading, can-lose 1 (%s). The guaranteed
reading, lose =1 (%s), answers another question: when Vanya can win with his
first move whatever Petya does.
`, `
Задание 19 говорит, что Ваня выиграл «после неудачного первого хода Пети», и
спрашивает, когда «такая ситуация возможна»: это рассказ об одной партии, где
Петя сходил плохо, а не о стратегии. Нужно чтение «возможно», can-lose 1 (%s).
Чтение «гарантированно», lose =1 (%s), отвечает на другой вопрос: когда Ваня
выигрывает первым ходом при любом ходе Пети.
`}
	txtPetya       = text{"Petya", "Петя"}
	txtVanya       = text{"Vanya", "Ваня"}
	txtAndWins     = text{"Petya %s and wins", "Петя %s и выигрывает"}
	txtNextMove    = text{"with his next move", "следующим ходом"}
	txtWithin      = text{"within %d more moves", "не более чем за %d хода"}
	txtWhateverV   = text{"Petya %s; whatever Vanya does, Petya wins %s", "Петя %s; при любом ходе Вани Петя выигрывает %s"}
	txtEndsLoses   = text{"Petya's move ends the game and he loses", "ход Пети заканчивает игру, и он проигрывает"}
	txtVanyaWinsN  = text{"Vanya wins with his %s move", "Ваня выигрывает %s ходом"}
	txtWithHisN    = text{"with his %s", "%s"}
	txtPositionIs  = text{"the position is %s", "позиция %s"}
	txtWhateverP   = text{"whatever Petya does — %s — %s", "при любом ходе Пети — %s — %s"}
	txtAfter       = text{"after %s %s", "после %s %s"}
	txtOr          = text{" or ", " или "}
	txtPlays       = text{"plays %q, making %s", "делает ход «%s», получая %s"}
	txtAdds        = text{"adds %d to %s, making %s", "добавляет %d в %s, получая %s"}
	txtTakes       = text{"takes %d from %s, leaving %s", "убирает %d из %s, оставляя %s"}
	txtDoubles     = text{"doubles %s to %s", "удваивает %s, получая %s"}
	txtTriples     = text{"triples %s to %s", "утраивает %s, получая %s"}
	txtMultiplies  = text{"multiplies %s by %d, making %s", "умножает %s на %d, получая %s"}
	txtHalves      = text{"halves %s, leaving %s", "делит %s пополам, оставляя %s"}
	txtDivides     = text{"divides %s by %d, leaving %s", "делит %s на %d, оставляя %s"}
	txtPile        = text{"the pile", "кучу"}
	txtPileFrom    = text{"the pile", "кучи"}
	txtIt          = text{"it", "её"}
	txtItFrom      = text{"it", "неё"}
	txtNamedPile   = text{"pile %s", "кучу %s"}
	txtNamedFrom   = text{"pile %s", "кучи %s"}
	txtMeanCanLose = text{"a move, not ending the game, to ", "ход, не заканчивающий игру, в "}
)

// ordinals of the few piles phrase names, in the case each verb takes.
var (
	pileOrdinal     = [2][3]string{{"the first pile", "the second pile", "the third pile"}, {"первую кучу", "вторую кучу", "третью кучу"}}
	pileOrdinalFrom = [2][3]string{{"the first pile", "the second pile", "the third pile"}, {"первой кучи", "второй кучи", "третьей кучи"}}
)

func (l lang) index() int {
	if l == langRu {
		return 1
	}
	return 0
}

// taskWordings are the exam tasks as the page and retro ege word them, by key.
var taskWordings = map[string]text{
	"19": {"Vanya won with his first move after Petya's unlucky move (possible)",
		"Ваня выиграл своим первым ходом после неудачного первого хода Пети (такая ситуация возможна)"},
	"19g": {"Vanya wins with his first move whatever Petya does (guaranteed)",
		"Ваня выигрывает первым ходом при любом ходе Пети (гарантированно)"},
	"20": {"Petya wins with his second move, not his first, whatever Vanya does",
		"У Пети есть выигрышная стратегия: он не может выиграть первым ходом, но выигрывает вторым ходом при любом ходе Вани"},
	"21": {"Vanya wins with his first or second move whatever Petya does, not surely with his first",
		"У Вани есть выигрышная стратегия, позволяющая ему выиграть первым или вторым ходом при любом ходе Пети, но нет стратегии, которая позволит ему гарантированно выиграть первым ходом"},
	"win1": {"Petya wins with his first move", "У Пети есть выигрышная стратегия: он выигрывает первым ходом"},
}

// taskTitles are the tasks' short names on the page.
var taskTitles = map[string]text{
	"19": {"19, possible", "19, возможно"}, "19g": {"19, guaranteed", "19, гарантированно"},
	"20": {"20", "20"}, "21": {"21", "21"}, "win1": {"wins in one", "выигрыш первым ходом"},
}

var reMeaningWords = regexp.MustCompile(`\b(and|or|not)\b`)

// meaning is what a question means, in the language: the outcome and layer
// it asks for ("W ≤ 3"), joined by and, or and not.
func (l lang) meaning(q *retro.Question) string {
	m := q.Meaning()
	if l != langRu {
		return m
	}
	m = strings.ReplaceAll(m, txtMeanCanLose.en, txtMeanCanLose.ru)
	m = reMeaningWords.ReplaceAllStringFunc(m, func(w string) string {
		return map[string]string{"and": "и", "or": "или", "not": "не"}[w]
	})
	return m
}

// describeRanges names the ranges the tuple's components took: "S = 1..115",
// "S = 31..230 (open: widened to 200 values)".
func (l lang) describeRanges(a *retro.Answer) string {
	var parts []string
	for _, p := range a.Params {
		s := fmt.Sprintf("%s = %d..%d", p.Name, p.Lo, p.Hi)
		if p.Open {
			s += l.say(txtOpenRange, p.Hi-p.Lo+1)
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 && len(a.Cells) == 1 { // a game without parameters
		return l.say(txtOneStart, startText(a, a.Cells[0]))
	}
	return strings.Join(parts, ", ")
}

// reasoner explains an answer in the game's moves.
type reasoner struct {
	g *rules.Game
	l lang
}

func newReasoner(g *rules.Game, l lang) *reasoner { return &reasoner{g: g, l: l} }

// reason explains the first value of an answer to the task of key:
// "S = 29: Petya doubles …".
func (rs *reasoner) reason(a *retro.Answer, key string) (string, error) {
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
	head := rs.l.say(txtStart)
	if len(a.Names) > 0 {
		head = assignments(a.Names, cell.Params)
	}
	start := make([]int64, r.Space.Piles())
	r.Space.Position(cell.Index, start)
	var body string
	switch key {
	case "19":
		body, err = rs.unlucky(r, m, start, moves)
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

// unlucky: Petya's move, not ending the game, after which Vanya wins with
// his first move, and that move.
func (rs *reasoner) unlucky(r *retro.Result, m *rules.Machine, start []int64, moves []retro.Move) (string, error) {
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
			s := rs.l.say(txtPetya) + " " + first + "; " + rs.l.say(txtVanya) + " " + second
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
			return rs.l.say(txtAndWins, first), nil
		}
		when := rs.l.say(txtNextMove)
		if left > 1 {
			when = rs.l.say(txtWithin, left)
		}
		return rs.l.say(txtWhateverV, first, when), nil
	}
	return "", nil
}

// whatever groups Petya's moves by how soon Vanya wins after them.
func (rs *reasoner) whatever(r *retro.Result, moves []retro.Move) string {
	type group struct {
		key   string // the whole phrase
		short string // after the first group of Vanya's wins: "with his 2nd"
		where []string
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, mv := range moves {
		var key, short string
		switch {
		case mv.End:
			key = rs.l.say(txtEndsLoses)
		case mv.Outcome == retro.Win && mv.Layer >= 1:
			n := rs.l.ordinal((mv.Layer + 1) / 2)
			key, short = rs.l.say(txtVanyaWinsN, n), rs.l.say(txtWithHisN, n)
		default:
			key = rs.l.say(txtPositionIs, describe(mv.Outcome, mv.Layer))
		}
		g := byKey[key]
		if g == nil {
			g = &group{key: key, short: short}
			byKey[key] = g
			groups = append(groups, g)
		}
		g.where = append(g.where, positions.Format(rs.g, mv.To, mv.Hist))
	}
	if len(groups) == 1 {
		return rs.l.say(txtWhateverP, rs.orList(groups[0].where), groups[0].key)
	}
	parts := make([]string, len(groups))
	for k, g := range groups {
		key := g.key
		if k > 0 && g.short != "" && groups[0].short != "" {
			key = g.short
		}
		parts[k] = rs.l.say(txtAfter, rs.orList(g.where), key)
	}
	return strings.Join(parts, ", ")
}

// orList writes "a", "a or b", "a, b or c", at most four items.
func (rs *reasoner) orList(items []string) string {
	if len(items) > 4 {
		return strings.Join(items[:4], ", ") + ", …"
	}
	if len(items) == 1 {
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + rs.l.say(txtOr) + items[len(items)-1]
}

// ordinal is "1st", "2nd", …; in Russian the instrumental case the exam
// uses: «первым», «вторым», … («первым ходом»).
func (l lang) ordinal(n int) string {
	if l == langRu {
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
	reShort  = regexp.MustCompile(`^(\w+)\s*(\+|-|\*|//)\s*(\d+)$`)
	reAssign = regexp.MustCompile(`^(\w+)\s*=\s*(\w+)\s*(\+|-|\*|//)\s*(\d+)$`)
)

// phrase says what a move from the piles from does: "doubles the second
// pile to (17, 58)", "takes 3 from the pile, leaving (28)"; "it" for the
// pile it (-1: none). It returns the pile changed, -1 when not one.
func (rs *reasoner) phrase(mv retro.Move, from []int64, it int) (string, int) {
	l := rs.l
	to := positions.Format(rs.g, mv.To, mv.Hist)
	fallback := l.say(txtPlays, mv.Name, to)
	piles := len(from)
	pile, op, k := rs.operation(mv, from)
	if pile < 0 {
		return fallback, -1
	}
	// what names the pile as an object, whatFrom after "from".
	what, whatFrom := l.say(txtPile), l.say(txtPileFrom)
	switch {
	case pile == it:
		what, whatFrom = l.say(txtIt), l.say(txtItFrom)
	case piles == 2 || piles == 3:
		what, whatFrom = pileOrdinal[l.index()][pile], pileOrdinalFrom[l.index()][pile]
	case piles > 3:
		what, whatFrom = l.say(txtNamedPile, rs.g.Piles[pile]), l.say(txtNamedFrom, rs.g.Piles[pile])
	}
	switch {
	case op == "+":
		return l.say(txtAdds, k, what, to), pile
	case op == "-":
		return l.say(txtTakes, k, whatFrom, to), pile
	case op == "*" && k == 2:
		return l.say(txtDoubles, what, to), pile
	case op == "*" && k == 3:
		return l.say(txtTriples, what, to), pile
	case op == "*":
		return l.say(txtMultiplies, what, k, to), pile
	case op == "//" && k == 2:
		return l.say(txtHalves, what, to), pile
	}
	return l.say(txtDivides, what, k, to), pile
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
