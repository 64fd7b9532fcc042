package query_test

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"retro/out/query"
	"retro/positions"
	"retro/rules"
)

// Every reason of every task, on every built-in game with starts and on a
// few games that reach the other phrasings (three and four piles, halving,
// losing moves under the exam count), in both languages, is read back and
// checked against the game itself: each sentence is parsed, its moves are
// replayed by the rules (rules.Machine), and each claim — who wins, in how
// many moves, which move ends the game and who wins by it — is decided by a
// depth-bounded minimax written from the definitions of GAME-FORMAT.md,
// never by the solver. The start the answer names is checked to answer its
// task the same way.
func TestReasonsReplay(t *testing.T) {
	reasons := 0
	for _, gm := range replayGames() {
		reasons += replayGameReasons(t, gm)
	}
	if reasons < 50 {
		t.Errorf("only %d reasons checked", reasons)
	}
}

// replayGame is a game whose reasons are replayed: a built-in one (src
// empty) or one written here.
type replayGame struct{ name, src string }

// replayGames are the built-in games and the games written here to reach
// the other phrasings: three and four piles, halving, and an overshoot
// that loses, under either count.
func replayGames() []replayGame {
	extra := map[string]string{
		"three-piles": `piles = ["a", "b", "c"]
moves = ["each +1", "each *2"]
end = "a + b + c >= 30"
[start]
a = 1
b = 2
c = "S"
[params]
S = "1..20"
`,
		"four-piles": `piles = ["a", "b", "c", "d"]
moves = ["each +2", "each *3"]
end = "a + b + c + d >= 40"
[start]
a = 1
b = 1
c = 1
d = "S"
[params]
S = "1..30"
`,
		"halving": `piles = ["x"]
moves = ["x - 3", "x // 2", "x // 3"]
end = "x <= 10"
[start]
x = "S"
[params]
S = "11..200"
`,
	}
	// An overshoot past 40 loses, counted either way.
	for _, count := range []string{"exam", "lebedev"} {
		extra["overshoot-"+count] = "count = \"" + count + "\"\n" + `piles = ["x"]
moves = ["x + 1", "x + 3", "x * 2"]
end = "x >= 30"
winner = "mover if x <= 40 else other"
[start]
x = "S"
[params]
S = "1..29"
`
	}
	var games []replayGame
	for _, name := range rules.BuiltinNames() {
		games = append(games, replayGame{name, ""})
	}
	for _, name := range slices.Sorted(maps.Keys(extra)) {
		games = append(games, replayGame{name, extra[name]})
	}
	return games
}

// replayGameReasons asks every task of one game and checks the reasons of
// its answers in every language; it returns how many reasons it checked.
func replayGameReasons(t *testing.T, gm replayGame) int {
	g := parse(t, gm.name, gm.src)
	if text, ok := g.BoxAsStarts(); ok {
		g = parse(t, gm.name, text)
	}
	asks := make([]query.Ask, len(query.Tasks))
	for k := range query.Tasks {
		var err error
		if asks[k], err = query.Tasks[k].Ask(); err != nil {
			t.Fatal(err)
		}
	}
	if g.Sum {
		return 0 // heap games have no starts to ask at
	}
	answers, err := runQuery(t, g, asks...)
	if errors.Is(err, query.ErrNoStarts) {
		return 0
	}
	if err != nil {
		t.Fatalf("%s: %v", gm.name, err)
	}
	reasons := 0
	for k, task := range query.Tasks {
		a := answers[k]
		if len(a.Values) == 0 {
			continue
		}
		for _, l := range query.Langs {
			reasons += replayAnswerReasons(t, gm.name, g, task.Key, a, l)
		}
	}
	return reasons
}

