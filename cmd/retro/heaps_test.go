package main

import (
	"strings"
	"testing"
)

// show and tree look a list of heaps up in a heap game's table the same
// way (positions.Space.HeapIndex), each saying in its own words what the
// table does not hold. Kayles solved through heap 3 is a view of two
// heaps (3 -> 1 + 1) holding five positions: no heaps, 1, 2, 3 and 1 + 1.
func TestHeapTableMissing(t *testing.T) {
	table := solveTo(t, t.TempDir(), "kayles", "--upto", "3")
	for _, c := range []struct {
		args []string
		want string
	}{
		// show writes the heaps largest first, tree as given.
		{[]string{"show", table, "1,2,1"}, "retro: {table} does not hold 2 + 1 + 1: its positions have at most 2 heaps\n"},
		{[]string{"tree", table, "1,2,1"}, "retro: {table} does not hold 1 + 2 + 1: its positions have at most 2 heaps\n"},
		{[]string{"show", table, "1,2"}, "retro: {table} does not hold position 2 + 1: a table holds the 5 positions reachable from the starts of kayles.toml (show it from the game instead)\n"},
		{[]string{"tree", table, "1,2"}, "retro: {table} does not hold position 2 + 1: a table holds the 5 positions reachable from its starts\n"},
		{[]string{"show", table, "1,x"}, "retro: position \"1,x\": \"x\" is not a heap size\n"},
		{[]string{"tree", table, "1,x"}, "retro: position \"1,x\": \"x\" is not a heap size\n"},
	} {
		_, errs, code := runCmd(t, c.args...)
		if want := strings.ReplaceAll(c.want, "{table}", table); code != 1 || errs != want {
			t.Errorf("%s %s: exit %d, %q; want exit 1, %q", c.args[0], c.args[2], code, errs, want)
		}
	}
	// Empty heaps are left out; the order does not matter.
	for _, heaps := range []string{"0,1,1", "1,1,0,0"} {
		if got, errs, _ := runCmd(t, "show", table, heaps); got != "1 + 1: L 2\n  * 0.77 (x = 1, k = 1) -> 1  W 1\n" {
			t.Errorf("show %s: %q (%s)", heaps, got, errs)
		}
	}
}
