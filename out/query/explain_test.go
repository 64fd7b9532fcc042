package query

import (
	"testing"

	"retro/rules"
)

// The reason for an end of the game: the two sides of the end condition
// at the final position, or nothing when it is not one comparison.
func TestEndWhy(t *testing.T) {
	cases := []struct{ end, want string }{
		{"a + b >= 133", "133 ≥ 133"},
		{"b <= 30 + S", "116 ≤ 59"},
		{"max(a, b) * 2 > S + 1", "232 > 30"},
		{"(a + b) // 2 % 7 == 3", "3 = 3"},
		{"a ** 2 != -b", "289 ≠ -116"},
		{"-7 // 2 < a % -5", "-4 < -3"},
		{"a + b >= 133 and a > 0", ""},
		{"isprime(a)", ""},
	}
	for _, c := range cases {
		src := "piles = [\"a\", \"b\"]\nmoves = [\"each +1\"]\nend = \"" + c.end +
			"\"\n[start]\na = 17\nb = \"S\"\n[params]\nS = \"29..29\"\n"
		g, err := rules.Parse("t.toml", []byte(src))
		if err != nil {
			t.Fatalf("%q: %v", c.end, err)
		}
		insts, err := g.Instances()
		if err != nil {
			t.Fatal(err)
		}
		rs := NewReasoner(g, En)
		if got := rs.endWhy(insts[0].NewMachine(), []int64{17, 116}); got != c.want {
			t.Errorf("%q: %q, want %q", c.end, got, c.want)
		}
	}
}