// replayAnswerReasons checks the reasons of the answer a to task key in
// language l: ReasonAll gives one for each of its values and Reason the
// first; each value answers the task, and each reason's head names its
// value and its body replays on the game. It returns how many reasons it
// checked.
func replayAnswerReasons(t *testing.T, name string, g *rules.Game, key string, a *query.Answer, l query.Lang) int {
	all, err := query.NewReasoner(g, l).ReasonAll(a, key)
	if err != nil {
		t.Fatalf("%s: task %s: %v", name, key, err)
	}
	if len(all) != len(a.Values) {
		t.Errorf("%s: task %s, %s: %d reasons for %d values", name, key, l, len(all), len(a.Values))
		return 0
	}
	first, err := query.NewReasoner(g, l).Reason(a, key)
	if err != nil || first != all[0] {
		t.Errorf("%s: task %s, %s: Reason %q, the first of ReasonAll %q (%v)", name, key, l, first, all[0], err)
	}
	reasons := 0
	for k, reason := range all {
		one := *a
		one.Values = a.Values[k : k+1]
		start, in := answerStart(t, &one)
		c := newReplay(in)
		if !c.taskHolds(t, key, start) {
			t.Errorf("%s: task %s: the answer %s does not answer it", name, key, one.Text())
		}
		reasons++
		head, body, ok := strings.Cut(reason, ": ")
		if !ok {
			t.Errorf("%s: task %s, %s: no head in %q", name, key, l, reason)
			continue
		}
		if want := query.FormatAssignments(a.Names, a.Values[k]); len(a.Names) > 0 && head != want {
			t.Errorf("%s: task %s, %s: head %q, want %q", name, key, l, head, want)
		}
		if err := c.check(reasonWords[l], key, start, body); err != nil {
			t.Errorf("%s: task %s, %s: %q: %v", name, key, l, reason, err)
		}
	}
	return reasons
}

// answerStart is the start position of the answer's first value.
func answerStart(t *testing.T, a *query.Answer) (state, *rules.Instance) {
	for _, c := range a.Cells {
		if slices.Equal(c.Params, a.Values[0]) {
			r := a.Results[c.Result]
			piles := make([]int64, r.Space.Piles())
			h := r.Space.Position(c.Index, piles)
			last, mylast := positions.SplitHistory(r.Instance.Game, h)
			return state{piles, last, mylast}, r.Instance
		}
	}
	t.Fatalf("no cell of %s", a.Text())
	return state{}, nil
}

// state is a position: the piles, and the last commands of both players
// (0: none, 1+c: command c).
type state struct {
	piles        []int64
	last, mylast int
}

// move is a legal move: its name, its command and where it leads.
type move struct {
	name string
	cmd  int
	to   state
}

// replay plays a game by its rules.
type replay struct {
	g    *rules.Game
	m    *rules.Machine
	memo map[string]bool
}

func newReplay(in *rules.Instance) *replay {
	return &replay{g: in.Game, m: in.NewMachine(), memo: map[string]bool{}}
}

// format writes a position as the reasons do: "(17, 58)", with the history
// the game keeps: "(12) last=c".
// piles writes a position as a sentence does: its piles, "(17, 58)".
func (c *replay) piles(s state) string {
	piles := make([]string, len(s.piles))
	for k, v := range s.piles {
		piles[k] = strconv.FormatInt(v, 10)
	}
	return "(" + strings.Join(piles, ", ") + ")"
}

// format writes a position with its history, for the checker's messages.
func (c *replay) format(s state) string {
	piles := make([]string, len(s.piles))
	for k, v := range s.piles {
		piles[k] = strconv.FormatInt(v, 10)
	}
	var b strings.Builder
	b.WriteString("(" + strings.Join(piles, ", ") + ")")
	name := func(h int) string {
		if h == 0 {
			return "none"
		}
		return c.g.Commands[h-1].Name
	}
	if c.g.History != rules.NoHistory {
		b.WriteString(" last=" + name(s.last))
	}
	if c.g.History == rules.BothHistory {
		b.WriteString(" mylast=" + name(s.mylast))
	}
	return b.String()
}

