package sg_test

import (
	"context"
	"testing"

	"retro/rules"
	"retro/rules/sg"
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
	if tab.Bytes() != 2*tab.Len() || scan.Bytes() != 2*scan.Len() {
		t.Errorf("%d and %d bytes for %d values: want two a value below 65 536", tab.Bytes(), scan.Bytes(), tab.Len())
	}
}

// A table takes one byte a value below 256, two below 65 536, four
// beyond: Grundy's game to 2^32 fits in about 8 GiB of values.
func TestTableWidths(t *testing.T) {
	for _, c := range []struct {
		top  uint32
		each int
	}{{0, 1}, {255, 1}, {256, 2}, {65535, 2}, {65536, 4}, {1 << 31, 4}} {
		vs := []uint32{0, c.top / 2, c.top}
		tab := sg.NewTable(vs)
		if tab.Bytes() != c.each*len(vs) || tab.Max() != c.top {
			t.Errorf("largest %d: %d bytes for %d values, max %d", c.top, tab.Bytes(), len(vs), tab.Max())
		}
		for n, v := range vs {
			if tab.G(n) != v {
				t.Errorf("largest %d: g(%d) = %d, want %d", c.top, n, tab.G(n), v)
			}
		}
	}
}

// An octal code whose values pass 255 is computed again at two bytes a
// value, by every method: .6 passes 255 before 2^14 heaps.
func TestOctalWidens(t *testing.T) {
	o, err := rules.ParseOctal(".6")
	if err != nil {
		t.Fatal(err)
	}
	const upto = 1 << 14
	sparse, err := sg.OctalGrundy(context.Background(), o, upto, sg.Sparse)
	if err != nil {
		t.Fatal(err)
	}
	if sparse.Max() <= 255 {
		t.Fatalf(".6 stays below 256 through %d (largest %d)", upto, sparse.Max())
	}
	naive, err := sg.OctalGrundy(context.Background(), o, upto, sg.Naive)
	if err != nil {
		t.Fatal(err)
	}
	for n := range upto + 1 {
		if sparse.G(n) != naive.G(n) {
			t.Fatalf("g(%d) = %d sparse, %d naive", n, sparse.G(n), naive.G(n))
		}
	}
	if sparse.Bytes() != 2*sparse.Len() || naive.Bytes() != 2*naive.Len() {
		t.Errorf("%d and %d bytes for %d values: want two a value", sparse.Bytes(), naive.Bytes(), sparse.Len())
	}
}
