package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
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
	if code != 1 || !strings.Contains(errs, "sum needs a game with one parameter; this one has 2 (K, S)") {
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

// --color auto colours the ribbon when standard output is a terminal.
func TestQueryColorAuto(t *testing.T) {
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, ttyOut: true}
	if code := run(context.Background(), e, []string{"query", "ege-2027-demo", "win =2"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "\x1b[1;32m[28:W3]\x1b[0m") {
		t.Errorf("no colour on a terminal:\n%q", out.String())
	}
	out.Reset()
	run(context.Background(), e, []string{"query", "--color", "never", "ege-2027-demo", "win =2"})
	if strings.Contains(out.String(), "\x1b[") {
		t.Errorf("--color never:\n%q", out.String())
	}
}
