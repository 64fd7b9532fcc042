package out_test

import (
	"encoding/json"
	"strings"
	"testing"

	"retro/out"
	"retro/out/query"
	"retro/positions"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// solveBuiltin solves the one instance of a built-in game.
func solveBuiltin(t *testing.T, name string) (*rules.Game, *retro.Result) {
	t.Helper()
	g, rs := retrotest.SolveBuiltin(t, name)
	return g, rs[0]
}

func TestAnswerJSON(t *testing.T) {
	_, r := solveBuiltin(t, "ege-2027-demo")
	q, _ := query.ParseQuestion("win =2")
	answers, err := query.Run([]*retro.Probed{r.Probed()}, []query.Ask{{Question: q,
		Aggregate: query.Aggregate{Kind: query.AggFirst, K: 2}}}, query.Options{})
	if err != nil {
		t.Fatal(err)
	}
	j := out.NewAnswerJSON(answers[0], 30)
	if j.Text != "28 48" || j.Aggregate != "first 2" || j.Meaning != "W 3" || len(j.Cells) != 30 || j.Omitted != 85 {
		t.Errorf("answer %q %q %q, %d cells, %d omitted", j.Text, j.Aggregate, j.Meaning, len(j.Cells), j.Omitted)
	}
	c := j.Cells[27]
	if c.Label != "28" || !c.Answer || c.Holds != "yes" || c.Outcome != "W" || *c.Layer != 3 || c.Position[1] != 28 {
		t.Errorf("cell 28: %+v", c)
	}
	b, _ := json.Marshal(j)
	for _, key := range []string{`"question":"win =2"`, `"values":[[28],[48]]`, `"names":["S"]`, `"holds":"no"`} {
		if !strings.Contains(string(b), key) {
			t.Errorf("the JSON lacks %s", key)
		}
	}
}

func TestPositionJSON(t *testing.T) {
	g, r := solveBuiltin(t, "lebedev-commands")
	i, ok := r.Space.Index([]int64{3}, positions.JoinHistory(g, 1, 0))
	if !ok {
		t.Fatal("(3) last=a not in the table")
	}
	moves, err := r.Moves(i, r.Instance.NewMachine())
	if err != nil {
		t.Fatal(err)
	}
	j, err := out.NewPositionJSON(g, r.Probed(), i, moves)
	if err != nil {
		t.Fatal(err)
	}
	if j.Text != "(3) last=a" || *j.Last != "a" || j.Mylast != nil || j.Final || len(j.Moves) != 3 {
		t.Fatalf("position %+v", j)
	}
	for _, m := range j.Moves {
		if m.Move == "a" || *m.Last != m.Move {
			t.Errorf("move %+v", m)
		}
	}
	// The tree in WriteTreeJSON's form, as a value to embed.
	root, err := r.Tree(i, r.Instance.NewMachine(), retro.TreeOptions{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := out.TreeJSON(g, root, query.En)
	if err != nil {
		t.Fatal(err)
	}
	var tree struct {
		Root struct {
			Position []int64 `json:"position"`
			Last     string  `json:"last"`
		} `json:"root"`
	}
	if err := json.Unmarshal(raw, &tree); err != nil || tree.Root.Position[0] != 3 || tree.Root.Last != "a" {
		t.Errorf("tree %s: %v", raw, err)
	}
}
