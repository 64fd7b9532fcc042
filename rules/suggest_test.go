package rules

import "testing"

func TestEditDistance(t *testing.T) {
	cases := []struct {
		a, b         string
		swaps, plain int // with and without swaps
	}{
		{"", "", 0, 0},
		{"", "abc", 3, 3},
		{"moves", "moves", 0, 0},
		{"moevs", "moves", 1, 2},
		{"ab", "ba", 1, 2},
		{"kitten", "sitting", 3, 3},
		// A swapped pair is not edited again (the optimal string
		// alignment): "ca" → "ac" → "abc" does not count as two.
		{"ca", "abc", 3, 3},
		{"пила", "пиал", 1, 2},
	}
	for _, c := range cases {
		for _, swaps := range []bool{true, false} {
			want := c.plain
			if swaps {
				want = c.swaps
			}
			if got := editDistance(c.a, c.b, swaps); got != want {
				t.Errorf("editDistance(%q, %q, %v) = %d, want %d", c.a, c.b, swaps, got, want)
			}
			if got := editDistance(c.b, c.a, swaps); got != want {
				t.Errorf("editDistance(%q, %q, %v) = %d, want %d", c.b, c.a, swaps, got, want)
			}
		}
	}
}

func TestNearest(t *testing.T) {
	list := []string{"moves", "piles", "mover", "end"}
	cases := []struct {
		s        string
		maxEdits int
		swaps    bool
		want     string
	}{
		{"moevs", 2, true, "moves"},
		{"moevs", 1, true, "moves"},
		{"moevs", 1, false, ""},    // two edits without swaps
		{"move", 2, true, "moves"}, // as near as mover: the first in list
		{"pile", 0, true, ""},
		{"xyzzy", 2, true, ""},
		{"en", 2, true, "end"},
	}
	for _, c := range cases {
		if got := Nearest(c.s, list, c.maxEdits, c.swaps); got != c.want {
			t.Errorf("Nearest(%q, %d, %v) = %q, want %q", c.s, c.maxEdits, c.swaps, got, c.want)
		}
	}
	if got := Suggest("moevs", list); got != "moves" {
		t.Errorf("Suggest(moevs) = %q", got)
	}
}
