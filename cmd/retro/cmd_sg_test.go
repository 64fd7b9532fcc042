package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"retro/out"
)

func sgOK(t *testing.T, args ...string) string {
	t.Helper()
	out, errs, code := runCmd(t, args...)
	if code != 0 {
		t.Fatalf("retro %s: exit %d: %s", strings.Join(args, " "), code, errs)
	}
	return out
}

func TestSGTable(t *testing.T) {
	out := sgOK(t, "sg", "kayles", "--upto", "12")
	want := `game:     Kayles (kayles.toml), octal 0.77

g(0..12):
     0: 0 1 2 3 1 4 3 2 1 4
    10: 2 6 4
period:   none apparent up to 12 (--find-period extends the table)
`
	if !strings.HasPrefix(out, want) {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	out = sgOK(t, "sg", "kayles", "--find-period", "--upto", "20")
	if !strings.Contains(out, "period:   12 from 71, proven") {
		t.Errorf("--find-period:\n%s", out)
	}
	// A game by its moves extends to 2^12 heaps: at 5 000, no hint.
	if out := sgOK(t, "sg", "take-at-least-half", "--upto", "5000"); strings.Contains(out, "--find-period") {
		t.Errorf("a hint at --find-period beyond the cap:\n%s", out)
	}
	out = sgOK(t, "sg", "subtraction-1-3-4", "--upto", "30")
	if !strings.Contains(out, "period:   7 from 0, proven") {
		t.Errorf("subtraction game:\n%s", out)
	}
}

func TestSGCSV(t *testing.T) {
	if out := sgOK(t, "sg", "subtraction-1-3-4", "--csv", "-", "--upto", "3"); out != "x,grundy\n0,0\n1,1\n2,0\n3,1\n" {
		t.Errorf("csv:\n%s", out)
	}
	out := sgOK(t, "sg", "powers-of-p", "--csv", "-", "--upto", "2", "--param", "p=2..3")
	if out != "p,x,grundy\n2,0,0\n2,1,1\n2,2,2\n3,0,0\n3,1,1\n3,2,0\n" {
		t.Errorf("csv with a param:\n%s", out)
	}
}

// sg writes its table to files as export does: --csv FILE and --parquet
// FILE, each whole (a temporary file renamed over it) or not at all, the
// CSV on standard output only when asked (- or no --parquet).
func TestSGFiles(t *testing.T) {
	dir := t.TempDir()
	csvPath, pqPath := filepath.Join(dir, "g.csv"), filepath.Join(dir, "g.parquet")
	want := "p,x,grundy\n2,0,0\n2,1,1\n2,2,2\n3,0,0\n3,1,1\n3,2,0\n"
	// Standard output says what the files do not hold: the period and
	// the method of each table.
	summary := "game:     Take a power of p (powers-of-p.toml)\np = 2\nperiod:   1 with saltus 1 from 0 (arithmetic), apparent up to 2 (no theorem applies: the moves read as no finite octal code)\n" +
		"method:   fast; every option of every heap scanned (no split entry of two parts linear in one generator)\np = 3\nperiod:   none apparent up to 2 (--find-period extends the table)\n" +
		"method:   fast; every option of every heap scanned (no split entry of two parts linear in one generator)\n"
	if out := sgOK(t, "sg", "powers-of-p", "--upto", "2", "--param", "p=2..3", "--csv", csvPath, "--parquet", pqPath); out != summary {
		t.Errorf("stdout with both files: %q, want %q", out, summary)
	}
	if got, err := os.ReadFile(csvPath); err != nil || string(got) != want {
		t.Errorf("%s: %q (%v), want %q", csvPath, got, err, want)
	}
	pq, err := os.ReadFile(pqPath)
	if err != nil || !strings.HasPrefix(string(pq), "PAR1") || !strings.HasSuffix(string(pq), "PAR1") {
		t.Fatalf("%s: %d bytes (%v), not a Parquet file", pqPath, len(pq), err)
	}
	if out := sgOK(t, "sg", "kayles", "--upto", "3", "--parquet", pqPath, "--csv", "-"); out != "x,grundy\n0,0\n1,1\n2,2\n3,3\n" {
		t.Errorf("--csv - with --parquet: %q", out)
	}
	if out := sgOK(t, "sg", "kayles", "--upto", "3", "--parquet", pqPath); !strings.HasPrefix(out, "game:     Kayles") || !strings.Contains(out, "\nperiod:   ") {
		t.Errorf("--parquet alone writes %q on stdout, want the period", out)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("the folder holds %d files, want the two written (no temporary file left)", len(entries))
	}
	// A file that cannot be written is an error, and nothing is left.
	bad := filepath.Join(dir, "missing", "g.csv")
	if _, errs, code := runCmd(t, "sg", "kayles", "--csv", bad); code != 1 || !strings.Contains(errs, "cannot write "+bad) {
		t.Errorf("unwritable --csv: exit %d, %q", code, errs)
	}
	// Nor may an output be the game file read.
	game := filepath.Join(dir, "nim.toml")
	if err := os.WriteFile(game, []byte("piles = [\"x\"]\nsum = true\nmoves = [\"x - k for k in 1..x\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := runCmd(t, "sg", game, "--csv", game); code != 2 || !strings.Contains(errs, "would overwrite the input") {
		t.Errorf("--csv over the game: exit %d, %q", code, errs)
	}
}

func TestSGSums(t *testing.T) {
	out := sgOK(t, "sg", "kayles", "--heaps", "9,10,14")
	want := `sum:      9 + 10 + 14  (Kayles)
grundy:   4 ^ 2 ^ 2 = 4
outcome:  W: the player to move wins
winning moves: 2
  9 -> 4 + 4   leaves 4 + 4 + 10 + 14
  14 -> 7 + 5   leaves 9 + 10 + 7 + 5
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	out = sgOK(t, "sg", "nim", "--heaps", "3,5,6")
	if !strings.Contains(out, "3 ^ 5 ^ 6 = 0") || !strings.Contains(out, "outcome:  L") {
		t.Errorf("nim 3 5 6:\n%s", out)
	}
	out = sgOK(t, "sg", "kayles:9", "nim:10", "subtraction-1-3-4:14")
	if !strings.Contains(out, "4 ^ 10 ^ 0 = 14") || !strings.Contains(out, "nim:10 -> 4   leaves kayles:9 + nim:4 + subtraction-1-3-4:14") {
		t.Errorf("sum of games:\n%s", out)
	}
	out = sgOK(t, "sg", "powers-of-p:4,5", "--param", "p=2")
	if !strings.Contains(out, "1 ^ 2 = 3") {
		t.Errorf("powers of 2:\n%s", out)
	}
}

func TestSGMisere(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "misere-nim.toml")
	src := "name = \"Misère Nim\"\npiles = [\"x\"]\nsum = true\nmoves = [\"x - k for k in 1..x\"]\nwinner = \"other\"\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out := sgOK(t, "sg", path, "--heaps", "1,1,1")
	if !strings.Contains(out, "misère: solved exactly") || !strings.Contains(out, "outcome:  L") {
		t.Errorf("misère 1 + 1 + 1:\n%s", out)
	}
	out = sgOK(t, "sg", path, "--heaps", "2,2,1")
	if !strings.Contains(out, "outcome:  W") || !strings.Contains(out, "1 -> nothing   leaves 2 + 2") {
		t.Errorf("misère 2 + 2 + 1:\n%s", out)
	}
	out = sgOK(t, "sg", path, "--upto", "3", "--csv", "-")
	if out != "x,grundy,misere\n0,0,W\n1,1,L\n2,2,W\n3,3,W\n" {
		t.Errorf("misère csv:\n%s", out)
	}
	// A sum of normal and misère games has no rule for its end.
	if _, errs, code := runCmd(t, "sg", path+":3", "nim:4"); code != 1 || !strings.Contains(errs, "mixes") {
		t.Errorf("mixed sum: exit %d: %s", code, errs)
	}
}

func TestSGErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"sg", "wythoff"}, 1, "not a heap game"},
		{[]string{"sg", "powers-of-p", "--heaps", "3"}, 1, "fix p with --param"},
		{[]string{"sg", "kayles", "--method", "quick"}, 2, "--method"},
		{[]string{"sg", "kayles", "--heaps", "3,x"}, 2, "not a heap size"},
		{[]string{"sg", "kayles", "nim"}, 2, "GAME:N"},
		{[]string{"sg", "kayles", "--upto", "4294967297"}, 2, "--upto 4294967297: want 0..4294967296"},
		{[]string{"sg", "kayles", "--rare", "--csv", "-"}, 2, "choose one of"},
		{[]string{"sg", "kayles", "--json", "--csv", "-"}, 2, "choose --csv (or --parquet) or --json"},
		{[]string{"sg", "kayles", "--csv", "--upto", "3"}, 2, "--csv --upto: --csv takes a file name (- for standard output)"},
		{[]string{"sg", "kayles", "--heaps", "3,4", "--csv", "-"}, 2, "not a sum of heaps"},
		{[]string{"sg", "kayles", "--csv"}, 2, "flag needs an argument: --csv"},
	} {
		_, errs, code := runCmd(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d, %q", c.args, code, errs)
		}
	}
}

// sg applies --param to a game file or a built-in game as solve does:
// the same messages, a flag the game refuses a usage error (exit 2), a
// range too wide or left open a failure (exit 1). The file's param is at
// line 8, column 1; the built-in's, at line 9.
func TestSGParamAsSolve(t *testing.T) {
	file := filepath.Join(t.TempDir(), "take.toml")
	src := `name  = "Take 1..k"
piles = ["x"]
sum   = true
moves = ["x - i for i in 1..k if i <= x"]
winner = "mover"

[params]
k = "1..3"
`
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		game, param string
		code        int
		want        string
	}{
		{file, "bogus=1", 2, "retro: --param bogus=1: {file} has no param bogus (params: k)\n"},
		{file, "k=abc", 2, "retro: --param \"k=abc\": \"abc\" is not an integer\n"},
		{file, "k=3..2", 2, "retro: --param \"k=3..2\": empty range\n"},
		{file, "k", 2, "retro: --param \"k\": want NAME=LO..HI, NAME=LO.. or NAME=VALUE\n"},
		{file, "k=1..100000000", 1, "retro: {file}:8:1: k = 1..100000000 gives 100000000 instances, more than the 4194304 allowed\n" +
			"retro: narrow k with --param k=LO..HI\n"},
		{file, "k=2..", 1, "retro: {file}:8:1: rule param k needs a closed range: pass --param k=LO..HI\n"},
		{"powers-of-p", "bogus=1", 2, "retro: --param bogus=1: powers-of-p.toml has no param bogus (params: p)\n"},
		{"powers-of-p", "p=1..100000000", 1, "retro: powers-of-p.toml:9:1: p = 1..100000000 gives 100000000 instances, more than the 4194304 allowed\n" +
			"retro: narrow p with --param p=LO..HI\n"},
		{"powers-of-p", "p=3..", 1, "retro: powers-of-p.toml:9:1: rule param p needs a closed range: pass --param p=LO..HI\n"},
		{"nim", "p=3", 2, "retro: --param p=3: nim.toml has no params; there is no param p\n"},
		// The flag is read before the game is looked for, as solve does.
		{"no-such-game", "k", 2, "retro: --param \"k\": want NAME=LO..HI, NAME=LO.. or NAME=VALUE\n"},
	} {
		want := strings.ReplaceAll(c.want, "{file}", file)
		for _, cmd := range [][]string{{"sg"}, {"sg", "--heaps", "3"}, {"solve"}} {
			args := append(slices.Clone(cmd), c.game, "--param", c.param)
			if _, errs, code := runCmd(t, args...); code != c.code || errs != want {
				t.Errorf("%v: exit %d, %q; want exit %d, %q", args, code, errs, c.code, want)
			}
		}
	}
	// In a sum of games a flag applies to the games that have its param:
	// k = 2 makes a heap of 3 worth 0 (3 = 0 mod 3), and nim has no params.
	out := sgOK(t, "sg", file+":3", "nim:4", "--param", "k=2")
	if !strings.Contains(out, "grundy:   0 ^ 4 = 4\n") {
		t.Errorf("sum with k=2:\n%s", out)
	}
	// A flag that no game of the sum takes is an error, not passed over.
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{file + ":3", "nim:4", "--param", "k=2", "--param", "q=2"}, "retro: --param q=2: no game of the sum has a param q (params: k)\n"},
		{[]string{"kayles:3", "nim:4", "--param", "k=2"}, "retro: --param k=2: no game of the sum has a param k (none of them has params)\n"},
	} {
		if _, errs, code := runCmd(t, append([]string{"sg"}, c.args...)...); code != 2 || errs != c.msg {
			t.Errorf("sg %v: exit %d, %q; want 2, %q", c.args, code, errs, c.msg)
		}
	}
}

// TestHeapGamesThroughTheEngine: solve, export and show take heap games,
// and agree with sg: a single heap is W exactly when its Grundy value is
// not 0, and so is a sum when the XOR is not 0.
func TestHeapGamesThroughTheEngine(t *testing.T) {
	for _, game := range []string{"kayles", "lasker-nim", "strip-tiling", "subtraction-1-3-4"} {
		grundy := map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(sgOK(t, "sg", game, "--csv", "-", "--upto", "14")), "\n")[1:] {
			x, g, _ := strings.Cut(line, ",")
			grundy[x] = g
		}
		rows := strings.Split(strings.TrimSpace(sgOK(t, "export", game, "--upto", "14")), "\n")
		header := strings.Split(rows[0], ",")
		k := len(header) - 3 // the heaps, then outcome, layer, best
		seen := 0
		for _, row := range rows[1:] {
			f := strings.Split(row, ",")
			if k > 1 && f[1] != "0" {
				continue // several heaps
			}
			seen++
			if win := f[k] == "W"; win != (grundy[f[0]] != "0") {
				t.Errorf("%s: heap %s is %s, its Grundy value %s", game, f[0], f[k], grundy[f[0]])
			}
		}
		if seen != 15 {
			t.Errorf("%s: %d single heaps in the export", game, seen)
		}
		if out := sgOK(t, "solve", game, "--upto", "10"); !strings.Contains(out, "positions:") {
			t.Errorf("solve %s:\n%s", game, out)
		}
	}
	for _, heaps := range []string{"9,10,14", "3,5,6", "4,4"} {
		first := strings.SplitN(sgOK(t, "show", "kayles", heaps), "\n", 2)[0]
		sum := sgOK(t, "sg", "kayles", "--heaps", heaps)
		xor := sum[strings.Index(sum, "= ")+2 : strings.Index(sum, "\noutcome")]
		if n, _ := strconv.Atoi(xor); strings.Contains(first, ": W") != (n != 0) {
			t.Errorf("show kayles %s: %q, xor %s", heaps, first, xor)
		}
	}
	out := sgOK(t, "show", "kayles", "4,4")
	if !strings.HasPrefix(out, "4 + 4: L") || !strings.Contains(out, "0.77 (x = 4, k = 1) -> 4 + 2 + 1") {
		t.Errorf("show kayles 4,4:\n%s", out)
	}
}

// grundysGameFile writes Grundy's game to a file of the test's own.
func grundysGameFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "grundy.toml")
	src := "name = \"Grundy's game\"\npiles = [\"x\"]\nsum = true\nmoves = [\"x -> i, x - i for i in 1..x-1 if 2 * i != x\"]\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSGSparse: a splitting game given by moves is computed in a sparse
// space, which sg reports; --rare lists its sparse heaps; naive scans.
func TestSGSparse(t *testing.T) {
	path := grundysGameFile(t)
	out := sgOK(t, "sg", path, "--upto", "20000")
	if !strings.Contains(out, "method:   fast; mask 0xfe on values:") || !strings.Contains(out, "1 split entry read as rows") {
		t.Errorf("sg grundy:\n%s", out)
	}
	out = sgOK(t, "sg", path, "--upto", "500", "--method", "naive")
	if !strings.Contains(out, "every option of every heap scanned (--method naive)") {
		t.Errorf("sg grundy --method naive:\n%s", out)
	}
	rare := strings.Split(strings.TrimSpace(sgOK(t, "sg", path, "--upto", "20000", "--rare")), "\n")
	if rare[0] != "x,grundy" || len(rare) < 10 {
		t.Fatalf("--rare:\n%s", strings.Join(rare, "\n"))
	}
	// Each sparse heap's value has an even number of 1-bits under 0xfe.
	for _, row := range rare[1:] {
		_, g, _ := strings.Cut(row, ",")
		v, _ := strconv.Atoi(g)
		if p := strings.Count(strconv.FormatInt(int64(v&0xfe), 2), "1"); p%2 != 0 {
			t.Errorf("--rare row %s: not sparse under 0xfe", row)
		}
	}
}

// TestSGJSON: --json writes tables and sums.
func TestSGJSON(t *testing.T) {
	var tab out.GrundyJSON
	if err := json.Unmarshal([]byte(sgOK(t, "sg", "kayles", "--upto", "100", "--json")), &tab); err != nil {
		t.Fatal(err)
	}
	if len(tab.Tables) != 1 || len(tab.Tables[0].Values) != 101 || tab.Tables[0].Values[11] != 6 || tab.Octal != "0.77" {
		t.Errorf("sg kayles --json: %+v", tab)
	}
	var sum out.SumJSON
	if err := json.Unmarshal([]byte(sgOK(t, "sg", "kayles", "--heaps", "9,10,14", "--json")), &sum); err != nil {
		t.Fatal(err)
	}
	if !sum.Win || *sum.Grundy != 4 || len(sum.Moves) != 2 || sum.Moves[0].Leaves != "4 + 4 + 10 + 14" {
		t.Errorf("sg kayles --heaps 9,10,14 --json: %+v", sum)
	}
}

// TestSGRepeatedHeaps: equal heaps have the same winning moves, printed
// once.
func TestSGRepeatedHeaps(t *testing.T) {
	out := sgOK(t, "sg", "nim", "--heaps", "1,1,3")
	if !strings.Contains(out, "winning moves: 1\n  3 -> nothing   leaves 1 + 1\n") {
		t.Errorf("sg nim --heaps 1,1,3:\n%s", out)
	}
	out = sgOK(t, "sg", "nim", "--heaps", "2,2,2")
	if !strings.Contains(out, "winning moves: 1\n  2 -> nothing   leaves 2 + 2\n") {
		t.Errorf("sg nim --heaps 2,2,2:\n%s", out)
	}
}

// sg takes a heap game's table wherever it takes the game, and works the
// values out from the rules the table holds.
func TestSgFromTable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kayles.rtb")
	if _, errs, code := runCmd(t, "solve", "kayles", "-o", path); code != 0 {
		t.Fatalf("solve: %s", errs)
	}
	for _, args := range [][]string{{"--upto", "90"}, {"--heaps", "9,10,14"}, {"--csv", "-", "--upto", "20"}} {
		want, _, _ := runCmd(t, append([]string{"sg", "kayles"}, args...)...)
		got, errs, code := runCmd(t, append([]string{"sg", path}, args...)...)
		if code != 0 || got != want {
			t.Errorf("sg %v from the table (exit %d, %s):\n%s\nfrom the game:\n%s", args, code, errs, got, want)
		}
	}
}

// sg applies --param to a table as every command does: it chooses part
// of what the table holds, and goes no further.
func TestSgTableParam(t *testing.T) {
	path := solveTo(t, t.TempDir(), "powers-of-p", "--param", "p=2..4")
	want, _, _ := runCmd(t, "sg", "powers-of-p", "--upto", "9", "--param", "p=3..4")
	for _, p := range []string{"p=3..4", "p=3.."} {
		got, errs, code := runCmd(t, "sg", path, "--upto", "9", "--param", p)
		if code != 0 || got != want {
			t.Errorf("sg --param %s from the table (exit %d, %s):\n%s\nfrom the game:\n%s", p, code, errs, got, want)
		}
	}
	for _, c := range []struct {
		param string
		code  int
		msg   string
	}{
		{"p=2..30", 1, "retro: --param p=2..30: " + path + " holds p = 2..4 only\n"},
		{"q=2", 2, "retro: --param q=2: powers-of-p.toml has no param q (params: p)\n"},
	} {
		for _, cmd := range []string{"sg", "solve"} {
			_, errs, code := runCmd(t, cmd, path, "--param", c.param)
			if code != c.code || errs != c.msg {
				t.Errorf("%s --param %s: exit %d, %q; want %d, %q", cmd, c.param, code, errs, c.code, c.msg)
			}
		}
	}
}
