package rules

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"retro/rules/lang"
)

// An expression or move entry is tested inside a small game: line 3 is
// `KEY = "TEXT"` (or `moves = ["TEXT"]`). In the invalid cases, § marks the
// character the error must point at; it is removed before parsing.

const (
	ctxEnd    = "end"
	ctxWinner = "winner"
	ctxAllow  = "allow"
	ctxWhere  = "where"
	ctxStart  = "start" // the start value of a
	ctxMove   = "moves" // a move entry of the two-pile game
	ctxHeap   = "heap"  // a move entry of a one-pile heap game
)

// testGame returns the game text with text placed at line 3, and the
// column of its first character.
func testGame(ctx, text string) (string, int) {
	var b strings.Builder
	line3 := ""
	col := 0
	switch ctx {
	case ctxHeap:
		b.WriteString("piles = [\"x\"]\nsum = true\n")
		line3 = `moves = ["` + text + `"]`
		col = len(`moves = ["`) + 1
		b.WriteString(line3 + "\n")
		return b.String(), col
	case ctxMove:
		b.WriteString("piles = [\"a\", \"b\"]\nname = \"t\"\n")
		line3 = `moves = ["` + text + `"]`
		col = len(`moves = ["`) + 1
	case ctxStart:
		b.WriteString("piles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"each *2\"]\n")
		line3 = `start = {a = "` + text + `", b = 1}`
		col = len(`start = {a = "`) + 1
	default:
		b.WriteString("piles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"each *2\"]\n")
		line3 = ctx + ` = "` + text + `"`
		col = len(ctx+` = "`) + 1
	}
	b.WriteString(line3 + "\n")
	b.WriteString("[bounds]\na = \"0..n\"\nb = \"0..9\"\n[params]\nn = \"9\"\nS = \"1..3\"\n")
	if ctx != ctxStart {
		b.WriteString("[start]\na = \"S\"\nb = 1\n")
	}
	return b.String(), col
}

var validExprs = []struct{ ctx, text string }{
	{ctxEnd, "a + b >= 133"},
	{ctxEnd, "a < b < 5"},
	{ctxEnd, "a < b < 5 < n"},
	{ctxEnd, "not a == b"},
	{ctxEnd, "not not (a > 1)"},
	{ctxEnd, "a > 1 and b > 1 or a == 0"},
	{ctxEnd, "isprime(a + b)"},
	{ctxEnd, "min(a, b, 3) == max(a, 1)"},
	{ctxEnd, "abs(a - b) <= 2"},
	{ctxEnd, "(a if a > b else b) == 5"},
	{ctxEnd, "a % 2 == 0 if a > 3 else b % 2 == 1"},
	{ctxEnd, "true"},
	{ctxEnd, "false or a == n"},
	{ctxEnd, "-a ** 2 < 0"},
	{ctxEnd, "1_000 > a"},
	{ctxEnd, "a // 2 * 2 == a"},
	{ctxEnd, "(a > 1) == (b > 1)"},
	{ctxEnd, "a >= n and min(a, b,) > 0"},
	{ctxEnd, "  a\t> 1  "},
	{ctxWinner, "mover"},
	{ctxWinner, "other"},
	{ctxWinner, "mover if a % 4 == 0 else other"},
	{ctxWinner, "other if a > b else mover if a == b else other"},
	{ctxWinner, "(mover)"},
	{ctxAllow, "cmd != last"},
	{ctxAllow, "no-repeat-opponent"},
	{ctxAllow, "no-repeat-own"},
	{ctxAllow, "cmd != mylast and cmd != 'each +1'"},
	{ctxAllow, "last == none or a > 3"},
	{ctxAllow, "cmd == 'each *2' and a < n or cmd != 'each *2'"},
	{ctxWhere, "S < n"},
	{ctxStart, "S * 2"},
	{ctxMove, "each +4"},
	{ctxMove, "each *2+1"},
	{ctxMove, "each // 2"},
	{ctxMove, "each ** 2"},
	{ctxMove, "each % 3"},
	{ctxMove, "each -k for k in 1..3"},
	{ctxMove, "each --1"},
	{ctxMove, "a = a - k, b = b - k for k in 1..min(a, b)"},
	{ctxMove, "a = b, b = a"},
	{ctxMove, "a = a // 2 if a % 2 == 0"},
	{ctxMove, "a = a - 1 if a > 0 else 0"},
	{ctxMove, "a = a - 1 if a > 0 else 0 if b > 1"},
	{ctxMove, "a = a - k for k in 1..a if k % 2 == 1"},
	{ctxMove, "a = a - i * j for i in 1..3 for j in i..3 if i + j < 5"},
	{ctxMove, "a = a - i if i != b for i in 0..a if i % 2 == 0"},
	{ctxMove, "b = (a if a > b else b) + 1 if a != b"},
	{ctxMove, "a = a + n"},
	{ctxMove, "a = a - t for t in (a + 1) // 2..a"},
	{ctxMove, "a = k for k in a if a > 1 else 0..9"},
	{ctxHeap, "x - 1"},
	{ctxHeap, "x // 2 if x % 2 == 0"},
	{ctxHeap, "x -> i, x - 1 - i for i in 0..x-1"},
	{ctxHeap, "x -> 1, 1, x - 2 if x >= 2"},
	{ctxHeap, "x - p ** k for k in 0..18 if 2 ** k <= x for p in 2..2"},
	{ctxHeap, "0"},
}

