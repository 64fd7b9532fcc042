//go:build !js

package out

import (
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"

	"retro/retro"
	"retro/rules"
)

// parquetBatch is how many rows WriteParquet hands the writer at a time.
const parquetBatch = 4096

// parquetSchema has the CSV's columns (Header), in its order: rule
// parameters and piles as INT64, history, outcome and best as strings
// (dictionary-encoded where they repeat), layer as an optional INT64,
// null for D and ?, best as an optional string, null where no move is
// optimal (final positions, ?).
func parquetSchema(g *rules.Game, best BestMode) (*parquet.Schema, error) {
	names := Header(g, best)
	nInts := len(g.RuleParams()) + len(g.Piles)
	return columnSchema(names, func(k int, name string) (reflect.Type, string) {
		switch {
		case k < nInts:
			return reflect.TypeFor[int64](), ""
		case name == "layer" && k == nInts+historyColumns(g)+1:
			return reflect.TypeFor[int64](), "optional"
		case name == "best" && k == len(names)-1 && best != BestNone:
			return reflect.TypeFor[string](), "optional"
		}
		return reflect.TypeFor[string](), "dict"
	})
}

// columnSchema is the Parquet schema of columns named names, each of the
// type and with the options (such as "optional", "dict") that column
// gives for it.
func columnSchema(names []string, column func(k int, name string) (reflect.Type, string)) (*parquet.Schema, error) {
	seen := map[string]bool{}
	var fields []reflect.StructField
	for k, name := range names {
		if seen[name] || strings.ContainsAny(name, ",\"`") {
			return nil, fmt.Errorf("parquet: column name %q is used twice or cannot be a column", name)
		}
		seen[name] = true
		typ, opts := column(k, name)
		tag := name
		if opts != "" {
			tag += "," + opts
		}
		fields = append(fields, reflect.StructField{Name: fmt.Sprintf("C%d", k), Type: typ,
			Tag: reflect.StructTag(fmt.Sprintf(`parquet:"%s"`, tag))})
	}
	return parquet.SchemaOf(reflect.New(reflect.StructOf(fields)).Interface()), nil
}

// newParquetWriter is the writer of every Parquet file: zstd compressed.
func newParquetWriter(w io.Writer, schema *parquet.Schema) *parquet.GenericWriter[any] {
	return parquet.NewGenericWriter[any](w, schema, parquet.Compression(&zstd.Codec{Level: zstd.SpeedDefault}))
}

// WriteParquet writes the tables of a game's instances as one Parquet
// file with the rows and columns of WriteCSV, compressed with zstd, so
// that DuckDB, pandas or Polars read a table directly.
func WriteParquet(w io.Writer, results []*retro.Result, opt CSVOptions) error {
	if len(results) == 0 {
		return nil
	}
	schema, err := parquetSchema(results[0].Instance.Game, opt.Best)
	if err != nil {
		return err
	}
	pw := newParquetWriter(w, schema)
	rows := newRowCounter(opt)
	for _, r := range results {
		if err := writeParquetRows(pw, r, opt, rows); err != nil {
			return err
		}
	}
	return pw.Close()
}

func writeParquetRows(pw *parquet.GenericWriter[any], r *retro.Result, opt CSVOptions, rows *rowCounter) error {
	g := r.Instance.Game
	batch := newRowBatch(pw)
	str := func(s string) parquet.Value { return parquet.ByteArrayValue([]byte(s)) }
	err := eachRow(r, opt, func(row *Row) error {
		var pr parquet.Row
		add := func(v parquet.Value, def int) {
			pr = append(pr, v.Level(0, def, len(pr)))
		}
		for _, v := range row.Params {
			add(parquet.Int64Value(v), 0)
		}
		for _, v := range row.Piles {
			add(parquet.Int64Value(v), 0)
		}
		switch g.History {
		case rules.LastHistory:
			add(str(row.Last), 0)
		case rules.BothHistory:
			add(str(row.Last), 0)
			add(str(row.Mylast), 0)
		}
		add(str(row.Outcome.String()), 0)
		if row.Layer >= 0 {
			add(parquet.Int64Value(int64(row.Layer)), 1)
		} else {
			add(parquet.NullValue(), 0)
		}
		switch {
		case opt.Best == BestNone:
		case row.Best == "":
			add(parquet.NullValue(), 0)
		default:
			add(str(row.Best), 1)
		}
		if err := rows.add(); err != nil {
			return err
		}
		return batch.add(pr)
	})
	if err != nil {
		return err
	}
	return batch.flush()
}

// rowBatch hands a Parquet writer its rows parquetBatch at a time.
type rowBatch struct {
	pw   *parquet.GenericWriter[any]
	rows []parquet.Row
}

func newRowBatch(pw *parquet.GenericWriter[any]) *rowBatch {
	return &rowBatch{pw: pw, rows: make([]parquet.Row, 0, parquetBatch)}
}

func (b *rowBatch) add(r parquet.Row) error {
	if b.rows = append(b.rows, r); len(b.rows) == parquetBatch {
		return b.flush()
	}
	return nil
}

func (b *rowBatch) flush() error {
	_, err := b.pw.WriteRows(b.rows)
	b.rows = b.rows[:0]
	return err
}

// historyColumns is how many history columns a game's export has.
func historyColumns(g *rules.Game) int {
	switch g.History {
	case rules.LastHistory:
		return 1
	case rules.BothHistory:
		return 2
	}
	return 0
}
