package table

import (
	"errors"
	"slices"
	"testing"

	"retro/retro"
	"retro/retro/retrotest"
)

// solvedTable is a table of a game as solved, without the file.
func solvedTable(t *testing.T, name, src string) *Table {
	g, rs := retrotest.Solve(t, name, []byte(src))
	return &Table{Game: g, Results: rs, Probes: retro.ProbedAll(rs)} // as Load makes it
}

// instanceValues lists the rule values of each result.
func instanceValues(rs []*retro.Result) [][]int64 {
	var vs [][]int64
	for _, r := range rs {
		vs = append(vs, r.Instance.Values)
	}
	return vs
}

// startValues lists the start parameter values of every start.
func startValues(rs []*retro.Result) []int64 {
	var vs []int64
	for _, r := range rs {
		for _, s := range r.Starts {
			vs = append(vs, s.Params...)
		}
	}
	return vs
}

// TestSelectRule: a rule parameter keeps the instances in its range, an
// open range reaches the top of what the table holds, and the game says
// what is kept.
func TestSelectRule(t *testing.T) {
	tab := solvedTable(t, "rules", retrotest.Rules)
	if err := tab.Select("r.rtb", Range{Name: "k", Lo: 2, Hi: 3}); err != nil {
		t.Fatal(err)
	}
	if got := instanceValues(tab.Results); !slices.EqualFunc(got, [][]int64{{2}, {3}}, slices.Equal) {
		t.Errorf("k = 2..3 keeps %v", got)
	}
	if p := tab.Game.Params[0]; p.Lo != 2 || p.Hi != 3 {
		t.Errorf("the game's k is %d..%d", p.Lo, p.Hi)
	}
	if err := tab.Select("r.rtb", Range{Name: "k", Lo: 3, Open: true}); err != nil {
		t.Fatal(err)
	}
	if got := instanceValues(tab.Results); !slices.EqualFunc(got, [][]int64{{3}}, slices.Equal) {
		t.Errorf("k = 3.. keeps %v", got)
	}
}

// TestSelectStart: a start parameter keeps every instance and narrows its
// starts, in copies: the results selected from are left as they were.
func TestSelectStart(t *testing.T) {
	tab := solvedTable(t, "horizon", retrotest.Horizon)
	before := tab.Results
	all := startValues(before)
	if err := tab.Select("h.rtb", Range{Name: "S", Lo: 5, Hi: 7}); err != nil {
		t.Fatal(err)
	}
	if got := startValues(tab.Results); !slices.Equal(got, []int64{5, 6, 7}) {
		t.Errorf("S = 5..7 keeps starts %v", got)
	}
	if len(tab.Results) != len(before) || !slices.Equal(startValues(before), all) {
		t.Errorf("the results selected from changed: %v", startValues(before))
	}
	// The instances read a position at a time (what query asks) are
	// narrowed alike.
	var probed []int64
	for _, p := range tab.Probes {
		for _, s := range p.Starts {
			probed = append(probed, s.Params[len(s.Params)-1])
		}
	}
	if len(tab.Probes) != len(before) || !slices.Equal(probed, []int64{5, 6, 7}) {
		t.Errorf("S = 5..7 keeps the probed starts %v", probed)
	}
}

// TestSelectOpen: an open parameter holds the values it was solved with.
func TestSelectOpen(t *testing.T) {
	src := "name = \"open\"\npiles = [\"x\"]\nmoves = [\"x + 1\"]\nend = \"x >= 140\"\nwinner = \"mover\"\n[start]\nx = \"S\"\n[params]\nS = \"31..\"\n"
	tab := solvedTable(t, "open", src)
	err := tab.Select("o.rtb", Range{Name: "S", Lo: 131, Hi: 131})
	if err == nil || err.Error() != "o.rtb holds S = 31..130 only" {
		t.Errorf("S = 131: %v", err)
	}
	if err := tab.Select("o.rtb", Range{Name: "S", Lo: 128, Open: true}); err != nil {
		t.Fatal(err)
	}
	if got := startValues(tab.Results); !slices.Equal(got, []int64{128, 129, 130}) {
		t.Errorf("S = 128.. keeps starts %v", got)
	}
}

// TestSelectRefuses: a parameter the game does not have, a range beyond
// the table's, and a range that holds no instance of the table.
func TestSelectRefuses(t *testing.T) {
	tab := solvedTable(t, "rules", retrotest.Rules)
	err := tab.Select("r.rtb", Range{Name: "q", Lo: 1, Hi: 1})
	if !errors.Is(err, ErrNoParam) || err.Error() != "rules.toml has no param q (params: k)" {
		t.Errorf("q: %v", err)
	}
	err = tab.Select("r.rtb", Range{Name: "k", Lo: 0, Hi: 2})
	if errors.Is(err, ErrNoParam) || err == nil || err.Error() != "r.rtb holds k = 1..6 only" {
		t.Errorf("k = 0..2: %v", err)
	}
	tab.Results, tab.Probes = tab.Results[:1], tab.Probes[:1]
	err = tab.Select("r.rtb", Range{Name: "k", Lo: 4, Hi: 5})
	if err == nil || err.Error() != "r.rtb holds no instance with k in 4..5" {
		t.Errorf("k = 4..5 of the instance k = 1: %v", err)
	}
	if len(tab.Results) != 1 {
		t.Errorf("a refused selection keeps %d results", len(tab.Results))
	}
}
