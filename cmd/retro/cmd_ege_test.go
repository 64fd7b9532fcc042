package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"retro/cmd/retro/internal/explorer"
	"retro/out/query"
	"retro/rules"
)

func TestEgePlain(t *testing.T) {
	cases := []struct{ game, want string }{
		// The demo's published answers: 19 = 29 (56 if a guarantee were
		// asked), 20 = 28 48, 21 = 44.
		{"ege-2027-demo", "19: 29\n19g: 56\n20: 28 48\n21: 44\n"},
		// The one-pile game (-3, -5, //4, over at x ≤ 30, S ≥ 31): 124
		// guaranteed, 127 128, 132. The possible reading of 19, by hand:
		// Vanya wins with one move exactly from 31..123 (x // 4 ≤ 30
		// there, and x − 5 ≤ 30 needs x ≤ 35, inside it). From S = 31,
		// 32 and 33 every move of Petya ends the game (S − 3 ≤ 30). From
		// S = 34 the move − 3 leads to 31, which does not end it, and
		// Vanya wins from there: 34.
		{"ege-bank-one-pile", "19: 34\n19g: 124\n20: 127 128\n21: 132\n"},
	}
	for _, c := range cases {
		out, errs, code := runCmd(t, "ege", "--plain", c.game)
		if code != 0 || out != c.want {
			t.Errorf("%s: exit %d, %q (stderr %q); want %q", c.game, code, out, errs, c.want)
		}
	}
}

func TestEgeExplains(t *testing.T) {
	out, errs, code := runCmd(t, "ege", "ege-2027-demo")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, w := range []string{
		"S = 29: Petya doubles the second pile to (17, 58); Vanya doubles it to (17, 116), 133 ≥ 133\n",
		"S = 56: whatever Petya does — (21, 56), (17, 60), (34, 56) or (17, 112) — Vanya wins with his 1st move\n",
		"S = 28: Petya doubles the second pile to (17, 56); whatever Vanya does, Petya wins with his next move\n",
		"S = 44: after (21, 44), (17, 48) or (34, 44) Vanya wins with his 2nd move, after (17, 88) with his 1st\n",
		"    can-lose 1: a move, not ending the game, to W ≤ 1\n",
		"    S: … 26:W9 27:W9 [[28:W3]] 29:W7 … 46:W5 47:W5 [[48:W3]] [49:W3] …\n",
		"    answer: 28 48 (2 of the 7 values that qualify: 28 48 49 52 53 54 55)\n",
		"It needs the possible reading, can-lose 1 (29).",
		"reading, lose =1 (56), answers another question",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("ege lacks %q:\n%s", w, out)
		}
	}
	out, _, _ = runCmd(t, "ege", "ege-bank-one-pile")
	for _, w := range []string{
		"S = 31..230 (open: widened to 200 values)",
		"S = 34: Petya takes 3 stones from the pile, leaving (31); Vanya takes 3 stones from it, leaving (28), 28 ≤ 30\n",
		"S = 127: Petya takes 3 stones from the pile, leaving (124); whatever Vanya does, Petya wins with his next move\n",
		"S = 132: after (129) or (127) Vanya wins with his 2nd move, after (33) with his 1st\n",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("ege one-pile lacks %q:\n%s", w, out)
		}
	}
}

// BenchmarkEgeDemo is the whole command on the demo, cold: load, solve,
// four questions, reasons, output.
func BenchmarkEgeDemo(b *testing.B) {
	for b.Loop() {
		var errb bytes.Buffer
		if code := run(context.Background(), &env{stdout: io.Discard, stderr: &errb}, []string{"ege", "ege-2027-demo"}); code != 0 {
			b.Fatalf("exit %d: %s", code, errb.String())
		}
	}
}

// The README's own game, worked by hand: from 15 to 28 doubling ends the
// game (W 1); 14 can only move to 15 or 28 (L 2); 13 and 7 can move to 14
// (W 3); 12 moves to 13 or 24, both W (L 4); 8 can double to 16, a W 1
// that does not end the game, and no smaller S has such a move.
func TestEgeReadmeGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "my.toml")
	src := "name = \"One pile\"\npiles = [\"x\"]\nmoves = [\"x + 1\", \"x * 2\"]\nend = \"x >= 29\"\nwinner = \"mover\"\n[start]\nx = \"S\"\n[params]\nS = \"1..28\"\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCmd(t, "ege", path, "--plain")
	if want := "19: 8\n19g: 14\n20: 7 13\n21: 12\n"; code != 0 || out != want {
		t.Errorf("exit %d, %s\ngot:\n%s\nwant:\n%s", code, errs, out, want)
	}
}

