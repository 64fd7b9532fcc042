package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"retro/rules"
)

func TestHelpHelp(t *testing.T) {
	got, errs, code := runCmd(t, "help", "help")
	want := "usage: retro help [COMMAND | TOPIC]\n\nHelp lists the commands; help COMMAND shows what COMMAND does and its flags\n(as does retro COMMAND --help); help format prints the reference of the\ngame format (rules/FORMAT.md in the source).\n"
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
		{[]string{"help", "eeg"}, "retro: unknown command or topic \"eeg\" (did you mean \"ege\"?): run 'retro help' for the list\n"},
		{[]string{"help", "formt"}, "retro: unknown command or topic \"formt\" (did you mean \"format\"?): run 'retro help' for the list\n"},
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

// retro help format prints the format's reference as plain text: no
// fences, table rules or marks of emphasis; every heading underlined;
// every line but those of code blocks within 80 columns. retro help
// lists it.
func TestHelpFormat(t *testing.T) {
	out, errs, code := runCmd(t, "help", "format")
	if code != 0 || errs != "" || out != plainText(rules.FormatReference) {
		t.Fatalf("exit %d, %q", code, errs)
	}
	for _, l := range strings.Split(rules.FormatReference, "\n") {
		if h, ok := strings.CutPrefix(l, "## "); ok {
			if want := plainInline(h) + "\n" + strings.Repeat("-", utf8.RuneCountInString(plainInline(h))) + "\n"; !strings.Contains(out, want) {
				t.Errorf("no heading %q", want)
			}
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "    ") {
			continue // a line of a code block, as written
		}
		text := codeSpan.ReplaceAllString(l, "")
		switch {
		case strings.HasPrefix(l, "```"), strings.Contains(l, "|---"), strings.Contains(text, "**"), strings.HasPrefix(l, "#"), strings.HasPrefix(l, "*"):
			t.Errorf("Markdown in %q", l)
		case utf8.RuneCountInString(l) > 80:
			t.Errorf("longer than 80 columns: %q", l)
		}
	}
	if list, _, _ := runCmd(t, "help"); !strings.Contains(list, "\nTopics:\n  format     the format of a game file") {
		t.Errorf("retro help lists no topic:\n%s", list)
	}
}

func TestPlainText(t *testing.T) {
	md := "# Title\n\nSome *emphasis*, **strong**, `x * 2 ** 3` and [a link](README.md).\n\n" +
		"```toml\nx = 1\n```\n\n| a | b |\n|---|---|\n| `one\\|two` | 2 |\n\n" +
		"| form | meaning | default |\n|---|---|---|\n| `x + 5` | " + strings.Repeat("word ", 20) + "`a = a - k, b = b - k` | none |\n"
	want := "Title\n=====\n\nSome emphasis, strong, `x * 2 ** 3` and a link (README.md).\n\n" +
		"    x = 1\n\na          b\n------------\n`one|two`  2\n\n" +
		"`x + 5`\n    " + strings.TrimSpace(strings.Repeat("word ", 15)) + "\n    " + strings.Repeat("word ", 5) + "`a = a - k, b = b - k`\n    default: none\n"
	if got := plainText(md); got != want {
		t.Errorf("%q\nwant %q", got, want)
	}
}
