package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"retro/out/table"
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

// FuzzLooksLikeText: UTF-8 text without NUL is text wherever a longer
// file cuts it.
func FuzzLooksLikeText(f *testing.F) {
	for _, s := range []string{strings.Repeat("я", 300), "## " + strings.Repeat("—", 200), strings.Repeat("🙂", 130), "name = \"x\"\n"} {
		for cut := sniffSize - 4; cut <= sniffSize+4; cut++ {
			f.Add(s, cut)
		}
	}
	f.Fuzz(func(t *testing.T, s string, cut int) {
		if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
			return
		}
		n := min(max(cut, 0), len(s))
		if !looksLikeText([]byte(s[:n]), n < len(s)) {
			t.Fatalf("%q cut at %d is not text", s, n)
		}
	})
}

// cutGame is a small valid game whose first comment line puts the letter
// r at byte offset at, so that the 512-byte sample readTableFile takes
// may cut it.
func cutGame(t *testing.T, r rune, at int) []byte {
	t.Helper()
	pad := at - len("# ")
	if pad < 0 {
		t.Fatalf("offset %d too small", at)
	}
	text := "# " + strings.Repeat("x", pad) + string(r) + strings.Repeat("я", 40) + "\n" +
		"name = \"cut\"\npiles = [\"x\"]\nmoves = [\"x - 1\", \"x - 2\"]\nwinner = \"mover\"\n[start]\nx = 7\n"
	if !strings.HasPrefix(text[at:], string(r)) {
		t.Fatalf("letter not at %d", at)
	}
	return []byte(text)
}

