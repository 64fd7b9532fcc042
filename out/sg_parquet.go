//go:build !js

package out

import (
	"io"
	"reflect"

	"github.com/parquet-go/parquet-go"

	"retro/rules"
)

// WriteGrundyParquet writes the rows and columns of WriteGrundyCSV as a
// Parquet file, compressed with zstd: the rule params, the heap and its
// value as INT64, and for misère games the misere column as a string,
// null beyond the heaps analysed.
func WriteGrundyParquet(w io.Writer, g *rules.Game, tables []GrundyTable) error {
	misere := anyMisere(tables)
	names := GrundyHeader(g, misere)
	schema, err := columnSchema(names, func(k int, name string) (reflect.Type, string) {
		if misere && k == len(names)-1 {
			return reflect.TypeFor[string](), "optional"
		}
		return reflect.TypeFor[int64](), ""
	})
	if err != nil {
		return err
	}
	pw := newParquetWriter(w, schema)
	batch := newRowBatch(pw)
	err = eachGrundyRow(tables, misere, tableHeaps, func(r grundyRow) error {
		var pr parquet.Row
		for _, v := range r.params {
			pr = append(pr, parquet.Int64Value(v).Level(0, 0, len(pr)))
		}
		pr = append(pr, parquet.Int64Value(int64(r.heap)).Level(0, 0, len(pr)))
		pr = append(pr, parquet.Int64Value(int64(r.grundy)).Level(0, 0, len(pr)))
		switch {
		case !misere:
		case r.misere == "":
			pr = append(pr, parquet.NullValue().Level(0, 0, len(pr)))
		default:
			pr = append(pr, parquet.ByteArrayValue([]byte(r.misere)).Level(0, 1, len(pr)))
		}
		return batch.add(pr)
	})
	if err == nil {
		err = batch.flush()
	}
	if err != nil {
		return err
	}
	return pw.Close()
}
