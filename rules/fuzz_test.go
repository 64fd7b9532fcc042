package rules

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"retro/rules/lang"
)

// checkErrors checks that every error of a failed Parse has a place in the
// file (or none at all) and renders with its source line and carets.
func checkErrors(t *testing.T, name string, src []byte, err error) ErrorList {
	var list ErrorList
	if !errors.As(err, &list) || len(list) == 0 || len(list) > MaxErrors {
		t.Fatalf("Parse error %v is not a short ErrorList", err)
	}
	for _, e := range list {
		if e.Pos.File != name || strings.Contains(e.Error(), "\n") {
			t.Fatalf("bad error %q", e.Error())
		}
		r := e.Render(lang.En)
		if !strings.HasPrefix(r, e.Error()+"\n") {
			t.Fatalf("rendering %q of %q", r, e.Error())
		}
		if e.Pos.Line > 0 && strings.Count(r, "\n") != 3 {
			t.Fatalf("rendering of %s has no source line: %q", e, r)
		}
	}
	return list
}

// exercise runs the machine of a parsed game on a few positions; it must
// not panic, and run-time errors must be *Error.
func exercise(t *testing.T, g *Game) {
	values := make([]int64, len(g.RuleParams()))
	for i, p := range g.RuleParams() {
		values[i] = p.Lo
	}
	in, err := g.Bind(values)
	if err != nil {
		t.Fatal(err)
	}
	in.Bounds()
	size := int64(1)
	for _, p := range g.StartParams() {
		if p.Open || p.Hi-p.Lo > 100 || p.Hi-p.Lo < 0 {
			size = 1 << 20
			break
		}
		size *= p.Hi - p.Lo + 1
	}
	if size <= 1000 {
		in.Starts(3)
	}
	m := in.NewMachine()
	var l MoveList
	var o HeapOptions
	runtime := func(err error) {
		var e *Error
		if err != nil && !errors.As(err, &e) && !strings.HasPrefix(err.Error(), "rules:") {
			t.Fatalf("run-time error %v is not an *Error", err)
		}
	}
	for _, v := range []int64{0, 1, 7, -3, 1 << 40} {
		piles := make([]int64, len(g.Piles))
		for i := range piles {
			piles[i] = v + int64(i)
		}
		_, err := m.End(piles)
		runtime(err)
		_, err = m.Winner(piles)
		runtime(err)
		if v > 100 {
			continue // keep generators short: a fuzz input must run fast
		}
		if g.Sum {
			o.Reset()
			runtime(m.HeapMoves(v, &o))
		} else {
			l.Reset()
			runtime(m.Moves(piles, 1, 0, &l))
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, file := range sharedGameFiles(f) {
		f.Add(sharedSource(f, file))
	}
	// Past the limits of nesting and size, each one error at once.
	f.Add([]byte(oneMove("x - " + strings.Repeat("(", MaxNesting+1) + "1" + strings.Repeat(")", MaxNesting+1))))
	f.Add([]byte(oneMove("x - 1" + strings.Repeat(" + 0", MaxExprTokens/2))))
	f.Add([]byte("piles = [\"x\"]\nv = " + strings.Repeat("[", MaxTOMLNesting+1) + strings.Repeat("]", MaxTOMLNesting+1) + "\n"))
	more, _ := filepath.Glob("testdata/invalid/*.toml")
	for _, file := range more {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		g, err := Parse("f.toml", src)
		if err != nil {
			checkErrors(t, "f.toml", src, err)
			return
		}
		exercise(t, g)
	})
}

// tomlQuote returns s as a TOML basic string.
func tomlQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < ' ' || r == 0x7f:
			fmt.Fprintf(&b, "\\u%04X", r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// FuzzExpr puts one string into a game as `end` and as a move entry. All
// other lines are valid, so every error must point into line 3, inside the
// string.
func FuzzExpr(f *testing.F) {
	for _, x := range validExprs {
		f.Add(x.text)
	}
	for _, x := range invalidExprs {
		f.Add(strings.Replace(x.text, "§", "", 1))
	}
	f.Add("a // (b - b) > 0")
	f.Add("a = a ** 100")
	f.Add("x \t\u00e9 \"q\" \\ ")
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
			return
		}
		q := tomlQuote(s)
		for _, key := range []string{"end    = ", "moves  = [", "winner = ", "allow  = "} {
			value := q
			if strings.HasSuffix(key, "[") {
				value += "]"
			}
			src := "piles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"b = b * 2\"]\n" + key + value + "\n[start]\na = 1\nb = 2\n"
			if strings.HasPrefix(key, "moves") {
				src = "piles = [\"a\", \"b\"]\nname = \"n\"\n" + key + value + "\n[start]\na = 1\nb = 2\n"
			}
			g, err := Parse("e.toml", []byte(src))
			if err != nil {
				list := checkErrors(t, "e.toml", []byte(src), err)
				line3 := strings.Split(src, "\n")[2]
				for _, e := range list {
					if e.Pos.Line != 3 || e.Pos.Col <= len(key) || e.Pos.Col > utf8.RuneCountInString(line3) {
						t.Fatalf("%q in %s: error outside the string: %s", s, key, e)
					}
				}
				continue
			}
			exercise(t, g)
		}
	})
}

// A game file with a control character TOML forbids, at its start, after
// a BOM, between keys or in a string, is one error at the character's
// line and column, never a panic.
func TestControlCharacters(t *testing.T) {
	var bad []byte
	for b := byte(1); b < 0x20; b++ {
		if b != '\t' && b != '\n' {
			bad = append(bad, b)
		}
	}
	bad = append(bad, 0x7f)
	n := 0
	for _, b := range bad {
		c := string(b)
		for _, src := range []struct {
			text      string
			line, col int
		}{
			{c, 1, 1},
			{c + " ", 1, 1},
			{"\ufeff" + c, 1, 2},
			{"name = \"x\"\n" + c, 2, 1},
			{"name = \"x" + c + "\"\n", 1, 10},
		} {
			_, err := Parse("c.toml", []byte(src.text))
			list := checkErrors(t, "c.toml", []byte(src.text), err)
			if b == '\r' && src.text == "name = \"x\"\n"+c {
				continue // a last line's lone CR: the decoder reads it as a line's end
			}
			if p := list[0].Pos; p.Line != src.line || p.Col != src.col {
				t.Errorf("%q: %v, want line %d, column %d", src.text, list[0], src.line, src.col)
			}
			n++
		}
	}
	if n < 140 {
		t.Errorf("%d files tried", n)
	}
}
