package rules

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// mergeGame: pile pK counts parts of size K; a move merges two parts of
// different sizes, taking from two piles, or splits a part into equal
// parts. allow keeps the general machine (positions carry history).
func mergeGame(n int) string {
	var b strings.Builder
	b.WriteString("piles = [")
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "%q, ", fmt.Sprintf("p%d", k))
	}
	b.WriteString("]\nallow = \"no-repeat-opponent\"\n[commands]\n")
	c := 0
	for i := 1; i <= n; i++ {
		for j := i + 1; i+j <= n; j++ {
			fmt.Fprintf(&b, "c%d = [\"p%d = p%d - 1, p%d = p%d - 1, p%d = p%d + 1\"]\n", c, i, i, j, j, i+j, i+j)
			c++
		}
	}
	for x := 2; x <= n; x++ {
		for y := 1; y <= x/2; y++ {
			if x%y == 0 {
				fmt.Fprintf(&b, "c%d = [\"p%d = p%d - 1, p%d = p%d + %d\"]\n", c, x, x, y, y, x/y)
				c++
			}
		}
	}
	b.WriteString("[start]\n")
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "p%d = %d\n", k, map[bool]int{true: 1}[k == n])
	}
	return b.String()
}

// The index tries a merge only where both its piles are there; the moves
// are those of every mover, in order.
func TestSparseMovesTakingFromTwoPiles(t *testing.T) {
	g, err := Parse("merge.toml", []byte(mergeGame(24)))
	if err != nil {
		t.Fatal(err)
	}
	if g.sparse == nil {
		t.Fatal("the merge game should use the sparse index")
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	m := insts[0].NewMachine()
	rng := rand.New(rand.NewSource(3))
	piles := make([]int64, len(g.Piles))
	for trial := 0; trial < 2000; trial++ {
		for k := range piles {
			piles[k] = 0
			if rng.Intn(4) == 0 {
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
