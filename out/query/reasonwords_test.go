package query_test

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"retro/out/query"
	"retro/rules"
)

// The reasons read back: each language's phrasings, and the reading of a
// reason's sentences, whose moves and claims are checked on the replay.

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
