package sg_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"math/bits"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"retro/rules"
	"retro/rules/sg"
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

// readSeq reads the data section of an OEIS entry shipped in testdata:
// the terms of its %S, %T and %U lines.
func readSeq(t *testing.T, name string) []int {
	t.Helper()
	src, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var terms []int
	for _, line := range strings.Split(string(src), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 || (f[0] != "%S" && f[0] != "%T" && f[0] != "%U") {
			continue
		}
		for _, x := range strings.Split(strings.Trim(f[2], ","), ",") {
			v, err := strconv.Atoi(x)
			if err != nil {
				t.Fatalf("%s: term %q", name, x)
			}
			terms = append(terms, v)
		}
	}
	if len(terms) == 0 {
		t.Fatalf("%s: no terms", name)
	}
	return terms
}

// TestGrundysGameOEIS checks Grundy's game against OEIS A002188: its data
// section, its b-file (n = 0..10 000) and D. Cleaver's a-file (n =
// 0..200 000), heap by heap; the record highs of A180120 and A180121 as
// far as they go; and the single-heap P-positions of A036685, the 42 zeros
// of the table through 200 000.
func TestGrundysGameOEIS(t *testing.T) {
	afile := readReference(t, "a002188.txt")
	last := afile[len(afile)-1].n
	if len(afile) != last+1 || last != 200_000 {
		t.Fatalf("a002188.txt: %d terms for a(0..%d)", len(afile), last)
	}
	tab := refTable(t, grundysGame, last, sg.Sparse)
	for name, want := range map[string][]refHeap{"the a-file": afile, "the b-file": readReference(t, "b002188.txt")} {
		bad := 0
		for _, h := range want {
			if g := tab.G(h.n); g != h.g && bad < 5 {
				t.Errorf("g(%d) = %d, %s of OEIS A002188 %d", h.n, g, name, h.g)
				bad++
			}
		}
	}
	for n, v := range readSeq(t, "A002188.seq") {
		if tab.G(n) != uint32(v) {
			t.Errorf("g(%d) = %d, the data of OEIS A002188 %d", n, tab.G(n), v)
		}
	}
	// The entries' data sections go as far as their lines do: 45 indices
	// (to 13 679), 63 values (to 219).
	at, high := readSeq(t, "A180120.seq"), readSeq(t, "A180121.seq")
	var gotAt, gotHigh []int
	for n, top := 0, -1; n <= last; n++ {
		if g := int(tab.G(n)); g > top {
			top = g
			gotAt, gotHigh = append(gotAt, n), append(gotHigh, g)
		}
	}
	if len(gotAt) < max(len(at), len(high)) || !slices.Equal(gotAt[:len(at)], at) || !slices.Equal(gotHigh[:len(high)], high) {
		t.Errorf("record highs through %d:\n at %v\n of %v\nwant at %v\n of %v", last, gotAt, gotHigh, at, high)
	}
	var zeros []int
	for n := 0; n <= last; n++ {
		if tab.G(n) == 0 {
			zeros = append(zeros, n)
		}
	}
	if want := readSeq(t, "A036685.seq"); !slices.Equal(zeros, want) || len(want) != 42 {
		t.Errorf("zeros through %d: %v, A036685 %v", last, zeros, want)
	}
}

// czajkaRow is a row of T. Czajka's table of unsolved octal games
// (testdata/czajka-UnsolvedGames.md): the heaps computed, the largest
// value and its heap, the rare mask, how many rare heaps (heap 0 among
// them) and the last.
type czajkaRow struct {
	n, largestAt, largest int
	mask                  uint32
	rare, lastRare        int
}

// readCzajka reads the row of a game from the table.
func readCzajka(t *testing.T, game string) czajkaRow {
	t.Helper()
	src, err := os.ReadFile("testdata/czajka-UnsolvedGames.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(src), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 7 || strings.TrimSpace(f[0]) != game {
			continue
		}
		for k := range f {
			f[k] = strings.TrimSpace(f[k])
		}
		exp, ok := strings.CutPrefix(f[1], "2^")
		e, err1 := strconv.Atoi(exp)
		at, err2 := strconv.Atoi(f[2])
		top, err3 := strconv.Atoi(f[3])
		mask, err4 := strconv.ParseUint(f[4], 16, 32)
		rare, err5 := strconv.Atoi(f[5])
		lastRare, err6 := strconv.Atoi(f[6])
		if !ok || errors.Join(err1, err2, err3, err4, err5, err6) != nil {
			t.Fatalf("the row of %s: %q", game, line)
		}
		return czajkaRow{1 << e, at, top, uint32(mask), rare, lastRare}
	}
	t.Fatalf("no row of %s", game)
	return czajkaRow{}
}

// checkCzajka compares a table of heaps 0..row.n-1 with the row; the rare
// heaps are counted from the values themselves (a value is rare when its
// 1-bits under the mask are even in number), not taken from the method.
func checkCzajka(t *testing.T, game string, tab *sg.Table, row czajkaRow) {
	t.Helper()
	top, topAt, rare, lastRare := uint32(0), 0, 0, -1
	for n := 0; n < row.n; n++ {
		g := tab.G(n)
		if g > top {
			top, topAt = g, n
		}
		if bits.OnesCount32(g&row.mask)%2 == 0 {
			rare, lastRare = rare+1, n
		}
	}
	if int(top) != row.largest || topAt != row.largestAt || rare != row.rare || lastRare != row.lastRare {
		t.Errorf("%s through %d: largest %d at %d, %d rare under %#x, the last at %d; Czajka's table: %d at %d, %d, the last at %d",
			game, row.n, top, topAt, rare, row.mask, lastRare, row.largest, row.largestAt, row.rare, row.lastRare)
	}
}

// TestOctalCzajka checks the unsolved octal games .6, .04 and .06, and
// Grundy's game, against Czajka's rows: .6 and Grundy's game through 2^21,
// .04 and .06 through 2^17. With -short, .6 only through 2^15, where its
// rare heaps are those of its row already (the last at 20 627).
func TestOctalCzajka(t *testing.T) {
	six := readCzajka(t, ".6")
	if testing.Short() {
		o, _ := rules.ParseOctal(".6")
		tab, err := sg.OctalGrundy(context.Background(), o, 1<<15-1, sg.Sparse)
		if err != nil {
			t.Fatal(err)
		}
		short := six
		short.n = 1 << 15
		short.largest, short.largestAt = int(tab.Max()), 0
		for n := range short.n {
			if int(tab.G(n)) == short.largest {
				short.largestAt = n
				break
			}
		}
		checkCzajka(t, ".6", tab, short)
		return
	}
	for _, code := range []string{".6", ".04", ".06"} {
		row := readCzajka(t, code)
		o, _ := rules.ParseOctal(code)
		tab, err := sg.OctalGrundy(context.Background(), o, row.n-1, sg.Sparse)
		if err != nil {
			t.Fatal(err)
		}
		checkCzajka(t, code, tab, row)
	}
	row := readCzajka(t, "Grundy's")
	checkCzajka(t, "Grundy's game", refTable(t, grundysGame, row.n-1, sg.Sparse), row)
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
