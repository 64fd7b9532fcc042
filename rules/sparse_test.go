package rules

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// splitGame: pile pK counts parts of size K; a move splits a part in two.
// Every other command also has a move that needs no pile, and allow
// forbids repeating the opponent's command, so the sparse path must keep
// the order of commands and the allow rule.
func splitGame(n int) string {
	var b strings.Builder
	b.WriteString("piles = [")
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "%q, ", fmt.Sprintf("p%d", k))
	}
	b.WriteString("]\nallow = \"no-repeat-opponent\"\nend = \"p1 >= 40\"\n[commands]\n")
	c := 0
	for i := 2; i <= n; i++ {
		for j := 1; j <= i/2; j++ {
			if j == i-j {
				fmt.Fprintf(&b, "c%d = [\"p%d = p%d - 1, p%d = p%d + 2\"", c, i, i, j, j)
			} else {
				fmt.Fprintf(&b, "c%d = [\"p%d = p%d - 1, p%d = p%d + 1, p%d = p%d + 1\"", c, i, i, j, j, i-j, i-j)
			}
			if c%2 == 0 {
				fmt.Fprintf(&b, ", \"p1 = p1 + 1 if p2 == %d\"", c%3)
			}
			b.WriteString("]\n")
			c++
		}
	}
	b.WriteString("[start]\n")
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "p%d = %d\n", k, map[bool]int{true: 1}[k == n])
	}
	return b.String()
}

func TestSparseMovesKeepOrderAndAllow(t *testing.T) {
	sparseAgainstEveryMover(t, "split.toml", splitGame(20), 1, 3)
}

// sparseAgainstEveryMover checks, at 2000 random positions of a game that
// uses the sparse index (each pile nonzero with odds 1 in oneIn, then 0..2)
// and a random last command, that the index gives the moves of every
// mover, in order.
func sparseAgainstEveryMover(t *testing.T, file, src string, seed int64, oneIn int) {
	t.Helper()
	g, err := Parse(file, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if g.sparse == nil {
		t.Fatalf("%s should use the sparse index", file)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	m := insts[0].NewMachine()
	rng := rand.New(rand.NewSource(seed))
	piles := make([]int64, len(g.Piles))
	for trial := 0; trial < 2000; trial++ {
		for k := range piles {
			piles[k] = 0
			if rng.Intn(oneIn) == 0 {
				piles[k] = rng.Int63n(3)
			}
		}
		last := rng.Intn(len(g.Commands) + 1)
		var fast, slow MoveList
		if err := m.Moves(piles, last, 0, &fast); err != nil {
			t.Fatal(err)
		}
		x := g.sparse
		g.sparse = nil
		err := m.Moves(piles, last, 0, &slow)
		g.sparse = x
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(fast.Cmd, slow.Cmd) || !slices.Equal(fast.Piles, slow.Piles) {
			t.Fatalf("at %v last %d: sparse moves %v, every mover %v", piles, last, fast.Cmd, slow.Cmd)
		}
	}
}
