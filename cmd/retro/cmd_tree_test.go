package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"retro/out/query"
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

// tree takes a heap game's position as show does, a list of heaps, and
// agrees with show on it.
func TestTreeHeaps(t *testing.T) {
	// Nim 2 + 1 by hand: taking one from the 2 leaves 1 + 1 (XOR 0, L 2),
	// from which every move leaves one heap, taken next: W 3.
	got, errs, code := runCmd(t, "tree", "nim", "1,2")
	want := "2 + 1  W 3\n" +
		"└─ x - k (x = 2, k = 1) -> 1 + 1  L 2\n" +
		"   └─ x - k (x = 1, k = 1) -> 1  W 1\n" +
		"      └─ x - k (x = 1, k = 1) -> (no heaps)  L 0, end\n"
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
	if got, _, _ := runCmd(t, "tree", "kayles", "5", "--depth", "1"); got != "5  W 5\n└─ 0.77 (x = 5, k = 1) -> 2 + 2  L 4 …\n" {
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

// TestTreeDeepChain: the strategy along a chain of 150 000 moves is built
// and written at that depth, and the cap on its size names its flags.
func TestTreeDeepChain(t *testing.T) {
	game := writeGame(t, "chain.toml", "name = \"chain\"\npiles = [\"x\"]\nmoves = [\"x - 1\"]\nend = \"x <= 0\"\nwinner = \"mover\"\n[start]\nx = 150000\n")
	out, errs, code := runCmd(t, "tree", game, "150000", "--max-nodes", "200000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if n := strings.Count(out, "\n"); n != 150001 || !strings.HasSuffix(out, "[depth 150000] └ x - 1 -> (0)  L 0, end\n") || len(out) > 150001*120 {
		t.Errorf("%d lines, %d bytes, ending %q", n, len(out), out[len(out)-60:])
	}
	out, errs, code = runCmd(t, "tree", game, "150000", "--max-nodes", "200000", "--json")
	if code != 0 || !strings.Contains(out, "{\"move\":\"x - 1\",\"position\":[0],\"outcome\":\"L\",\"layer\":0,\"end\":true,\"best\":true,\"words\":\"takes 1 stone from the pile\"}") || !strings.HasSuffix(out, "\n}\n") {
		t.Errorf("json: exit %d, %d bytes: %s", code, len(out), errs)
	}
	_, errs, code = runCmd(t, "tree", game, "150000")
	if code != 1 || !strings.Contains(errs, "more than 100000 nodes") || !strings.Contains(errs, "--depth N, or raise --max-nodes") {
		t.Errorf("cap: exit %d: %s", code, errs)
	}
}

// TestShowTreeLang: show and tree write their words in the language asked
// (--lang, or the locale's), and nothing else changes: the Russian text is
// the English one with each word put into Russian, and no English word is
// left in it.
func TestShowTreeLang(t *testing.T) {
	chain := writeGame(t, "chain.toml", "name = \"chain\"\npiles = [\"x\"]\nmoves = [\"x - 1\"]\nend = \"x <= 0\"\nwinner = \"mover\"\n[start]\nx = 40\n")
	words := strings.NewReplacer(", end\n", ", конец\n", ", end *", ", конец *", ", end\"", ", конец\"", "(end of the game)", "(конец игры)", "[depth ", "[глубина ",
		"the game is over: end holds", "игра окончена: условие end выполнено", "the game is over: no legal moves", "игра окончена: ходов нет")
	cases := [][]string{
		{"show", "ege-2027-demo", "17,100"}, // moves that end the game
		{"show", "ege-2027-demo", "17,116"}, // the game is over
		{"show", "ege-2027-demo", "17,56"},  // no word at all
		{"tree", "ege-2027-demo", "17,56"},  // ends of the game
		{"tree", chain, "40"},               // deeper than the indentation
		{"tree", chain, "40", "--dot"},      // the labels of the nodes
		{"show", "kayles", "3"},             // a heap game
		{"show", "strip-tiling", "0"},       // no legal move
		{"tree", "lasker-nim", "2", "--all-moves"},
	}
	for _, c := range cases {
		en, errs, code := runCmd(t, c...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c, code, errs)
		}
		// In the engine's codes; in words, TestShowTreeWords.
		ru, errs, code := runCmd(t, append(c, "--lang", "ru", "--codes")...)
		if code != 0 {
			t.Fatalf("%v --lang ru: exit %d: %s", c, code, errs)
		}
		if want := words.Replace(en); ru != want {
			t.Errorf("%v --lang ru:\n%s\nwant:\n%s", c, ru, want)
		}
		if loc, _, _ := runLang(t, query.Ru, append(c, "--codes")...); loc != ru {
			t.Errorf("%v in a Russian locale:\n%s\nwant:\n%s", c, loc, ru)
		}
		if en2, _, _ := runLang(t, query.Ru, append(c, "--lang", "en")...); en2 != en {
			t.Errorf("%v --lang en in a Russian locale:\n%s", c, en2)
		}
		if m := regexp.MustCompile(`\b(end of|game is over|holds|legal|depth|repeats)\b`).FindString(ru); m != "" {
			t.Errorf("%v --lang ru: English %q left:\n%s", c, m, ru)
		}
	}
	_, errs, code := runCmd(t, "tree", "ege-2027-demo", "17,56", "--lang", "fr")
	if code != 2 || !strings.Contains(errs, `--lang "fr": want en or ru`) {
		t.Errorf("--lang fr: exit %d: %s", code, errs)
	}
}
