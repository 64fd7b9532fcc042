package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
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

func TestVersion(t *testing.T) {
	var b strings.Builder
	writeVersion(&b, &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "retro", Version: "v1.2.0"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "4542b89a0123456789abcdef0123456789abcdef"},
			{Key: "vcs.time", Value: "2026-12-01T09:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}, "linux/amd64")
	want := "retro v1.2.0\nrevision: 4542b89a0123456789abcdef0123456789abcdef (2026-12-01T09:00:00Z, with uncommitted changes)\ngo:       go1.26.8 linux/amd64\n"
	if b.String() != want {
		t.Errorf("%q, want %q", b.String(), want)
	}
	b.Reset()
	writeVersion(&b, &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "retro", Version: "(devel)"}}, "linux/amd64")
	want = "retro (devel)\nrevision: not recorded (go run, go test, -buildvcs=false or no git checkout)\ngo:       go1.26.8 linux/amd64\n"
	if b.String() != want {
		t.Errorf("%q, want %q", b.String(), want)
	}
	a, _, codeA := runCmd(t, "version")
	v, _, codeV := runCmd(t, "--version")
	if codeA != 0 || codeV != 0 || a != v || !strings.HasPrefix(a, "retro ") {
		t.Errorf("version %q (exit %d), --version %q (exit %d)", a, codeA, v, codeV)
	}
}

// TestBashCompletion runs the bash script: the words it offers after
// "retro so", "retro solve --max-p", "retro completion " and "retro games ny".
func TestBashCompletion(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	script, _, code := runCmd(t, "completion", "bash")
	if code != 0 {
		t.Fatal("completion bash failed")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "retro.bash")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := t.TempDir() // no files to offer
	for _, c := range []struct{ line, want string }{
		{"retro so", "solve"},
		{"retro solve --max-p", "--max-positions"},
		{"retro completion ", "bash zsh fish"},
		{"retro games wy", "wythoff"},
		{"retro query --f", "--first"},
	} {
		words := strings.Fields(c.line)
		if strings.HasSuffix(c.line, " ") {
			words = append(words, "")
		}
		var arr []string
		for _, w := range words {
			arr = append(arr, "'"+w+"'")
		}
		cmd := exec.Command(bash, "--norc", "-c", "source "+path+"; COMP_WORDS=("+strings.Join(arr, " ")+"); COMP_CWORD="+
			strconv.Itoa(len(words)-1)+"; _retro; echo \"${COMPREPLY[*]}\"")
		cmd.Dir = empty
		out, err := cmd.CombinedOutput()
		if err != nil || strings.TrimSpace(string(out)) != c.want {
			t.Errorf("%q: %q (%v), want %q", c.line, out, err, c.want)
		}
	}
}

func TestFishAndZshCompletion(t *testing.T) {
	fish, _, code := runCmd(t, "completion", "fish")
	for _, w := range []string{
		"complete -c retro -n __fish_use_subcommand -a solve -d 'solve a game and print a summary'\n",
		"complete -c retro -n '__fish_seen_subcommand_from solve' -l output -s o -r -d 'write the outcome table to this file (FILE.rtb)'\n",
		"complete -c retro -n '__fish_seen_subcommand_from query' -l plain -d 'print only the answer'\n",
	} {
		if code != 0 || !strings.Contains(fish, w) {
			t.Errorf("fish script lacks %q", w)
		}
	}
	zsh, _, code := runCmd(t, "completion", "zsh")
	if code != 0 || !strings.Contains(zsh, "bashcompinit") || !strings.Contains(zsh, "complete -o filenames -F _retro retro\n") {
		t.Errorf("zsh script:\n%s", zsh)
	}
	if _, errs, code := runCmd(t, "completion", "tcsh"); code != 2 || !strings.Contains(errs, `completion "tcsh": want bash, zsh or fish`) {
		t.Errorf("tcsh: exit %d, %s", code, errs)
	}
}
