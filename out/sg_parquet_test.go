//go:build !js

package out

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"retro/rules"
	"retro/rules/sg"
)

// TestGrundyParquetIsCSV: the Parquet file of Grundy tables has the CSV's
// columns and rows, the values by hand (powers of p, p = 2 and 3; a
// misère game whose last heap is beyond the analysis, its misere null).
func TestGrundyParquetIsCSV(t *testing.T) {
	g, err := rules.Parse("pow.toml", []byte("piles = [\"x\"]\nsum = true\nmoves = [\"x - p ** k for k in 0..5 if p ** k <= x\"]\n[params]\np = \"2..3\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	var pow []GrundyTable
	for _, in := range insts {
		tab, err := sg.Grundy(context.Background(), in.NewMachine(), 5)
		if err != nil {
			t.Fatal(err)
		}
		pow = append(pow, GrundyTable{Params: in.Values, Table: tab, Upto: 4})
	}
	mis, err := rules.Parse("m.toml", []byte("piles = [\"n\"]\nsum = true\nmoves = [\"n - 1\"]\nwinner = \"other\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		g      *rules.Game
		tables []GrundyTable
		want   [][]string
	}{
		{g, pow, [][]string{{"p", "x", "grundy"}, {"2", "0", "0"}, {"2", "1", "1"}, {"2", "2", "2"}, {"2", "3", "0"}, {"2", "4", "1"},
			{"3", "0", "0"}, {"3", "1", "1"}, {"3", "2", "0"}, {"3", "3", "1"}, {"3", "4", "0"}}},
		{mis, []GrundyTable{{Table: sg.NewTable([]uint32{0, 1, 0, 1}), Upto: 3, Misere: []bool{true, false, true}}},
			[][]string{{"n", "grundy", "misere"}, {"0", "0", "W"}, {"1", "1", "L"}, {"2", "0", "W"}, {"3", "1", ""}}},
	} {
		var b bytes.Buffer
		if err := WriteGrundyParquet(&b, c.g, c.tables); err != nil {
			t.Fatal(err)
		}
		names, rows := readParquet(t, b.Bytes())
		got := append([][]string{names}, rows...)
		if !slices.EqualFunc(got, c.want, slices.Equal) {
			t.Errorf("%s: got %v, want %v", c.g.File, got, c.want)
		}
	}
}
