package query_test

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"retro/out/query"
	"retro/rules/lang"
)

// Valid questions and their canonical form.
var validQuestions = []struct{ in, canon, meaning string }{
	{"win 2", "win 2", "W ≤ 3"},
	{"win =2", "win =2", "W 3"},
	{"win = 2", "win =2", "W 3"},
	{"WIN =2", "win =2", "W 3"},
	{"lose 1", "lose 1", "L ≤ 2"},
	{"lose =2", "lose =2", "L 4"},
	{"can-lose 1", "can-lose 1", "a move, not ending the game, to W ≤ 1"},
	{"can-lose =2", "can-lose =2", "a move, not ending the game, to W 3"},
	{"win", "win", "W"},
	{"draw", "draw", "D"},
	{"not lose", "not lose", "not L"},
	{"win 2 and not win 1", "win 2 and not win 1", "W ≤ 3 and not W ≤ 1"},
	{"lose 2 and not lose 1 or draw", "lose 2 and not lose 1 or draw", "L ≤ 4 and not L ≤ 2 or D"},
	{"lose 2 and (not lose 1 or draw)", "lose 2 and (not lose 1 or draw)", "L ≤ 4 and (not L ≤ 2 or D)"},
	{"not (win 2 or lose 1)", "not (win 2 or lose 1)", "not (W ≤ 3 or L ≤ 2)"},
	{"((win))", "win", "W"},
	{"win 1 or win 2 or win 3", "win 1 or win 2 or win 3", "W ≤ 1 or W ≤ 3 or W ≤ 5"},
}

func TestParseQuestionValid(t *testing.T) {
	for _, c := range validQuestions {
		q, err := query.ParseQuestion(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if q.String() != c.canon || q.Meaning() != c.meaning {
			t.Errorf("%q: %q (%s), want %q (%s)", c.in, q.String(), q.Meaning(), c.canon, c.meaning)
		}
		again, err := query.ParseQuestion(q.String())
		if err != nil || again.String() != q.String() {
			t.Errorf("%q: the canonical form %q does not read back: %v", c.in, q.String(), err)
		}
	}
}

// Invalid questions: § marks the column the error must point at (it is
// removed before parsing), the pattern what it must say.
var invalidQuestions = []struct{ in, rx string }{
	{"win =§0", `the number of moves must be at least 1, not 0`},
	{"§wn 2", `unknown word "wn"; did you mean "win"\?`},
	{"lose §-1", `the number of moves must be at least 1, not -1`},
	{"win §0", `at least 1, not 0`},
	{"win =§", `expected a number of moves after =, found the end of the question`},
	{"win =§x", `expected a number of moves after =, found "x"`},
	{"§", `empty question`},
	{"   §", `empty question`},
	{"win 2 §lose 1", `expected and, or or the end of the question, found "lose"`},
	{"§(win 2", `this \( is never closed`},
	{"win 2§)", `expected and, or or the end of the question, found "\)"`},
	{"(win 2 §2)", `expected \), and or or, found "2"`},
	{"draw §2", `draw takes no number of moves`},
	{"draw §=2", `draw takes no number of moves`},
	{"win §99999999999999999999", `too many`},
	{"win §2000000", `too many`},
	{"§@", `unexpected character "@"`},
	{"win 2 and §", `expected win, lose, can-lose, draw, not or \(, found the end of the question`},
	{"not §", `found the end of the question`},
	{"§2", `expected win, lose, can-lose, draw, not or \(, found "2"`},
	{"§canlose 1", `did you mean "can-lose"`},
	{"§loose 1", `did you mean "lose"`},
	{"win 1 and §xyzzy", `unknown word "xyzzy" \(the words are`},
	// A swap of two letters is two edits, and a word is not a slip of a
	// keyword as far from it as it is long.
	{"§ro win", `unknown word "ro" \(the words are`},
	{"выигрыш §≤ 2", ``}, // the word comes first
}

func TestParseQuestionErrors(t *testing.T) {
	for _, c := range invalidQuestions {
		in := strings.Replace(c.in, "§", "", 1)
		col := utf8.RuneCountInString(c.in[:strings.Index(c.in, "§")]) + 1
		_, err := query.ParseQuestion(in)
		var qe *query.QuestionError
		if !errors.As(err, &qe) {
			t.Errorf("%q: error %v, want a *QuestionError", in, err)
			continue
		}
		if c.rx == "" { // only that it fails somewhere
			continue
		}
		if qe.Col != col || !regexp.MustCompile(c.rx).MatchString(qe.Msg.String()) {
			t.Errorf("%q: column %d %q; want column %d matching %q", in, qe.Col, qe.Msg.String(), col, c.rx)
		}
	}
}

func TestQuestionErrorRender(t *testing.T) {
	_, err := query.ParseQuestion("lose -1")
	var qe *query.QuestionError
	if !errors.As(err, &qe) {
		t.Fatal(err)
	}
	want := "question, column 6: the number of moves must be at least 1, not -1\n" +
		"    lose -1\n" +
		"         ^^\n"
	if got := qe.Render(lang.En); got != want {
		t.Errorf("render:\n%s\nwant:\n%s", got, want)
	}
	if strings.Contains(qe.Error(), "\n") {
		t.Errorf("Error() spans lines: %q", qe.Error())
	}
}

// FuzzParseQuestion: never panics; an error points inside the question (or
// just past it) and renders with its caret line.
func FuzzParseQuestion(f *testing.F) {
	for _, c := range validQuestions {
		f.Add(c.in)
	}
	for _, c := range invalidQuestions {
		f.Add(strings.Replace(c.in, "§", "", 1))
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := query.ParseQuestion(s)
		if err == nil {
			if _, err := query.ParseQuestion(q.String()); err != nil {
				t.Fatalf("%q: canonical %q does not parse: %v", s, q.String(), err)
			}
			return
		}
		var qe *query.QuestionError
		if !errors.As(err, &qe) {
			t.Fatalf("%q: %T %v", s, err, err)
		}
		if qe.Col < 1 || qe.Col > utf8.RuneCountInString(s)+1 {
			t.Fatalf("%q: column %d", s, qe.Col)
		}
		if r := qe.Render(lang.En); !strings.HasSuffix(r, "^\n") {
			t.Fatalf("%q: render %q", s, r)
		}
	})
}

