package table

import (
	"bytes"
	"reflect"
	"testing"

	"retro/retro"
	"retro/retro/retrotest"
)

// TestSliceSpacesReadBack: the spaces of games that keep a weighted sum,
// which the shifts path indexes on its slice, read back from a table as
// the solve's, whatever index holds them: of few positions (kept in the
// table's record) and of more (in space blocks).
func TestSliceSpacesReadBack(t *testing.T) {
	for name, src := range retrotest.SliceGames {
		g, r := retrotest.SolveSliced(t, name, src)
		var b bytes.Buffer
		if err := Write(&b, g, []*retro.Result{r}, Options{}); err != nil {
			t.Fatal(err)
		}
		tb, err := Read(b.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(tb.Results[0].Space.Data(), r.Space.Data()) {
			t.Fatalf("%s: the space read back differs", name)
		}
	}
}
