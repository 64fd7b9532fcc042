package retro_test

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"retro/retro/internal/core"
	"runtime"
	"strings"
	"testing"

	"retro/positions"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// everyPath solves every instance of a game by the general path forced,
// and by every other path forced that takes it, and fails unless each
// gives the general path's result (outcomes, layers, moves, edges) and,
// where a path takes every instance, the same table file and the same
// CSV (sameFiles). It checks that the path SolveInstance chooses is the first of the
// table that takes the game, and returns how many instances each path
// took (the general path all of them), and under "draws" how many have
// drawn positions.
func everyPath(t *testing.T, name, src string) map[string]int {
	t.Helper()
	g := retrotest.Parse(t, name, src)
	insts := retrotest.Instances(t, g)
	took := map[string]int{}
	results := map[string][]*retro.Result{}
	for _, in := range insts {
		ref, err := retro.SolveInstance(in, positions.DefaultOptions(g), core.Options{Path: "general"})
		if err != nil {
			t.Fatalf("%s (general): %v", name, err)
		}
		took["general"]++
		if ref.Tally()[core.Draw] > 0 {
			took["draws"]++
		}
		results["general"] = append(results["general"], ref)
		first := ""
		for _, p := range retro.Paths() {
			if p == "general" {
				break
			}
			r, err := retro.SolveInstance(in, positions.DefaultOptions(g), core.Options{Path: p})
			if errors.Is(err, retro.ErrPathDeclines) {
				continue
			}
			if err != nil {
				t.Fatalf("%s (%s): %v\n%s", name, p, err, src)
			}
			if first == "" {
				first = p
			}
			if rep := retro.Compare(r, ref, 3); rep.Count > 0 {
				t.Fatalf("%s: %s: %d differences from the general path, first %v\n%s", name, r.Path, rep.Count, rep.Problems, src)
			}
			if r.MoveCount != ref.MoveCount || r.Edges != ref.Edges {
				t.Fatalf("%s: %s: %d moves and %d edges, the general path %d and %d\n%s", name, r.Path,
					r.MoveCount, r.Edges, ref.MoveCount, ref.Edges, src)
			}
			took[p]++
			results[p] = append(results[p], r)
		}
		chosen, err := retro.SolveInstance(in, positions.DefaultOptions(g), core.Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if want := cmp.Or(first, "general"); !strings.HasPrefix(chosen.Path, want) {
			t.Fatalf("%s: the path chosen is %q, the first that takes the game %s\n%s", name, chosen.Path, want, src)
		}
	}
	for p, rs := range results {
		if p != "general" && len(rs) == len(insts) {
			sameFiles(t, name, rs, results["general"], p, src)
		}
	}
	return took
}

// sameFiles fails unless two solutions of a game's instances hold the
// same in every instance, as a table file and a CSV export hold them
// (retrotest.SameResult): they write the same files byte for byte.
func sameFiles(t *testing.T, name string, fast, general []*retro.Result, path, src string) {
	t.Helper()
	for k := range general {
		if err := retrotest.SameResult(general[k], fast[k]); err != nil {
			t.Fatalf("%s: the table files or the CSV differ between the paths (%s), instance %d: %v\n%s", name, path, k, err, src)
		}
	}
}

func TestPathsAgreeOnBuiltinGames(t *testing.T) {
	compiled := 0
	for _, name := range rules.BuiltinNames() {
		src, _ := rules.Builtin(name)
		if bytes.Contains(src, []byte("sum")) && strings.Contains(string(src), "sum   = true") {
			continue // heap games are solved as sums
		}
		if testing.Short() && name == "multiplication-game" {
			t.Log("-short: multiplication-game left out (4999 instances, most of the test's time)")
			continue
		}
		compiled += everyPath(t, name+".toml", string(src))["compiled"]
	}
	if compiled == 0 {
		t.Error("no built-in game took the compiled path")
	}
}

func TestPathsAgreeOnBenchGamesSmaller(t *testing.T) {
	small := map[string][2]string{
		"exam-4000":       {"4000", "300"},
		"chain-1m":        {"1000000", "20000"},
		"halving-1m":      {"1000000", "20000"},
		"cycles-3000":     {"3000", "200"},
		"box-cycles-3200": {"3200", "150"},
	}
	compiled, unmoved := 0, 0
	for name, r := range small {
		src, err := os.ReadFile("testdata/bench/" + name + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		took := everyPath(t, name+".toml", strings.ReplaceAll(string(src), r[0], r[1]))
		compiled += took["compiled"]
		unmoved += took["unmoves"]
	}
	if compiled < 2 {
		t.Errorf("%d bench games took the compiled path, want the exam-style game and the chain", compiled)
	}
	if unmoved < 2 {
		t.Errorf("the un-move path took %d bench games, want the box game with cycles and the chain", unmoved)
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
// by the compiled path on 1, 2 and 8 cores: the same table file each time
// (retrotest.SameResult).
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
	var first *retro.Result
	for _, cores := range []int{1, 2, 8} {
		old := runtime.GOMAXPROCS(cores)
		r, err := retro.SolveInstance(insts[0], positions.DefaultOptions(g), core.Options{})
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(r.Path, "compiled") {
			t.Fatalf("path %q", r.Path)
		}
		if first == nil {
			first = r
		} else if err := retrotest.SameResult(first, r); err != nil {
			t.Fatalf("%d cores: another table: %v", cores, err)
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
			"compiled: one-pile moves compiled to the box, each tuple with 3 histories"},
		{"piles = [\"x\"]\nmoves = [\"x + 1\", \"x * 2\"]\nend = \"x >= 30\"\nallow = \"cmd != last or x > 20\"\n[start]\nx = 1\n",
			"general: `allow` reads the piles"},
		{"piles = [\"x\"]\nmoves = [\"x - 1\", \"x - 3\"]\n[bounds]\nx = \"0..50\"\n",
			"compiled: one-pile moves compiled to the box; every move lowers the index"},
		{"piles = [\"a\", \"b\"]\nmoves = [\"a = a - 1, b = b + 1\"]\n[start]\na = 5\nb = 0\n",
			"general: the move `a = a - 1, b = b + 1` neither only raises nor only lowers piles"},
		{"piles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"each -2\"]\nend = \"a + b >= 20\"\n[bounds]\na = \"0..20\"\nb = \"0..20\"\n",
			"unmoves: every tuple of [bounds] a position, moves undone pile by pile"},
		{"piles = [\"a\", \"b\"]\nmoves = [\"a = a - 1, b = b + a\", \"b = b - 1\"]\nend = \"b >= 9\"\n[bounds]\na = \"0..9\"\nb = \"0..18\"\n",
			"general: the move `a = a - 1, b = b + a` neither only raises nor only lowers piles; no un-moves: the move `a = a - 1, b = b + a` sets a pile from another"},
	} {
		g, err := rules.Parse("g.toml", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		insts, err := g.Instances()
		if err != nil {
			t.Fatal(err)
		}
		r, err := retro.SolveInstance(insts[0], positions.DefaultOptions(g), core.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(r.Path, c.want) {
			t.Errorf("path %q, want it to start %q\n%s", r.Path, c.want, c.src)
		}
	}
}

// TestCompiledCellWidth: the compiled sweep keeps two bytes a cell while
// the codes fit in them (32 766 layers, with one-pile moves as with
// affine ones) and four past that, each the general path's result. A
// chain of one move is as deep as it is long: 20 000 (past the 16 382
// that two-byte cells held with one-pile moves before they kept codes as
// they are) and 40 000.
func TestCompiledCellWidth(t *testing.T) {
	for _, c := range []struct {
		length int
		bits   int
	}{{20000, 16}, {40000, 32}} {
		src := fmt.Sprintf(`name = "A chain"
piles = ["x"]
moves = ["x + 1"]
end    = "x >= %d"
winner = "mover"

[start]
x = 0
`, c.length)
		if took := everyPath(t, "chain.toml", src); took["compiled"] != 1 {
			t.Fatalf("length %d: the compiled path took %d instances", c.length, took["compiled"])
		}
		g, err := rules.Parse("chain.toml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		insts, err := g.Instances()
		if err != nil {
			t.Fatal(err)
		}
		r, err := retro.SolveInstance(insts[0], positions.DefaultOptions(g), core.Options{Path: "compiled"})
		if err != nil {
			t.Fatal(err)
		}
		deepest := 0
		for i := range r.Len() {
			deepest = max(deepest, r.Layer(i))
		}
		if deepest != c.length || retro.LayerBits(r) != c.bits {
			t.Errorf("length %d: deepest layer %d in %d-bit cells, want %d in %d", c.length, deepest, retro.LayerBits(r), c.length, c.bits)
		}
	}
}
