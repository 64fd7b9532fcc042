package rules

import "testing"

func TestInstanceLabel(t *testing.T) {
	g, err := Parse("t.toml", []byte(`name = "t"
piles = ["x"]
moves = ["x - k", "x - j"]
winner = "mover"
[start]
x = "S"
[params]
k = "1..2"
j = "3"
S = "5..6"
`))
	if err != nil {
		t.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, in := range insts {
		got = append(got, in.Label())
	}
	if len(got) != 2 || got[0] != "k=1,j=3" || got[1] != "k=2,j=3" {
		t.Errorf("labels %q, want k=1,j=3 and k=2,j=3 (S is a start param, not in the rules)", got)
	}
	nim, err := FromBuiltin("nim").Load()
	if err != nil {
		t.Fatal(err)
	}
	one, err := nim.Instances()
	if err != nil || len(one) != 1 || one[0].Label() != "" {
		t.Errorf("a game without rule params: %v, %v", one, err)
	}
}
