package rules

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Unbounded proves growth where it is plain, and says what grows.
func TestUnbounded(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		// The report's game: x - 1 and x + 4 from 1, end x < 0.
		{"piles = [\"x\"]\nmoves = [\"x - 1\", \"x + 4\"]\nend = \"x < 0\"\n[start]\nx = 1\n",
			"the pile x grows without bound: `x + 4` raises it at every turn from the start (1), and the end x < 0 never holds as it grows"},
		{"piles = [\"x\"]\nsum = true\nmoves = [\"x - 1\", \"x + 4\"]\n",
			"the heap grows without bound: `x + 4` raises it at every turn, and a heap game has no end"},
		{"piles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"each *2\"]\n[start]\na = 1\nb = 1\n",
			"the pile a grows without bound: `each +1` raises it at every turn from the start (1, 1), and nothing ends the game (no end)"},
		// The end only holds below: raising b leaves it false.
		{"piles = [\"a\", \"b\"]\nmoves = [\"a = a - 1\", \"b = b + a\"]\nend = \"a + b <= 3\"\n[start]\na = 2\nb = \"S\"\n[params]\nS = \"1..5\"\n",
			"the pile b grows without bound: `b = b + a` raises it at every turn from the start (2, 2), and the end a + b <= 3 never holds as it grows"},
		{"piles = [\"x\"]\nmoves = [\"x * 2\"]\nend = \"-x > 5\"\n[start]\nx = 1\n",
			"the pile x grows without bound: `x * 2` raises it at every turn from the start (1), and the end -x > 5 never holds as it grows"},
		// Games that end, or where nothing is plain.
		{"piles = [\"x\"]\nmoves = [\"x + 1\"]\nend = \"x >= 9\"\n[start]\nx = 1\n", ""},
		{"piles = [\"x\"]\nmoves = [\"x * 2\"]\n[start]\nx = 0\n", ""}, // 0 * 2 is no move
		{"piles = [\"x\"]\nmoves = [\"x + 1\"]\nend = \"x != 3\"\n[start]\nx = 3\n", ""},
		{"piles = [\"x\"]\nmoves = [\"x + 1\"]\nend = \"x == 5\"\n[start]\nx = 1\n", ""},
		{"signed = true\npiles = [\"x\"]\nmoves = [\"x + 1\"]\nend = \"x < 0\"\n[start]\nx = 1\n", ""},
		{"piles = [\"x\"]\nmoves = [\"x + 1 if x < 5\"]\n[start]\nx = 1\n", ""},
		{"piles = [\"x\"]\nmoves = [\"x + 1\"]\nend = \"isprime(x)\"\n[start]\nx = 1\n", ""},
		{"piles = [\"x\"]\nmoves = [\"x + 1\"]\nhorizon = 3\n[start]\nx = 1\n", ""},
		{"piles = [\"x\"]\nmoves = [\"x + 1\", \"x - 1\"]\nallow = \"cmd != last\"\n[start]\nx = 1\n", ""},
		{"piles = [\"x\"]\nmoves = [\"x + 1\"]\nend = \"x >= 100\"\n[bounds]\nx = \"0..99\"\n", ""},
		{"piles = [\"x\"]\nsum = true\nmoves = [\"x - k for k in 1..x\"]\n", ""},
		{"piles = [\"x\"]\nsum = true\nmoves = [\"x -> i, x - i for i in 1..x-1\", \"x + 1\"]\n", ""}, // splits: not proved
	} {
		g, err := Parse("g.toml", []byte(c.src))
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		got := ""
		if gr := g.Unbounded(100); gr != nil {
			got = gr.String()
		}
		if got != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}

// No game of the repository that ends is taken for one that grows: the
// built-in games and every game file under a testdata directory.
func TestUnboundedSpares(t *testing.T) {
	n := 0
	for _, name := range BuiltinNames() {
		src, _ := Builtin(name)
		g, err := Parse(name+".toml", src)
		if err != nil {
			t.Fatal(err)
		}
		if gr := g.Unbounded(100); gr != nil {
			t.Errorf("%s: %s", name, gr)
		}
		n++
	}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".toml") || !strings.Contains(filepath.ToSlash(path), "/testdata/") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		g, err := Parse(path, src)
		if err != nil {
			return nil // an invalid file of the tests
		}
		if gr := g.Unbounded(100); gr != nil {
			t.Errorf("%s: %s", path, gr)
		}
		n++
		return nil
	})
	if err != nil || n < 25 {
		t.Errorf("%d games, %v", n, err)
	}
}

// LongRay walks a translation's ray to find more non-final positions than
// a cap, and finds none where the ray ends within it.
func TestLongRay(t *testing.T) {
	for _, c := range []struct {
		src  string
		n    int64
		want string
	}{
		// The end is reached only after 2^62 moves of p + 1 (or p - 2).
		{"signed = true\npiles = [\"p\"]\nmoves = [\"p - 2\", \"p + 1\"]\nend = \"abs(p) > 4611686018427387904\"\n[start]\np = 0\n", 1000,
			"`p - 2`, taken again and again from the start (0), reaches 1001 values of p, none final: the end abs(p) > 4611686018427387904 holds at none of them"},
		{"piles = [\"x\"]\nmoves = [\"x + 3\"]\nend = \"x >= 10000\"\n[start]\nx = 1\n", 100,
			"`x + 3`, taken again and again from the start (1), reaches 101 values of x, none final: the end x >= 10000 holds at none of them"},
		// The ray ends within the cap, or is no proof.
		{"piles = [\"x\"]\nmoves = [\"x + 3\"]\nend = \"x >= 10000\"\n[start]\nx = 1\n", 10000, ""},
		{"piles = [\"x\"]\nmoves = [\"x + 1\"]\nend = \"x == 50\"\n[start]\nx = 1\n", 100, ""},
		{"piles = [\"x\"]\nmoves = [\"x - 1\"]\nend = \"x > 10\"\n[start]\nx = 5\n", 100, ""},                   // not signed: the ray stops at 0
		{"piles = [\"x\"]\nmoves = [\"x + 1 if x < 500\"]\n[start]\nx = 1\n", 100, ""},                          // a condition
		{"piles = [\"x\"]\nmoves = [\"x + 1\", \"x - 1\"]\nallow = \"cmd != last\"\n[start]\nx = 1\n", 100, ""}, // allow
		{"piles = [\"x\"]\nmoves = [\"x + 1\"]\nend = \"x >= 100000\"\nhorizon = 5\n[start]\nx = 1\n", 100, ""}, // a horizon
	} {
		g, err := Parse("g.toml", []byte(c.src))
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		insts, err := g.Instances()
		if err != nil {
			t.Fatal(err)
		}
		starts, err := insts[0].Starts(100)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if gr := insts[0].LongRay(starts, c.n); gr != nil {
			got = gr.String()
		}
		if got != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}