// moves lists the legal moves of a position that is not final.
func (c *replay) moves(s state) []move {
	list, names, err := c.m.MovesWithNames(s.piles, s.last, s.mylast)
	if err != nil {
		panic(err)
	}
	out := make([]move, list.Len())
	for k := range out {
		to := slices.Clone(list.To(k, len(s.piles)))
		cmd := int(list.Cmd[k])
		out[k] = move{name: names[k], cmd: cmd, to: state{to, cmd + 1, s.last}}
	}
	return out
}

// final reports whether the game is over at s: end holds, or no move is
// legal.
func (c *replay) final(s state) bool {
	end, err := c.m.End(s.piles)
	if err != nil {
		panic(err)
	}
	return end || len(c.moves(s)) == 0
}

// moverWon reports, at a final position, whether the player who made the
// last move has won.
func (c *replay) moverWon(s state) bool {
	w, err := c.m.Winner(s.piles)
	if err != nil {
		panic(err)
	}
	return w == rules.Mover
}

// winIn reports whether the player to move at s wins within n of his
// moves whatever the opponent does. At a final position he has won only
// if the last mover lost; the exam count takes that as won in 0 moves,
// Lebedev's as the opponent's losing move answered by one more, winning
// move of the player to move.
func (c *replay) winIn(s state, n int) bool {
	key := fmt.Sprint("w", n, c.format(s))
	if v, ok := c.memo[key]; ok {
		return v
	}
	var v bool
	switch {
	case c.final(s):
		v = !c.moverWon(s) && (n >= 1 || c.g.Count == rules.Exam)
	case n >= 1:
		for _, mv := range c.moves(s) {
			if c.loseIn(mv.to, n-1) {
				v = true
				break
			}
		}
	}
	c.memo[key] = v
	return v
}

// loseIn reports whether the player to move at s loses within n moves of
// the opponent whatever he does: he has lost already, or every move lets
// the opponent win within n moves.
func (c *replay) loseIn(s state, n int) bool {
	key := fmt.Sprint("l", n, c.format(s))
	if v, ok := c.memo[key]; ok {
		return v
	}
	var v bool
	if c.final(s) {
		v = c.moverWon(s)
	} else {
		v = true
		for _, mv := range c.moves(s) {
			if !c.winIn(mv.to, n) {
				v = false
				break
			}
		}
	}
	c.memo[key] = v
	return v
}

// taskHolds decides a task at a start by the minimax: 19 some move, not
// ending the game, after which the opponent wins with his first move; 19g
// and 21 the opponent wins with exactly his first, his second move; 20 and
// win1 the player to move wins with exactly his second, his first move.
func (c *replay) taskHolds(t *testing.T, key string, s state) bool {
	switch key {
	case "19":
		if c.final(s) {
			return false
		}
		for _, mv := range c.moves(s) {
			if !c.final(mv.to) && c.winIn(mv.to, 1) {
				return true
			}
		}
		return false
	case "19g":
		return c.loseIn(s, 1) && !c.loseIn(s, 0)
	case "21":
		return c.loseIn(s, 2) && !c.loseIn(s, 1)
	case "20":
		return c.winIn(s, 2) && !c.winIn(s, 1)
	case "win1":
		return c.winIn(s, 1) && !c.winIn(s, 0)
	}
	t.Fatalf("no task %s", key)
	return false
}

// words are a language's phrasings of the reasons, as regular expressions
// around the moves and positions, which the checker finds itself.
type words struct {
	petya, vanya       string
	andWins            string // "and wins"
	whateverVanya      string // before "Petya wins" after Petya's move
	nextMove, within   *regexp.Regexp
	whateverPetya      string // "whatever Petya does — "
	after, or          string
	vanyaWinsN, withN  *regexp.Regexp
	endsLoses, endsWin string
	positionIs         *regexp.Regexp
	verbs              []verb
	pile               func(g *rules.Game, w string) (pile int, it bool, ok bool)
	ordinal            func(string) (int, bool)
}

