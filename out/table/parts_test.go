package table

import (
	"bytes"
	"context"
	"testing"

	"retro/positions/cluster"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// partsTable solves a game on ranks goroutines, each its parts, and
// returns the table they write.
func partsTable(t *testing.T, src rules.Source, ranks int) []byte {
	t.Helper()
	b, _ := partsTableWith(t, src, ranks, nil)
	return b
}

// partsTableWith is partsTable with the options of each rank's write set
// by opts (nil: none but the made record); it returns rank 0's path of
// each instance too.
func partsTableWith(t *testing.T, src rules.Source, ranks int, opts func(rank int, opt *Options)) ([]byte, []string) {
	t.Helper()
	f := &retrotest.MemFile{}
	var paths []string
	errs := retrotest.OnRanks(ranks, func(r int, comm cluster.Comm) error {
		s, err := retro.SolveGame(context.Background(), src, retro.GameOptions{Peers: comm})
		if err != nil {
			return err
		}
		var w *retrotest.MemFile
		if r == 0 {
			w = f
			for _, p := range s.Parts {
				paths = append(paths, p.Path)
			}
		}
		opt := testMade
		if opts != nil {
			opts(r, &opt)
		}
		return WriteParts(w, comm, s.Game, s.Parts, opt)
	})
	for r, err := range errs {
		if err != nil {
			t.Fatalf("rank %d of %d: %v", r, ranks, err)
		}
	}
	return f.Bytes(), paths
}

// testMade is the made record of the tables the tests compare.
var testMade = Options{Made: Made{Engine: "test"}}

// oneTable solves a game in one process and returns its table and the
// path of each instance.
func oneTable(t testing.TB, src rules.Source) ([]byte, []string) {
	t.Helper()
	s := retrotest.SolveGame(t, src, retro.GameOptions{})
	var b bytes.Buffer
	if err := Write(&b, s.Game, s.Results, testMade); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, r := range s.Results {
		paths = append(paths, r.Path)
	}
	return b.Bytes(), paths
}

// TestPartsSameTable: the table written by 1, 2, 3 and 4 ranks, each
// solving its shard, is byte for byte the table of the one-process solve,
// on games of every kind the solver meets.
func TestPartsSameTable(t *testing.T) {
	games := []struct {
		name string
		src  rules.Source
	}{
		{"exam demo", rules.FromBuiltin("ege-2027-demo")},
		{"Lebedev commands (history)", rules.FromBuiltin("lebedev-commands")},
		{"Lebedev operations (history)", rules.FromBuiltin("lebedev-operations")},
		{"cycles and draws", rules.FromText("cycles.toml", []byte(retrotest.Cycles))},
		{"hashed, with history", rules.FromText("history.toml", []byte(retrotest.History))},
		{"horizon", rules.FromText("horizon.toml", []byte(retrotest.Horizon))},
		{"params in the rules", rules.FromText("rules.toml", []byte(retrotest.Rules))},
		{"dense, several blocks", rules.FromText("box.toml", []byte(retrotest.Box))},
	}
	for _, game := range games {
		t.Run(game.name, func(t *testing.T) {
			want, _ := oneTable(t, game.src)
			for ranks := 1; ranks <= 4; ranks++ {
				got := partsTable(t, game.src, ranks)
				if !bytes.Equal(got, want) {
					t.Errorf("%d ranks: a table of %d bytes, want the one-process table of %d", ranks, len(got), len(want))
				}
			}
		})
	}
}

// TestPartsKinds: the games of TestPartsSameTable are what they stand
// for: a hashed space, several outcome blocks, draws and ? positions.
func TestPartsKinds(t *testing.T) {
	check := func(name string, src rules.Source, ok func(r *retro.Result) bool) {
		s, err := retro.SolveGame(context.Background(), src, retro.GameOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range s.Results {
			if ok(r) {
				return
			}
		}
		t.Errorf("%s: no instance is what it stands for", name)
	}
	check("hashed", rules.FromText("history.toml", []byte(retrotest.History)), func(r *retro.Result) bool {
		return !r.Space.Dense() && r.Len() > 2*BlockPositions
	})
	check("blocks", rules.FromText("box.toml", []byte(retrotest.Box)), func(r *retro.Result) bool {
		return r.Space.Dense() && r.Len() > 3*BlockPositions
	})
	check("draws", rules.FromText("cycles.toml", []byte(retrotest.Cycles)), func(r *retro.Result) bool {
		return r.Tally()[retro.Draw] > 0
	})
	check("unknown", rules.FromText("horizon.toml", []byte(retrotest.Horizon)), func(r *retro.Result) bool {
		return r.Tally()[retro.Unknown] > 0
	})
}
