package retro_test

import (
	"context"
	"errors"
	"retro/retro/internal/core"
	"strings"
	"testing"

	"retro/retro"
	"retro/retro/retrotest"
)

// checkStrategy checks the shape of a strategy tree: one optimal move at a
// W node, every move at an L node, layers falling by one along the
// optimal moves, leaves at the ends of the game.
func checkStrategy(t *testing.T, r *retro.Result, n *retro.Node, depth int) (nodes, maxDepth int) {
	t.Helper()
	nodes, maxDepth = 1, depth
	if n.End {
		if len(n.Children) != 0 {
			t.Errorf("an end has children: %v", n.Piles)
		}
		return
	}
	moves, err := r.Moves(n.Index, r.Instance.NewMachine())
	if err != nil {
		t.Fatal(err)
	}
	switch n.Outcome {
	case core.Win:
		if len(n.Children) != 1 || !n.Children[0].Best {
			t.Fatalf("W node %v: %d children, want one optimal move", n.Piles, len(n.Children))
		}
		c := n.Children[0]
		if c.Outcome != core.Lose || c.Layer != n.Layer-1 {
			t.Errorf("W %d at %v: move to %s %d", n.Layer, n.Piles, c.Outcome, c.Layer)
		}
	case core.Lose:
		if len(n.Children) != len(moves) {
			t.Fatalf("L node %v: %d children of %d moves", n.Piles, len(n.Children), len(moves))
		}
	}
	for _, c := range n.Children {
		k, d := checkStrategy(t, r, c, depth+1)
		nodes += k
		maxDepth = max(maxDepth, d)
	}
	return
}

func TestTreeExamDemo(t *testing.T) {
	g := retrotest.Builtin(t, "ege-2027-demo")
	r := retrotest.SolveOne(t, g)
	m := r.Instance.NewMachine()
	for _, s := range []int64{29, 44, 56, 28} {
		i := index(t, r, 0, 17, s)
		tree, err := r.Tree(i, m, retro.TreeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if tree.Outcome != r.Outcome(i) || tree.Layer != r.Layer(i) || tree.Cmd != -1 {
			t.Errorf("root of (17, %d): %+v", s, tree)
		}
		_, depth := checkStrategy(t, r, tree, 0)
		if depth != tree.Layer {
			t.Errorf("(17, %d) %s %d: the tree is %d moves deep", s, tree.Outcome, tree.Layer, depth)
		}
	}
	// (17, 58): W 1, one move, doubling b to the end.
	tree, _ := r.Tree(index(t, r, 0, 17, 58), m, retro.TreeOptions{})
	if len(tree.Children) != 1 || !tree.Children[0].End || tree.Children[0].Piles[1] != 116 {
		t.Errorf("(17, 58): %+v", tree.Children)
	}
	// A depth cuts the tree; every move shows all four.
	tree, _ = r.Tree(index(t, r, 0, 17, 44), m, retro.TreeOptions{Depth: 1, AllMoves: true})
	if len(tree.Children) != 4 {
		t.Fatalf("all moves: %d children", len(tree.Children))
	}
	for _, c := range tree.Children {
		if len(c.Children) != 0 || !c.Cut {
			t.Errorf("depth 1: child %v has %d children, cut %v", c.Piles, len(c.Children), c.Cut)
		}
	}
	if _, err := r.Tree(index(t, r, 0, 17, 3), m, retro.TreeOptions{MaxNodes: 50}); err == nil ||
		!strings.Contains(err.Error(), "more than 50 nodes") {
		t.Errorf("node cap: %v", err)
	}
}

// From a draw the tree follows the drawing moves until a position repeats.
func TestTreeDraw(t *testing.T) {
	g := retrotest.Parse(t, "cycle.toml", `
piles = ["x"]
moves = ["x + 1", "x - 1"]
end = "x >= 10"
[start]
x = 5
`)
	r := retrotest.SolveOne(t, g)
	tree, err := r.Tree(index(t, r, 0, 5), r.Instance.NewMachine(), retro.TreeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	n, steps := tree, 0
	for len(n.Children) > 0 {
		if len(n.Children) != 1 || n.Children[0].Outcome != core.Draw {
			t.Fatalf("at %v: %d children", n.Piles, len(n.Children))
		}
		n = n.Children[0]
		steps++
	}
	if !n.Repeat || steps < 2 {
		t.Errorf("the line of play ends at %v after %d moves, repeat %v", n.Piles, steps, n.Repeat)
	}
}

// A tree stops at its context's end, before the next node's moves, so a
// server's time limit bounds a tree of huge fan-out too.
func TestTreeContext(t *testing.T) {
	r := retrotest.SolveOne(t, retrotest.Builtin(t, "ege-2027-demo"))
	m := r.Instance.NewMachine()
	i := index(t, r, 0, 17, 44)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.Tree(i, m, retro.TreeOptions{AllMoves: true, Context: ctx}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled tree: %v", err)
	}
	if _, err := r.Tree(i, m, retro.TreeOptions{AllMoves: true, Depth: 3, Context: context.Background()}); err != nil {
		t.Errorf("a tree with a live context: %v", err)
	}
}
