package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// repoRoot is the root of the repository, from this package's folder.
const repoRoot = "../.."

// docFiles are the Markdown documents of the repository, the README
// first, then the others by path.
func docFiles(t *testing.T) []string {
	t.Helper()
	var docs []string
	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && path != repoRoot && (d.Name() == "testdata" || d.Name() == "artifacts" || d.Name() == ".git"):
			return filepath.SkipDir
		case !d.IsDir() && strings.HasSuffix(path, ".md") && path != filepath.Join(repoRoot, "README.md"):
			docs = append(docs, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(docs)
	return append([]string{filepath.Join(repoRoot, "README.md")}, docs...)
}

// readmeBlocks returns the fenced blocks of one language of a document,
// in order.
func readmeBlocks(t *testing.T, doc, lang string) []string {
	t.Helper()
	data, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	for _, part := range strings.Split(string(data), "\n```"+lang+"\n")[1:] {
		body, _, ok := strings.Cut(part, "\n```")
		if !ok {
			t.Fatalf("%s: an unclosed ```%s block", doc, lang)
		}
		blocks = append(blocks, body)
	}
	return blocks
}

// docLine is a line of a document's sh blocks, with the document's path
// from the repository's root.
type docLine struct{ doc, text string }

// docShellLines are the lines of the sh blocks of every document, in
// order.
func docShellLines(t *testing.T) []docLine {
	t.Helper()
	var lines []docLine
	for _, doc := range docFiles(t) {
		name, _ := filepath.Rel(repoRoot, doc)
		for _, block := range readmeBlocks(t, doc, "sh") {
			for _, line := range strings.Split(block, "\n") {
				lines = append(lines, docLine{name, line})
			}
		}
	}
	return lines
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

// TestReadmeExamples runs every retro line of the shell blocks of the
// README, then of the other documents of the repository, as written, in
// one folder holding what the README says to save there (the game of "The
// first game" as my.toml): each must succeed, and the answers the comments
// give must be what it prints. A file argument is a file of that folder,
// or of the repository where it names one (retro/testdata/fsvp-20.toml).
func TestReadmeExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every example of the README and the other documents")
	}
	dir := t.TempDir()
	readme := filepath.Join(repoRoot, "README.md")
	games := readmeBlocks(t, readme, "toml")
	if len(games) == 0 {
		t.Fatal("no game in the README")
	}
	if err := os.WriteFile(filepath.Join(dir, "my.toml"), []byte(games[0]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	inDir := func(arg string) string {
		if strings.Contains(arg, "/") {
			if _, err := os.Stat(filepath.Join(repoRoot, arg)); err == nil {
				return filepath.Join(repoRoot, arg)
			}
		}
		for _, ext := range []string{".toml", ".rtb", ".csv", ".parquet", ".png", ".svg", ".html"} {
			if strings.HasSuffix(arg, ext) {
				return filepath.Join(dir, arg)
			}
		}
		return arg
	}
	ran := 0
	for _, l := range docShellLines(t) {
		name, line := l.doc, l.text
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
		case clusterLine(words):
			continue // TestClusterReadmeLines runs them
		default:
			t.Errorf("%s: shell line %q: not a retro command", name, line)
			continue
		}
		for k := range words {
			if k > 0 && (words[k-1] == "--spill" || words[k-1] == "--checkpoint") {
				words[k] = filepath.Join(dir, words[k]) // a folder of the example's own
				continue
			}
			words[k] = inDir(words[k])
		}
		out, errs, code := runCmd(t, words...)
		if code != 0 && !(words[0] == "diff" && code == 1) { // diff: 1 for games that differ
			t.Errorf("%s: %q: exit %d: %s", name, line, code, errs)
			continue
		}
		if redirect != "" {
			if err := os.WriteFile(inDir(redirect), []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		ran++
		_, comment, _ := strings.Cut(line, "  # ")
		checkReadmeComment(t, name+": "+line, strings.TrimSpace(comment), out)
	}
	if ran < 20 {
		t.Errorf("ran %d lines of the documents", ran)
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

// checkReadmeComment checks the answers a comment of a document quotes: an
// output of ege --plain (the same words), or a position's outcome "(11): W 5".
func checkReadmeComment(t *testing.T, line, comment, out string) {
	switch {
	case strings.Contains(line, "--plain"):
		if strings.Join(strings.Fields(out), " ") != strings.Join(strings.Fields(comment), " ") {
			t.Errorf("%s prints %q", line, out)
		}
	case strings.HasPrefix(comment, "("):
		want, _, _ := strings.Cut(comment, ",")
		if !strings.HasPrefix(out, want+"\n") && !strings.HasPrefix(out, want+" ") {
			t.Errorf("%s prints %q, the comment says %q", line, strings.SplitN(out, "\n", 2)[0], want)
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

// docLink is a link of Markdown, [text](target).
var docLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// headingAnchor is the anchor of a heading as GitHub makes it: lower case,
// spaces as hyphens, punctuation but hyphens and underscores left out.
func headingAnchor(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(h)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Every link between the documents names a file of the repository, and
// a heading of it where it names one.
func TestDocLinks(t *testing.T) {
	anchors := func(doc string) map[string]bool {
		data, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		set := map[string]bool{}
		code := false
		for _, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(l, "```") {
				code = !code
			}
			if !code && strings.HasPrefix(l, "#") {
				set[headingAnchor(strings.TrimLeft(l, "#"))] = true
			}
		}
		return set
	}
	links := 0
	for _, doc := range docFiles(t) {
		data, _ := os.ReadFile(doc)
		for _, m := range docLink.FindAllStringSubmatch(string(data), -1) {
			target := m[1]
			if strings.Contains(target, "://") {
				continue
			}
			links++
			file, anchor, _ := strings.Cut(target, "#")
			path := doc
			if file != "" {
				path = filepath.Join(filepath.Dir(doc), file)
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s: a link to %s: %v", doc, target, err)
				continue
			}
			if anchor != "" && !anchors(path)[anchor] {
				t.Errorf("%s: a link to %s: no such heading", doc, target)
			}
		}
	}
	if links < 20 {
		t.Errorf("%d links", links)
	}
}