// verb is a phrase for a move: its pattern before the position reached
// ("doubles (PILE) to "), with PILE for the pile's words, and what it does.
type verb struct {
	re *regexp.Regexp
	op string // "+", "-", "*", "//" with the operand the pattern gives or k; "play": the move's name
	k  int64
}

func verbs(pile string, forms ...string) []verb {
	var out []verb
	for k := 0; k+2 < len(forms); k += 3 {
		n, _ := strconv.ParseInt(forms[k+2], 10, 64)
		re := strings.ReplaceAll(forms[k], "PILE", "(?P<pile>"+pile+")")
		re = strings.ReplaceAll(re, `(\d+)`, `(?P<k>\d+)`)
		re = strings.ReplaceAll(re, `(.*)`, `(?P<name>.*)`)
		out = append(out, verb{re: regexp.MustCompile("^" + re + "$"), op: forms[k+1], k: n})
	}
	return out
}

var enOrdinals = regexp.MustCompile(`^(\d+)(st|nd|rd|th)$`)

var reasonWords = map[query.Lang]*words{
	query.En: {
		petya: "Petya ", vanya: "Vanya ", andWins: " and wins",
		whateverVanya: "whatever Vanya does, Petya wins ",
		nextMove:      regexp.MustCompile(`^with his next move$`),
		within:        regexp.MustCompile(`^within (\d+) more moves$`),
		whateverPetya: "whatever Petya does — ", after: "after ", or: " or ",
		vanyaWinsN: regexp.MustCompile(`^Vanya wins with his (\S+) move$`),
		withN:      regexp.MustCompile(`^with his (\S+)$`),
		endsLoses:  "Petya's move ends the game and he loses",
		endsWin:    "Petya's move ends the game and he wins",
		positionIs: regexp.MustCompile(`^the position is ([WLD])(?: (\d+))?$`),
		verbs: verbs(`the pile|it|the first pile|the second pile|the third pile|pile "[^"]+"`,
			`adds (\d+) stones? to PILE, making `, "+", "0",
			`takes (\d+) stones? from PILE, leaving `, "-", "0",
			`doubles PILE to `, "*", "2",
			`triples PILE to `, "*", "3",
			`multiplies PILE by (\d+), making `, "*", "0",
			`halves PILE, leaving `, "//", "2",
			`divides PILE by (\d+), leaving `, "//", "0",
			`plays "(.*)", making `, "play", "0"),
		pile: func(g *rules.Game, w string) (int, bool, bool) {
			switch w {
			case "it":
				return -1, true, true
			case "the pile":
				return 0, false, len(g.Piles) == 1
			}
			for k, o := range []string{"the first pile", "the second pile", "the third pile"} {
				if w == o {
					return k, false, len(g.Piles) == 2 || len(g.Piles) == 3
				}
			}
			name, err := strconv.Unquote(strings.TrimPrefix(w, "pile "))
			k := slices.Index(g.Piles, name)
			return k, false, err == nil && k >= 0 && len(g.Piles) > 3
		},
		ordinal: func(s string) (int, bool) {
			m := enOrdinals.FindStringSubmatch(s)
			if m == nil {
				return 0, false
			}
			n, _ := strconv.Atoi(m[1])
			suffix := "th"
			switch {
			case n%10 == 1 && n%100 != 11:
				suffix = "st"
			case n%10 == 2 && n%100 != 12:
				suffix = "nd"
			case n%10 == 3 && n%100 != 13:
				suffix = "rd"
			}
			return n, m[2] == suffix
		},
	},
	query.Ru: {
		petya: "Петя ", vanya: "Ваня ", andWins: " и выигрывает",
		whateverVanya: "при любом ходе Вани Петя выигрывает ",
		nextMove:      regexp.MustCompile(`^следующим ходом$`),
		within:        regexp.MustCompile(`^не более чем за (\d+) (ход|хода|ходов)$`),
		whateverPetya: "при любом ходе Пети — ", after: "после ", or: " или ",
		vanyaWinsN: regexp.MustCompile(`^Ваня выигрывает (\S+) ходом$`),
		withN:      regexp.MustCompile(`^(\S+)$`),
		endsLoses:  "ход Пети заканчивает игру, и он проигрывает",
		endsWin:    "ход Пети заканчивает игру, и он выигрывает",
		positionIs: regexp.MustCompile(`^позиция ([WLD])(?: (\d+))?$`),
		verbs: verbs(`кучу|кучи|её|неё|первую кучу|вторую кучу|третью кучу|первой кучи|второй кучи|третьей кучи|кучу «[^»]+»|кучи «[^»]+»`,
			`добавляет (\d+) (?:камень|камня|камней) (?:в|во) PILE, получая `, "+", "0",
			`убирает (\d+) (?:камень|камня|камней) из PILE, оставляя `, "-", "0",
			`удваивает PILE, получая `, "*", "2",
			`утраивает PILE, получая `, "*", "3",
			`умножает PILE на (\d+), получая `, "*", "0",
			`делит PILE пополам, оставляя `, "//", "2",
			`делит PILE на (\d+), оставляя `, "//", "0",
			`делает ход «(.*)», получая `, "play", "0"),
		pile: func(g *rules.Game, w string) (int, bool, bool) {
			switch w {
			case "её", "неё":
				return -1, true, true
			case "кучу", "кучи":
				return 0, false, len(g.Piles) == 1
			}
			for k, o := range [][2]string{{"первую кучу", "первой кучи"}, {"вторую кучу", "второй кучи"}, {"третью кучу", "третьей кучи"}} {
				if w == o[0] || w == o[1] {
					return k, false, len(g.Piles) == 2 || len(g.Piles) == 3
				}
			}
			name := strings.Trim(strings.TrimPrefix(strings.TrimPrefix(w, "кучу "), "кучи "), "«»")
			k := slices.Index(g.Piles, name)
			return k, false, k >= 0 && len(g.Piles) > 3
		},
		ordinal: func(s string) (int, bool) {
			ws := []string{"первым", "вторым", "третьим", "четвёртым", "пятым", "шестым", "седьмым", "восьмым", "девятым", "десятым"}
			if k := slices.Index(ws, s); k >= 0 {
				return k + 1, true
			}
			n, err := strconv.Atoi(strings.TrimSuffix(s, "-м"))
			return n, err == nil && strings.HasSuffix(s, "-м") && n > len(ws)
		},
	},
}

