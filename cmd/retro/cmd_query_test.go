package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"retro/out/query"
	"retro/rules"
)

func TestQueryPlain(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		// The demo's published answers, each from its question.
		{[]string{"ege-2027-demo", "can-lose 1"}, "29"},
		{[]string{"ege-2027-demo", "lose =1"}, "56"},
		{[]string{"ege-2027-demo", "win =2", "--first", "2"}, "28 48"},
		{[]string{"ege-2027-demo", "lose =2"}, "44"},
		// The question may come in several words.
		{[]string{"ege-2027-demo", "win", "=2"}, "28"},
		{[]string{"ege-2027-demo", "win =2 or lose =2", "--first", "3"}, "28 44 45"},
		{[]string{"ege-2027-demo", "win =2", "--last", "2"}, "54 55"},
		{[]string{"ege-2027-demo", "win =2", "--max"}, "55"},
		{[]string{"ege-2027-demo", "win =2", "--count"}, "7"},
		{[]string{"ege-2027-demo", "win =2", "--sum"}, "339"},
		{[]string{"ege-2027-demo", "win =2", "--all"}, "28 48 49 52 53 54 55"},
		{[]string{"ege-2027-demo", "lose =1", "--product"}, "3192"},
		{[]string{"ege-2027-demo", "draw"}, "none"},
		{[]string{"ege-2027-demo", "win =2", "--param", "S=30..50", "--all"}, "48 49"},
		// The one-pile game, S = "31..": widened until decided.
		{[]string{"ege-bank-one-pile", "lose =1"}, "124"},
		{[]string{"ege-bank-one-pile", "win =2", "--first", "2"}, "127 128"},
		{[]string{"ege-bank-one-pile", "lose =2"}, "132"},
		{[]string{"ege-bank-one-pile", "can-lose 1"}, "34"},
		{[]string{"ege-bank-one-pile", "lose =2", "--count", "--param", "S=31..200"}, "3"},
	}
	for _, c := range cases {
		args := append([]string{"query", "--plain"}, c.args...)
		out, errs, code := runCmd(t, args...)
		if code != 0 || out != c.want+"\n" {
			t.Errorf("%v: exit %d, %q (stderr %q); want %q", c.args, code, out, errs, c.want)
		}
	}
}

