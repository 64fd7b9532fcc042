package retro_test

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"strings"
	"testing"

	"retro/out"
	"retro/out/table"
	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// bothPaths solves every instance of a game by the path SolveInstance
// chooses and by the general path forced, and fails unless the two give
// the same table file and the same CSV. It returns how many instances took
// the compiled path.
func bothPaths(t *testing.T, name, src string) int {
	t.Helper()
	g, err := rules.Parse(name, []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var fast, general []*retro.Result
	compiled := 0
	for _, in := range insts {
		a, err := retro.SolveInstance(in, positions.DefaultOptions(g), retro.Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, err := retro.SolveInstance(in, positions.DefaultOptions(g), retro.Options{General: true})
		if err != nil {
			t.Fatalf("%s (general): %v", name, err)
		}
		if strings.HasPrefix(a.Path, "compiled") {
			compiled++
		}
		if rep := retro.Compare(a, b, 3); rep.Count > 0 {
			t.Fatalf("%s: %s: %d differences from the general path, first %v\n%s", name, a.Path, rep.Count, rep.Problems, src)
		}
		if a.MoveCount != b.MoveCount || a.Edges != b.Edges {
			t.Fatalf("%s: %s: %d moves and %d edges, the general path %d and %d\n%s", name, a.Path,
				a.MoveCount, a.Edges, b.MoveCount, b.Edges, src)
		}
		fast, general = append(fast, a), append(general, b)
	}
	var ta, tb, ca, cb bytes.Buffer
	if err := table.Write(&ta, g, fast, table.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := table.Write(&tb, g, general, table.Options{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(ta.Bytes(), tb.Bytes()) {
		t.Fatalf("%s: the table files differ between the paths (%s)\n%s", name, fast[0].Path, src)
	}
	if err := out.WriteCSV(&ca, fast, out.CSVOptions{Layer: -1}); err != nil {
		t.Fatal(err)
	}
	if err := out.WriteCSV(&cb, general, out.CSVOptions{Layer: -1}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(ca.Bytes(), cb.Bytes()) {
		t.Fatalf("%s: the CSV differs between the paths (%s)\n%s", name, fast[0].Path, src)
	}
	return compiled
}

func TestPathsAgreeOnBuiltinGames(t *testing.T) {
	compiled := 0
	for _, name := range rules.BuiltinNames() {
		src, _ := rules.Builtin(name)
		if bytes.Contains(src, []byte("sum")) && strings.Contains(string(src), "sum   = true") {
			continue // heap games are solved as sums
		}
		compiled += bothPaths(t, name+".toml", string(src))
	}
	if compiled == 0 {
		t.Error("no built-in game took the compiled path")
	}
}

func TestPathsAgreeOnBenchGamesSmaller(t *testing.T) {
	small := map[string][2]string{
		"exam-4000":   {"4000", "300"},
		"chain-1m":    {"1000000", "20000"},
		"halving-1m":  {"1000000", "20000"},
		"cycles-3000": {"3000", "200"},
	}
	compiled := 0
	for name, r := range small {
		src, err := os.ReadFile("testdata/bench/" + name + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		compiled += bothPaths(t, name+".toml", strings.ReplaceAll(string(src), r[0], r[1]))
	}
	if compiled < 2 {
		t.Errorf("%d bench games took the compiled path, want the exam-style game and the chain", compiled)
	}
}

// TestPathsAgreeOnRandomGames forces both paths on the random games of the
// naive solver's test, half of them with moves that all raise or all lower
// the piles (the compiled shape).
func TestPathsAgreeOnRandomGames(t *testing.T) {
	rng := newRand(t)
	games := 400
	if testing.Short() {
		games = 80
	}
	compiled := 0
	for k := 0; k < games; k++ {
		rg := randomGame(rng)
		if k%2 == 0 {
			oneWay(&rg, rng)
		}
		compiled += bothPaths(t, fmt.Sprintf("random-%d.toml", k), rg.toml())
	}
	if compiled < games/8 {
		t.Errorf("only %d of %d random games took the compiled path", compiled, games)
	}
}

// oneWay makes every move of a random game raise piles (a game with an
// end) or lower them.
func oneWay(g *rgame, rng *rand.Rand) {
	ops := []string{"-", "//"}
	if g.end > 0 && rng.Intn(3) > 0 {
		ops = []string{"+", "*"}
	}
	for _, cmd := range g.cmds {
		for k := range cmd {
			cmd[k].op = ops[rng.Intn(2)]
		}
	}
	if rng.Intn(2) == 0 {
		g.allow = 0
	}
}

// TestCompiledSameBytesOnAnyCores solves the exam-style game, cut down,
// by the compiled path on 1, 2 and 8 cores: the same table file each time.
func TestCompiledSameBytesOnAnyCores(t *testing.T) {
	src, err := os.ReadFile("testdata/bench/exam-4000.toml")
	if err != nil {
		t.Fatal(err)
	}
	g, err := rules.Parse("exam.toml", []byte(strings.ReplaceAll(string(src), "4000", "700")))
	if err != nil {
		t.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	var first []byte
	for _, cores := range []int{1, 2, 8} {
		old := runtime.GOMAXPROCS(cores)
		r, err := retro.SolveInstance(insts[0], positions.DefaultOptions(g), retro.Options{})
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(r.Path, "compiled") {
			t.Fatalf("path %q", r.Path)
		}
		var b bytes.Buffer
		if err := table.Write(&b, g, []*retro.Result{r}, table.Options{}); err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = b.Bytes()
		} else if !bytes.Equal(first, b.Bytes()) {
			t.Fatalf("%d cores: another table", cores)
		}
	}
}

// TestPathSaysWhy checks that a result names its path, and for the general
// path the reason.
func TestPathSaysWhy(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"piles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"each *2\"]\nend = \"a + b >= 30\"\n[start]\na = 1\nb = 1\n",
			"compiled: one-pile moves compiled to the box; every move raises the index"},
		{"piles = [\"a\", \"b\"]\nmoves = [\"a = a * b\", \"b = b + 1\"]\nend = \"a + b >= 30\"\n[start]\na = 1\nb = 1\n",
			"general: the move `a = a * b` is not affine"},
		{"piles = [\"x\"]\nmoves = [\"x + 1\", \"x * 2\"]\nend = \"x >= 30\"\nallow = \"no-repeat-opponent\"\n[start]\nx = 1\n",
			"general: `allow` gives positions a history"},
		{"piles = [\"x\"]\nmoves = [\"x - 1\", \"x - 3\"]\n[bounds]\nx = \"0..50\"\n",
			"compiled: one-pile moves compiled to the box; every move lowers the index"},
		{"piles = [\"a\", \"b\"]\nmoves = [\"a = a - 1, b = b + 1\"]\n[start]\na = 5\nb = 0\n",
			"general: the move `a = a - 1, b = b + 1` neither only raises nor only lowers piles"},
	} {
		g, err := rules.Parse("g.toml", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		insts, err := g.Instances()
		if err != nil {
			t.Fatal(err)
		}
		r, err := retro.SolveInstance(insts[0], positions.DefaultOptions(g), retro.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(r.Path, c.want) {
			t.Errorf("path %q, want it to start %q\n%s", r.Path, c.want, c.src)
		}
	}
}
