//go:build !js

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

func TestExportOptions(t *testing.T) {
	game := writeGame(t, "draws.toml", drawsGame)
	// By hand (as in the out package's test): (2, none) moves up to 3 and
	// wins; the rest is a cycle of draws, (1, none) keeping it both ways.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--layer", "D"}, "x,last,outcome,layer,best\n0,none,D,,up:(1)\n0,down,D,,up:(1)\n1,none,D,,up:(2)\n1,up,D,,down:(0)\n1,down,D,,up:(2)\n2,up,D,,down:(1)\n"},
		{[]string{"--layer", "D", "--best", "all"}, "x,last,outcome,layer,best\n0,none,D,,up:(1)\n0,down,D,,up:(1)\n1,none,D,,up:(2); down:(0)\n1,up,D,,down:(0)\n1,down,D,,up:(2)\n2,up,D,,down:(1)\n"},
		{[]string{"--best", "none", "--sep", ";"}, "x;last;outcome;layer\n2;none;W;1\n0;none;D;\n0;down;D;\n1;none;D;\n1;up;D;\n1;down;D;\n2;up;D;\n"},
		{[]string{"--layer", "1", "--sep", "tab", "--bom"}, "\ufeffx\tlast\toutcome\tlayer\tbest\n2\tnone\tW\t1\tup:(3)\n"},
		{[]string{"--layer", "?"}, "x,last,outcome,layer,best\n"},
	} {
		got, errs, code := runCmd(t, append([]string{"export", game}, c.args...)...)
		if code != 0 || got != c.want {
			t.Errorf("%v: exit %d (%s):\n%q\nwant\n%q", c.args, code, errs, got, c.want)
		}
	}
	for _, c := range []struct{ flag, value, want string }{
		{"--layer", "W", `retro: --layer "W": want a layer (0, 1, 2, …), D or ?`},
		{"--best", "some", `retro: --best "some": want one, all or none`},
		{"--sep", ";;", `retro: --sep ";;": want one character other than a quote or a line break, such as ';' or tab`},
		{"--sep", `"`, `retro: --sep "\"": want one character`},
	} {
		_, errs, code := runCmd(t, "export", game, c.flag, c.value)
		if code != 2 || !strings.HasPrefix(errs, c.want) {
			t.Errorf("%s %s: exit %d, %q", c.flag, c.value, code, errs)
		}
	}
	// --sep and --bom reach the file, and Parquet takes --best.
	dir := t.TempDir()
	path := filepath.Join(dir, "t.csv")
	if _, errs, code := runCmd(t, "export", game, "--csv", path, "--sep", ";", "--bom", "--layer", "1"); code != 0 {
		t.Fatal(errs)
	}
	if data, _ := os.ReadFile(path); string(data) != "\ufeffx;last;outcome;layer;best\n2;none;W;1;up:(3)\n" {
		t.Errorf("file %q", data)
	}
}

// A long export shows its rows on a terminal and clears the line after.
func TestExportProgress(t *testing.T) {
	game := writeGame(t, "chain.toml", "piles = [\"x\"]\nmoves = [\"x - 1\"]\n[bounds]\nx = \"0..40000\"\n")
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, tty: true}
	s, err := (&gameFlags{maxPositions: 1 << 20, horizon: -1, openWidth: 100}).solveArg(context.Background(), e, game)
	if err != nil {
		t.Fatal(err)
	}
	o := &exportOptions{best: "none", csv: csvFlags{sep: ","}}
	opt, err := o.csvOptions()
	if err != nil {
		t.Fatal(err)
	}
	if n := opt.RowCount(s.results); n != 40001 {
		t.Errorf("%d rows", n)
	}
	done := exportProgress(e, false, s, &opt)
	opt.Layer = 7
	if n := opt.RowCount(s.results); n != 1 { // one position a layer on a chain
		t.Errorf("layer 7: %d rows", n)
	}
	done()
	if opt.Progress == nil {
		t.Fatal("no progress function")
	}
}

const drawsGame = `piles = ["x"]
allow = "no-repeat-opponent"
end = "x >= 3"
[commands]
up = ["x + 1"]
down = ["x - 1"]
[bounds]
x = "0..2"
`
