package retro

import (
	"retro/retro/internal/core"
	"strings"
	"testing"

	"retro/positions"
	"retro/rules"
)

// verifyGames are games of every kind Verify must accept: the built-in
// outcome games, and games with a horizon, with draws and with Lebedev's
// count of a losing move.
var verifyGames = map[string]string{
	"horizon": `name = "Double or add one, horizon 6"
piles = ["x"]
moves = ["x + 1", "x * 2"]
end = "isprime(x) and x > 40"
winner = "mover"
horizon = 6
[start]
x = "S"
[params]
S = "1..20"
`,
	"cycles": `name = "Cycles"
piles = ["a", "b"]
moves = ["each +1", "each -2"]
end    = "a + b >= 40"
winner = "mover if a % 3 == 0 else other"
[start]
a = 0
b = 0
`,
	"lebedev": `name = "Misère take 1..3, counted as Lebedev"
piles = ["x"]
moves = ["x - 1", "x - 2", "x - 3"]
winner = "other"
count = "lebedev"
[bounds]
x = "0..50"
`,
}

// gameInstances reads the game src as name.toml, and its instances.
func gameInstances(t *testing.T, name, src string) (*rules.Game, []*rules.Instance) {
	t.Helper()
	g, err := rules.Parse(name+".toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	return g, insts
}

func solveAll(t *testing.T, name, src string) []*Result {
	t.Helper()
	g, insts := gameInstances(t, name, src)
	var rs []*Result
	for _, in := range insts[:min(len(insts), 50)] {
		r, err := SolveInstance(in, positions.DefaultOptions(g), core.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	return rs
}

func TestVerifyAcceptsSolves(t *testing.T) {
	games := map[string]string{}
	for k, v := range verifyGames {
		games[k] = v
	}
	for _, name := range rules.BuiltinNames() {
		src, _ := rules.Builtin(name)
		if g, err := rules.Parse(name, src); err == nil && !g.Sum {
			games[name] = string(src)
		}
	}
	for name, src := range games {
		for _, r := range solveAll(t, name, src) {
			rep, err := Verify(r, r.Instance.NewMachine(), VerifyOptions{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if rep.Count != 0 || rep.Checked != r.Len() {
				t.Errorf("%s %v: %d of %d checked, problems %v", name, r.Instance.Values, rep.Checked, r.Len(), rep.Problems)
			}
		}
	}
}

func TestVerifyFindsTampering(t *testing.T) {
	src, _ := rules.Builtin("ege-2027-demo")
	r := solveAll(t, "ege-2027-demo", string(src))[0]
	segs := r.Segments()
	w1 := int(r.Positions()[segs[0].Start]) // a W 1 position
	var l2 int
	for _, s := range segs {
		if s.Outcome == core.Lose && s.Layer == 2 {
			l2 = int(r.Positions()[s.Start])
		}
	}
	if r.col.Layer16 != nil {
		r.col.Layer16[w1] = 3
	} else {
		r.col.Layer[w1] = 3
	}
	r.col.Win.Clear(l2)
	r.col.Lose.Clear(l2)
	rep, err := Verify(r, r.Instance.NewMachine(), VerifyOptions{Max: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) != 3 || rep.Count <= 3 {
		t.Errorf("kept %d problems of %d, want 3 of more", len(rep.Problems), rep.Count)
	}
	rep, err = Verify(r, r.Instance.NewMachine(), VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	text := ""
	for _, p := range rep.Problems {
		text += p.String() + "\n"
	}
	for _, want := range []string{"the table says W 3; its moves make it W 1", "the table says D; its moves make it L 2"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	// Only a range.
	rep, _ = Verify(r, r.Instance.NewMachine(), VerifyOptions{Lo: w1, Hi: w1 + 1})
	if rep.Checked != 1 || rep.Count != 1 || rep.Problems[0].Index != w1 {
		t.Errorf("range: %+v", rep)
	}
}
