package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"retro/out/table"
	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// solveTo writes the table of a game into dir and returns its path.
func solveTo(t *testing.T, dir, game string, flags ...string) string {
	t.Helper()
	path := filepath.Join(dir, filepath.Base(game)+".rtb")
	args := append([]string{"solve", game, "-o", path}, flags...)
	if _, errs, code := runCmd(t, args...); code != 0 {
		t.Fatalf("solve -o: exit %d: %s", code, errs)
	}
	return path
}

// sameOutput runs a command on a game and on its table and compares.
func sameOutput(t *testing.T, game, table string, args ...string) {
	t.Helper()
	at := slices.Index(args, "GAME")
	withGame, withTable := slices.Clone(args), slices.Clone(args)
	withGame[at], withTable[at] = game, table
	a, errA, codeA := runCmd(t, withGame...)
	b, errB, codeB := runCmd(t, withTable...)
	if codeA != 0 || codeB != 0 || a != b || a == "" {
		t.Errorf("%v: from the game (exit %d, %s):\n%s\nfrom the table (exit %d, %s):\n%s", args, codeA, errA, a, codeB, errB, b)
	}
}

func TestTableCommands(t *testing.T) {
	dir := t.TempDir()
	demo := solveTo(t, dir, "ege-2027-demo")
	for _, args := range [][]string{
		{"show", "GAME", "17,29"},
		{"show", "GAME", "a=17,b=56"},
		{"export", "GAME"},
		{"export", "GAME", "--layer", "4"},
		{"ege", "GAME"},
		{"query", "GAME", "win 2", "--all"},
		{"query", "GAME", "lose =1", "--param", "S=20..40"},
		{"tree", "GAME", "17,29"},
	} {
		sameOutput(t, "ege-2027-demo", demo, args...)
	}
	lc := solveTo(t, dir, "lebedev-commands")
	sameOutput(t, "lebedev-commands", lc, "show", "GAME", "x=9", "--last", "d")
	sameOutput(t, "lebedev-commands", lc, "export", "GAME")
	// A game with parameters in its rules: one instance per value.
	mg := solveTo(t, dir, "multiplication-game", "--param", "n=2..60")
	sameOutput(t, "multiplication-game", mg, "show", "GAME", "4", "--param", "n=50")
	sameOutput(t, "multiplication-game", mg, "export", "GAME", "--param", "n=2..60")
	// A heap game, as the engine plays it.
	kayles := solveTo(t, dir, "kayles")
	sameOutput(t, "kayles", kayles, "export", "GAME")
	sameOutput(t, "kayles", kayles, "show", "GAME", "4,3")

	// Parquet: the same file from the game and from the table.
	pa, pb := filepath.Join(dir, "a.parquet"), filepath.Join(dir, "b.parquet")
	runCmd(t, "export", "ege-2027-demo", "--parquet", pa)
	if _, errs, code := runCmd(t, "export", demo, "--parquet", pb); code != 0 {
		t.Fatalf("export --parquet: %s", errs)
	}
	a, _ := os.ReadFile(pa)
	b, _ := os.ReadFile(pb)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("parquet from the game (%d bytes) and from the table (%d bytes) differ", len(a), len(b))
	}
}

func TestTableShowMissing(t *testing.T) {
	demo := solveTo(t, t.TempDir(), "ege-2027-demo")
	_, errs, code := runCmd(t, "show", demo, "1,2")
	if code != 1 || !strings.Contains(errs, "does not hold position (1, 2)") {
		t.Errorf("exit %d: %s", code, errs)
	}
	mg := solveTo(t, t.TempDir(), "multiplication-game", "--param", "n=2..9")
	for _, c := range []struct{ args, msg string }{
		{"show MG 4", "fix n with --param"},
		{"show MG 4 --param n=20", "holds n = 2..9 only"},
		{"export MG --horizon 3", "--horizon applies when solving a game"},
	} {
		args := strings.Fields(strings.ReplaceAll(c.args, "MG", mg))
		if _, errs, code := runCmd(t, args...); code != 1 || !strings.Contains(errs, c.msg) {
			t.Errorf("%s: exit %d: %s", c.args, code, errs)
		}
	}
}

// TestTableSameTwice: Wythoff's game solved on 1, 2 and 4 cores gives the
// same table byte for byte, whatever the made record says, and the same
// content sum.
func TestTableSameTwice(t *testing.T) {
	tables, _ := wythoffTables(t)
	end := func(d []byte) int {
		tf, err := table.Open(bytes.NewReader(d), int64(len(d)))
		if err != nil {
			t.Fatal(err)
		}
		return int(tf.Header.End)
	}
	sum := func(s string) string { return s[strings.Index(s, "content:"):] }
	da, _ := os.ReadFile(tables[0])
	ia, _, _ := runCmd(t, "info", tables[0])
	for k, b := range tables[1:] {
		db, _ := os.ReadFile(b)
		if !bytes.Equal(da[:end(da)], db[:end(db)]) {
			t.Errorf("the tables of one game on 1 and %d cores differ", wythoffCores[k+1])
		}
		ib, _, _ := runCmd(t, "info", b)
		if sum(ia) != sum(ib) {
			t.Errorf("content sums differ:\n%s\n%s", sum(ia), sum(ib))
		}
	}
}

