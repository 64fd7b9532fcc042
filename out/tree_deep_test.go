package out_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"retro/out"
	"retro/out/query"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// chain is a tree of one line of n moves: the shape of a one-pile game
// taken one stone at a time.
func chain(n int) *retro.Node {
	root := &retro.Node{Piles: []int64{int64(n)}, Cmd: -1, Outcome: retro.Win, Layer: n}
	at := root
	for d := 1; d <= n; d++ {
		c := &retro.Node{Piles: []int64{int64(n - d)}, Cmd: 0, Outcome: retro.Outcome(1 + d%2), Layer: n - d, Best: true, End: d == n}
		at.Children = []*retro.Node{c}
		at = c
	}
	return root
}

// randomTree has up to n nodes, of up to three children each.
func randomTree(rng *rand.Rand, n int) *retro.Node {
	root := &retro.Node{Piles: []int64{0, 0}, Cmd: -1, Outcome: retro.Win, Layer: 5}
	nodes := []*retro.Node{root}
	for k := 1; k < n; k++ {
		p := nodes[rng.IntN(len(nodes))]
		if len(p.Children) == 3 {
			continue
		}
		c := &retro.Node{Piles: []int64{int64(k), -int64(k)}, Cmd: rng.IntN(2), Outcome: retro.Outcome(rng.IntN(4)),
			Layer: rng.IntN(9) - 1, End: rng.IntN(5) == 0, Best: rng.IntN(2) == 0, Cut: rng.IntN(7) == 0}
		p.Children = append(p.Children, c)
		nodes = append(nodes, c)
	}
	return root
}

// recursiveJSON is the tree in WriteTreeJSON's form built the simple
// way, a nested value marshalled whole: what the streaming writer must
// give while the tree is not deeper than out.IndentCap.
type recursiveJSON struct {
	Move     string           `json:"move,omitempty"`
	Position []int64          `json:"position"`
	Outcome  string           `json:"outcome"`
	Layer    *int             `json:"layer"`
	End      bool             `json:"end,omitempty"`
	Best     bool             `json:"best,omitempty"`
	Cut      bool             `json:"cut,omitempty"`
	Repeat   bool             `json:"repeat,omitempty"`
	Words    string           `json:"words,omitempty"`
	Children []*recursiveJSON `json:"children,omitempty"`
}

func toRecursive(g *rules.Game, n, parent *retro.Node) *recursiveJSON {
	j := &recursiveJSON{Position: n.Piles, Outcome: n.Outcome.String(), End: n.End, Best: n.Best, Cut: n.Cut, Repeat: n.Repeat}
	if n.Cmd >= 0 {
		j.Move = g.Commands[n.Cmd].Name
		j.Words, _ = query.En.MoveWords(g, retro.Move{Cmd: n.Cmd, Name: j.Move, To: n.Piles}, parent.Piles, -1)
	}
	if n.Layer >= 0 {
		l := n.Layer
		j.Layer = &l
	}
	for _, c := range n.Children {
		j.Children = append(j.Children, toRecursive(g, c, n))
	}
	return j
}

// TestTreeJSONAsMarshalIndent: within IndentCap levels the streamed JSON
// is, byte for byte, encoding/json's of the nested value.
func TestTreeJSONAsMarshalIndent(t *testing.T) {
	g := retrotest.Parse(t, "g.toml", "piles = [\"a\", \"b\"]\nmoves = [\"a = a - 1\", \"b = b - 1\"]\n[start]\na = 3\nb = 3\n")
	rng := rand.New(rand.NewPCG(1, 2))
	trees := []*retro.Node{chain(out.IndentCap), {Piles: []int64{1, 2}, Cmd: -1, Outcome: retro.Draw, Layer: -1}}
	for k := 0; k < 50; k++ {
		trees = append(trees, randomTree(rng, 1+rng.IntN(60)))
	}
	for k, root := range trees {
		var b bytes.Buffer
		if err := out.WriteTreeJSON(&b, g, root, query.En); err != nil {
			t.Fatal(err)
		}
		want, _ := json.MarshalIndent(struct {
			Game  string         `json:"game"`
			Piles []string       `json:"piles"`
			Root  *recursiveJSON `json:"root"`
		}{g.Name, g.Piles, toRecursive(g, root, nil)}, "", "  ")
		if b.String() != string(want)+"\n" {
			t.Fatalf("tree %d:\n%s\nwant\n%s", k, b.String(), want)
		}
	}
}

// jsonDepth reads JSON token by token (encoding/json's decoder of whole
// values stops at 10 000 levels) and returns its deepest nesting and the
// number of objects.
func jsonDepth(t *testing.T, data []byte) (deepest, objects int) {
	dec := json.NewDecoder(bytes.NewReader(data))
	depth := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("after %d objects: %v", objects, err)
		}
		switch tok {
		case json.Delim('{'):
			objects++
			depth++
		case json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		deepest = max(deepest, depth)
	}
	return deepest, objects
}

// TestDeepTree: a chain of 100 000 moves is written as text and as JSON
// in output that grows with the nodes, not with the square of the depth,
// and the JSON is valid at that depth.
func TestDeepTree(t *testing.T) {
	const n = 100_000
	g := retrotest.Parse(t, "g.toml", "piles = [\"x\"]\nmoves = [\"x - 1\"]\n[start]\nx = 3\n")
	root := chain(n)
	var b bytes.Buffer
	if err := out.WriteTree(&b, g, root, out.TreeOptions{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != n+1 {
		t.Fatalf("%d lines", len(lines))
	}
	for d, l := range lines {
		if w := len([]rune(l)); w > 3*out.IndentCap+60 {
			t.Fatalf("line %d is %d wide: %q", d, w, l)
		}
		label := fmt.Sprintf("[depth %d] ", d)
		if (d > out.IndentCap) != strings.Contains(l, label) {
			t.Fatalf("line %d: %q", d, l)
		}
	}
	if want := "x - 1 -> (0)  L 0, end"; !strings.HasSuffix(lines[n], want) {
		t.Errorf("last line %q", lines[n])
	}
	b.Reset()
	if err := out.WriteTreeJSON(&b, g, root, query.En); err != nil {
		t.Fatal(err)
	}
	if b.Len() > 140*n { // a node's fields, its move in words among them
		t.Errorf("%d bytes of JSON for %d nodes", b.Len(), n)
	}
	deepest, objects := jsonDepth(t, b.Bytes())
	// The outer object, the root, then a children array and a node a
	// level, the last node's position array.
	if objects != n+2 || deepest != 2+2*n+1 {
		t.Errorf("%d objects, %d deep", objects, deepest)
	}
}
