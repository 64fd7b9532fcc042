package out_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"retro/out"
	"retro/out/query"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// handTree is the demo's strategy from (17, 56) cut to two branches: L 2,
// every move of Petya, Vanya's one answer to each.
func handTree(t *testing.T) (*rules.Game, *retro.Node) {
	t.Helper()
	g := retrotest.Builtin(t, "ege-2027-demo")
	end := func(a, b int64) *retro.Node {
		return &retro.Node{Piles: []int64{a, b}, Index: -1, Cmd: 1, Outcome: retro.Lose, Layer: 0, End: true, Best: true}
	}
	w1 := func(cmd int, a, b int64, child *retro.Node) *retro.Node {
		return &retro.Node{Piles: []int64{a, b}, Index: 1, Cmd: cmd, Outcome: retro.Win, Layer: 1, Best: true,
			Children: []*retro.Node{child}}
	}
	root := &retro.Node{Piles: []int64{17, 56}, Index: 0, Cmd: -1, Outcome: retro.Lose, Layer: 2, Children: []*retro.Node{
		w1(0, 21, 56, end(21, 112)),
		w1(1, 17, 112, end(17, 224)),
	}}
	return g, root
}

func TestWriteTree(t *testing.T) {
	g, root := handTree(t)
	var b bytes.Buffer
	if err := out.WriteTree(&b, g, root, out.TreeOptions{}); err != nil {
		t.Fatal(err)
	}
	want := `(17, 56)  L 2
├─ each +4 -> (21, 56)  W 1
│  └─ each *2 -> (21, 112)  L 0, end
└─ each *2 -> (17, 112)  W 1
   └─ each *2 -> (17, 224)  L 0, end
`
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	out.WriteTree(&b, g, root, out.TreeOptions{MarkBest: true})
	if !strings.Contains(b.String(), "(21, 56)  W 1 *\n") {
		t.Errorf("marks:\n%s", b.String())
	}
}

func TestWriteTreeDot(t *testing.T) {
	g, root := handTree(t)
	var b bytes.Buffer
	if err := out.WriteTreeDot(&b, g, root, query.En); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	for _, w := range []string{"digraph strategy {", `n0 [label="(17, 56)\nL 2", fillcolor="#f4c8c8"];`,
		`n0 -> n1 [label="each +4", style=bold];`, `shape=ellipse`, "}\n"} {
		if !strings.Contains(s, w) {
			t.Errorf("dot lacks %q:\n%s", w, s)
		}
	}
	if strings.Count(s, "->") != 4 {
		t.Errorf("dot has %d edges:\n%s", strings.Count(s, "->"), s)
	}
}

func TestWriteTreeJSON(t *testing.T) {
	g, root := handTree(t)
	var b bytes.Buffer
	if err := out.WriteTreeJSON(&b, g, root, query.En); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Game  string
		Piles []string
		Root  struct {
			Position []int64
			Outcome  string
			Layer    *int
			Move     string
			Children []struct {
				Move     string
				Position []int64
				Best     bool
				Children []struct {
					End   bool
					Layer *int
				}
			}
		}
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	r := got.Root
	if got.Piles[1] != "b" || r.Outcome != "L" || *r.Layer != 2 || r.Move != "" || len(r.Children) != 2 {
		t.Fatalf("%s", b.String())
	}
	c := r.Children[1]
	if c.Move != "each *2" || c.Position[1] != 112 || !c.Best || !c.Children[0].End || *c.Children[0].Layer != 0 {
		t.Errorf("%s", b.String())
	}
	if strings.Contains(b.String(), `"last"`) {
		t.Errorf("history in a game without it:\n%s", b.String())
	}
}
