package grid_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"retro/out"
	"retro/out/grid"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// solve solves a game's text with an optional horizon.
func solve(t *testing.T, name string, text []byte, horizon *int) *retro.Solved {
	t.Helper()
	return retrotest.SolveGame(t, rules.FromText(name, text), retro.GameOptions{Horizon: horizon})
}

// exportCells reads retro export's rows of a solved game: the outcome and
// layer (as a map cell writes them) of each position, by its rule
// parameters, piles and history.
func exportCells(t *testing.T, sv *retro.Solved) map[string]string {
	t.Helper()
	var b bytes.Buffer
	if err := out.WriteCSV(&b, sv.Results, out.CSVOptions{Layer: -1, Best: out.BestNone}); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	cells := map[string]string{}
	for _, r := range rows[1:] {
		n := len(r)
		cells[strings.Join(r[:n-2], ",")] = r[n-2] + r[n-1]
	}
	return cells
}

// mapCSV writes the map of a slice as CSV and reads it back.
func mapCSV(t *testing.T, sv *retro.Solved, c grid.Choice) ([][]string, grid.Slice) {
	t.Helper()
	probed := retro.ProbedAll(sv.Results)
	s, err := grid.Choose(sv.Game, probed, c)
	if err != nil {
		t.Fatal(err)
	}
	src, err := grid.NewSource(sv.Game, probed, s)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := grid.WriteCSV(&b, &grid.Grid{X: s.X, Y: s.Y, A: src}, grid.CSVOptions{}); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows, s
}

// checkMap checks every cell of the map of a slice against the export's
// row of its position, and returns how many cells had a row.
func checkMap(t *testing.T, what string, sv *retro.Solved, cells map[string]string, c grid.Choice) int {
	t.Helper()
	rows, s := mapCSV(t, sv, c)
	g := sv.Game
	if int64(len(rows)) != 1+s.Y.Len() || int64(len(rows[0])) != 1+s.X.Len() {
		t.Fatalf("%s: %d × %d CSV for a slice of %d × %d", what, len(rows[0]), len(rows), s.X.Len(), s.Y.Len())
	}
	found := 0
	for i, row := range rows[1:] {
		for j, cell := range row[1:] {
			piles := append([]int64(nil), s.At...)
			params := append([]int64(nil), s.Params...)
			set := func(a grid.Axis, v int64) {
				switch {
				case a.Pile >= 0:
					piles[a.Pile] = v
				case a.Param >= 0:
					params[a.Param] = v
				}
			}
			set(s.X, s.X.Lo+int64(j))
			set(s.Y, s.Y.Lo+int64(i))
			var key []string
			for _, v := range params {
				key = append(key, fmt.Sprint(v))
			}
			for _, v := range piles {
				key = append(key, fmt.Sprint(v))
			}
			key = append(key, historyColumns(g, s.Hist)...)
			want, ok := cells[strings.Join(key, ",")]
			if ok {
				found++
			}
			if cell != want {
				t.Fatalf("%s: the cell of %v is %q, the export's row %q (ok %v)", what, key, cell, want, ok)
			}
		}
	}
	return found
}

// historyColumns are the export's history columns of a history value.
func historyColumns(g *rules.Game, h int) []string {
	switch g.History {
	case rules.LastHistory:
		return []string{commandName(g, h)}
	case rules.BothHistory:
		c := len(g.Commands) + 1
		return []string{commandName(g, h/c), commandName(g, h%c)}
	}
	return nil
}

func commandName(g *rules.Game, part int) string {
	if part == 0 {
		return "none"
	}
	return g.Commands[part-1].Name
}

