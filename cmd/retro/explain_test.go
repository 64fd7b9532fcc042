package main

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"retro/retro/query"
	"retro/rules"
)

func TestLangEnv(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want query.Lang
	}{
		{map[string]string{}, query.En},
		{map[string]string{"LANG": "ru_RU.UTF-8"}, query.Ru},
		{map[string]string{"LANG": "en_GB.UTF-8"}, query.En},
		{map[string]string{"LANG": "ru_RU.UTF-8", "LC_ALL": "C"}, query.En},
		{map[string]string{"LANG": "C", "LC_MESSAGES": "ru_UA"}, query.Ru},
		{map[string]string{"LC_ALL": "ru"}, query.Ru},
	}
	for _, c := range cases {
		if got := langEnv(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("%v: %q, want %q", c.env, got, c.want)
		}
	}
}

// runLang runs a command line with the locale's language set to l.
func runLang(t *testing.T, l query.Lang, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), &env{stdout: &out, stderr: &errb, lang: l}, args)
	return out.String(), errb.String(), code
}

// english finds the words of an English explanation left in a Russian one.
var english = regexp.MustCompile(`\b(Petya|Vanya|whatever|wins?|moves?|pile|answer|after|first|second|the|makes|making|leaving|doubles|takes|adds|start|open|widened)\b`)

func TestEgeRussian(t *testing.T) {
	out, errs, code := runCmd(t, "ege", "--lang", "ru", "ege-2027-demo")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"первым ходит Петя, вторым — Ваня",
		"S = 29: Петя удваивает вторую кучу, получая (17, 58); Ваня удваивает её, получая (17, 116), 133 ≥ 133",
		"ответ: 29", "ответ: 56", "ответ: 28 48", "ответ: 44",
		"S = 28: Петя удваивает вторую кучу, получая (17, 56); при любом ходе Вани Петя выигрывает следующим ходом",
		"S = 44: после (21, 44), (17, 48) или (34, 44) Ваня выигрывает вторым ходом, после (17, 88) первым",
		"«выигрышная стратегия»"[len("«"):len("«выигрышная стратегия")], "первым ходом", "при любом ходе",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("ege --lang ru lacks %q:\n%s", want, out)
		}
	}
	// The locale chooses Russian, and --lang en overrides it.
	if loc, _, _ := runLang(t, query.Ru, "ege", "ege-2027-demo"); loc != out {
		t.Errorf("LANG=ru and --lang ru differ:\n%s\n---\n%s", loc, out)
	}
	en, _, _ := runLang(t, query.Ru, "ege", "--lang", "en", "ege-2027-demo")
	if !strings.Contains(en, "answer: 29") || strings.Contains(en, "Петя") {
		t.Errorf("--lang en under a Russian locale:\n%s", en)
	}
	if _, errs, code := runCmd(t, "ege", "--lang", "de", "ege-2027-demo"); code != 2 || !strings.Contains(errs, `--lang "de": want en or ru`) {
		t.Errorf("--lang de: exit %d, %q", code, errs)
	}
	// Every game with starts: no English word in a Russian explanation
	// (game names and move entries aside, they are the game's own).
	for _, name := range rules.BuiltinNames() {
		src, _ := rules.Builtin(name)
		g, err := rules.Parse(name+".toml", src)
		if err != nil || !g.HasStart || g.Sum {
			continue
		}
		out, errs, code := runCmd(t, "ege", "--lang", "ru", "--color", "never", name)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", name, code, errs)
			continue
		}
		for _, line := range strings.Split(out, "\n") {
			// The game's name, the ribbon and the question (a line of
			// the query language) are not explanations.
			l := strings.TrimSpace(line)
			if strings.Contains(line, g.Name) || strings.HasPrefix(l, "S:") || regexp.MustCompile(`^(win|lose|can-lose) `).MatchString(l) {
				continue
			}
			for _, c := range g.Commands {
				line = strings.ReplaceAll(line, "«"+c.Name+"»", "")
			}
			if w := english.FindString(line); w != "" {
				t.Errorf("%s: English %q in %q", name, w, line)
			}
		}
	}
}

func TestQueryRussian(t *testing.T) {
	out, errs, code := runLang(t, query.Ru, "query", "--color", "never", "ege-bank-one-pile", "can-lose 1 and not lose 1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "(ход, не заканчивающий игру, в W ≤ 1 и не L ≤ 2)") || !strings.Contains(out, "(открытый: расширен до 100 значений)") {
		t.Errorf("query in Russian:\n%s", out)
	}
	if !strings.HasSuffix(out, "\n34\n") {
		t.Errorf("the answer line: %q", out[strings.LastIndex(strings.TrimSuffix(out, "\n"), "\n")+1:])
	}
}