// A question nests parentheses and not MaxQuestionNesting deep and has
// MaxQuestionTokens words and signs at most: one error, at the first
// beyond, instead of a parse and an evaluation as deep as the text.
func TestQuestionLimits(t *testing.T) {
	for _, c := range []struct {
		q    string
		col  int
		ok   bool
		what string
	}{
		{strings.Repeat("(", 100) + "win" + strings.Repeat(")", 100), 0, true, ""},
		{strings.Repeat("(", 1_000_000) + "win" + strings.Repeat(")", 1_000_000), 101, false, "nested more than 100 deep"},
		{strings.Repeat("not ", 1_000) + "win", 401, false, "nested more than 100 deep"},
		{"win" + strings.Repeat(" or win", 499), 0, true, ""},
		{"win" + strings.Repeat(" or win", 1_000_000), 3 + 7*499 + 5, false, "longer than 1000 words and signs"},
	} {
		_, err := query.ParseQuestion(c.q)
		var qe *query.QuestionError
		switch {
		case c.ok && err != nil:
			t.Errorf("%.20q…: %v", c.q, err)
		case !c.ok && (!errors.As(err, &qe) || qe.Col != c.col || !strings.Contains(qe.Msg.String(), c.what)):
			t.Errorf("%.20q…: %v, want column %d: …%s…", c.q, err, c.col, c.what)
		}
	}
}

// An error at the end of a long question shows a window around it, and a
// long word it quotes shortened.
func TestQuestionErrorLong(t *testing.T) {
	for _, q := range []string{
		strings.Repeat(" ", 1_000_000) + "win 1 and",
		"win 1 and " + strings.Repeat("w", 1_000_000),
	} {
		_, err := query.ParseQuestion(q)
		var qe *query.QuestionError
		if !errors.As(err, &qe) {
			t.Fatal(err)
		}
		if r := qe.Render(lang.En); len(r) > 2_000 || !strings.HasSuffix(r, "^\n") {
			t.Errorf("%d bytes: %.200q", len(r), r)
		}
	}
}
