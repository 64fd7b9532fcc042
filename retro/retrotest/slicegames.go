package retrotest

import (
	"fmt"
	"strings"
	"testing"

	"retro/retro"
	"retro/rules"
)

// Games that keep a weighted sum of their piles, which the shifts path
// ranks on its slice: the tests of the solver run them against the
// general path, those of out/table read their spaces back, and the
// benchmarks solve the larger ones.

// FSVP is Winning Ways' "Fair Shares and Varied Pairs" for n stones:
// pile cK counts the heaps of size K. A move splits a heap into equal
// heaps (cX = cX - 1, cY = cY + X/Y for every proper divisor Y of X) or
// merges two heaps of different sizes (cI = cI - 1, cJ = cJ - 1, cI+J =
// cI+J + 1 for I < J, I + J <= n). It starts from one heap of n; whoever
// cannot move loses.
func FSVP(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "name = \"Fair Shares and Varied Pairs, %d\"\n", n)
	writePiles(&b, "c", n)
	for x := 2; x <= n; x++ {
		for y := 1; y <= x/2; y++ {
			if x%y == 0 {
				fmt.Fprintf(&b, "  \"c%d = c%d - 1, c%d = c%d + %d\",\n", x, x, y, y, x/y)
			}
		}
	}
	for i := 1; i <= n; i++ {
		for j := i + 1; i+j <= n; j++ {
			fmt.Fprintf(&b, "  \"c%d = c%d - 1, c%d = c%d - 1, c%d = c%d + 1\",\n", i, i, j, j, i+j, i+j)
		}
	}
	b.WriteString("]\n\n[start]\n")
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "c%d = %d\n", k, map[bool]int{true: 1}[k == n])
	}
	return b.String()
}

// Partitions is a sparse game of n piles: pile pK counts the parts of
// size K of a partition, and a move splits one part in two (about n²/4
// assignment moves, each legal only where its part is present: 1024 for
// n = 64). It starts from the single part start.
func Partitions(n, start int) string {
	var b strings.Builder
	b.WriteString("name = \"Partitions: split a part in two\"\n")
	writePiles(&b, "p", n)
	for i := 2; i <= n; i++ {
		for j := 1; j <= i/2; j++ {
			if j == i-j {
				fmt.Fprintf(&b, "  \"p%d = p%d - 1, p%d = p%d + 2\",\n", i, i, j, j)
			} else {
				fmt.Fprintf(&b, "  \"p%d = p%d - 1, p%d = p%d + 1, p%d = p%d + 1\",\n", i, i, j, j, i-j, i-j)
			}
		}
	}
	b.WriteString("]\nwinner = \"mover\"\n\n[start]\n")
	for k := 1; k <= n; k++ {
		v := 0
		if k == start {
			v = 1
		}
		fmt.Fprintf(&b, "p%d = %d\n", k, v)
	}
	return b.String()
}

// SliceGames are games that keep a weighted sum, by file name: FSVP's and
// the partition game's, of few positions (fsvp-20, partitions-24, which
// a table keeps in its record) and of more (fsvp-30, partitions-40, in
// space blocks).
var SliceGames = map[string]string{
	"fsvp-20.toml":       FSVP(20),
	"fsvp-30.toml":       FSVP(30),
	"partitions-24.toml": Partitions(24, 18),
	"partitions-40.toml": Partitions(40, 30),
}

// SolveSliced solves a game of one instance that keeps a weighted sum,
// read as the file name, and fails the test unless the path chosen ranks
// its positions on the slice.
func SolveSliced(t testing.TB, name, src string) (*rules.Game, *retro.Result) {
	t.Helper()
	g := Parse(t, name, src)
	r := SolveOne(t, g)
	if !strings.Contains(r.Path, "ranked by counting on the slice") {
		t.Fatalf("%s: %s", name, r.Path)
	}
	return g, r
}

// writePiles writes the piles line of a game of n piles named prefix1 to
// prefixN, and opens its moves.
func writePiles(b *strings.Builder, prefix string, n int) {
	b.WriteString("piles = [")
	for k := 1; k <= n; k++ {
		if k > 1 {
			b.WriteString(", ")
		}
		fmt.Fprintf(b, "\"%s%d\"", prefix, k)
	}
	b.WriteString("]\nmoves = [\n")
}
