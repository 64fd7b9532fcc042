package rules

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"retro/rules/lang"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/invalid")

// The games every implementation must load are the built-in ones
// (games/*.toml, embedded in the package), so the tests read them from the
// module itself and never from outside it.

// sharedGameFiles lists the built-in games' file names (games/NAME.toml).
func sharedGameFiles(t testing.TB) []string {
	t.Helper()
	var files []string
	for _, name := range BuiltinNames() {
		files = append(files, "games/"+name+".toml")
	}
	if len(files) == 0 {
		t.Fatal("no built-in games embedded")
	}
	return files
}

// sharedSource returns the text of a built-in game file (games/NAME.toml).
func sharedSource(t testing.TB, file string) []byte {
	t.Helper()
	src, err := builtinFS.ReadFile(file)
	if err != nil {
		t.Fatalf("built-in game %s: %v", file, err)
	}
	return src
}

// loadShared parses a built-in game by its file name (NAME.toml).
func loadShared(t testing.TB, name string) *Game {
	t.Helper()
	file := "games/" + name
	g, err := Parse(file, sharedSource(t, file))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestSharedGames: every shared game loads, and a machine can be made for
// each of its instances.
func TestSharedGames(t *testing.T) {
	for _, f := range sharedGameFiles(t) {
		src := sharedSource(t, f)
		g, err := Parse(f, src)
		if err != nil {
			t.Errorf("%s:\n%s", f, RenderError(err))
			continue
		}
		if g.Name == "" || len(g.Piles) == 0 {
			t.Errorf("%s: name %q piles %v", f, g.Name, g.Piles)
		}
		for _, p := range g.Params {
			if p.Open {
				if err := g.SetRange(p.Name, p.Lo, p.Lo+5); err != nil {
					t.Fatal(err)
				}
			}
		}
		ins, err := g.Instances()
		if err != nil || len(ins) == 0 {
			t.Errorf("%s: %d instances, %v", f, len(ins), err)
			continue
		}
		if _, err := ins[0].Starts(10); err != nil {
			t.Errorf("%s: starts: %v", f, err)
		}
		if _, err := ins[0].Bounds(); err != nil {
			t.Errorf("%s: bounds: %v", f, err)
		}
		ins[0].NewMachine()
	}
}

// TestSharedGameFacts checks what the loader decides about the shared
// games.
func TestSharedGameFacts(t *testing.T) {
	sharedGameFiles(t)
	tests := []struct {
		file      string
		history   History
		count     Count
		sum       bool
		commands  int
		rule      string // names of the rule params
		start     string // names of the start params
		hasStart  bool
		hasBounds bool
	}{
		{"ege-2027-demo.toml", NoHistory, Exam, false, 2, "", "S", true, false},
		{"ege-bank-one-pile.toml", NoHistory, Exam, false, 3, "", "S", true, false},
		{"lebedev-commands.toml", LastHistory, Lebedev, false, 4, "", "", false, true},
		{"lebedev-operations.toml", LastHistory, Lebedev, false, 2, "", "", false, true},
		{"multiplication-game.toml", NoHistory, Exam, false, 1, "n", "", true, false},
		{"powers-of-p.toml", NoHistory, Exam, true, 1, "p", "", false, false},
		{"kayles.toml", NoHistory, Exam, true, 0, "", "", false, false},
		{"wythoff.toml", NoHistory, Exam, false, 3, "", "", false, true},
	}
	names := func(ps []Param) string {
		var s []string
		for _, p := range ps {
			s = append(s, p.Name)
		}
		return strings.Join(s, ",")
	}
	for _, tt := range tests {
		g := loadShared(t, tt.file)
		if g.History != tt.history || g.Count != tt.count || g.Sum != tt.sum || len(g.Commands) != tt.commands ||
			names(g.RuleParams()) != tt.rule || names(g.StartParams()) != tt.start ||
			g.HasStart != tt.hasStart || g.HasBounds != tt.hasBounds {
			t.Errorf("%s: history %v count %v sum %v commands %d rule %q start %q hasStart %v hasBounds %v",
				tt.file, g.History, g.Count, g.Sum, len(g.Commands), names(g.RuleParams()), names(g.StartParams()), g.HasStart, g.HasBounds)
		}
	}
	k := loadShared(t, "kayles.toml")
	if k.Octal != "0.77" || k.Horizon != -1 {
		t.Errorf("kayles: octal %q horizon %d", k.Octal, k.Horizon)
	}
	e := loadShared(t, "ege-2027-demo.toml")
	if e.Commands[0].Name != "each +4" || e.Commands[1].Moves[0] != "each *2" || !e.HasEnd || e.HasWhere {
		t.Errorf("ege: %+v", e.Commands)
	}
	if p := e.Params[0]; p.Lo != 1 || p.Hi != 115 || p.Open || p.Rule || p.Pos.Line != 14 || p.Pos.Col != 1 {
		t.Errorf("ege param: %+v", p)
	}
	b := loadShared(t, "ege-bank-one-pile.toml")
	if p := b.Params[0]; p.Lo != 31 || !p.Open {
		t.Errorf("bank param: %+v", p)
	}
}

// TestInvalidFiles compares the rendered errors of testdata/invalid/*.toml
// with their .golden files (go test -update rewrites them).
func TestInvalidFiles(t *testing.T) {
	files, err := filepath.Glob("testdata/invalid/*.toml")
	if err != nil || len(files) == 0 {
		t.Fatal("no testdata/invalid/*.toml")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.ToSlash(f)
		_, err = Parse(name, src)
		var list ErrorList
		if !errors.As(err, &list) {
			t.Errorf("%s: got %v, want an ErrorList", f, err)
			continue
		}
		got := list.Render(lang.En)
		golden := strings.TrimSuffix(f, ".toml") + ".golden"
		if *update {
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if got != string(want) {
			t.Errorf("%s: errors differ from %s\ngot:\n%s\nwant:\n%s", f, golden, got, want)
		}
		if len(list) > MaxErrors {
			t.Errorf("%s: %d errors", f, len(list))
		}
	}
}

// TestTableForms: inline tables, dotted keys, quoted command names, a
// single-string command and integers where strings are allowed.
func TestTableForms(t *testing.T) {
	src := `piles = ["a", "b"]
start = {a = 1, b = "S"}
params.S = "1..3"
bounds.a = 5
bounds.b = "0..n"
params.n = "2**3"
allow = "cmd != 'add one' and cmd != last"

[commands]
"add one" = ["a = a + 1", "b = b + 1"]
double = "a = a * 2"
`
	g, err := Parse("forms.toml", []byte(src))
	if err != nil {
		t.Fatal(RenderError(err))
	}
	if len(g.Commands) != 2 || g.Commands[0].Name != "add one" || len(g.Commands[0].Moves) != 2 || g.Commands[1].Moves[0] != "a = a * 2" {
		t.Errorf("commands: %+v", g.Commands)
	}
	if g.Params[0].Name != "S" || g.Params[1].Name != "n" || g.Params[1].Lo != 8 || !g.Params[1].Rule || g.Params[0].Rule {
		t.Errorf("params: %+v", g.Params)
	}
	in, _ := g.Bind([]int64{8})
	bs, err := in.Bounds()
	if err != nil || bs[0] != (Range{5, 5}) || bs[1] != (Range{0, 8}) {
		t.Errorf("bounds: %v %v", bs, err)
	}
	st, err := in.Starts(0)
	if err != nil || len(st) != 3 || st[2].Piles[1] != 3 || st[2].Params[0] != 3 {
		t.Errorf("starts: %v %v", st, err)
	}
	// The error inside an inline table points into it.
	bad := strings.Replace(src, `b = "S"`, `b = "S +"`, 1)
	_, err = Parse("forms.toml", []byte(bad))
	if err == nil || !strings.HasPrefix(err.Error(), "forms.toml:2:25: expected an expression") {
		t.Errorf("got %v", err)
	}
}

// TestDefaults: what a game gets when keys are left out.
func TestDefaults(t *testing.T) {
	g, err := Parse("dir/my-game.toml", []byte("piles = [\"x\"]\nsum = true\nmoves = [\"x - 1\"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if g.Name != "my-game" || g.Horizon != -1 || g.Count != Exam || g.History != NoHistory || g.Signed || g.HasEnd {
		t.Errorf("%+v", g)
	}
	in, _ := g.Bind(nil)
	if w, err := in.NewMachine().Winner([]int64{0}); w != Mover || err != nil {
		t.Errorf("default winner %v %v", w, err)
	}
	if st, err := in.Starts(5); st != nil || err != nil {
		t.Errorf("starts without [start]: %v %v", st, err)
	}
	if bs, err := in.Bounds(); bs != nil || err != nil {
		t.Errorf("bounds without [bounds]: %v %v", bs, err)
	}
}

func TestSetRangeAndInstances(t *testing.T) {
	src := `piles = ["p"]
moves = ["p = p * k for k in 2..m"]
end = "p >= n"
where = "n % m != 0"
[start]
p = "s"
[params]
n = "2..5"
m = "2..3"
s = "1.."
`
	g, err := Parse("w.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	ins, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, in := range ins {
		got = append(got, Tuple(in.Values))
	}
	// (n, m) with n % m != 0, n slowest.
	if want := "(2, 3) (3, 2) (4, 3) (5, 2) (5, 3)"; strings.Join(got, " ") != want {
		t.Errorf("instances %s, want %s", strings.Join(got, " "), want)
	}
	st, err := ins[0].Starts(3)
	if err != nil || len(st) != 3 || st[0].Piles[0] != 1 || st[2].Piles[0] != 3 {
		t.Errorf("starts %v %v", st, err)
	}
	if err := g.SetRange("s", 7, 8); err != nil {
		t.Fatal(err)
	}
	if st, _ := ins[0].Starts(3); len(st) != 2 || st[0].Piles[0] != 7 {
		t.Errorf("starts after SetRange: %v", st)
	}
	if err := g.SetRange("q", 1, 2); err == nil {
		t.Error("SetRange of an unknown param")
	}
	if err := g.SetRange("n", 3, 2); err == nil {
		t.Error("SetRange with lo > hi")
	}
	if err := g.SetRange("n", 7, 7); err != nil {
		t.Fatal(err)
	}
	if ins, _ := g.Instances(); len(ins) != 2 {
		t.Errorf("after SetRange n=7: %d instances", len(ins))
	}
	// An open rule param needs a closed range.
	open := strings.Replace(src, `n = "2..5"`, `n = "2.."`, 1)
	g, err = Parse("w.toml", []byte(open))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Instances(); err == nil || !strings.Contains(err.Error(), "needs a closed range") {
		t.Errorf("open rule param: %v", err)
	}
	if _, err := g.Bind([]int64{1}); err == nil {
		t.Error("Bind with too few values")
	}
}
