package out_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"retro/out"
	"retro/retro/sg"
	"retro/rules"
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
