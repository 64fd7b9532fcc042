package main

import (
	"strings"
	"testing"

	"retro/rules"
)

// games NAME prints the built-in file byte for byte; the file loads as the
// game of that name does.
func TestGamesName(t *testing.T) {
	for _, name := range rules.BuiltinNames() {
		src, _ := rules.Builtin(name)
		got, errs, code := runCmd(t, "games", name)
		if code != 0 || got != string(src) {
			t.Errorf("games %s: exit %d (%s)", name, code, errs)
		}
	}
	game := writeGame(t, "mine.toml", func() string { s, _, _ := runCmd(t, "games", "ege-2027-demo"); return s }())
	a, _, _ := runCmd(t, "ege", "--plain", game)
	b, _, _ := runCmd(t, "ege", "--plain", "ege-2027-demo")
	if a != b || a == "" {
		t.Errorf("the printed file answers %q, the built-in game %q", a, b)
	}
	_, errs, code := runCmd(t, "games", "nimm")
	if want := "retro: no built-in game named \"nimm\" (did you mean \"nim\"?): run 'retro games' for the list\n"; code != 1 || errs != want {
		t.Errorf("exit %d, %q", code, errs)
	}
	if _, errs, code := runCmd(t, "games", "a", "b"); code != 2 || !strings.Contains(errs, "at most one NAME") {
		t.Errorf("two names: exit %d, %q", code, errs)
	}
}

func TestGames(t *testing.T) {
	out, _, code := runCmd(t, "games")
	if code != 0 || !strings.Contains(out, "ege-2027-demo") || !strings.Contains(out, "wythoff") {
		t.Errorf("games:\n%s", out)
	}
}
