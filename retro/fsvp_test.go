package retro_test

import (
	"bytes"
	"fmt"
	"os"
	"reflect"
	"retro/retro/internal/core"
	"strings"
	"testing"

	"retro/out/table"
	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// fsvpGame is Winning Ways' "Fair Shares and Varied Pairs" for n stones:
// pile cK counts the heaps of size K. A move splits a heap into equal
// heaps (cX = cX - 1, cY = cY + X/Y for every proper divisor Y of X) or
// merges two heaps of different sizes (cI = cI - 1, cJ = cJ - 1, cI+J =
// cI+J + 1 for I < J, I + J <= n). It starts from one heap of n; whoever
// cannot move loses.
func fsvpGame(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "name = \"Fair Shares and Varied Pairs, %d\"\npiles = [", n)
	for k := 1; k <= n; k++ {
		if k > 1 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "\"c%d\"", k)
	}
	b.WriteString("]\nmoves = [\n")
	for x := 2; x <= n; x++ {
		for y := 1; y <= x/2; y++ {
			if x%y == 0 {
				fmt.Fprintf(&b, "  \"c%d = c%d - 1, c%d = c%d + %d\",\n", x, x, y, y, x/y)
			}
		}
	}
	for i := 1; i <= n; i++ {
		for j := i + 1; i+j <= n; j++ {
			fmt.Fprintf(&b, "  \"c%d = c%d - 1, c%d = c%d - 1, c%d = c%d + 1\",\n", i, i, j, j, i+j, i+j)
		}
	}
	b.WriteString("]\n\n[start]\n")
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "c%d = %d\n", k, map[bool]int{true: 1}[k == n])
	}
	return b.String()
}

func fsvpInstance(t testing.TB, n int) *rules.Instance {
	t.Helper()
	g := parse(t, fmt.Sprintf("fsvp-%d.toml", n), fsvpGame(n))
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	return insts[0]
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

// testdata/fsvp-20.toml is fsvpGame(20), for the command line, and
// testdata/partitions-24.toml partitionGame(24, 18), for the tests of the
// positions package.
func TestFSVPFileIsGenerated(t *testing.T) {
	for file, want := range map[string]string{
		"testdata/fsvp-20.toml":       fsvpGame(20),
		"testdata/partitions-24.toml": partitionGame(24, 18),
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
// the same table file (the content checksum the file carries with it) and
// CSV, the partition game's and FSVP's, of few positions (kept in the
// table's record) and of more (in space blocks).
func TestSliceTablesAgainstGeneralPath(t *testing.T) {
	for name, src := range map[string]string{
		"fsvp-20.toml":       fsvpGame(20),
		"fsvp-30.toml":       fsvpGame(30),
		"partitions-24.toml": partitionGame(24, 18),
		"partitions-40.toml": partitionGame(40, 30),
	} {
		g := parse(t, name, src)
		r := solveGame(t, g)
		if !strings.Contains(r.Path, "ranked by counting on the slice") {
			t.Fatalf("%s: %s", name, r.Path)
		}
		if name == "fsvp-30.toml" && r.Len() <= 4096 || name == "partitions-40.toml" && r.Len() <= 4096 {
			t.Fatalf("%s: %d positions, which a table keeps in its record", name, r.Len())
		}
		everyPath(t, name, src)
		// Read back, the space is the solve's, whatever index holds it.
		var b bytes.Buffer
		if err := table.Write(&b, g, []*retro.Result{r}, table.Options{}); err != nil {
			t.Fatal(err)
		}
		tb, err := table.Read(b.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(tb.Results[0].Space.Data(), r.Space.Data()) {
			t.Fatalf("%s: the space read back differs", name)
		}
	}
}