var reWhy = regexp.MustCompile(`^, (-?\d+) (≥|≤|=|≠|>|<) (-?\d+)$`)

// check reads the body of a task's reason, after its head, and checks
// every claim in it at the start s.
func (c *replay) check(w *words, key string, s state, body string) error {
	switch key {
	case "19":
		first, rest, ok := strings.Cut(body, "; "+w.vanya)
		if !ok || !strings.HasPrefix(first, w.petya) {
			return errors.New("not Petya's move, then Vanya's")
		}
		mv, pile, err := c.phrase(w, s, strings.TrimPrefix(first, w.petya), -1)
		if err != nil {
			return err
		}
		if c.final(mv.to) {
			return fmt.Errorf("Petya's move to %s ends the game", c.format(mv.to))
		}
		reply, why, err := c.phraseThen(w, mv.to, rest, pile)
		if err != nil {
			return err
		}
		if !c.final(reply.to) || !c.moverWon(reply.to) {
			return fmt.Errorf("Vanya's move to %s does not win the game at once", c.format(reply.to))
		}
		return checkWhy(why)
	case "20", "win1":
		text := strings.TrimPrefix(body, w.petya)
		if text == body {
			return errors.New("not Petya's move")
		}
		if first, rest, ok := strings.Cut(text, "; "+w.whateverVanya); ok {
			mv, _, err := c.phrase(w, s, first, -1)
			if err != nil {
				return err
			}
			n := 1
			if m := w.within.FindStringSubmatch(rest); m != nil {
				n, _ = strconv.Atoi(m[1])
				if len(m) > 2 && m[2] != russianMoves(n) {
					return fmt.Errorf("%q: %d %s, want %d %s", rest, n, m[2], n, russianMoves(n))
				}
			} else if !w.nextMove.MatchString(rest) {
				return fmt.Errorf("unknown claim %q", rest)
			}
			if c.final(mv.to) || !c.loseIn(mv.to, n) {
				return fmt.Errorf("after %s Petya does not win within %d moves whatever Vanya does", c.format(mv.to), n)
			}
			return nil
		}
		mv, why, err := c.phraseThen(w, s, text, -1)
		if err != nil {
			return err
		}
		if !strings.HasPrefix(why, w.andWins) {
			return fmt.Errorf("neither %q nor %q", w.whateverVanya, w.andWins)
		}
		if !c.final(mv.to) || !c.moverWon(mv.to) {
			return fmt.Errorf("Petya's move to %s does not win the game at once", c.format(mv.to))
		}
		return checkWhy(strings.TrimPrefix(why, w.andWins))
	}
	return c.checkGroups(w, s, body)
}

