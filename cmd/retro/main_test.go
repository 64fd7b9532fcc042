package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// runCmd runs one command line in-process.
func runCmd(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), &env{stdout: &out, stderr: &errb}, args)
	return out.String(), errb.String(), code
}

func TestExportExamDemo(t *testing.T) {
	out, errs, code := runCmd(t, "export", "ege-2027-demo")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(out, "\n")
	if lines[0] != "a,b,outcome,layer,best" {
		t.Errorf("header %q", lines[0])
	}
	// The first W 1 row by pile values: from (17, 58) only doubling b
	// reaches 133 (17 + 116); a is never below 17.
	if lines[1] != `17,58,W,1,"each *2:(17,116)"` {
		t.Errorf("first row %q", lines[1])
	}
	out2, _, _ := runCmd(t, "export", "ege-2027-demo", "--layer", "4")
	for _, l := range strings.Split(strings.TrimSpace(out2), "\n")[1:] {
		if !strings.Contains(l, ",L,4,") {
			t.Fatalf("--layer 4 kept %q", l)
		}
	}
	if !strings.Contains(out2, "\n17,44,L,4,") {
		t.Errorf("--layer 4 lacks (17, 44):\n%s", out2)
	}
}

func TestExportToFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.csv")
	if _, errs, code := runCmd(t, "export", "lebedev-commands", "--csv", path); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), "x,last,outcome,layer,best\n") {
		t.Errorf("header: %q", strings.SplitN(string(data), "\n", 2)[0])
	}
	// A failing export leaves nothing behind.
	bad := filepath.Join(dir, "bad.csv")
	if _, _, code := runCmd(t, "export", "no-such-game", "--csv", bad); code == 0 {
		t.Fatal("exit 0 for an unknown game")
	}
	if _, err := os.Stat(bad); err == nil {
		t.Error("a failed export wrote its file")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("files left: %v", entries)
	}
}

func TestShow(t *testing.T) {
	out, errs, code := runCmd(t, "show", "ege-2027-demo", "17,29")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// The four moves of (17, 29) in order; doubling b to (17, 58) leaves
	// the opponent a win in one (W 1: 17 + 116 = 133).
	want := []string{"(17, 29): ", "each +4 -> (21, 29)", "each +4 -> (17, 33)", "each *2 -> (34, 29)", "each *2 -> (17, 58)  W 1"}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("show lacks %q:\n%s", w, out)
		}
	}
	out, _, code = runCmd(t, "show", "lebedev-commands", "x=9", "--last", "d")
	if code != 0 || !strings.Contains(out, "(9) last=d:") || strings.Count(out, "->") != 3 {
		t.Errorf("show 9 after d:\n%s", out)
	}
}

func TestSolveSummary(t *testing.T) {
	_, summaries := wythoffTables(t)
	// The box 0..200 × 0..200.
	for k, out := range summaries {
		for _, w := range []string{"positions:  40401", "L 0      1", "time:", "peak memory:"} {
			if !strings.Contains(out, w) {
				t.Errorf("%d cores: summary lacks %q:\n%s", wythoffCores[k], w, out)
			}
		}
	}
}

func TestErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{}, 2, "no command"},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"solve"}, 2, "solve takes one GAME"},
		{[]string{"solve", "--nope", "nim"}, 2, "unknown flag: --nope"},
		{[]string{"solve", "no-such-game"}, 1, `no game file or built-in game named "no-such-game"`},
		{[]string{"show", "ege-2027-demo", "17"}, 2, "want 2 values"},
		{[]string{"show", "ege-2027-demo", "a=17,c=3"}, 2, `no pile named "c"`},
		{[]string{"show", "lebedev-commands", "3", "--last", "e"}, 2, `--last "e": no such command`},
		{[]string{"export", "ege-2027-demo", "--param", "S=5..1"}, 2, "empty range"},
		{[]string{"show", "multiplication-game", "1"}, 1, "--param"},
		{[]string{"show", "ege-2027-demo", "17,abc"}, 2, `"abc" is not an integer`},
		{[]string{"show", "ege-2027-demo", "17,99999999999999999999"}, 2, "overflows int64"},
	}
	for _, c := range cases {
		_, errs, code := runCmd(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errs, c.code, c.msg)
		}
	}
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte("name = \"bad\"\npiles = [\"x\"]\nmoevs = [\"x - 1\"]\n[start]\nx = 5\n"), 0o644)
	out, errs, code := runCmd(t, "check", "nim", bad)
	if code != 1 {
		t.Errorf("exit %d", code)
	}
	if !strings.Contains(out, "nim.toml: ok") {
		t.Errorf("stdout %q", out)
	}
	if !strings.Contains(errs, "bad.toml:3:1") || !strings.Contains(errs, "moevs") {
		t.Errorf("stderr %q", errs)
	}
}

func TestGames(t *testing.T) {
	out, _, code := runCmd(t, "games")
	if code != 0 || !strings.Contains(out, "ege-2027-demo") || !strings.Contains(out, "wythoff") {
		t.Errorf("games:\n%s", out)
	}
}

// The same game gives the same bytes whatever the number of cores: the
// graph is built by one builder per shard, so this needs a game of many
// shards (Wythoff's). The export solved here on one core must be the
// export of the tables solved on 2 and 4 cores (TestTableSameTwice
// compares the tables themselves). The best column is worked out from
// the rows one by one, on one goroutine, whatever the cores: from those
// tables the export leaves it out (--best none), and the rest of every
// row must be the same.
func TestExportSameOnAnyCores(t *testing.T) {
	tables, _ := wythoffTables(t)
	old := runtime.GOMAXPROCS(1)
	one, errs, code := runCmd(t, "export", "wythoff")
	runtime.GOMAXPROCS(old)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	full, err := csv.NewReader(strings.NewReader(one)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(full) != 40402 || !slices.Equal(full[0], []string{"a", "b", "outcome", "layer", "best"}) {
		t.Fatalf("%d rows, header %v: want a, b, outcome, layer, best and 40401 positions", len(full), full[0])
	}
	var b strings.Builder
	w := csv.NewWriter(&b)
	for _, rec := range full {
		w.Write(rec[:len(rec)-1])
	}
	w.Flush()
	for k, table := range tables[1:] {
		out, errs, code := runCmd(t, "export", table, "--best", "none")
		if code != 0 {
			t.Fatalf("export %s: exit %d: %s", table, code, errs)
		}
		if out != b.String() {
			t.Errorf("the CSV differs on %d cores", wythoffCores[k+1])
		}
	}
}