// TestMapCellsAreExportRows checks every cell of maps of every built-in
// game of two piles or more, and of a game of one pile with a rule
// parameter, against retro export's rows: default slices, each history
// the positions may carry, and under a horizon.
func TestMapCellsAreExportRows(t *testing.T) {
	for _, name := range rules.BuiltinNames() {
		text, _ := rules.Builtin(name)
		g, err := rules.Parse(name, text)
		if err != nil {
			t.Fatal(err)
		}
		if g.Sum || (len(g.Piles) < 2 && len(g.RuleParams()) == 0) {
			continue
		}
		for _, h := range []*int{nil, ptr(3)} {
			sv := solve(t, name, text, h)
			cells := exportCells(t, sv)
			choices := []grid.Choice{{}}
			if len(g.Piles) == 1 {
				// A game of one pile against its rule parameter: a part, as
				// the whole runs to thousands of values each way.
				choices[0] = grid.Choice{XRange: &rules.Range{Lo: 0, Hi: 120}, YRange: &rules.Range{Lo: 0, Hi: 60}}
			}
			for _, c := range append([]string{"none"}, commandNames(g)...) {
				if g.History != rules.NoHistory {
					choices = append(choices, grid.Choice{Last: c})
				}
			}
			total := 0
			for _, c := range choices {
				total += checkMap(t, fmt.Sprintf("%s horizon %v last %q", name, h, c.Last), sv, cells, c)
			}
			if total == 0 {
				t.Errorf("%s: no cell of its maps has a row", name)
			}
		}
	}
}

func ptr(n int) *int { return &n }

func commandNames(g *rules.Game) []string {
	var out []string
	for _, c := range g.Commands {
		out = append(out, c.Name)
	}
	return out
}

// randomGame writes a random game of two piles (or three, mapped at a
// value of the third): moves that add, take or multiply, an end or a
// box, a restriction on repeating moves, and Lebedev's count, so that
// maps are tested with and without history.
func randomGame(rng *rand.Rand) string {
	piles := 2 + rng.Intn(2)
	names := []string{"a", "b", "c"}[:piles]
	var b strings.Builder
	fmt.Fprintf(&b, "name = \"random\"\npiles = [%q", names[0])
	for _, n := range names[1:] {
		fmt.Fprintf(&b, ", %q", n)
	}
	b.WriteString("]\n")
	end := int64(8 + rng.Intn(8))
	if piles == 3 {
		end = int64(5 + rng.Intn(4))
	}
	grows := rng.Intn(3) > 0
	if grows {
		fmt.Fprintf(&b, "end = \"%s >= %d\"\n", strings.Join(names, " + "), end)
	}
	fmt.Fprintf(&b, "winner = %q\n", []string{"mover", "other"}[rng.Intn(2)])
	if a := rng.Intn(3); a > 0 {
		fmt.Fprintf(&b, "allow = %q\n", []string{"", "no-repeat-opponent", "no-repeat-own"}[a])
	}
	if rng.Intn(2) == 0 {
		b.WriteString("count = \"lebedev\"\n")
	}
	b.WriteString("\n[commands]\n")
	ops := []string{"+ 1", "+ 2", "* 2", "- 1", "- 2"}
	if !grows {
		ops = []string{"- 1", "- 2", "- 3", "// 2"}
	}
	for k := 0; k < 2+rng.Intn(2); k++ {
		n := names[rng.Intn(piles)]
		fmt.Fprintf(&b, "c%d = [\"%s = %s %s\"]\n", k, n, n, ops[rng.Intn(len(ops))])
	}
	b.WriteString("\n[bounds]\n")
	for _, n := range names {
		fmt.Fprintf(&b, "%s = \"0..%d\"\n", n, end-1)
	}
	return b.String()
}

// TestMapCellsOfRandomGames checks the maps of random games against their
// exports, with every history and under horizons.
func TestMapCellsOfRandomGames(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	games := 300
	if testing.Short() {
		games = 60
	}
	for k := range games {
		text := randomGame(rng)
		g, err := rules.Parse("random.toml", []byte(text))
		if err != nil {
			t.Fatalf("game %d: %v\n%s", k, err, text)
		}
		var h *int
		if k%3 == 0 {
			h = ptr(1 + k%4)
		}
		sv := solve(t, "random.toml", []byte(text), h)
		cells := exportCells(t, sv)
		choices := []grid.Choice{{}, {X: "b", Y: "a"}}
		if len(g.Piles) == 3 {
			choices = append(choices, grid.Choice{X: "c", Y: "a", At: map[string]int64{"b": 2}})
		}
		if g.History != rules.NoHistory {
			choices = append(choices, grid.Choice{Last: g.Commands[0].Name})
		}
		if g.History == rules.BothHistory {
			choices = append(choices, grid.Choice{Last: "none", Mylast: g.Commands[len(g.Commands)-1].Name})
		}
		for _, c := range choices {
			checkMap(t, fmt.Sprintf("game %d (%+v)\n%s", k, c, text), sv, cells, c)
		}
	}
}