func TestQueryRibbon(t *testing.T) {
	out, errs, code := runCmd(t, "query", "ege-2027-demo", "win =2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if !strings.HasSuffix(lines[0], ": win =2  (W 3)") || lines[1] != "S = 1..115" {
		t.Errorf("head:\n%s", out)
	}
	if lines[len(lines)-1] != "28" {
		t.Errorf("last line %q, want the answer 28", lines[len(lines)-1])
	}
	for _, w := range []string{"[28:W3]", " 27:W9 ", "[48:W3]", " 57:L2 ", " 1:W13 "} {
		if !strings.Contains(out, w) {
			t.Errorf("ribbon lacks %q:\n%s", w, out)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Errorf("colour when piped:\n%s", out)
	}
	for _, l := range lines {
		if n := len([]rune(l)); n > 80 {
			t.Errorf("line of %d columns: %q", n, l)
		}
	}
	out, _, _ = runCmd(t, "query", "ege-2027-demo", "win =2", "--color", "always")
	if !strings.Contains(out, "\x1b[1;32m[28:W3]\x1b[0m") {
		t.Errorf("--color always:\n%q", out)
	}
}

// Two start parameters: a ribbon per K, the aggregates on pairs.
func TestQueryPairs(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "pairs.toml")
	os.WriteFile(path, []byte(`name = "pairs"
piles = ["a", "b"]
moves = ["each +1", "each *2"]
end = "a + b >= 20"
[start]
a = "K"
b = "S"
[params]
K = "1..2"
S = "1..17"
`), 0o644)
	out, errs, code := runCmd(t, "query", path, "lose =1", "--all")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "K = 1:\n") || !strings.Contains(out, "K = 2:\n") {
		t.Errorf("no ribbon per K:\n%s", out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	answer := strings.Fields(lines[len(lines)-1])
	count, _, _ := runCmd(t, "query", "--plain", path, "lose =1", "--count")
	if len(answer) == 0 || !strings.Contains(answer[0], ",") || count != strconv.Itoa(len(answer))+"\n" {
		t.Errorf("pairs %v, count %q", answer, count)
	}
	_, errs, code = runCmd(t, "query", path, "lose =1", "--sum")
	if code != 1 || !strings.Contains(errs, "sum needs a game with one parameter, or all but one fixed to a value; this one has 2 (K, S)") {
		t.Errorf("--sum of pairs: exit %d, %q", code, errs)
	}
}

func TestQueryErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"ege-2027-demo", "win =0"}, 1, "question:1:6: the number of moves must be at least 1, not 0\n    win =0\n         ^\n"},
		{[]string{"ege-2027-demo", "wn 2"}, 1, "question:1:1: unknown word \"wn\"; did you mean \"win\"?\n    wn 2\n    ^^\n"},
		{[]string{"ege-2027-demo", "lose -1"}, 1, "question:1:6: the number of moves must be at least 1, not -1\n    lose -1\n         ^^\n"},
		{[]string{"ege-2027-demo", "win 2 and"}, 1, "question:1:10: expected win, lose, can-lose, draw, not or (, found the end of the question"},
		{[]string{"ege-2027-demo"}, 2, "query takes GAME and QUESTION"},
		{[]string{"ege-2027-demo", "win", "--min", "--max"}, 2, "choose one aggregate, not --min and --max"},
		{[]string{"ege-2027-demo", "win", "--first", "0"}, 2, "--first takes a count of at least 1"},
		{[]string{"ege-2027-demo", "win", "--color", "pink"}, 2, `--color "pink": want auto, always or never`},
		{[]string{"ege-bank-one-pile", "win", "--max"}, 1, "--max needs a closed range, and S is open (31..): pass --param S=31..HI"},
		{[]string{"ege-bank-one-pile", "win", "--count"}, 1, "--count needs a closed range"},
		{[]string{"ege-bank-one-pile", "draw", "--widen-cap", "300"}, 1, "widening cap reached: min of \"draw\" undecided with S = 31..330 (300 values, the cap) (raise --widen-cap)"},
		{[]string{"ege-2027-demo", "win 1", "--product"}, 1, "overflows int64"},
		{[]string{"wythoff", "win"}, 1, "no start positions"},
		{[]string{"nim", "win"}, 1, "no start positions"},
	}
	for _, c := range cases {
		_, errs, code := runCmd(t, append([]string{"query"}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errs, c.code, c.msg)
		}
	}
}

// Games with parameters in the rules: one instance per value, the
// question asked at each instance's start.
func TestQueryRuleParams(t *testing.T) {
	out, errs, code := runCmd(t, "query", "--plain", "multiplication-game", "lose", "--param", "n=2..30", "--all")
	if code != 0 || out != "10 11 12 13 14 15 16 17 18\n" {
		t.Errorf("exit %d, %q (%s)", code, out, errs)
	}
}

// A game analysed over a box, without starts, is asked at the positions of
// its box, as the explorer asks it.
func TestQueryBoxOnly(t *testing.T) {
	// By hand: x × 3 ≥ 100 from 34 on, and 108 = 36 × 3 is the first such
	// multiple of 4 (102 and 105 lose for the mover); x × 2 ≥ 100 needs
	// 50, x + 5 needs 95: the least win in one is 36.
	out, errs, code := runCmd(t, "query", "--plain", "lebedev-operations", "win 1")
	note := "retro: lebedev-operations.toml has no [start]: its box x = 1..99 is asked as the starts x = S, S = 1..99\n"
	if code != 0 || out != "36\n" || errs != note {
		t.Errorf("exit %d: %q, stderr %q", code, out, errs)
	}
	src, _ := rules.Builtin("lebedev-operations")
	g, err := rules.Parse("lebedev-operations.toml", src)
	if err != nil {
		t.Fatal(err)
	}
	text, ok := g.BoxAsStarts() // the explorer's preset
	if !ok {
		t.Fatal("lebedev-operations: no starts made of its box")
	}
	preset := writeGame(t, "preset.toml", text)
	a, _, _ := runCmd(t, "ege", "--plain", "lebedev-operations")
	b, _, _ := runCmd(t, "ege", "--plain", preset)
	if a != b || a == "" {
		t.Errorf("the box: %q; the explorer's preset: %q", a, b)
	}
}

