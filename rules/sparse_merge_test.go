package rules

import (
	"fmt"
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
	sparseAgainstEveryMover(t, "merge.toml", mergeGame(24), 3, 4)
}
