package retrotest

import (
	"context"
	"strings"
	"sync"
	"testing"

	"retro/positions"
	"retro/positions/cluster"
	"retro/retro"
	"retro/rules"
)

// game is a small game of the compiled shape; %END is its end.
const game = "piles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"each *2\"]\nend = \"a + b >= %END\"\n[start]\na = 1\nb = 1\n"

// solve solves game with its end, changed as edit says, by the path
// named ("": the one chosen) with a horizon (0: none).
func solve(t *testing.T, end string, edit func(string) string, path string, horizon int) *retro.Result {
	t.Helper()
	src := strings.ReplaceAll(game, "%END", end)
	if edit != nil {
		src = edit(src)
	}
	g := Parse(t, "g.toml", src)
	popt := positions.DefaultOptions(g)
	if horizon > 0 {
		popt.Horizon = horizon
	}
	r, err := retro.SolveInstance(Instances(t, g)[0], popt, retro.Options{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSameResult: a result is the same as itself and as a solve of the
// same game by another path, and not as one of another end, other moves,
// other starts or a horizon.
func TestSameResult(t *testing.T) {
	base := solve(t, "30", nil, "", 0)
	if err := SameResult(base, base); err != nil {
		t.Errorf("a result against itself: %v", err)
	}
	if err := SameResult(base, solve(t, "30", nil, "general", 0)); err != nil {
		t.Errorf("the compiled path against the general one: %v", err)
	}
	for what, other := range map[string]*retro.Result{
		"another end":   solve(t, "31", nil, "", 0),
		"other moves":   solve(t, "30", func(s string) string { return strings.ReplaceAll(s, "*2", "*3") }, "", 0),
		"another start": solve(t, "30", func(s string) string { return strings.ReplaceAll(s, "a = 1", "a = 2") }, "", 0),
		"a horizon":     solve(t, "30", nil, "general", 3),
	} {
		if err := SameResult(base, other); err == nil {
			t.Errorf("%s: found the same", what)
		}
	}
}

// TestSameParts: the parts of a solve on 3 ranks are the same as the
// one-process result; not as another result, nor without one of them.
func TestSameParts(t *testing.T) {
	src := rules.FromText("g.toml", []byte(strings.ReplaceAll(game, "%END", "60")))
	whole := SolveGame(t, src, retro.GameOptions{}).Results[0]
	var mu sync.Mutex
	var parts []*retro.Part
	for r, err := range OnRanks(3, func(r int, comm cluster.Comm) error {
		s, err := retro.SolveGame(context.Background(), src, retro.GameOptions{Peers: comm})
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		parts = append(parts, s.Parts[0])
		return nil
	}) {
		if err != nil {
			t.Fatalf("rank %d: %v", r, err)
		}
	}
	if err := SameParts(whole, parts); err != nil {
		t.Errorf("3 ranks against one process: %v", err)
	}
	if err := SameParts(solve(t, "61", nil, "", 0), parts); err == nil {
		t.Error("the parts of another game: found the same")
	}
	var most []*retro.Part
	for _, p := range parts {
		if p.Lo != 0 {
			most = append(most, p)
		}
	}
	if err := SameParts(whole, most); err == nil {
		t.Errorf("without the first shard (%d parts of %d): found the same", len(most), len(parts))
	}
}

// TestSameResultData: a result rebuilt from its data is the same; with a
// count of the data changed, one that a table file holds and the
// positions do not show, it is not.
func TestSameResultData(t *testing.T) {
	base := solve(t, "30", nil, "", 0)
	rebuild := func(edit func(d *retro.Data)) *retro.Result {
		d := base.Data()
		if edit != nil {
			edit(&d)
		}
		r, err := retro.FromData(base.Space, base.Instance, d)
		if err != nil {
			t.Fatal(err)
		}
		r.Starts = base.Starts
		return r
	}
	if err := SameResult(base, rebuild(nil)); err != nil {
		t.Errorf("rebuilt from its data: %v", err)
	}
	for what, edit := range map[string]func(d *retro.Data){
		"one move more": func(d *retro.Data) { d.MoveCount++ },
		"one edge less": func(d *retro.Data) { d.Edges-- },
	} {
		if err := SameResult(base, rebuild(edit)); err == nil {
			t.Errorf("%s: found the same", what)
		}
	}
}
