//go:build !js

package out

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"io"
	"slices"
	"strconv"
	"testing"

	"github.com/parquet-go/parquet-go"

	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// readParquet reads a Parquet file back as its column names and its rows
// written as the CSV writes them.
func readParquet(t *testing.T, data []byte) ([]string, [][]string) {
	t.Helper()
	f, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range f.Schema().Columns() {
		names = append(names, c[0])
	}
	r := parquet.NewReader(f)
	var out [][]string
	buf := make([]parquet.Row, 100)
	for {
		n, err := r.ReadRows(buf)
		for _, row := range buf[:n] {
			rec := make([]string, len(row))
			for _, v := range row {
				switch {
				case v.IsNull():
				case v.Kind() == parquet.Int64:
					rec[v.Column()] = strconv.FormatInt(v.Int64(), 10)
				default:
					rec[v.Column()] = string(v.ByteArray())
				}
			}
			out = append(out, rec)
		}
		if errors.Is(err, io.EOF) {
			return names, out
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestParquetIsCSV: the Parquet file has the CSV's columns and rows.
func TestParquetIsCSV(t *testing.T) {
	games := map[string]string{"history": retrotest.History, "rules": retrotest.Rules, "horizon": retrotest.Horizon}
	for _, name := range []string{"ege-2027-demo", "lebedev-commands"} {
		src, _ := rules.Builtin(name)
		games[name] = string(src)
	}
	for name, src := range games {
		_, rs := retrotest.Solve(t, name, []byte(src))
		rs = rs[:min(len(rs), 3)]
		for _, opt := range []CSVOptions{{Layer: -1}, {Layer: 3}, {Layer: -1, Best: BestOne}, {Layer: -1, Best: BestNone},
			{Layer: -1, KeepOutcome: true, Outcome: retro.Draw}} {
			var pq, cs bytes.Buffer
			if err := WriteParquet(&pq, rs, opt); err != nil {
				t.Fatal(err)
			}
			if err := WriteCSV(&cs, rs, opt); err != nil {
				t.Fatal(err)
			}
			want, err := csv.NewReader(&cs).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			names, rows := readParquet(t, pq.Bytes())
			if !slices.Equal(names, want[0]) {
				t.Errorf("%s: columns %v, want %v", name, names, want[0])
			}
			if len(rows) != len(want)-1 {
				t.Fatalf("%s: %d rows, want %d", name, len(rows), len(want)-1)
			}
			for k, row := range rows {
				if !slices.Equal(row, want[k+1]) {
					t.Fatalf("%s: row %d is %v, want %v", name, k, row, want[k+1])
				}
			}
		}
	}
}

// TestParquetBestNull: best is null where no move is optimal (a final
// position), a string elsewhere.
func TestParquetBestNull(t *testing.T) {
	_, rs := retrotest.Solve(t, "sub", []byte("piles = [\"x\"]\nmoves = [\"x - 1\", \"x - 3\"]\n[bounds]\nx = \"0..9\"\n"))
	var pq bytes.Buffer
	if err := WriteParquet(&pq, rs, CSVOptions{Layer: -1}); err != nil {
		t.Fatal(err)
	}
	f, err := parquet.OpenFile(bytes.NewReader(pq.Bytes()), int64(pq.Len()))
	if err != nil {
		t.Fatal(err)
	}
	if col := f.Schema().Columns()[3]; col[0] != "best" {
		t.Fatalf("column 3 is %v", col)
	}
	r := parquet.NewReader(f)
	buf := make([]parquet.Row, 1000)
	nulls, strs := 0, 0
	for {
		n, err := r.ReadRows(buf)
		for _, row := range buf[:n] {
			best, layer := row[3], row[2]
			switch {
			case best.IsNull() && layer.Int64() == 0: // L 0: the game is over
				nulls++
			case !best.IsNull() && len(best.ByteArray()) > 0:
				strs++
			default:
				t.Errorf("row %v: best %v", row, best)
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if nulls == 0 || strs == 0 {
		t.Errorf("%d null and %d string bests", nulls, strs)
	}
}

// TestWritersStopOnContext: CSV and Parquet stop with the context's error
// once it is done, within 16 384 rows, on a table of more.
func TestWritersStopOnContext(t *testing.T) {
	_, rs := retrotest.Solve(t, "square.toml", []byte("piles = [\"a\", \"b\"]\nmoves = [\"each -1\"]\n[bounds]\na = \"0..199\"\nb = \"0..199\"\n"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for name, write := range map[string]func(io.Writer, []*retro.Result, CSVOptions) error{"csv": WriteCSV, "parquet": WriteParquet} {
		written := 0
		err := write(io.Discard, rs, CSVOptions{Layer: -1, Context: ctx, Progress: func(n int64) { written = int(n) }})
		if !errors.Is(err, context.Canceled) || written != 1<<14 {
			t.Errorf("%s: %v after %d rows, want context.Canceled after 16384", name, err, written)
		}
	}
}
