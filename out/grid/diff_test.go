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
	"retro/rules"
)

// exportValues reads a game's export keyed by its piles and both history
// columns ("none" for what the game does not keep), the key the positions
// of two games are paired by.
func exportValues(t *testing.T, sv *retro.Solved) map[string][2]string {
	t.Helper()
	var b bytes.Buffer
	if err := out.WriteCSV(&b, sv.Results, out.CSVOptions{Layer: -1, Best: out.BestNone}); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	np := len(sv.Game.Piles)
	vals := map[string][2]string{}
	for _, r := range rows[1:] {
		hist := append([]string(nil), r[np:len(r)-2]...)
		for len(hist) < 2 {
			hist = append(hist, "none")
		}
		key := strings.Join(r[:np], ",") + "," + strings.Join(hist, ",")
		vals[key] = [2]string{r[len(r)-2], r[len(r)-1]}
	}
	return vals
}

// exportChanges counts the changes between two exports, by hand.
func exportChanges(a, b map[string][2]string) grid.Changes {
	var n grid.Changes
	decided := func(o string) bool { return o == "W" || o == "L" }
	for k, va := range a {
		vb, ok := b[k]
		switch {
		case !ok:
			n[grid.OnlyA]++
		case va == vb:
			n[grid.Same]++
		case va[0] == vb[0]:
			n[grid.LayerOnly]++
		case va[0] == "W" && vb[0] == "L":
			n[grid.WinToLose]++
		case va[0] == "L" && vb[0] == "W":
			n[grid.LoseToWin]++
		case decided(va[0]) && !decided(vb[0]):
			n[grid.ToDraw]++
		case !decided(va[0]) && decided(vb[0]):
			n[grid.FromDraw]++
		default:
			n[grid.DrawKind]++
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			n[grid.OnlyB]++
		}
	}
	return n
}

// variant changes a random game a little: its end, its restriction on
// repeating moves, its count, or one of its moves.
func variant(rng *rand.Rand, text string) string {
	lines := strings.Split(text, "\n")
	for tries := 0; tries < 20; tries++ {
		k := rng.Intn(len(lines))
		l := lines[k]
		switch {
		case strings.HasPrefix(l, "end = "):
			// One less: the box still holds every position short of the end.
			var n int
			head, num, _ := strings.Cut(l, ">= ")
			fmt.Sscanf(num, "%d", &n)
			lines[k] = fmt.Sprintf("%s>= %d\"", head, n-1)
		case strings.HasPrefix(l, "allow = "):
			lines[k] = ""
		case strings.HasPrefix(l, "winner = \"mover\"") && !strings.Contains(text, "allow = "):
			lines[k] = l + "\n" + `allow = "no-repeat-opponent"`
		case strings.HasPrefix(l, "count = "):
			lines[k] = ""
		case strings.HasPrefix(l, "c1 = "):
			lines[k] = strings.Replace(strings.Replace(l, "+ 1", "+ 3", 1), "- 1", "- 3", 1)
		default:
			continue
		}
		return strings.Join(lines, "\n")
	}
	return text + "\n" // the same game: everything the same
}

// TestDiffCountsAreExportComparisons checks diff's counts, and its CSV of
// the positions that differ, against a comparison of the two games'
// exports on random games and their variants.
func TestDiffCountsAreExportComparisons(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	games := 150
	if testing.Short() {
		games = 40
	}
	for k := range games {
		ta := randomGame(rng)
		tb := variant(rng, ta)
		var h *int
		if k%4 == 0 {
			h = ptr(2)
		}
		a, b := solve(t, "a.toml", []byte(ta), h), solve(t, "b.toml", []byte(tb), h)
		pair, err := grid.NewPair(a.Game, b.Game, retro.ProbedAll(a.Results), retro.ProbedAll(b.Results))
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		got, err := grid.WriteDiffCSV(&buf, pair, grid.CSVOptions{})
		if err != nil {
			t.Fatal(err)
		}
		want := exportChanges(exportValues(t, a), exportValues(t, b))
		if got != want {
			t.Fatalf("game %d: diff counts %v, the exports' %v\nA:\n%s\nB:\n%s", k, got, want, ta, tb)
		}
		rows, err := csv.NewReader(&buf).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if n := int64(len(rows) - 1); n != got.Differ()+got[grid.OnlyA]+got[grid.OnlyB] {
			t.Fatalf("game %d: %d CSV rows, %d positions differ", k, n, got.Differ()+got[grid.OnlyA]+got[grid.OnlyB])
		}
	}
}

// TestDiffOfAGameWithItselfIsEmpty: a game against itself differs nowhere.
func TestDiffOfAGameWithItselfIsEmpty(t *testing.T) {
	for _, name := range []string{"ege-two-piles-77", "lebedev-operations", "up-and-down"} {
		text, _ := rules.Builtin(name)
		a, b := solve(t, name, text, nil), solve(t, name, text, nil)
		pair, err := grid.NewPair(a.Game, b.Game, retro.ProbedAll(a.Results), retro.ProbedAll(b.Results))
		if err != nil {
			t.Fatal(err)
		}
		n, err := pair.Compare(nil)
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, r := range a.Results {
			total += r.Len()
		}
		if n[grid.Same] != int64(total) || n.Differ()+n[grid.OnlyA]+n[grid.OnlyB] != 0 {
			t.Errorf("%s against itself: %v", name, fmt.Sprint(n))
		}
	}
}
