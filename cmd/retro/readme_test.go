package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readmeBlocks returns the fenced blocks of the README of one language, in
// order.
func readmeBlocks(t *testing.T, lang string) []string {
	t.Helper()
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	for _, part := range strings.Split(string(data), "\n```"+lang+"\n")[1:] {
		body, _, ok := strings.Cut(part, "\n```")
		if !ok {
			t.Fatalf("an unclosed ```%s block", lang)
		}
		blocks = append(blocks, body)
	}
	return blocks
}

// shellWords splits a command line as sh would for the README's lines:
// words, "double" and 'single' quotes, a # comment after a space, and a >
// redirection (returned apart).
func shellWords(t *testing.T, line string) (words []string, redirect string) {
	var w strings.Builder
	inWord, quote := false, rune(0)
	flush := func() {
		if inWord {
			words = append(words, w.String())
		}
		w.Reset()
		inWord = false
	}
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			w.WriteRune(r)
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			flush()
		case r == '#' && !inWord:
			flush()
			return splitRedirect(t, words)
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		t.Fatalf("unclosed quote in %q", line)
	}
	flush()
	return splitRedirect(t, words)
}

func splitRedirect(t *testing.T, words []string) ([]string, string) {
	for k, w := range words {
		if w == ">" {
			if k+2 != len(words) {
				t.Fatalf("a redirection not at the end: %q", words)
			}
			return words[:k], words[k+1]
		}
	}
	return words, ""
}

// TestReadmeExamples runs every retro line of the README's shell blocks,
// as written, in a folder holding what the README says to save there (the
// game of "Your own game" as my.toml): each must succeed, and the answers
// the comments give must be what it prints.
func TestReadmeExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every example of the README")
	}
	dir := t.TempDir()
	games := readmeBlocks(t, "toml")
	if len(games) == 0 {
		t.Fatal("no game in the README")
	}
	if err := os.WriteFile(filepath.Join(dir, "my.toml"), []byte(games[0]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A file argument names a file in dir; a built-in game's name is kept.
	inDir := func(arg string) string {
		for _, ext := range []string{".toml", ".rtb", ".csv", ".parquet"} {
			if strings.HasSuffix(arg, ext) {
				return filepath.Join(dir, arg)
			}
		}
		return arg
	}
	ran := 0
	for _, block := range readmeBlocks(t, "sh") {
		for _, line := range strings.Split(block, "\n") {
			words, redirect := shellWords(t, line)
			switch {
			case len(words) == 0:
				continue
			case words[0] == "retro":
				words = words[1:]
			case len(words) > 2 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/retro":
				words = words[3:]
			case words[0] == "go" || words[0] == "bash" || words[0] == "export":
				continue // installing, testing, the PATH: not retro's to run here
			default:
				t.Errorf("README shell line %q: not a retro command", line)
				continue
			}
			for k := range words {
				words[k] = inDir(words[k])
			}
			out, errs, code := runCmd(t, words...)
			if code != 0 {
				t.Errorf("README: %q: exit %d: %s", line, code, errs)
				continue
			}
			if redirect != "" {
				if err := os.WriteFile(inDir(redirect), []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			ran++
			_, comment, _ := strings.Cut(line, "  # ")
			checkReadmeComment(t, line, strings.TrimSpace(comment), out)
		}
	}
	if ran < 12 {
		t.Errorf("ran %d README lines", ran)
	}
	// The game the table gives back solves to the same table.
	if a, b := mustRun(t, "export", filepath.Join(dir, "again.toml")), mustRun(t, "export", "ege-2027-demo"); a != b {
		t.Error("info --game gave another game")
	}
}

func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, errs, code := runCmd(t, args...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errs)
	}
	return out
}

// checkReadmeComment checks the answers a README comment quotes: an
// output of ege --plain (the same words), or a position's outcome "(11): W 5".
func checkReadmeComment(t *testing.T, line, comment, out string) {
	switch {
	case strings.Contains(line, "--plain"):
		if strings.Join(strings.Fields(out), " ") != strings.Join(strings.Fields(comment), " ") {
			t.Errorf("README: %q prints %q", line, out)
		}
	case strings.HasPrefix(comment, "("):
		want, _, _ := strings.Cut(comment, ",")
		if !strings.HasPrefix(out, want+"\n") && !strings.HasPrefix(out, want+" ") {
			t.Errorf("README: %q prints %q, the comment says %q", line, strings.SplitN(out, "\n", 2)[0], want)
		}
	}
}

func TestShellWords(t *testing.T) {
	words, redirect := shellWords(t, `retro query my.toml "win 2" --all  # every S`)
	if strings.Join(words, "|") != "retro|query|my.toml|win 2|--all" || redirect != "" {
		t.Errorf("%q %q", words, redirect)
	}
	words, redirect = shellWords(t, `retro info exam.rtb --game > again.toml # the game`)
	if strings.Join(words, "|") != "retro|info|exam.rtb|--game" || redirect != "again.toml" {
		t.Errorf("%q %q", words, redirect)
	}
	if words, _ := shellWords(t, `retro show line.toml -- '-4'`); words[4] != "-4" {
		t.Errorf("%q", words)
	}
}
