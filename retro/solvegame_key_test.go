package retro

import (
	"testing"

	"retro/rules"
)

// A checkpoint's key reads the open width only of a game with an open
// range: --open-width on the resume of a game with none is the same solve
// (it was refused as other arguments).
func TestKeyReadsOpenWidthWhereItCounts(t *testing.T) {
	for _, c := range []struct {
		src  string
		same bool
	}{
		{"piles = [\"x\"]\nmoves = [\"x - 1\"]\nend = \"x <= 0\"\n[start]\nx = \"S\"\n[params]\nS = \"1..9\"\n", true},
		{"piles = [\"x\"]\nmoves = [\"x - 1\"]\nend = \"x <= 0\"\n[start]\nx = \"S\"\n[params]\nS = \"1..\"\n", false},
	} {
		g, err := rules.Parse("g.toml", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		a, b := GameOptions{OpenWidth: 100}.key(g), GameOptions{OpenWidth: 300}.key(g)
		if (a == b) != c.same {
			t.Errorf("%q: keys equal %v, want %v", c.src, a == b, c.same)
		}
	}
}