// checkWhy checks the comparison an end is explained by: ", 133 ≥ 133".
func checkWhy(why string) error {
	if why == "" {
		return nil
	}
	m := reWhy.FindStringSubmatch(why)
	if m == nil {
		return fmt.Errorf("unknown words %q after the move", why)
	}
	l, _ := strconv.ParseInt(m[1], 10, 64)
	r, _ := strconv.ParseInt(m[3], 10, 64)
	if !map[string]bool{"≥": l >= r, "≤": l <= r, "=": l == r, "≠": l != r, ">": l > r, "<": l < r}[m[2]] {
		return fmt.Errorf("%s is false", why[2:])
	}
	return nil
}

// phrase finds the legal move of s that text says, all of it: the verb's
// words, then the position reached. It returns the move and the pile it
// changed, -1 when the phrase names none; it is the pile "it" refers to.
func (c *replay) phrase(w *words, s state, text string, it int) (move, int, error) {
	mv, rest, pile, err := c.phrasePrefix(w, s, text, it, true)
	if err == nil && rest != "" {
		err = fmt.Errorf("unknown words %q", rest)
	}
	return mv, pile, err
}

// phraseThen is phrase on the start of text, returning what follows.
func (c *replay) phraseThen(w *words, s state, text string, it int) (move, string, error) {
	mv, rest, _, err := c.phrasePrefix(w, s, text, it, false)
	return mv, rest, err
}

