package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTree(t *testing.T) {
	out, errs, code := runCmd(t, "tree", "ege-2027-demo", "17,44")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := `(17, 44)  L 4
├─ each +4 -> (21, 44)  W 3
│  └─ each *2 -> (42, 44)  L 2
│     ├─ each +4 -> (46, 44)  W 1
│     │  └─ each *2 -> (92, 44)  L 0, end
`
	if !strings.HasPrefix(out, want) {
		t.Errorf("tree starts:\n%s\nwant:\n%s", out[:min(len(out), 400)], want)
	}
	// Petya's four moves hang from the root.
	if n := strings.Count(out, "\n├─ ") + strings.Count(out, "\n└─ "); n != 4 {
		t.Errorf("%d moves under the root:\n%s", n, out)
	}
	// Doubling b hands Vanya the win at once.
	if !strings.HasSuffix(out, "\n└─ each *2 -> (17, 88)  W 1\n   └─ each *2 -> (17, 176)  L 0, end\n") {
		t.Errorf("tree ends:\n%s", out)
	}
}

// Every strategy tree of the exam games' starts fits 80 columns.
func TestTreeWidth(t *testing.T) {
	starts := map[string][]string{}
	for s := 1; s <= 115; s++ {
		starts["ege-2027-demo"] = append(starts["ege-2027-demo"], fmt.Sprintf("17,%d", s))
	}
	for s := 31; s <= 140; s++ {
		starts["ege-bank-one-pile"] = append(starts["ege-bank-one-pile"], fmt.Sprint(s))
	}
	for game, ps := range starts {
		for _, p := range ps {
			out, errs, code := runCmd(t, "tree", game, p)
			if code != 0 {
				t.Fatalf("%s %s: exit %d: %s", game, p, code, errs)
			}
			for _, l := range strings.Split(out, "\n") {
				if n := utf8.RuneCountInString(l); n > 80 {
					t.Fatalf("%s %s: a line of %d columns: %q", game, p, n, l)
				}
			}
		}
	}
}

func TestTreeFormats(t *testing.T) {
	out, errs, code := runCmd(t, "tree", "ege-2027-demo", "17,29", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var tree struct {
		Root struct {
			Position []int64
			Outcome  string
			Layer    int
			Children []struct{ Move string }
		}
	}
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if r := tree.Root; r.Outcome != "W" || r.Layer != 7 || len(r.Children) != 1 || r.Children[0].Move != "each +4" {
		t.Errorf("json root %+v", r)
	}
	out, _, code = runCmd(t, "tree", "ege-2027-demo", "17,58", "--dot")
	if code != 0 || !strings.HasPrefix(out, "digraph strategy {") || !strings.Contains(out, `n0 -> n1 [label="each *2", style=bold];`) {
		t.Errorf("dot:\n%s", out)
	}
	// Every move, marked, one level deep.
	out, _, _ = runCmd(t, "tree", "ege-2027-demo", "17,29", "--all-moves", "--depth", "1")
	want := `(17, 29)  W 7
├─ each +4 -> (21, 29)  L 6 … *
├─ each +4 -> (17, 33)  L 8 …
├─ each *2 -> (34, 29)  W 7 …
└─ each *2 -> (17, 58)  W 1 …
`
	if out != want {
		t.Errorf("--all-moves --depth 1:\n%s\nwant:\n%s", out, want)
	}
}

func TestTreePositions(t *testing.T) {
	// History: Lebedev's game after d.
	out, errs, code := runCmd(t, "tree", "lebedev-commands", "9", "--last", "d")
	if code != 0 || !strings.HasPrefix(out, "(9) last=d  L 4\n├─ a -> (10) last=a  W 3\n") {
		t.Errorf("exit %d (%s):\n%s", code, errs, out)
	}
	// A position the starts do not reach, and a final one.
	out, errs, code = runCmd(t, "tree", "ege-2027-demo", "1,1", "--depth", "2")
	if code != 0 || !strings.HasPrefix(out, "(1, 1)  ") {
		t.Errorf("unreached position: exit %d (%s):\n%s", code, errs, out)
	}
	out, _, code = runCmd(t, "tree", "ege-2027-demo", "100,100")
	if code != 0 || out != "(100, 100)  L 0\n" {
		t.Errorf("final position: exit %d:\n%s", code, out)
	}
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"ege-2027-demo", "17,29", "--dot", "--json"}, 2, "choose --dot or --json"},
		{[]string{"ege-2027-demo"}, 2, "tree takes GAME and POSITION"},
		{[]string{"ege-2027-demo", "17,3", "--max-nodes", "100"}, 1, "more than 100 nodes"},
		{[]string{"ege-2027-demo", "17,29", "--last", "each +4"}, 1, "carries no history"},
		{[]string{"multiplication-game", "1"}, 1, "--param"},
	}
	for _, c := range cases {
		_, errs, code := runCmd(t, append([]string{"tree"}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errs, c.code, c.msg)
		}
	}
}
