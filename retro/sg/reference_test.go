package sg_test

import (
	"bufio"
	"bytes"
	"math/bits"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"retro/retro/sg"
)

// refHeap is one line of a reference file: a heap and its value.
type refHeap struct {
	n int
	g uint32
}

// readReference reads a file of testdata: lines "n g(n)", ascending in n,
// after comment lines starting with #.
func readReference(t *testing.T, name string) []refHeap {
	t.Helper()
	src, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var hs []refHeap
	sc := bufio.NewScanner(bytes.NewReader(src))
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Fields(text)
		if len(f) != 2 {
			t.Fatalf("%s:%d: want two fields, have %q", name, line, text)
		}
		n, err1 := strconv.Atoi(f[0])
		g, err2 := strconv.ParseUint(f[1], 10, 32)
		if err1 != nil || err2 != nil || n < 0 || (len(hs) > 0 && n <= hs[len(hs)-1].n) {
			t.Fatalf("%s:%d: not an ascending heap and a value: %q", name, line, text)
		}
		hs = append(hs, refHeap{n, uint32(g)})
	}
	if len(hs) == 0 {
		t.Fatalf("%s: no values", name)
	}
	return hs
}

// TestGrundysGameOEIS checks Grundy's game against the terms of OEIS
// A002188 shipped in testdata (a(0..104), the entry's data section; its
// b-file is not shipped: see the file's header).
func TestGrundysGameOEIS(t *testing.T) {
	want := readReference(t, "a002188.txt")
	last := want[len(want)-1].n
	if len(want) != last+1 {
		t.Fatalf("a002188.txt: %d terms for a(0..%d)", len(want), last)
	}
	tab := refTable(t, grundysGame, last, sg.Sparse)
	for _, h := range want {
		if g := tab.G(h.n); g != h.g {
			t.Errorf("g(%d) = %d, OEIS A002188 %d", h.n, g, h.g)
		}
	}
}

// TestGrundysSparseFlammenkamp checks the sparse heaps of Grundy's game,
// with their values, against the start of Flammenkamp's published list
// shipped in testdata, through its last entry there: the same heaps, in
// the same order, with the same values. The list's mask is every bit of
// a value but the lowest; the table's must agree with it on every value
// the table holds.
func TestGrundysSparseFlammenkamp(t *testing.T) {
	want := readReference(t, "grundy-sparse-flammenkamp.txt")
	last := want[len(want)-1].n
	const upto = 1 << 12
	tab := refTable(t, grundysGame, upto, sg.Sparse)
	s := tab.Sparse
	if s == nil || s.Mask == 0 {
		t.Fatalf("Grundy's game was not computed in a sparse space: %v", s)
	}
	if full := uint32(1)<<bits.Len32(tab.Max()) - 1; s.Mask&full != full&^1 {
		t.Errorf("mask %#x: the published list's is every bit but the lowest (%#x for these values)", s.Mask, full&^1)
	}
	got := []refHeap{{0, tab.G(0)}}
	for _, n := range s.List {
		if int(n) <= last {
			got = append(got, refHeap{int(n), tab.G(int(n))})
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("sparse heaps through %d:\n got  %v\n want %v", last, got, want)
	}
}

// TestGrundysGameTo2e21 checks Grundy's game through 2^21 heaps against
// another program's published run to that size: the table of unsolved
// games in github.com/tczajka/octal-games (UnsolvedGames.md) gives, for
// n = 2^21, the largest value 231 at heap 763 622, mask fe, 1274 rare
// heaps (heap 0 among them) and the last rare heap at 82 860. Skipped
// with -short (some seconds of CPU).
func TestGrundysGameTo2e21(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: Grundy's game to 2^21 takes some seconds of CPU")
	}
	const upto = 1<<21 - 1 // 2^21 heaps: 0 through 2^21-1
	tab := refTable(t, grundysGame, upto, sg.Sparse)
	if m := tab.Max(); m != 231 || tab.G(763_622) != 231 {
		t.Errorf("largest value %d, g(763622) = %d: want 231 for both", m, tab.G(763_622))
	}
	s := tab.Sparse
	if s == nil || s.Mask != 0xfe || s.Heaps+1 != 1274 || s.Last != 82_860 {
		t.Errorf("sparse space %+v: want mask 0xfe, 1274 rare heaps with heap 0, the last at 82860", s)
	}
}

// TestGrundysRareRun checks the sparse heaps of Grundy's game through 2^17
// against testdata/grundy-rare-2e26.csv, the list retro sg --rare wrote
// in the run to 2^26 the README describes (x,grundy, heap 0 not listed),
// so that a change to the method that moved a sparse heap shows; the list
// itself is checked against the published one by the tests above and in
// the README.
func TestGrundysRareRun(t *testing.T) {
	src, err := os.ReadFile("testdata/grundy-rare-2e26.csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(src)), "\n")
	if lines[0] != "x,grundy" {
		t.Fatalf("grundy-rare-2e26.csv: header %q", lines[0])
	}
	const upto = 1 << 17
	var want []refHeap
	for _, l := range lines[1:] {
		x, g, ok := strings.Cut(l, ",")
		n, err1 := strconv.Atoi(x)
		v, err2 := strconv.ParseUint(g, 10, 32)
		if !ok || err1 != nil || err2 != nil {
			t.Fatalf("grundy-rare-2e26.csv: line %q", l)
		}
		if n <= upto {
			want = append(want, refHeap{n, uint32(v)})
		}
	}
	tab := refTable(t, grundysGame, upto, sg.Sparse)
	var got []refHeap
	for _, n := range tab.Sparse.List {
		got = append(got, refHeap{int(n), tab.G(int(n))})
	}
	if !slices.Equal(got, want) {
		t.Errorf("sparse heaps through %d: %d, the run's list has %d there", upto, len(got), len(want))
	}
}
