package retro_test

import (
	"fmt"
	"os"
	"reflect"
	"retro/retro/internal/core"
	"testing"

	"retro/positions"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

func fsvpInstance(t testing.TB, n int) *rules.Instance {
	t.Helper()
	g := retrotest.Parse(t, fmt.Sprintf("fsvp-%d.toml", n), retrotest.FSVP(n))
	return retrotest.Instances(t, g)[0]
}

// solveGeneral solves by the general path: a stored graph.
func solveGeneral(t testing.TB, in *rules.Instance, popt positions.Options) *retro.Result {
	t.Helper()
	gr, err := positions.Enumerate(in, popt)
	if err != nil {
		t.Fatal(err)
	}
	res, err := retro.Solve(gr, core.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// sameResult fails unless two results hold the same table, counted the
// same way.
func sameResult(t *testing.T, what string, fast, general *retro.Result) {
	t.Helper()
	if rep := retro.Compare(fast, general, 5); rep.Count > 0 {
		t.Fatalf("%s: %d differences from the general path: %+v", what, rep.Count, rep.Problems)
	}
	if fast.MoveCount != general.MoveCount || fast.Edges != general.Edges {
		t.Fatalf("%s: %d moves and %d edges, the general path %d and %d", what,
			fast.MoveCount, fast.Edges, general.MoveCount, general.Edges)
	}
	fd, gd := reflect.ValueOf(fast.Data()), reflect.ValueOf(general.Data())
	for k := 0; k < fd.NumField(); k++ {
		if !reflect.DeepEqual(fd.Field(k).Interface(), gd.Field(k).Interface()) {
			t.Fatalf("%s: %s differs from the general path's:\n%v\n%v", what, fd.Type().Field(k).Name,
				fd.Field(k).Interface(), gd.Field(k).Interface())
		}
	}
	if !reflect.DeepEqual(fast.Space.Data(), general.Space.Data()) {
		t.Fatalf("%s: the space differs from the general path's", what)
	}
}

// GamesmanOne's analysis counts every partition of n, the all-ones one
// (final, L) included; the table leaves out that end, reached by a move.
func TestFSVPAgainstGamesmanOne(t *testing.T) {
	for _, c := range []struct{ n, pos, w, l, d int }{
		{20, 627, 35, 3, 589},
	} {
		in := fsvpInstance(t, c.n)
		fast, err := retro.SolveInstance(in, positions.DefaultOptions(in.Game), core.Options{Path: "shifts"})
		if err != nil {
			t.Fatal(err)
		}
		tally := fast.Tally()
		if fast.Len() != c.pos-1 || tally[core.Win] != c.w || tally[core.Lose] != c.l-1 || tally[core.Draw] != c.d {
			t.Errorf("n = %d: %d positions, %v; want %d, W %d, L %d, D %d", c.n, fast.Len(), tally, c.pos-1, c.w, c.l-1, c.d)
		}
		sameResult(t, fmt.Sprintf("n = %d", c.n), fast, solveGeneral(t, in, positions.DefaultOptions(in.Game)))
	}
}

// testdata/fsvp-20.toml is retrotest.FSVP(20), for the command line, and
// testdata/partitions-24.toml retrotest.Partitions(24, 18), for the tests of the
// positions package.
func TestFSVPFileIsGenerated(t *testing.T) {
	for file, want := range map[string]string{
		"testdata/fsvp-20.toml":       retrotest.FSVP(20),
		"testdata/partitions-24.toml": retrotest.Partitions(24, 18),
	} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if string(src) != want {
			t.Fatalf("%s is not what its generator writes: write it again", file)
		}
	}
}

// Games that keep a weighted sum, on its slice, against the general path:
// the same table file and CSV (everyPath), the partition game's and
// FSVP's, of few positions (which a table keeps in its record) and of
// more (in space blocks). That their spaces read back from a table is a
// test of out/table (TestSliceSpacesReadBack).
func TestSliceTablesAgainstGeneralPath(t *testing.T) {
	for name, src := range retrotest.SliceGames {
		_, r := retrotest.SolveSliced(t, name, src)
		if name == "fsvp-30.toml" && r.Len() <= 4096 || name == "partitions-40.toml" && r.Len() <= 4096 {
			t.Fatalf("%s: %d positions, which a table keeps in its record", name, r.Len())
		}
		everyPath(t, name, src)
	}
}
