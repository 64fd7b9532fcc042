package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

func TestErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{}, 2, "no command"},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"solve"}, 2, "solve takes one GAME"},
		{[]string{"solve", "--nope", "nim"}, 2, "unknown flag: --nope"},
		{[]string{"solve", "no-such-game"}, 1, `no game file or built-in game named "no-such-game"`},
		{[]string{"show", "ege-2027-demo", "17"}, 2, "want 2 values"},
		{[]string{"show", "ege-2027-demo", "a=17,c=3"}, 2, `no pile named "c"`},
		{[]string{"show", "lebedev-commands", "3", "--last", "e"}, 2, `--last "e": no such command`},
		{[]string{"export", "ege-2027-demo", "--param", "S=5..1"}, 2, "empty range"},
		{[]string{"show", "multiplication-game", "1"}, 1, "--param"},
		{[]string{"show", "ege-2027-demo", "17,abc"}, 2, `"abc" is not an integer`},
		{[]string{"show", "ege-2027-demo", "17,99999999999999999999"}, 2, "overflows int64"},
		// the flag, the game and the -- a slip was meant to be
		{[]string{"ege", "ege-2027-demo", "--lnag", "ru"}, 2, "unknown flag: --lnag (did you mean --lang?)"},
		{[]string{"ege", "ege-2027-dem"}, 1, `no game file or built-in game named "ege-2027-dem" (did you mean "ege-2027-demo"?)`},
		{[]string{"show", "ege-2027-demo", "-35"}, 2, "a negative number is read as a flag; put -- before it (retro show ... -- -35)"},
		// A heap game has no starts to ask: refused before it is solved
		// (heaps up to 10^8 would take minutes).
		{[]string{"ege", "nim", "--upto", "100000000"}, 1, "nim.toml: no start positions: questions are asked at the positions of [start]"},
		{[]string{"query", "nim", "win 1", "--upto", "100000000"}, 1, "nim.toml: no start positions"},
	}
	// A game that ends only 2^62 moves away is over the cap by the ray
	// its translation walks, not by a search that runs to the cap.
	far := writeGame(t, "far.toml", "signed = true\npiles = [\"p\"]\nmoves = [\"p - 2\", \"p + 1\"]\nend = \"abs(p) > 4611686018427387904\"\n[start]\np = 0\n")
	for _, cmd := range []string{"solve", "ege", "export"} {
		cases = append(cases, struct {
			args []string
			code int
			msg  string
		}{[]string{cmd, far, "--max-positions", "100000"}, 1, "too many positions: more than 100000: `p - 2`, taken again and again from the start (0), reaches 100001 values of p"})
	}
	for _, c := range cases {
		_, errs, code := runCmd(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errs, c.code, c.msg)
		}
	}
}

// The flags that move a cap are named with the error that hit it.
func TestFlagHints(t *testing.T) {
	run := writeGame(t, "run.toml", "piles = [\"x\"]\nmoves = [\"x + 1\", \"x * 2\"]\n[start]\nx = 1\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", run, "--max-positions", "1000"}, "retro: bound the game with --horizon N (moves from a start), or raise --max-positions\n"},
		{[]string{"tree", "ege-2027-demo", "17,3", "--max-nodes", "3"}, "retro: the tree is too large: more than 3 nodes (limit it with a depth)\nretro: cut the tree with --depth N, or raise --max-nodes\n"},
		{[]string{"query", "ege-2027-demo", "win 3", "--horizon", "2"}, "retro: raise --horizon (or leave it out: the game's own)\n"},
		{[]string{"solve", "ege-2027-demo", "--max-memory", "6K", "--path", "compiled"}, "more than the budget of 6.0 KiB\nretro: --spill DIR keeps them in a file of DIR, or raise --max-memory\n"},
	} {
		_, errs, code := runCmd(t, c.args...)
		if code != 1 || !strings.HasSuffix(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want it to end with %q", c.args, code, errs, c.want)
		}
	}
}

// A panic of a command (a fault of retro's) ends it with one line and
// status 1, not Go's dump and status 2, which a bad command line has.
func TestPanicIsOneLine(t *testing.T) {
	register(&command{name: "panic-for-test", setup: func(*pflag.FlagSet) func(context.Context, *env, []string) error {
		return func(context.Context, *env, []string) error { panic("a fault") }
	}})
	defer delete(commands, "panic-for-test")
	t.Setenv("GOTRACEBACK", "")
	var out, errb bytes.Buffer
	code := runGuarded(context.Background(), &env{stdout: &out, stderr: &errb}, []string{"panic-for-test"})
	if code != 1 || strings.Count(errb.String(), "\n") != 1 || !strings.HasPrefix(errb.String(), "retro: internal error: a fault") {
		t.Errorf("exit %d, %q", code, errb.String())
	}
}