func TestValidExprs(t *testing.T) {
	for _, tt := range validExprs {
		src, _ := testGame(tt.ctx, tt.text)
		if _, err := Parse("t.toml", []byte(src)); err != nil {
			t.Errorf("%s %q: %v", tt.ctx, tt.text, err)
		}
	}
}

var invalidExprs = []struct{ ctx, text, rx string }{
	{ctxEnd, "a + §* b", "expected an expression, found `\\*`"},
	{ctxEnd, "§a + 1", "end must be a condition, not a number"},
	{ctxEnd, "a §/ 2 == 1", "use //"},
	{ctxEnd, "§c > 1", "unknown name c \\(names in end: S, a, b, n\\)"},
	{ctxEnd, "a > 1 §&& b > 1", "use `and`"},
	{ctxEnd, "(a > 1§", "expected `\\)`, found end of text"},
	{ctxEnd, "a > 1 if b > 2§", "expected `else`"},
	{ctxEnd, "§1 if a > b else 2 == 2", "branches of if-else differ"},
	{ctxEnd, "a < b §== true", "cannot compare a number with a condition"},
	{ctxEnd, "§min(a) > 1", "min needs at least two arguments"},
	{ctxEnd, "§abs(a, b) > 1", "abs needs one argument, not 2"},
	{ctxEnd, "§foo(a) > 1", "unknown function foo"},
	{ctxEnd, "a > §mover", "mover names a player"},
	{ctxEnd, "§cmd == last", "cmd can be used only in allow"},
	{ctxEnd, "a > §'x'", "a quoted string names a command"},
	{ctxEnd, "§99999999999999999999 > a", "does not fit in an int64"},
	{ctxEnd, "§0x10 > a", "invalid number"},
	{ctxEnd, "§007 > a", "may not start with 0"},
	{ctxEnd, "a §^ 2 > 1", "use \\*\\* for powers"},
	{ctxEnd, "a > 1§.5", "numbers are integers"},
	{ctxEnd, "not §a", "the operand of not must be a condition"},
	{ctxEnd, "a + §not b > 1", "`not` needs parentheses"},
	{ctxEnd, "a == 1 §b", "expected end of expression, found name b"},
	{ctxEnd, "a > 1 §== true", "cannot compare a number with a condition"},
	{ctxEnd, "a > 1 and §b", "the right operand of and must be a condition, not a number"},
	{ctxEnd, "§min > 1", "min is a function"},
	{ctxEnd, "a > 1 §! b", "use `not`"},
	{ctxEnd, "a §= 1", "expected end of expression, found `=`"},
	{ctxEnd, "a > §\\\"x", "string not terminated"},
	{ctxEnd, "§", "expected an expression, found end of text"},
	{ctxEnd, "a > 1 if§", "expected an expression, found end of text"},
	{ctxEnd, "a > 1 §# b", "unexpected character '#'"},
	{ctxWinner, "§a", "winner must be a player \\(mover or other\\), not a number"},
	{ctxWinner, "mover §< other", "< compares numbers"},
	{ctxWinner, "mover if §a else other", "the condition after if must be a condition"},
	{ctxAllow, "cmd != §'nope'", "no command is named \"nope\""},
	{ctxAllow, "§cmd", "allow must be a condition, not a command"},
	{ctxAllow, "cmd §!= 1", "cannot compare a command with a number"},
	{ctxAllow, "cmd != last and §other == mover", "other names a player"},
	{ctxWhere, "§a > 1", "pile a cannot be used in where"},
	{ctxStart, "S + §a", "pile a cannot be used in \\[start\\]"},
	{ctxStart, "§S > 1", "the start value of a must be a number, not a condition"},
	{ctxMove, "each §a", "expected an operator after each"},
	{ctxMove, "§a + 1", "needs a single pile"},
	{ctxMove, "a = a - 1, §c = 2", "c is not a pile"},
	{ctxMove, "a = 1, §a = 2", "pile a is assigned twice"},
	{ctxMove, "a = a - 1 for §a in 1..3", "a is a pile and cannot be a generator variable"},
	{ctxMove, "a = a - 1 for §n in 1..3", "n is a param and cannot be a generator variable"},
	{ctxMove, "a = a - k for §if in 1..3", "expected a name, found `if`"},
	{ctxMove, "a = a - 1 for §max in 1..3", "max is a reserved word"},
	{ctxMove, "a = a - k for k in 1..3 for §k in 1..2", "generator variable k is already defined"},
	{ctxMove, "a = a - k for k in 1§, 3", "expected `\\.\\.`"},
	{ctxMove, "a = a - k for k in 1..3 if k > 1 §if k < 3", "one `if` only"},
	{ctxMove, "a = a - k for k in §k..3", "unknown name k"},
	{ctxMove, "a = a - 1 if §a", "the condition after if must be a condition"},
	{ctxMove, "§a -> 1, 2", "a split \\(->\\) needs sum = true"},
	{ctxMove, "a = a - 1 for§", "expected a name, found end of text"},
	{ctxMove, "a = a - 1, §b", "expected another assignment"},
	{ctxMove, "a = §a > 1", "the value of a must be a number, not a condition"},
	{ctxMove, "a = a - 1 §else 2", "expected `if`, `for` or the end of the move"},
	{ctxMove, "a = §mover", "mover names a player"},
	{ctxMove, "§S + 1", "needs a single pile|param S"},
	{ctxHeap, "x + 1 §, 2", "unexpected `,`"},
	{ctxHeap, "§y -> 1, 2", "a split replaces the heap x, not y"},
	{ctxHeap, "x - 1 if x > 0 else§", "expected an expression, found end of text"},
	{ctxHeap, "x -> §x > 1, 2", "part 1 of the split must be a number"},
}

