package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const drawsGame = `piles = ["x"]
allow = "no-repeat-opponent"
end = "x >= 3"
[commands]
up = ["x + 1"]
down = ["x - 1"]
[bounds]
x = "0..2"
`

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

func TestCountLine(t *testing.T) {
	for _, c := range []struct {
		n, total int64
		want     string
	}{
		{16384, 40001, "export: 16384 of 40001 rows (40%)"},
		{5, 0, "export: 5 rows"},
	} {
		if got := countLine("export", c.n, c.total, "rows"); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
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
	o := &exportOptions{best: "none", sep: ","}
	opt, err := o.csvOptions()
	if err != nil {
		t.Fatal(err)
	}
	if n := opt.RowCount(s.results); n != 40001 {
		t.Errorf("%d rows", n)
	}
	done := exportProgress(e, s, &opt)
	opt.Layer = 7
	if n := opt.RowCount(s.results); n != 1 { // one position a layer on a chain
		t.Errorf("layer 7: %d rows", n)
	}
	done()
	if opt.Progress == nil {
		t.Fatal("no progress function")
	}
}
