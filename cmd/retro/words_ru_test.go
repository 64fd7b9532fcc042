package main

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"retro/retro/retrotest"
	"retro/rules"
)

// The sentences retro writes for people, read as a reader would: in
// Russian, every word Russian but the game's own text and the few names
// of the notation; the names in the case the sentence needs; numbers with
// their noun in the form the number takes; no engine notation (last=,
// W 3) in the words of ege, show and tree. In English, no Russian but the
// game's own text.

// gameText is what a game itself says (its name, piles, parameters and
// commands), which a sentence may quote in any language.
func gameText(g *rules.Game) []string {
	words := []string{g.Name, g.ShownName()}
	words = append(words, g.Piles...)
	for _, p := range g.Params {
		words = append(words, p.Name)
	}
	for _, c := range g.Commands {
		words = append(words, c.Name)
		words = append(words, c.Moves...)
	}
	slices.SortFunc(words, func(a, b string) int { return len(b) - len(a) }) // the longest first
	return words
}

var (
	reQuoted   = regexp.MustCompile(`«[^»]*»|"[^"]*"|<[^>]*>`)
	reLatin    = regexp.MustCompile(`[A-Za-z]+`)
	reCyrillic = regexp.MustCompile(`\p{Cyrillic}+`)
	reCounted  = regexp.MustCompile(`(\d+) (камень|камня|камней|ход|хода|ходов)\b`)
	// Forms a reader should never meet.
	ruForbidden = regexp.MustCompile(`last=|mylast=|\bв в[бвгджзклмнпрстфхцчшщ]|` +
		`(для|у|игрока|ходе|после хода|против) (Петя|Ваня)\b|\b[WL] ?\d+\b`)
)

// ruNoun is the form a noun takes after n, worked out here apart from the
// engine's own: 1, 21, 101 the first; 2–4, 22–24 the second; the rest,
// 11–14 among them, the third.
func ruNoun(n int, forms [3]string) string {
	switch last, tens := n%10, n%100; {
	case tens >= 11 && tens <= 14:
		return forms[2]
	case last == 1:
		return forms[0]
	case last >= 2 && last <= 4:
		return forms[1]
	}
	return forms[2]
}

// checkRussian checks a Russian text: what is left once the game's text,
// quotations and markup are taken out has no Latin word but those allowed
// (the notation and names of the tool), no forbidden form, and every
// counted noun in its form.
func checkRussian(t *testing.T, what, text string, game []string, allowed ...string) {
	t.Helper()
	for _, m := range reCounted.FindAllStringSubmatch(text, -1) {
		n, _ := strconv.Atoi(m[1])
		forms := [3]string{"камень", "камня", "камней"}
		if strings.HasPrefix(m[2], "ход") {
			forms = [3]string{"ход", "хода", "ходов"}
		}
		if want := ruNoun(n, forms); m[2] != want {
			t.Errorf("%s: %q, want %q", what, m[0], m[1]+" "+want)
		}
	}
	if m := ruForbidden.FindString(text); m != "" {
		t.Errorf("%s: %q in\n%s", what, m, text)
	}
	rest := reQuoted.ReplaceAllString(text, "")
	for _, w := range game {
		if w != "" {
			rest = strings.ReplaceAll(rest, w, "")
		}
	}
	for _, m := range reLatin.FindAllString(rest, -1) {
		if !slices.Contains(allowed, m) {
			t.Errorf("%s: the Latin word %q in Russian text:\n%s", what, m, text)
			return
		}
	}
}

// checkEnglish checks that an English text has no Russian but the game's.
func checkEnglish(t *testing.T, what, text string, game []string) {
	t.Helper()
	rest := reQuoted.ReplaceAllString(text, "")
	for _, w := range game {
		if w != "" {
			rest = strings.ReplaceAll(rest, w, "")
		}
	}
	if m := reCyrillic.FindString(rest); m != "" {
		t.Errorf("%s: the Russian word %q in English text:\n%s", what, m, text)
	}
}

// TestEveryRussianSentence runs ege, show and tree in Russian (and in
// English) on every built-in game that has starts, and make on every
// built-in family (200 variants in all), and reads what they write.
func TestEveryRussianSentence(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every built-in game and family")
	}
	for _, name := range rules.BuiltinNames() {
		text, _ := rules.Builtin(name)
		g, err := rules.Parse(name, text)
		if err != nil {
			t.Fatal(err)
		}
		if g.Sum {
			continue
		}
		game := gameText(g)
		start, ok := firstStart(t, name)
		runs := [][]string{{"ege", name}, {"show", name, start}, {"tree", name, start, "--depth", "3", "--all-moves"}}
		if !ok {
			runs = runs[:1]
		}
		for _, args := range runs {
			ru, errs, code := runCmd(t, append(args, "--lang", "ru", "--quiet")...)
			if code != 0 {
				if args[0] == "ege" && strings.Contains(errs, "questions are asked at the positions of [start]") {
					continue // a game whose positions are a box, asked nothing
				}
				t.Fatalf("%v: exit %d: %s", args, code, errs)
			}
			checkRussian(t, fmt.Sprint(args), ru, game, "S")
			en, _, _ := runCmd(t, append(args, "--lang", "en", "--quiet")...)
			checkEnglish(t, fmt.Sprint(args), en, game)
		}
	}
	families, _, _ := runCmd(t, "make", "--list", "--lang", "en")
	lines := strings.Split(strings.TrimSpace(families), "\n")
	count := 0
	for _, line := range lines {
		name := strings.Fields(line)[0]
		n := (200 + len(lines) - 1) / len(lines)
		count += n
		ru, errs, code := runCmd(t, "make", name, "--count", strconv.Itoa(n), "--lang", "ru", "--quiet")
		if code != 0 {
			t.Fatalf("make %s: exit %d: %s", name, code, errs)
		}
		checkRussian(t, "make "+name, ru, []string{name}, "S", "retro", "make")
		en, _, _ := runCmd(t, "make", name, "--count", strconv.Itoa(n), "--lang", "en", "--quiet")
		checkEnglish(t, "make "+name, en, []string{name})
	}
	if count < 200 {
		t.Errorf("%d variants read, want 200", count)
	}
}

// firstStart is the first start position of a built-in game as show takes
// it ("17,29"), and false for a game without starts.
func firstStart(t *testing.T, name string) (string, bool) {
	t.Helper()
	out, _, code := runCmd(t, "export", name, "--best", "none", "--quiet")
	if code != 0 {
		return "", false
	}
	g := retrotest.Builtin(t, name)
	lines := strings.Split(out, "\n")
	if len(lines) < 2 || len(g.RuleParams()) > 0 {
		return "", false
	}
	f := strings.Split(lines[1], ",")
	return strings.Join(f[:len(g.Piles)], ","), true
}