// The explorer's explanations of the exam's tasks (/api/query) are retro
// ege's, in both languages.
func TestEgeExplainsAsExplorer(t *testing.T) {
	ts := httptest.NewServer(explorer.Handler(context.Background(), explorer.DefaultOptions(4<<30)))
	defer ts.Close()
	demo, _ := rules.Builtin("ege-2027-demo")
	for _, key := range []string{"19", "20", "21"} {
		body, _ := json.Marshal(map[string]string{"game": string(demo), "task": key})
		resp, err := http.Post(ts.URL+"/api/query", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var q explorer.QueryResponse
		err = json.NewDecoder(resp.Body).Decode(&q)
		resp.Body.Close()
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("task %s: status %d, %v", key, resp.StatusCode, err)
		}
		for _, l := range query.Langs {
			out, _, _ := runCmd(t, "ege", "--lang", string(l), "--codes", "ege-2027-demo") // the meaning in the question's codes
			x := q.Explain[l]
			if want := map[string]int{"20": 2}[key]; len(x.Reasons) != max(want, 1) {
				t.Errorf("task %s, %s: %d reasons", key, l, len(x.Reasons))
			}
			for _, r := range x.Reasons {
				if !strings.Contains(out, "    "+r+"\n") {
					t.Errorf("task %s, %s: the reason %q is not retro ege's", key, l, r)
				}
			}
			if x.Ranges != "S = 1..115" || !strings.Contains(out, x.Meaning) {
				t.Errorf("task %s, %s: meaning %q, ranges %q", key, l, x.Meaning, x.Ranges)
			}
		}
	}
}

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

func TestEgeJSON(t *testing.T) {
	got, errs, code := runCmd(t, "ege", "--json", "ege-2027-demo")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var j egeJSON
	if err := json.Unmarshal([]byte(got), &j); err != nil {
		t.Fatal(err)
	}
	// The demo's published answers, and the reasons ege prints.
	text, _, _ := runCmd(t, "ege", "ege-2027-demo")
	wants := map[string]string{"19": "29", "19g": "56", "20": "28 48", "21": "44"}
	if len(j.Tasks) != 4 {
		t.Fatalf("%d tasks", len(j.Tasks))
	}
	for _, task := range j.Tasks {
		if task.Answer.Text != wants[task.Task.Key] {
			t.Errorf("%s: %q, want %q", task.Task.Key, task.Answer.Text, wants[task.Task.Key])
		}
		if len(task.Reasons) != len(strings.Fields(wants[task.Task.Key])) {
			t.Errorf("%s: %d reasons for %q", task.Task.Key, len(task.Reasons), wants[task.Task.Key])
		}
		for _, r := range task.Reasons {
			if !strings.Contains(text, "    "+r+"\n") {
				t.Errorf("%s: reason %q is not in the text", task.Task.Key, r)
			}
		}
	}
}

// A game without parameters has one start: the header names it, the cell
// is start:W5 and the answers are yes and no.
func TestEgeWithoutParams(t *testing.T) {
	game := writeGame(t, "np.toml", "name = \"one\"\npiles = [\"x\"]\nmoves = [\"x - 1\", \"x - 2\"]\nend = \"x <= 0\"\n[start]\nx = 7\n")
	out, errs, code := runCmd(t, "ege", game)
	// 7 is W 5 (take 1 to 6, a multiple of 3, by hand): so not L, and not W 3.
	for _, w := range []string{"one: the start (7); Petya moves first, Vanya second.\n", "\n    start:W5\n", "    answer: no\n"} {
		if code != 0 || !strings.Contains(out, w) {
			t.Errorf("exit %d (%s): lacks %q:\n%s", code, errs, w, out)
		}
	}
	if strings.Contains(out, "start: start") || strings.Contains(out, ": ;") {
		t.Errorf("an empty range or a doubled label:\n%s", out)
	}
	yes, _, _ := runCmd(t, "query", "--plain", game, "win 3")
	no, _, _ := runCmd(t, "query", "--plain", game, "win 2")
	if yes != "yes\n" || no != "no\n" {
		t.Errorf("win 3 %q, win 2 %q", yes, no)
	}
}

// Task 20 asks for the two least values; ege says that more qualify, and
// which (the demo: 28 and 48 of 28 48 49 52 53 54 55). An answer of no
// value is said in the language asked for.
func TestEgeSaysWhatQualifies(t *testing.T) {
	out, errs, code := runCmd(t, "ege", "ege-2027-demo")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "    answer: 28 48 (2 of the 7 values that qualify: 28 48 49 52 53 54 55)\n") {
		t.Errorf("task 20:\n%s", out)
	}
	out, _, _ = runCmd(t, "ege", "ege-2027-demo", "--lang", "ru")
	if !strings.Contains(out, "    ответ: 28 48 (2 из 7 подходящих значений: 28 48 49 52 53 54 55)\n") {
		t.Errorf("task 20 in Russian:\n%s", out)
	}
	out, _, _ = runCmd(t, "query", "ege-2027-demo", "win =9", "--lang", "ru")
	if !strings.HasSuffix(out, "\nнет таких значений\n") || strings.Contains(out, "none") {
		t.Errorf("no value in Russian:\n%s", out)
	}
	// --count: the number after one line of the ribbon, not every cell.
	out, _, _ = runCmd(t, "query", "ege-2027-demo", "win =2", "--count")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 4 || lines[3] != "7" {
		t.Errorf("--count:\n%s", out)
	}
}

// The note on task 19's readings says an empty answer in the language of
// the rest: ege-two-piles-77 has none under the guaranteed reading.
func TestEgeNoteSaysNoneInRussian(t *testing.T) {
	out := mustRun(t, "ege", "ege-two-piles-77", "--lang", "ru")
	if !strings.Contains(out, "«гарантированно» (нет таких значений)") || strings.Contains(out, "(none)") {
		t.Errorf("the note of task 19:\n%s", out)
	}
}