// TestSniffMultiByteCut: a game file whose byte 511, 512 or 513 falls
// inside a letter of 2, 3 or 4 bytes is read as a game, by every command
// that takes a table too.
func TestSniffMultiByteCut(t *testing.T) {
	dir := t.TempDir()
	for _, r := range []rune{'я', '—', '🙂'} {
		w := utf8.RuneLen(r)
		for at := sniffSize - w - 1; at <= sniffSize+1; at++ {
			path := filepath.Join(dir, "cut.toml")
			if err := os.WriteFile(path, cutGame(t, r, at), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{{"solve", path}, {"show", path, "7"}, {"export", path}} {
				if _, errs, code := runCmd(t, args...); code != 0 {
					t.Errorf("%q (%d bytes) at %d: %v exit %d: %s", r, w, at, args[0], code, errs)
				}
			}
		}
	}
}

// TestSniffRussianComment is the reproduction: a comment of 300 letters я
// (600 bytes) cuts one at byte 512.
func TestSniffRussianComment(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cut.toml")
	src := "## " + strings.Repeat("я", 300) + "\n" + string(cutGame(t, 'x', 2))
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, errs, code := runCmd(t, "ege", path); code != 0 || errs != "" {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
}

func TestLooksLikeText(t *testing.T) {
	text := []byte(strings.Repeat("ая—🙂", 100))
	for n := 0; n <= len(text); n++ {
		if !looksLikeText(text[:n], n < len(text)) {
			t.Fatalf("UTF-8 text cut at %d is not text", n)
		}
	}
	for _, bad := range []string{"a\x00b", "\xff\xfe", "abc\xc3(", "\x80abc"} {
		if looksLikeText([]byte(bad), true) {
			t.Errorf("%q is text", bad)
		}
	}
	// A cut letter is forgiven only at the end of a longer file.
	if looksLikeText([]byte("abc\xd1"), false) {
		t.Error("a file ending in half a letter is text")
	}
}

// TestNotText: a file that is neither a table nor UTF-8 text says so.
func TestNotText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "garbage.bin")
	if err := os.WriteFile(path, []byte("\xff\xfe\x00\x01 not a game"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, code := runCmd(t, "solve", path)
	if code != 1 || !strings.Contains(errs, "not UTF-8 text") || strings.Contains(errs, "bad magic") {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// byBlocks runs a command on a table rebuilt whole and read a block at a
// time, fails the test unless both print the same, and reports whether
// the command succeeded.
func byBlocks(t *testing.T, args ...string) bool {
	t.Helper()
	whole, errWhole, codeWhole := runCmd(t, args...)
	tableWhole = 0
	blocks, errBlocks, codeBlocks := runCmd(t, args...)
	tableWhole = table.MaxWhole
	if codeWhole != codeBlocks || whole != blocks || errWhole != errBlocks {
		t.Errorf("%v:\nwhole (exit %d):\n%s%s\nby blocks (exit %d):\n%s%s", args, codeWhole, whole, errWhole, codeBlocks, blocks, errBlocks)
	}
	if codeWhole != 0 {
		t.Logf("%v: %s", args, errWhole)
	}
	return codeWhole == 0
}

// TestTableByBlocks: show, tree, query and ege read a table whose
// instances are too large to rebuild whole a block at a time
// (table.Load's Probes), and print what they print from the table
// rebuilt whole, byte for byte; the commands that need it whole refuse it
// and say which do not. The limit
// is lowered to every table's size, so that the tables of the tests, of
// several blocks, a history, a heap game and instances by a parameter,
// go the way a table past 2^32 - 1 positions goes.
func TestTableByBlocks(t *testing.T) {
	dir := t.TempDir()
	big := writeGame(t, "big.toml", "name = \"big\"\npiles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"each *2\"]\n"+
		"end = \"a + b >= 1100\"\nwinner = \"mover\"\n[start]\na = 7\nb = \"S\"\n[params]\nS = \"1..300\"\n")
	cases := []struct {
		game  string
		flags []string
		asks  [][]string
	}{
		{"ege-2027-demo", nil, [][]string{{"17,29"}, {"17,56"}, {"17,44", "--json"}, {"21,58"}, {"17,116"}, {"34,29"}}},
		{big, nil, [][]string{{"7,300"}, {"500,500"}, {"7,1"}, {"1000,99"}, {"400,401", "--json"}}},
		{"lebedev-commands", nil, [][]string{{"15"}, {"15", "--last", "a"}, {"30", "--last", "b"}}},
		{"kayles", nil, [][]string{{"5"}, {"3,2"}, {"9,9,9"}}},
		{"powers-of-p", []string{"--param", "p=3"}, [][]string{{"7"}, {"4"}}},
	}
	shown := 0 // the asks answered (others: a position the table does not hold)
	for _, c := range cases {
		file := solveTo(t, dir, c.game, c.flags...)
		for _, ask := range c.asks {
			for _, cmd := range []string{"show", "tree"} {
				args := append(append([]string{cmd, file, ask[0]}, ask[1:]...), c.flags...)
				if cmd == "tree" {
					if slices.Contains(ask, "--json") {
						continue
					}
					args = append(args, "--depth", "4")
				}
				if byBlocks(t, args...) {
					shown++
				}
			}
		}
	}
	if shown < 33 {
		t.Errorf("%d asks answered", shown)
	}
	// The questions, on the same tables and on one solved within a
	// horizon (its ? cells, and the depths that decide them).
	horizon := filepath.Join(dir, "horizon")
	if err := os.Mkdir(horizon, 0o755); err != nil {
		t.Fatal(err)
	}
	asked := 0
	for _, c := range []struct {
		file string
		asks [][]string
	}{
		{filepath.Join(dir, "ege-2027-demo.rtb"), [][]string{{"ege"}, {"ege", "--json"}, {"ege", "--lang", "ru"},
			{"query", "win =2"}, {"query", "can-lose 1 and not win 1", "--all"}, {"query", "lose 2", "--count", "--json"},
			{"query", "lose =1", "--param", "S=20..40"}, {"ege", "--param", "S=30..60"}}},
		{filepath.Join(dir, "big.toml.rtb"), [][]string{{"ege"}, {"query", "win 3", "--all"}, {"query", "lose", "--max"}}},
		{filepath.Join(dir, "lebedev-commands.rtb"), [][]string{{"ege"}, {"query", "win 2 or lose 2", "--all"}}},
		{solveTo(t, horizon, "ege-2027-demo", "--horizon", "5"), [][]string{{"ege"}, {"query", "win 2", "--all"}, {"query", "win 3", "--all"}, {"query", "lose 3 or win 3", "--all"},
			{"query", "can-lose 1", "--all", "--json"}, {"query", "lose =1", "--count"}}},
	} {
		for _, ask := range c.asks {
			args := append([]string{ask[0], c.file}, ask[1:]...)
			if byBlocks(t, append(args, "--color", "never")...) {
				asked++
			}
		}
	}
	if asked < 15 {
		t.Errorf("%d questions answered", asked)
	}
	file := solveTo(t, dir, "ege-2027-demo")
	tableWhole = 0
	defer func() { tableWhole = table.MaxWhole }()
	for _, args := range [][]string{{"export", file, "--csv", filepath.Join(dir, "x.csv")}, {"verify", file}} {
		_, errs, code := runCmd(t, args...)
		if code != 1 || !strings.Contains(errs, "instance too large to read whole") || !strings.Contains(errs, "retro show, tree, query, ege and info read it a block at a time") {
			t.Errorf("%v: exit %d: %s", args, code, errs)
		}
	}
}