func TestInvalidExprs(t *testing.T) {
	for _, tt := range invalidExprs {
		at := strings.Index(tt.text, "§")
		if at < 0 {
			t.Fatalf("%q: no §", tt.text)
		}
		text := strings.Replace(tt.text, "§", "", 1)
		src, col := testGame(tt.ctx, text)
		wantCol := col + utf8.RuneCountInString(strings.ReplaceAll(tt.text[:at], `\"`, `"`)) + strings.Count(tt.text[:at], `\"`)
		_, err := Parse("t.toml", []byte(src))
		var list ErrorList
		if !errors.As(err, &list) {
			t.Errorf("%s %q: got %v, want an ErrorList", tt.ctx, tt.text, err)
			continue
		}
		e := list[0]
		if e.Pos.Line != 3 || e.Pos.Col != wantCol || !regexp.MustCompile(tt.rx).MatchString(e.Msg.String()) {
			t.Errorf("%s %q:\n got %s\nwant t.toml:3:%d: /%s/", tt.ctx, tt.text, e, wantCol, tt.rx)
		}
		if r := e.Render(lang.En); strings.Count(r, "\n") != 3 || !strings.Contains(r, "^") {
			t.Errorf("%s %q: rendering %q", tt.ctx, tt.text, r)
		}
	}
}