func TestInfo(t *testing.T) {
	demo := solveTo(t, t.TempDir(), "ege-2027-demo")
	o, errs, code := runCmd(t, "info", demo)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, w := range []string{"game:       ЕГЭ-2027 (демо), задания 19–21 (ege-2027-demo.toml)", "positions:  3505",
		"outcomes:   W 3236  L 269  D 0", "  L 16     1", "bits per position", "made:", "solve", "content:    sha256 "} {
		if !strings.Contains(o, w) {
			t.Errorf("info lacks %q:\n%s", w, o)
		}
	}
}

func TestVerify(t *testing.T) {
	dir := t.TempDir()
	demo := solveTo(t, dir, "ege-2027-demo")
	o, errs, code := runCmd(t, "verify", demo)
	if code != 0 || !strings.Contains(o, "3505 positions of ege-2027-demo.toml agree with the rules") {
		t.Errorf("exit %d: %s%s", code, o, errs)
	}
	o, errs, code = runCmd(t, "verify", "--resolve", demo)
	if code != 0 || !strings.Contains(o, "a fresh solve of ege-2027-demo.toml gives the same 3505 positions, outcomes and layers") {
		t.Errorf("--resolve: exit %d: %s%s", code, o, errs)
	}
	kayles := solveTo(t, dir, "kayles")
	if _, errs, code := runCmd(t, "verify", "--resolve", kayles); code != 1 || !strings.Contains(errs, "does not record the --upto") {
		t.Errorf("--resolve of a heap game: exit %d: %s", code, errs)
	}
	bad := filepath.Join(dir, "tampered.rtb")
	writeTampered(t, bad)
	o, errs, code = runCmd(t, "verify", bad)
	if code != 1 || !strings.Contains(o, "disagree with the rules") ||
		!strings.Contains(o, "(17, 58): the table says W 3; its moves make it W 1") ||
		!strings.Contains(errs, "inconsistencies") {
		t.Errorf("tampered table: exit %d:\n%s%s", code, o, errs)
	}
	// A damaged file is an error that names the damage.
	data, _ := os.ReadFile(demo)
	data[len(data)/2] ^= 1
	os.WriteFile(bad, data, 0o644)
	if _, errs, code := runCmd(t, "verify", bad); code != 1 || !strings.Contains(errs, "checksum mismatch in block") {
		t.Errorf("damaged table: exit %d: %s", code, errs)
	}
	for _, args := range [][]string{{"verify", "ege-2027-demo"}, {"info", "/dev/null"}} {
		if _, errs, code := runCmd(t, args...); code != 1 || !strings.Contains(errs, "not a table file") {
			t.Errorf("%v: exit %d: %s", args, code, errs)
		}
	}
}

// writeTampered writes a table of the exam demo in which the first W 1
// position, (17, 58), is said to be W 3: a table that reads well and
// checks its sums, but disagrees with the rules.
func writeTampered(t *testing.T, path string) {
	src, _ := rules.Builtin("ege-2027-demo")
	g, err := rules.Parse("ege-2027-demo.toml", src)
	if err != nil {
		t.Fatal(err)
	}
	insts, _ := g.Instances()
	r, err := retro.SolveInstance(insts[0], positions.DefaultOptions(g), retro.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := r.Data()
	d.Layer = slices.Clone(d.Layer)
	d.Layer[d.Order[d.Segments[0].Start]] = 3
	regroup(&d)
	bad, err := retro.FromData(r.Space, r.Instance, d)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := table.Write(&buf, g, []*retro.Result{bad}, table.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// regroup rebuilds the coloured sets of result data after its layers
// have changed, keeping the sets' order.
func regroup(d *retro.Data) {
	type key struct {
		o     retro.Outcome
		layer int
	}
	sets := map[key][]uint32{}
	for _, i := range d.Order {
		k := key{retro.Win, int(d.Layer[i])}
		if d.Lose.Has(int(i)) {
			k.o = retro.Lose
		}
		sets[k] = append(sets[k], i)
	}
	var order []uint32
	var segs []retro.Segment
	for _, s := range d.Segments {
		list := sets[key{s.Outcome, s.Layer}]
		slices.Sort(list)
		segs = append(segs, retro.Segment{Outcome: s.Outcome, Layer: s.Layer, Start: len(order), End: len(order) + len(list)})
		order = append(order, list...)
	}
	d.Order, d.Segments = order, segs
}

// sg takes a heap game's table wherever it takes the game, and works the
// values out from the rules the table holds.
func TestSgFromTable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kayles.rtb")
	if _, errs, code := runCmd(t, "solve", "kayles", "-o", path); code != 0 {
		t.Fatalf("solve: %s", errs)
	}
	for _, args := range [][]string{{"--upto", "90"}, {"--heaps", "9,10,14"}, {"--csv", "--upto", "20"}} {
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
