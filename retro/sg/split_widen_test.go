package sg_test

import (
	"testing"

	"retro/retro/sg"
)

// refTable computes the table of the one instance of a game by
// HeapGrundy with the given method.
func refTable(t *testing.T, src string, upto int, m sg.OctalMethod) *sg.Table {
	t.Helper()
	return heapGrundy(t, sgInstances(t, "game.toml", src)[0], upto, m)
}

// TestSplitWidens checks a game by rows whose values pass 255, so that
// its computation goes from one byte a value to four part way, against
// the scan of every option.
func TestSplitWidens(t *testing.T) {
	const game = "piles = [\"x\"]\nsum = true\nmoves = [\"x - k for k in 1..x\", \"x -> i, x - 1 - i for i in 1..x-2 if 2 * i != x - 1\"]\n"
	const upto = 700
	tab := refTable(t, game, upto, sg.Sparse)
	scan := refTable(t, game, upto, sg.Naive)
	if s := tab.Sparse; s == nil || s.Rows != 1 {
		t.Fatalf("not computed by rows: %v", s)
	}
	if tab.Max() <= 255 {
		t.Fatalf("the values stay below 256 (largest %d): nothing widens", tab.Max())
	}
	for n := range upto + 1 {
		if tab.G(n) != scan.G(n) {
			t.Fatalf("g(%d) = %d by rows, %d by the scan", n, tab.G(n), scan.G(n))
		}
	}
}
