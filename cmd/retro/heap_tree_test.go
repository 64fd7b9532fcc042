package main

import (
	"strings"
	"testing"
)

// tree takes a heap game's position as show does, a list of heaps, and
// agrees with show on it.
func TestTreeHeaps(t *testing.T) {
	// Nim 2 + 1 by hand: taking one from the 2 leaves 1 + 1 (XOR 0, L 2),
	// from which every move leaves one heap, taken next: W 3.
	got, errs, code := runCmd(t, "tree", "nim", "1,2")
	want := "2 + 1  W 3\n" +
		"└─ x - k for k in 1..x -> 1 + 1  L 2\n" +
		"   └─ x - k for k in 1..x -> 1  W 1\n" +
		"      └─ x - k for k in 1..x -> (no heaps)  L 0, end\n"
	if code != 0 || got != want {
		t.Errorf("tree nim 1,2: exit %d (%s):\n%s\nwant\n%s", code, errs, got, want)
	}
	for _, c := range [][]string{{"nim", "3,5,6"}, {"kayles", "5"}, {"nim", "3 + 5 + 6"}} {
		tree, errs, code := runCmd(t, "tree", c[0], c[1], "--all-moves", "--depth", "1")
		show, _, _ := runCmd(t, "show", c[0], c[1])
		if code != 0 {
			t.Fatalf("tree %v: exit %d: %s", c, code, errs)
		}
		// The root, and each move of show as a branch of the tree.
		tl, sl := strings.Split(strings.TrimSpace(tree), "\n"), strings.Split(strings.TrimSpace(show), "\n")
		if strings.Replace(sl[0], ": ", "  ", 1) != tl[0] || len(tl) != len(sl) {
			t.Fatalf("%v: tree\n%s\nshow\n%s", c, tree, show)
		}
		for k, line := range sl[1:] {
			best := strings.HasPrefix(line, "  *")
			move := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "*"))
			branch := strings.TrimSuffix(strings.TrimSuffix(tl[k+1][len("├─ "):], " *"), " …")
			if branch != move || strings.HasSuffix(tl[k+1], " *") != best {
				t.Errorf("%v: tree has %q, show %q", c, tl[k+1], line)
			}
		}
	}
	// Nim 3 + 5 + 6 is lost (3 xor 5 xor 6 = 0); Kayles 5 is won, to 2 + 2.
	if got, _, _ := runCmd(t, "tree", "nim", "3,5,6", "--depth", "1"); !strings.HasPrefix(got, "6 + 5 + 3  L 14\n") {
		t.Errorf("nim 3,5,6:\n%s", got)
	}
	if got, _, _ := runCmd(t, "tree", "kayles", "5", "--depth", "1"); got != "5  W 5\n└─ 0.77 -> 2 + 2  L 4 …\n" {
		t.Errorf("kayles 5:\n%q", got)
	}
	// From a table, the same, but that the table holds the empty
	// collection as a position (a start of its view), not an end.
	table := solveTo(t, t.TempDir(), "kayles")
	a, _, _ := runCmd(t, "tree", "kayles", "5")
	b, errs, code := runCmd(t, "tree", table, "5")
	if code != 0 || strings.ReplaceAll(a, ", end\n", "\n") != b {
		t.Errorf("from the table: exit %d (%s):\n%s\nfrom the game:\n%s", code, errs, b, a)
	}
}

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
		if got, errs, _ := runCmd(t, "show", table, heaps); got != "1 + 1: L 2\n  * 0.77 -> 1  W 1\n" {
			t.Errorf("show %s: %q (%s)", heaps, got, errs)
		}
	}
}