// --sum and --product take a game of two parameters with one fixed.
func TestQuerySumFixed(t *testing.T) {
	game := writeGame(t, "two.toml", "name = \"two\"\npiles = [\"a\", \"b\"]\nmoves = [\"each + 1\", \"each * 2\"]\nend = \"a + b >= 40\"\nwinner = \"mover\"\n[start]\na = \"K\"\nb = \"S\"\n[params]\nK = \"1..3\"\nS = \"1..30\"\n")
	// With a = 2, one move wins when 2 × b + 2 ≥ 40 or b + 2 × 2 ≥ 40, that
	// is b ≥ 19: 19 + … + 30 = 294.
	all, _, _ := runCmd(t, "query", "--plain", game, "win 1", "--param", "K=2", "--all")
	if want := "2,19 2,20 2,21 2,22 2,23 2,24 2,25 2,26 2,27 2,28 2,29 2,30\n"; all != want {
		t.Errorf("--all: %q, want %q", all, want)
	}
	sum, errs, code := runCmd(t, "query", "--plain", game, "win 1", "--param", "K=2", "--sum")
	if code != 0 || sum != "294\n" {
		t.Errorf("--sum: exit %d, %q (%s)", code, sum, errs)
	}
	if _, errs, code := runCmd(t, "query", game, "win 1", "--sum"); code != 1 || !strings.Contains(errs, "or all but one fixed to a value") {
		t.Errorf("--sum of pairs: exit %d, %q", code, errs)
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

func TestQueryJSON(t *testing.T) {
	// From 31..33 every move ends the game (x − 3 ≤ 30): W 1; from 34,
	// x − 3 = 31 does not end it, but x // 4 = 8 does: W 1 too.
	got, errs, code := runCmd(t, "query", "--json", "ege-bank-one-pile", "win =1", "--param", "S=31..34")
	cell := func(s int) string {
		return fmt.Sprintf(`{"params":[%d],"label":"%d","instance":0,"position":[%d],"outcome":"W","layer":1,"holds":"yes"`, s, s, s)
	}
	want := `{"answer":{"question":"win =1","meaning":"W 1","aggregate":"min","names":["S"],"params":[{"name":"S","lo":31,"hi":34}],"cells":[` +
		cell(31) + `,"answer":true},` + cell(32) + "}," + cell(33) + "}," + cell(34) + `}],"values":[[31]],"text":"31"},"width":100}` + "\n"
	if code != 0 || got != want {
		t.Fatalf("exit %d (%s):\n%s\nwant\n%s", code, errs, got, want)
	}
}

// A question given before the game is a bad command line that says how
// to write it; a question that is wrong, not swapped, keeps its caret.
func TestQuerySwapped(t *testing.T) {
	_, errs, code := runCmd(t, "query", "win 2", "ege-2027-demo")
	if want := "retro: the game comes first, then the question: retro query ege-2027-demo \"win 2\"\n"; code != 2 || !strings.HasPrefix(errs, want) {
		t.Errorf("swapped: exit %d, %q", code, errs)
	}
	_, errs, _ = runCmd(t, "query", "ege-2027-demo", "wn 2")
	if !strings.Contains(errs, `unknown word "wn"; did you mean "win"?`) {
		t.Errorf("misspelt: %q", errs)
	}
}

// A table of a game of a [bounds] box is asked at the positions of its
// box, as the game file is.
func TestQueryTableOfABox(t *testing.T) {
	table := filepath.Join(t.TempDir(), "box.rtb")
	mustRun(t, "solve", "lebedev-commands", "-o", table)
	fromFile := mustRun(t, "query", "lebedev-commands", "can-lose 1", "--plain")
	if got := mustRun(t, "query", table, "can-lose 1", "--plain"); got != fromFile || strings.TrimSpace(got) != "6" {
		t.Errorf("the table's answer %q, the game file's %q, want 6", got, fromFile)
	}
}
