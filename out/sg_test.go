package out_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"retro/out"
	"retro/rules"
	"retro/rules/sg"
)

func TestWriteGrundyCSV(t *testing.T) {
	src := "piles = [\"x\"]\nsum = true\nmoves = [\"x - p ** k for k in 0..5 if p ** k <= x\"]\n[params]\np = \"2..3\"\n"
	g, err := rules.Parse("pow.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	var tables []out.GrundyTable
	for _, in := range insts {
		tab, err := sg.Grundy(context.Background(), in.NewMachine(), 5)
		if err != nil {
			t.Fatal(err)
		}
		tables = append(tables, out.GrundyTable{Params: in.Values, Table: tab, Upto: 4})
	}
	var b bytes.Buffer
	if err := out.WriteGrundyCSV(&b, g, tables); err != nil {
		t.Fatal(err)
	}
	want := "p,x,grundy\n2,0,0\n2,1,1\n2,2,2\n2,3,0\n2,4,1\n3,0,0\n3,1,1\n3,2,0\n3,3,1\n3,4,0\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestWriteGrundyCSVMisere(t *testing.T) {
	g, err := rules.Parse("m.toml", []byte("piles = [\"n\"]\nsum = true\nmoves = [\"n - 1\"]\nwinner = \"other\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	tab := sg.NewTable([]uint32{0, 1, 0, 1})
	var b bytes.Buffer
	err = out.WriteGrundyCSV(&b, g, []out.GrundyTable{{Table: tab, Upto: 3, Misere: []bool{true, false, true}}})
	if err != nil {
		t.Fatal(err)
	}
	want := "n,grundy,misere\n0,0,W\n1,1,L\n2,0,W\n3,1,\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	if h := strings.Join(out.GrundyHeader(g, false), ","); h != "n,grundy" {
		t.Errorf("header %s", h)
	}
}

// The text of a table: g(0..12) ten to a row, right-aligned to the widest
// value, and for a misère game the outcome of each heap; the hint at
// --find-period only when no period was found, it was not asked for and
// it would extend the table (the table is below its cap).
func TestWriteGrundyText(t *testing.T) {
	g, err := rules.Parse("m.toml", []byte("piles = [\"n\"]\nsum = true\nmoves = [\"n - 1\"]\nwinner = \"other\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	values := make([]uint32, 13)
	for n := range values {
		values[n] = uint32(n % 3 * 5)
	}
	tab := out.GrundyTable{Table: sg.NewTable(values), Upto: 12, Misere: []bool{true, false, true}, Collections: 4,
		Period: sg.Period{Upto: 12}, Extendable: true}
	var b bytes.Buffer
	out.WriteGrundyText(&b, g, []out.GrundyTable{tab}, "fast", false)
	want := `game:     m (m.toml)
play:     misère (winner = "other"): the Grundy values are those of normal play,
          and decide no misère position; the misère outcome of each single heap
          is found exactly, by enumerating the collections of heaps it reaches

g(0..12):
     0:  0  5 10  0  5 10  0  5 10  0
    10:  5 10  0
misère outcome of one heap (4 collections enumerated):
     0: W L W
period:   none apparent up to 12 (--find-period extends the table)
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	out.WriteGrundyText(&b, g, []out.GrundyTable{tab}, "fast", true)
	if strings.Contains(b.String(), "--find-period") {
		t.Errorf("a hint at --find-period when it was asked for:\n%s", b.String())
	}
	b.Reset()
	tab.Extendable = false
	out.WriteGrundyText(&b, g, []out.GrundyTable{tab}, "fast", false)
	if strings.Contains(b.String(), "--find-period") {
		t.Errorf("a hint at --find-period for a table at its cap:\n%s", b.String())
	}
}

// The text of a sum: the values and their XOR, and each winning move with
// what it leaves; a lost sum says so and lists none.
func TestWriteSumText(t *testing.T) {
	x := uint32(3)
	var b bytes.Buffer
	out.WriteSumText(&b, out.SumJSON{Heaps: []string{"1", "2"}, Games: []string{"Nim"}, Values: []uint32{1, 2}, Grundy: &x, Win: true,
		Moves: []out.SumMoveJSON{{Heap: "2", To: []int64{1}, Leaves: "1 + 1"}, {Heap: "1", To: nil, Leaves: "2"}}})
	want := `sum:      1 + 2  (Nim)
grundy:   1 ^ 2 = 3
outcome:  W: the player to move wins
winning moves: 2
  2 -> 1   leaves 1 + 1
  1 -> nothing   leaves 2
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	out.WriteSumText(&b, out.SumJSON{Heaps: []string{"a:1", "b:1"}, Games: []string{"A", "B"}, Misere: 3})
	want = `sum:      a:1 + b:1
play:     misère: solved exactly, by enumerating the 3 collections of heaps reached
outcome:  L: the player to move loses; every move leaves the opponent a win
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
