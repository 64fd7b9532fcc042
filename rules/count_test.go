package rules

import "testing"

// Two rule params of 3 and 4 values give 12 instances; a start param of
// 10 values and an open one of the open width give 10·width starts; a
// product beyond the limit, or past the int64 range, is not ok.
func TestRangeCounts(t *testing.T) {
	g, err := Parse("c.toml", []byte(`piles = ["x", "y"]
moves = ["x = x - a", "y = y - b"]
end = "x <= 0"
[start]
x = "S"
y = "T"
[params]
a = "1..3"
b = "2..5"
S = "1..10"
T = "5.."
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what         string
		n, width, at int64
		ok           bool
	}{
		{"instances", 12, 100, 12, true},
		{"instances", 0, 100, 11, false},
		{"starts", 70, 7, 70, true},
		{"starts", 0, 7, 69, false},
		{"starts", 0, 1 << 62, 1 << 62, false},
	} {
		count := g.InstanceCount
		if c.what == "starts" {
			count = g.StartCount
		}
		if n, ok := count(c.width, c.at); n != c.n || ok != c.ok {
			t.Errorf("%s with width %d, limit %d: %d %v, want %d %v", c.what, c.width, c.at, n, ok, c.n, c.ok)
		}
	}
	wide, err := Parse("w.toml", []byte("piles = [\"x\"]\nmoves = [\"x - 1\"]\n[start]\nx = \"S\"\n[params]\nS = \"-9223372036854775807..9223372036854775807\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if n, ok := wide.StartCount(1, 1<<62); ok {
		t.Errorf("the whole int64 range: %d starts", n)
	}
}
