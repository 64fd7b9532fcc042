package main

import (
	"strings"
	"testing"
)

func TestHelpHelp(t *testing.T) {
	got, errs, code := runCmd(t, "help", "help")
	want := "usage: retro help [COMMAND]\n\nHelp lists the commands; help COMMAND shows what COMMAND does and its flags\n(as does retro COMMAND --help).\n"
	if code != 0 || got != want {
		t.Errorf("exit %d (%s): %q, want %q", code, errs, got, want)
	}
}

func TestDidYouMean(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"slove", "nim"}, "retro: unknown command \"slove\" (did you mean \"solve\"?): run 'retro help' for the list\n"},
		{[]string{"help", "eeg"}, "retro: unknown command \"eeg\" (did you mean \"ege\"?): run 'retro help' for the list\n"},
		{[]string{"frobnicate"}, "retro: unknown command \"frobnicate\": run 'retro help' for the list\n"},
	} {
		out, errs, code := runCmd(t, c.args...)
		if code != 2 || out != "" || errs != c.want {
			t.Errorf("%v: exit %d, %q, stderr %q; want %q", c.args, code, out, errs, c.want)
		}
	}
}

// A switch is shown without "[=true|false]"; a position's command says how
// to give a negative pile.
func TestFlagUsages(t *testing.T) {
	got, _, _ := runCmd(t, "help", "show")
	for _, w := range []string{
		"\n      --json                print the result as one line of JSON\n",
		"\n      --last string         the command the opponent used on the move just made (default \"none\")\n",
		"\n      --param string        set a parameter's range",
		"\nA position with a negative first pile follows --, which ends the flags:\nretro show GAME -- -4\n",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("help show lacks %q:\n%s", w, got)
		}
	}
	for _, c := range commandNames() {
		if out, _, _ := runCmd(t, "help", c); strings.Contains(out, "[=") {
			t.Errorf("help %s shows a flag's optional value:\n%s", c, out)
		}
	}
	if out, _, code := runCmd(t, "help", "solve"); code != 0 || strings.Contains(out, "-- -4") {
		t.Errorf("help solve (no position) tells of --: %s", out)
	}
}
