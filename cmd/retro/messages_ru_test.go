package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"retro/rules"
	"retro/rules/lang"
)

// The engine's messages in Russian: every form the command can write (of
// rules, out/query, out/variant and the command's hints, all linked into
// this test) has both wordings taking the same arguments, and its Russian
// reads as Russian; every broken game of rules' testdata and every broken
// family of out/variant's is said in Russian.

// reVerb finds the verbs of a format: %s, %d, %[2]s, ...
var reVerb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*([a-zA-Z%])`)

// formArgs makes arguments for the English verbs of a form: n for %d,
// a Russian word for %s and %q (a name of the game's, as the game could
// give), and a number for %T.
func formArgs(en string, n int64) []any {
	var args []any
	for _, m := range reVerb.FindAllStringSubmatch(en, -1) {
		switch m[2] {
		case "%":
		case "d":
			args = append(args, n)
		case "T":
			args = append(args, n)
		default:
			args = append(args, "куча")
		}
	}
	return args
}

func TestEveryMessageFormInRussian(t *testing.T) {
	forms := lang.Forms()
	if len(forms) < 150 {
		t.Fatalf("%d forms: the engine's messages are not all registered", len(forms))
	}
	for _, f := range forms {
		if f.Ru == "" || f.En == "" {
			t.Errorf("form %q / %q lacks a wording", f.En, f.Ru)
			continue
		}
		if f.Ru == f.En && reLatin.MatchString(reVerb.ReplaceAllString(f.En, "")) {
			t.Errorf("form %q is not in Russian", f.En)
		}
		for _, n := range []int64{1, 2, 5, 22} {
			args := formArgs(f.En, n)
			for _, l := range []lang.Lang{lang.En, lang.Ru} {
				if s := f.Msg(args...).In(l); strings.Contains(s, "%!") {
					t.Errorf("form %q in %s takes other arguments: %q", f.En, l, s)
				}
			}
			ru := f.Msg(args...).In(lang.Ru)
			checkRussian(t, "form "+f.En, ru, []string{"куча"}, "TOML", "UTF", "S")
		}
	}
}

// TestBrokenGamesInRussian renders the errors of every broken game of
// rules' testdata in Russian: the place in Russian words, the messages
// without English.
func TestBrokenGamesInRussian(t *testing.T) {
	files, _ := filepath.Glob("../../rules/testdata/invalid/*.toml")
	if len(files) == 0 {
		t.Fatal("no broken games in rules/testdata/invalid")
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		_, err = rules.Parse(filepath.Base(file), src)
		if err == nil {
			t.Fatalf("%s: no error", file)
		}
		list := rules.Positioned(err)
		if list == nil {
			t.Fatalf("%s: %v has no place", file, err)
		}
		for _, e := range list {
			ru := e.Message(lang.Ru)
			if ru == e.Message(lang.En) {
				t.Errorf("%s: %q is the same in Russian", file, ru)
			}
			// The game's own text is what the source line holds.
			line, _ := sourceLineOf(src, e.Pos.Line)
			checkRussian(t, file, ru, reLatin.FindAllString(line, -1), "TOML", "UTF")
			if e.Pos.IsValid() && !strings.Contains(e.In(lang.Ru), "строка ") {
				t.Errorf("%s: the place of %q is not in Russian", file, e.In(lang.Ru))
			}
		}
	}
}

// rePlace is the place of an error in a family file, in Russian words.
var rePlace = regexp.MustCompile(`^, строка \d+, столбец \d+: `)

// TestBrokenFamiliesInRussian runs retro make --lang ru on every broken
// family of out/variant's testdata: the error in Russian, its place in
// Russian words where the English has one, and the same error in English
// without --lang (the file's last line, "# error: " and the message).
func TestBrokenFamiliesInRussian(t *testing.T) {
	files, _ := filepath.Glob("../../out/variant/testdata/invalid/*.toml")
	if len(files) == 0 {
		t.Fatal("no broken families in out/variant/testdata/invalid")
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		body, en, _ := strings.Cut(strings.TrimSuffix(string(src), "\n"), "\n# error: ")
		en = file + strings.TrimPrefix(en, filepath.Base(file))
		if out, errs, code := runCmd(t, "make", file); code != 1 || out != "" || !strings.HasPrefix(errs, en+"\n") {
			t.Errorf("make %s: exit %d, stdout %q, stderr %q; want exit 1 and %q", file, code, out, errs, en)
		}
		out, errs, code := runCmd(t, "make", file, "--lang", "ru")
		ru, _, _ := strings.Cut(errs, "\n")
		if code != 1 || out != "" || !strings.HasPrefix(ru, file) {
			t.Errorf("make %s --lang ru: exit %d, stdout %q, stderr %q", file, code, out, errs)
			continue
		}
		ru = strings.TrimPrefix(ru, file)
		if en[len(file)] == ':' && en[len(file)+1] != ' ' {
			if !rePlace.MatchString(ru) {
				t.Errorf("%s: the place of %q is not in Russian words", file, ru)
			}
			ru = rePlace.ReplaceAllString(ru, "")
		} else {
			ru = strings.TrimPrefix(ru, ": ")
		}
		if strings.Contains(en, ru) {
			t.Errorf("%s: %q is the same in Russian", file, ru)
		}
		// The family's own text is what its file holds.
		checkRussian(t, file, ru, reLatin.FindAllString(body, -1), "TOML", "S")
	}
}

// sourceLineOf is line n (1-based) of src.
func sourceLineOf(src []byte, n int) (string, bool) {
	lines := strings.Split(string(src), "\n")
	if n < 1 || n > len(lines) {
		return "", false
	}
	return lines[n-1], true
}
