package rules

import (
	"fmt"
	"strings"
	"testing"
)

// TestLines reads moves whose ranges read the piles as line moves: the
// step, and the range's ends as bounds (a constant shift of k moved into
// them), or the reason a move is none.
func TestLines(t *testing.T) {
	for _, c := range []struct{ moves, want string }{
		{`"a = a - k for k in 1..a"`, "[-1 0] lo [1] hi [a]"},
		{`"a = a - k, b = b - k for k in 1..min(a, b)"`, "[-1 -1] lo [1] hi [a b]"},
		{`"b = b - 2*k for k in 1..b // 3"`, "[0 -2] lo [1] hi [(b)//3]"},
		{`"a = a - k - 1 for k in 0..a - 1"`, "[-1 0] lo [1] hi [a]"},
		{`"a = a - k for k in max(1, b - a)..a - 1"`, "[-1 0] lo [1 -a+b] hi [a-1]"},
		{`"a = a - k for k in 1..3", "b - 1 for k in 1..b"`, "error"},
		{`"a = b - k for k in 1..a"`, "the move `a = b - k for k in 1..a` does not change its piles by k times a vector"},
		{`"a = a - k, b = b - 2 for k in 1..a"`, "the move `a = a - k, b = b - 2 for k in 1..a` does not change its piles by k times a vector"},
		{`"a = a - k*k for k in 1..a"`, "the move `a = a - k*k for k in 1..a` is not affine in the piles and k"},
		{`"a = a - k for k in 1..a * b"`, "the range of the move `a = a - k for k in 1..a * b` depends on the piles in a way other than min(…) of affine bounds"},
	} {
		src := fmt.Sprintf("name = \"l\"\npiles = [\"a\", \"b\"]\nmoves = [%s]\n[bounds]\na = \"0..9\"\nb = \"0..9\"\n", c.moves)
		g, err := Parse("l.toml", []byte(src))
		if err != nil {
			if c.want != "error" {
				t.Errorf("%s: %v", c.moves, err)
			}
			continue
		}
		ins, err := g.Instances()
		if err != nil {
			t.Fatal(err)
		}
		_, lines, why := ins[0].Lines()
		got := why
		if why == "" && len(lines) == 1 {
			got = fmt.Sprintf("%v lo %s hi %s", lines[0].Step, boundsText(lines[0].Lo), boundsText(lines[0].Hi))
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.moves, got, c.want)
		}
	}
}

// boundsText writes bounds as affine sums of a and b.
func boundsText(bs []Bound) string {
	var out []string
	for _, b := range bs {
		var s strings.Builder
		for j, c := range b.Coef {
			switch {
			case c == 0:
				continue
			case c == -1:
				s.WriteString("-")
			case c != 1:
				fmt.Fprintf(&s, "%+d*", c)
			case s.Len() > 0:
				s.WriteString("+")
			}
			s.WriteString([]string{"a", "b"}[j])
		}
		if b.Const != 0 || s.Len() == 0 {
			if s.Len() > 0 {
				fmt.Fprintf(&s, "%+d", b.Const)
			} else {
				fmt.Fprint(&s, b.Const)
			}
		}
		if b.Div > 1 {
			out = append(out, fmt.Sprintf("(%s)//%d", s.String(), b.Div))
		} else {
			out = append(out, s.String())
		}
	}
	return "[" + strings.Join(out, " ") + "]"
}
