package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestBashCompletion runs the bash script: the words it offers after
// "retro so", "retro solve --max-p", "retro completion ", "retro games wy"
// and "retro make two-piles-".
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
		{"retro make two-piles-", "two-piles-no-repeat"},
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