// TestPrecedence evaluates expressions whose value depends on precedence
// and associativity, at a = 7, b = -2; each must hold.
func TestPrecedence(t *testing.T) {
	holds := []string{
		"-2 ** 2 == -4",
		"2 ** 3 ** 2 == 512",
		"(-2) ** 2 == 4",
		"-a // 2 == -4",
		"a // b == -4",
		"a % b == -1",
		"-a % 2 == 1",
		"a - 3 - 2 == 2",
		"a // 2 // 2 == 1",
		"2 + 3 * 4 == 14",
		"(2 + 3) * 4 == 20",
		"a * -1 == -7",
		"- - a == 7",
		"+a == 7",
		"not a == b",
		"not (a < b)",
		"a > b > -3",
		"not (b < a < 5)",
		"1 < 2 < 3 < 4",
		"not (1 < 3 < 2)",
		"a > 1 or b > 1 and false",
		"(1 if a < b else 2) == 2",
		"(1 if a > b else 2 if a == b else 3) == 1",
		"min(a, b) == -2 and max(a, b, 10) == 10 and abs(b) == 2",
		"isprime(a) and not isprime(a + 2) and not isprime(1) and not isprime(b)",
		"true != false",
		"(a > 1) == (b < 0) == true",
		"not ((a > 1) == (b < 0) != true)",
		"(a > 1) != (b > 0) == (a < b)",
		"10 ** 18 > 0",
		"1_000_000 == 10 ** 6",
	}
	for _, h := range holds {
		src := fmt.Sprintf("piles = [\"a\", \"b\"]\nmoves = [\"each +1\"]\nsigned = true\nend = %q\n[start]\na = 7\nb = -2\n", h)
		g, err := Parse("p.toml", []byte(src))
		if err != nil {
			t.Errorf("%s: %v", h, err)
			continue
		}
		in, _ := g.Bind(nil)
		ok, err := in.NewMachine().End([]int64{7, -2})
		if err != nil || !ok {
			t.Errorf("%s: got %v, %v", h, ok, err)
		}
	}
}

// TestChainShortCircuit: a chain stops at the first false comparison, like
// Python, so the division by zero after it is not evaluated.
func TestChainShortCircuit(t *testing.T) {
	src := "piles = [\"a\"]\nmoves = [\"a + 1\"]\nend = \"a < 0 < 1 // a or a > 0 and 1 // a == 0\"\n[start]\na = 0\n"
	g, err := Parse("c.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	in, _ := g.Bind(nil)
	if ok, err := in.NewMachine().End([]int64{0}); ok || err != nil {
		t.Errorf("got %v, %v", ok, err)
	}
}

// TestElseAhead checks how `if` is split between a guard and a
// conditional expression.
func TestElseAhead(t *testing.T) {
	tests := []struct {
		text  string
		guard bool
	}{
		{"x // 2 if x % 2 == 0", true},
		{"x - 1 if x > 0 else 0", false},
		{"x - 1 if x > 0 else 0 if x > 5", true},
		{"x - k if k > 1 for k in 1..3", true},
		{"(x - 1 if x > 0 else 0)", false},
		{"x - min(1, 2 if x > 0 else 3)", false},
		{"x - 1 if (x > 0) for k in 1..2", true},
	}
	for _, tt := range tests {
		e, err := parseEntryText(tt.text)
		if err != nil {
			t.Errorf("%q: %s", tt.text, err.msg)
			continue
		}
		if (e.guard != nil) != tt.guard {
			t.Errorf("%q: guard = %v, want %v", tt.text, e.guard != nil, tt.guard)
		}
	}
}
