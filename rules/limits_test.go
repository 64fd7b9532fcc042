package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// oneMove is a one-pile game whose only move is the entry text.
func oneMove(entry string) string {
	return "piles = [\"x\"]\nmoves = [\"" + entry + "\"]\n[start]\nx = 5\n"
}

// manyMoves is a one-pile game of n moves "x - k", k = 1..n, on one line;
// with bad, each reads a name that does not exist.
func manyMoves(n int, bad bool) string {
	var b strings.Builder
	b.WriteString("piles = [\"x\"]\nmoves = [")
	for k := 1; k <= n; k++ {
		if k > 1 {
			b.WriteString(", ")
		}
		if bad {
			fmt.Fprintf(&b, "\"x - y%d\"", k)
		} else {
			fmt.Fprintf(&b, "\"x - %d\"", k)
		}
	}
	b.WriteString("]\n[start]\nx = 5\n")
	return b.String()
}

// wantOneError parses src and wants exactly one error, at line:col, whose
// message contains msg.
func wantOneError(t *testing.T, what, src string, line, col int, msg string) {
	t.Helper()
	_, err := Parse("g.toml", []byte(src))
	list := Positioned(err)
	if len(list) != 1 {
		t.Fatalf("%s: %d errors, want one: %v", what, len(list), err)
	}
	e := list[0]
	if e.Pos.Line != line || e.Pos.Col != col || !strings.Contains(e.Msg.String(), msg) {
		t.Errorf("%s: %v, want %d:%d: …%s…", what, e, line, col, msg)
	}
}

// Absurd sizes get one clear error, in time: a million nested parentheses
// overflowed the goroutine stack, a move of a million "+ 0" terms ran out
// of memory growing it.
func TestParseLimits(t *testing.T) {
	const at = len(`moves = ["`) + 1 // the column where the entry starts
	// Nesting: MaxNesting parentheses, signs, not, ** or else are the
	// most; the error points at the first beyond.
	deep := func(n int) string { return "x - " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) }
	if _, err := Parse("g.toml", []byte(oneMove(deep(MaxNesting)))); err != nil {
		t.Errorf("%d parentheses: %v", MaxNesting, err)
	}
	wantOneError(t, "parentheses", oneMove(deep(MaxNesting+50)), 2, at+4+MaxNesting, "nested more than 100 deep")
	wantOneError(t, "calls", oneMove("x - "+strings.Repeat("abs(", 200)+"1"+strings.Repeat(")", 200)), 2, at+4+4*MaxNesting+3, "nested more than")
	wantOneError(t, "signs", oneMove("x - "+strings.Repeat("- ", 200)+"1"), 2, at+4+2*MaxNesting, "nested more than")
	wantOneError(t, "not", "piles = [\"x\"]\nmoves = [\"x - 1\"]\nend = \""+strings.Repeat("not ", 200)+"x > 0\"\n[start]\nx = 5\n",
		3, len(`end = "`)+1+4*MaxNesting, "nested more than")
	wantOneError(t, "powers", oneMove("x - "+strings.Repeat("1 ** ", 200)+"1"), 2, at+4+5*MaxNesting+2, "nested more than")
	wantOneError(t, "else", oneMove("x - "+strings.Repeat("1 if x > 1 else ", 200)+"1"), 2, at+4+16*MaxNesting+11, "nested more than")

	// Tokens: a chain of terms is a tree as deep as it is long. x - 1 is
	// three tokens, each + 0 two more.
	if _, err := Parse("g.toml", []byte(oneMove("x - 1"+strings.Repeat(" + 0", (MaxExprTokens-3)/2)))); err != nil {
		t.Errorf("%d tokens: %v", MaxExprTokens-1, err)
	}
	j := (MaxExprTokens + 1 - 3) / 2 // the term whose 0 is one token too many
	wantOneError(t, "100 000 terms", oneMove("x - 1"+strings.Repeat(" + 0", 100_000)), 2, at+5+4*(j-1)+3, "more than 10000 tokens in one string")

	// The file: a million terms, a million parentheses are more than a
	// game file may take.
	for what, entry := range map[string]string{
		"a million terms":       "x - 1" + strings.Repeat(" + 0", 1_000_000),
		"a million parentheses": deep(1_000_000),
	} {
		_, err := Parse("g.toml", []byte(oneMove(entry)))
		if list := Positioned(err); len(list) != 1 || list[0].Error() != "g.toml: the game file is larger than 1 MiB, the most a game file may take" {
			t.Errorf("%s: %v", what, err)
		}
	}
	path := filepath.Join(t.TempDir(), "big.toml")
	if err := os.WriteFile(path, []byte(oneMove(deep(1_000_000))), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, load := range []func() (*Game, error){func() (*Game, error) { return Load(path) }, FromArg(path).Load} {
		if _, err := load(); err == nil || !strings.Contains(err.Error(), "larger than 1 MiB") {
			t.Errorf("%s: %v", path, err)
		}
	}

	// TOML: arrays and inline tables nest MaxTOMLNesting deep at most,
	// strings and comments aside.
	nested := func(open, close string, n int) string {
		return "piles = [\"x\"]\nmoves = [\"x - 1\"]\nname = \"[[{#\" # [[[[[[[[[[[[[[[[[[[[[[[[\nv = '''\n" +
			strings.Repeat("[", 40) + "'''\nw = " + strings.Repeat(open, n) + strings.Repeat(close, n) + "\n[start]\nx = 5\n"
	}
	wantOneError(t, "arrays", nested("[", "]", 100_000), 6, len("w = ")+MaxTOMLNesting+1, "nested more than 16 deep")
	wantOneError(t, "inline tables", nested("{a=", "}", 100_000), 6, len("w = ")+3*MaxTOMLNesting+1, "nested more than 16 deep")
	if _, err := Parse("g.toml", []byte(nested("[", "]", MaxTOMLNesting))); err == nil || strings.Contains(err.Error(), "nested") {
		t.Errorf("arrays within the limit: %v", err)
	}
}

// Parsing takes time in proportion to the text: 50 000 moves on one line
// took over 20 s, the time to place each error or span growing with the
// line. The figures are BenchmarkParseLong's; here 50 000 moves and as
// many errors parse at all (in a fraction of a second), ten errors kept.
func TestParseLongLine(t *testing.T) {
	n := 50_000
	if testing.Short() {
		n = 5_000
	}
	if _, err := Parse("g.toml", []byte(manyMoves(n, false))); err != nil {
		t.Fatal(err)
	}
	_, err := Parse("g.toml", []byte(manyMoves(n, true)))
	list := Positioned(err)
	if len(list) != 1 || !strings.Contains(list[0].Msg.String(), "unknown name y1") || list[0].Pos.Col != len(`moves = ["x - `)+1 {
		t.Errorf("%d bad moves on one line: %v", n, err)
	}
}

// BenchmarkParseLong parses long texts: a chain of terms, many moves on
// one line, and as many errors; the time per byte stays flat from the small
// to the large of each.
func BenchmarkParseLong(b *testing.B) {
	for _, c := range []struct {
		name string
		src  string
	}{
		{"terms-1000", oneMove("x - 1" + strings.Repeat(" + 0", 1000))},
		{"terms-4900", oneMove("x - 1" + strings.Repeat(" + 0", 4900))},
		{"moves-5000", manyMoves(5000, false)},
		{"moves-50000", manyMoves(50_000, false)},
		{"errors-5000", manyMoves(5000, true)},
		{"errors-50000", manyMoves(50_000, true)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.src)))
			for b.Loop() {
				Parse("g.toml", []byte(c.src))
			}
		})
	}
}