func (c *replay) phrasePrefix(w *words, s state, text string, it int, whole bool) (move, string, int, error) {
	var errs []error
	for _, mv := range c.moves(s) {
		at := c.piles(mv.to)
		// the position reached is followed by the end of the text, or
		// by what the caller reads next.
		for i := strings.Index(text, at); i >= 0; {
			end := i + len(at)
			rest := text[end:]
			if !whole || rest == "" {
				pile, err := c.verb(w, s, mv, text[:i], it)
				if err == nil {
					return mv, rest, pile, nil
				}
				errs = append(errs, err)
			}
			j := strings.Index(text[i+1:], at)
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	if len(errs) > 0 {
		return move{}, "", -1, errors.Join(errs...)
	}
	return move{}, "", -1, fmt.Errorf("no legal move from %s in %q", c.format(s), text)
}

// verb checks that the words before the position reached describe the
// move from s: the pile named (or "it", the pile of the previous phrase)
// is changed by the operation, the others are not; "plays" names the move.
func (c *replay) verb(w *words, s state, mv move, text string, it int) (int, error) {
	for _, v := range w.verbs {
		m := v.re.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		group := func(name string) string { return m[v.re.SubexpIndex(name)] }
		if v.op == "play" {
			if group("name") != mv.name {
				return -1, fmt.Errorf("the move to %s is %q, not %q", c.format(mv.to), mv.name, group("name"))
			}
			return -1, nil
		}
		pile, isIt, ok := w.pile(c.g, group("pile"))
		if !ok {
			return -1, fmt.Errorf("%q names no pile of a game of %d", group("pile"), len(c.g.Piles))
		}
		if isIt {
			if it < 0 {
				return -1, fmt.Errorf("%q refers to no pile", group("pile"))
			}
			pile = it
		}
		k := v.k
		if k == 0 {
			k, _ = strconv.ParseInt(group("k"), 10, 64)
		}
		want := slices.Clone(s.piles)
		switch v.op {
		case "+":
			want[pile] += k
		case "-":
			want[pile] -= k
		case "*":
			want[pile] *= k
		case "//":
			want[pile] = rules.FloorDiv(want[pile], k)
		}
		if !slices.Equal(want, mv.to.piles) {
			return -1, fmt.Errorf("%q from %s makes %v, not %s", text, c.format(s), want, c.format(mv.to))
		}
		return pile, nil
	}
	return -1, fmt.Errorf("unknown move words %q", text)
}

// checkGroups reads "whatever Petya does — A, B or C — CLAIM" or "after A
// or B CLAIM, after C CLAIM, …" and checks that the positions are Petya's
// moves, all of them (unless the list ends in "…"), and each claim at
// each.
func (c *replay) checkGroups(w *words, s state, body string) error {
	// Sentences write a position by its piles (the move that made it
	// says its history): the moves to the same piles, by commands of
	// other names, are one position of a list.
	targets := map[string][]state{}
	for _, mv := range c.moves(s) {
		targets[c.piles(mv.to)] = append(targets[c.piles(mv.to)], mv.to)
	}
	// candidates, longest first, so that a position is not read as the
	// start of a longer one.
	names := slices.Collect(maps.Keys(targets))
	slices.SortFunc(names, func(a, b string) int { return len(b) - len(a) })
	// list reads positions from the start of text: "A, B or C", "A, B,
	// C, D, …"; it returns them, whether the list was cut, and the rest.
	list := func(text string) ([]string, bool, string, error) {
		var got []string
		for {
			k := slices.IndexFunc(names, func(n string) bool { return strings.HasPrefix(text, n) })
			if k < 0 {
				return nil, false, "", fmt.Errorf("no move of Petya at %q", text)
			}
			got = append(got, names[k])
			text = text[len(names[k]):]
			switch {
			case strings.HasPrefix(text, ", …"):
				return got, true, text[len(", …"):], nil
			case strings.HasPrefix(text, ", "):
				text = text[2:]
			case strings.HasPrefix(text, w.or):
				text = text[len(w.or):]
			default:
				return got, false, text, nil
			}
		}
	}
	seen := map[string]bool{}
	cut := false
	claim := func(pos []string, text string, first bool) error {
		for _, p := range pos {
			if seen[p] {
				return fmt.Errorf("%s listed twice", p)
			}
			seen[p] = true
			var errs []error
			for _, q := range targets[p] {
				errs = append(errs, c.claim(w, q, text, first))
			}
			if !slices.Contains(errs, nil) {
				return fmt.Errorf("after %s: %w", p, errors.Join(errs...))
			}
		}
		return nil
	}
	if rest, ok := strings.CutPrefix(body, w.whateverPetya); ok {
		pos, cutHere, rest, err := list(rest)
		if err != nil {
			return err
		}
		cut = cutHere
		text, ok := strings.CutPrefix(rest, " — ")
		if !ok {
			return fmt.Errorf("no claim after the positions: %q", rest)
		}
		if err := claim(pos, text, true); err != nil {
			return err
		}
	} else {
		groups := strings.Split(body, ", "+w.after)
		if !strings.HasPrefix(groups[0], w.after) {
			return fmt.Errorf("neither %q nor %q", w.whateverPetya, w.after)
		}
		groups[0] = strings.TrimPrefix(groups[0], w.after)
		if len(groups) < 2 {
			return errors.New("one group told as several")
		}
		for k, gtext := range groups {
			pos, cutHere, rest, err := list(gtext)
			if err != nil {
				return err
			}
			cut = cut || cutHere
			text, ok := strings.CutPrefix(rest, " ")
			if !ok {
				return fmt.Errorf("no claim after the positions: %q", rest)
			}
			if err := claim(pos, text, k == 0); err != nil {
				return err
			}
		}
	}
	if !cut && len(seen) != len(targets) {
		return fmt.Errorf("%d of Petya's %d moves told", len(seen), len(targets))
	}
	return nil
}

// claim checks one claim about the position q reached by Petya's move,
// Vanya to move there; first tells whether the short form ("with his 2nd")
// may stand, which only a later group uses.
func (c *replay) claim(w *words, q state, text string, first bool) error {
	vanyaWins := func(n int) error {
		if c.final(q) || !c.winIn(q, n) || c.winIn(q, n-1) {
			return fmt.Errorf("Vanya does not win with exactly his move %d", n)
		}
		return nil
	}
	if m := w.vanyaWinsN.FindStringSubmatch(text); m != nil {
		n, ok := w.ordinal(m[1])
		if !ok {
			return fmt.Errorf("%q is no ordinal", m[1])
		}
		return vanyaWins(n)
	}
	switch text {
	case w.endsLoses, w.endsWin:
		if !c.final(q) {
			return errors.New("the move does not end the game")
		}
		if c.moverWon(q) != (text == w.endsWin) {
			return fmt.Errorf("%q is false: Petya %s", text, map[bool]string{true: "wins", false: "loses"}[c.moverWon(q)])
		}
		return nil
	}
	if m := w.positionIs.FindStringSubmatch(text); m != nil {
		if m[2] == "" {
			return fmt.Errorf("%q: the minimax cannot check a draw", text)
		}
		n, _ := strconv.Atoi(m[2])
		switch {
		case m[1] == "W" && n == 0:
			if !c.final(q) || c.moverWon(q) || c.g.Count != rules.Exam {
				return errors.New("not a final position won by the player to move")
			}
			return nil
		case m[1] == "W" && n%2 == 1:
			return vanyaWins((n + 1) / 2)
		case m[1] == "L" && n%2 == 0:
			if !c.loseIn(q, n/2) || (n > 0 && c.loseIn(q, n/2-1)) {
				return fmt.Errorf("not %s", text)
			}
			return nil
		}
		return fmt.Errorf("no such layer %q", text)
	}
	if m := w.withN.FindStringSubmatch(text); m != nil && !first {
		if n, ok := w.ordinal(m[1]); ok {
			return vanyaWins(n)
		}
	}
	return fmt.Errorf("unknown claim %q", text)
}

// The demo's answer to "wins in one" is 58, by doubling the second pile
// to (17, 116): 133 ≥ 133 ends the game, won by the mover.
func TestReasonWinInOneDemo(t *testing.T) {
	g := parse(t, "ege-2027-demo", "")
	answers, err := runQuery(t, g, ask(t, "win =1", aggMin))
	if err != nil {
		t.Fatal(err)
	}
	want := map[query.Lang]string{
		query.En: "S = 58: Petya doubles the second pile to (17, 116) and wins, 133 ≥ 133",
		query.Ru: "S = 58: Петя удваивает вторую кучу, получая (17, 116) и выигрывает, 133 ≥ 133",
	}
	for _, l := range query.Langs {
		got, err := query.NewReasoner(g, l).Reason(answers[0], "win1")
		if err != nil || got != want[l] {
			t.Errorf("%s: %q, %v; want %q", l, got, err, want[l])
		}
	}
}

// russianMoves is the form of «ход» after n, by the grammar's rule: the
// last digit 1 (not 11) ход, 2 to 4 (not 12 to 14) хода, else ходов.
func russianMoves(n int) string {
	last, two := n%10, n%100
	if two >= 11 && two <= 14 {
		return "ходов"
	}
	switch last {
	case 1:
		return "ход"
	case 2, 3, 4:
		return "хода"
	}
	return "ходов"
}
