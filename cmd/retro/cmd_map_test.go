package main

import (
	"bytes"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updatePictures = flag.Bool("update-pictures", false, "write the README's pictures again (docs/*.png)")

// TestMapFormats runs retro map to each format: the files written whole,
// the text map on standard output, and the CSV's first cells.
func TestMapFormats(t *testing.T) {
	dir := t.TempDir()
	for _, ext := range []string{"svg", "png", "html", "csv"} {
		file := filepath.Join(dir, "m."+ext)
		_, stderr, code := runCmd(t, "map", "ege-two-piles-77", "--quiet", "-o", file)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", ext, code, stderr)
		}
		b, err := os.ReadFile(file)
		if err != nil || len(b) == 0 {
			t.Fatalf("%s: %v, %d bytes", ext, err, len(b))
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, "m.csv"))
	if !strings.HasPrefix(string(b), "b\\a,7,8,") || !strings.Contains(string(b), "\n1,W27,L26,") {
		t.Errorf("the CSV map begins %q", string(b[:min(len(b), 80)]))
	}
	html, _ := os.ReadFile(filepath.Join(dir, "m.html"))
	if !strings.Contains(string(html), ">В1<") && !strings.Contains(string(html), ">V1<") {
		t.Errorf("the HTML map has no cell in the exam's notation")
	}
	out, stderr, code := runCmd(t, "map", "ege-two-piles-77", "--quiet", "--x", "a=7..12", "--y", "b=30..34", "--color", "never")
	if code != 0 || !strings.Contains(out, "30  L4  W3  W7  L6  W5  W5") {
		t.Errorf("text map: exit %d, %s\n%s", code, stderr, out)
	}
}

// TestMapOfATableIsTheGames checks that the map of a table file is the
// map of its game, and draws sg --plot.
func TestMapOfATableIsTheGames(t *testing.T) {
	dir := t.TempDir()
	table := filepath.Join(dir, "t.rtb")
	if _, stderr, code := runCmd(t, "solve", "ege-2027-demo", "--quiet", "-o", table); code != 0 {
		t.Fatal(stderr)
	}
	game, _, _ := runCmd(t, "map", "ege-2027-demo", "--quiet", "--format", "csv")
	fromTable, stderr, code := runCmd(t, "map", table, "--quiet", "--format", "csv")
	if code != 0 || game != fromTable || game == "" {
		t.Errorf("the map of the table (exit %d, %s) is not the game's", code, stderr)
	}
	plot := filepath.Join(dir, "k.svg")
	if _, stderr, code := runCmd(t, "sg", "kayles", "--upto", "80", "--plot", plot); code != 0 {
		t.Fatal(stderr)
	}
	b, _ := os.ReadFile(plot)
	if n := strings.Count(string(b), `data-n="`); n != 81 || !strings.Contains(string(b), `data-n="0" data-g="0"`) {
		t.Errorf("sg --plot drew %d points of g(0..80)", n)
	}
}

// TestMapRefusals checks the refusals of retro map: one line each, a
// non-zero exit, and no file written.
func TestMapRefusals(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"map", "ege-two-piles-77", "-o", filepath.Join(dir, "m.gif")}, "want a file ending in .svg"},
		{[]string{"map", "ege-two-piles-77", "--x", "c"}, `"c" is neither a pile`},
		{[]string{"map", "ege-two-piles-77", "--y", "S"}, "parameter of the start only"},
		{[]string{"map", "ege-two-piles-77", "--x", "a", "--y", "a"}, "two different axes"},
		{[]string{"map", "ege-two-piles-77", "--last", "each +1"}, "carry no such history"},
		{[]string{"map", "wythoff", "--x", "a=0..20000", "-o", filepath.Join(dir, "w.html")}, "write it with -o map.png"},
		{[]string{"map", "wythoff"}, "more than a terminal shows"},
		{[]string{"map", "kayles", "--upto", "5", "-o", filepath.Join(dir, "k.svg")}, ""},
	} {
		_, stderr, code := runCmd(t, append(c.args, "--quiet")...)
		if c.want == "" {
			if code != 0 {
				t.Errorf("%v: exit %d: %s", c.args, code, stderr)
			}
			continue
		}
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %q; want %q", c.args, code, stderr, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "w.html")); err == nil {
		t.Errorf("a refused map left its file")
	}
}

// TestDiffExitStatus checks diff's exit status (0 equal, 1 different, 2
// trouble) and its summary.
func TestDiffExitStatus(t *testing.T) {
	dir := t.TempDir()
	text, _ := os.ReadFile("../../rules/games/ege-two-piles-77.toml")
	v78 := filepath.Join(dir, "v78.toml")
	os.WriteFile(v78, bytes.ReplaceAll(text, []byte("77"), []byte("78")), 0o644)
	out, stderr, code := runCmd(t, "diff", "ege-two-piles-77", "ege-two-piles-77", "--quiet")
	if code != 0 || !strings.Contains(out, "of which differ: 0") {
		t.Errorf("a game against itself: exit %d, %s%s", code, out, stderr)
	}
	csvFile := filepath.Join(dir, "d.csv")
	out, stderr, code = runCmd(t, "diff", "ege-two-piles-77", v78, "--quiet", "--csv", csvFile, "--map", filepath.Join(dir, "d.png"))
	if code != 1 || !strings.Contains(out, "W→L:") || !strings.Contains(out, "tasks 19–21") {
		t.Errorf("two ends: exit %d, %s%s", code, out, stderr)
	}
	if b, err := os.ReadFile(csvFile); err != nil || !strings.HasPrefix(string(b), "a,b,outcome_a,layer_a,outcome_b,layer_b,change\n") {
		t.Errorf("diff --csv: %v %q", err, b)
	}
	if f, err := os.Open(filepath.Join(dir, "d.png")); err != nil {
		t.Error(err)
	} else if _, err := png.Decode(f); err != nil {
		t.Errorf("diff --map: %v", err)
	}
	_, stderr, code = runCmd(t, "diff", "ege-two-piles-77", "lebedev-commands", "--quiet")
	if code != 2 || !strings.Contains(stderr, "same piles") {
		t.Errorf("games over other piles: exit %d, %s", code, stderr)
	}
	_, stderr, code = runCmd(t, "diff", "ege-two-piles-77", "no-such-game", "--quiet")
	if code != 2 || strings.Count(stderr, "\n") != 1 {
		t.Errorf("a game that does not load: exit %d, %q", code, stderr)
	}
}

// TestReadmePictures makes the README's pictures again and compares them
// with those committed (-update-pictures writes them).
func TestReadmePictures(t *testing.T) {
	for _, p := range []struct {
		file string
		args []string
	}{
		{"../../docs/map-ege-two-piles-77.png", []string{"map", "ege-two-piles-77", "--lang", "en"}},
		{"../../docs/map-wythoff.png", []string{"map", "wythoff", "--x", "a=0..120", "--y", "b=0..120", "--lang", "en"}},
	} {
		tmp := filepath.Join(t.TempDir(), "m.png")
		if _, stderr, code := runCmd(t, append(p.args, "--quiet", "-o", tmp)...); code != 0 {
			t.Fatalf("%v: %s", p.args, stderr)
		}
		made, _ := os.ReadFile(tmp)
		if *updatePictures {
			if err := os.WriteFile(p.file, made, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		committed, err := os.ReadFile(p.file)
		if err != nil || !bytes.Equal(made, committed) {
			t.Errorf("%s is stale (%v): run go test ./cmd/retro -run TestReadmePictures -update-pictures", p.file, err)
		}
	}
}
