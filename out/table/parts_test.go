package table

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"retro/positions"
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
	err := partsRun(t, src, ranks, func(r int, comm positions.Peers, s *retro.Solved) error {
		if r == 0 {
			for _, p := range s.Parts {
				paths = append(paths, p.Path)
			}
		}
		return writeRank(r, comm, s, f, opts)
	})
	if err != nil {
		t.Fatal(err)
	}
	return f.Bytes(), paths
}

// oneTable is the table of a game solved in one process, and the path
// of each instance.
func oneTable(t testing.TB, src rules.Source) ([]byte, []string) {
	t.Helper()
	s := retrotest.SolveGame(t, src, retro.GameOptions{})
	var b bytes.Buffer
	if err := Write(&b, s.Game, s.Results, Options{Made: Made{Engine: "test"}}); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, r := range s.Results {
		paths = append(paths, r.Path)
	}
	return b.Bytes(), paths
}

// partsWrite solves a game on ranks goroutines and has them write its
// table into f, the options of each rank's write set by opts; the error
// is the first rank's that failed (the others stop waiting on it).
func partsWrite(t *testing.T, src rules.Source, ranks int, f *retrotest.MemFile, opts func(rank int, opt *Options)) error {
	t.Helper()
	return partsRun(t, src, ranks, func(r int, comm positions.Peers, s *retro.Solved) error {
		return writeRank(r, comm, s, f, opts)
	})
}

// writeRank is rank r's write of its parts of s, into f on rank 0, with
// the options opts sets.
func writeRank(r int, comm positions.Peers, s *retro.Solved, f *retrotest.MemFile, opts func(rank int, opt *Options)) error {
	var w *retrotest.MemFile
	if r == 0 {
		w = f
	}
	opt := Options{Made: Made{Engine: "test"}}
	if opts != nil {
		opts(r, &opt)
	}
	return WriteParts(w, comm, s.Game, s.Parts, opt)
}

// partsRun solves a game on ranks goroutines, each then running run on
// its solve; the error is the first rank's that failed (the others stop
// waiting on it).
func partsRun(t *testing.T, src rules.Source, ranks int, run func(r int, comm positions.Peers, s *retro.Solved) error) error {
	t.Helper()
	errs := retrotest.OnRanks(ranks, func(r int, comm cluster.Comm) error {
		s, err := retro.SolveGame(context.Background(), src, retro.GameOptions{Peers: comm})
		if err != nil {
			return err
		}
		return run(r, comm, s)
	})
	for r, err := range errs {
		if err != nil && !errors.Is(err, cluster.ErrLeft) {
			return fmt.Errorf("rank %d of %d: %w", r, ranks, err)
		}
	}
	return errors.Join(errs...)
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
			s, err := retro.SolveGame(context.Background(), game.src, retro.GameOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			if err := Write(&want, s.Game, s.Results, Options{Made: Made{Engine: "test"}}); err != nil {
				t.Fatal(err)
			}
			for ranks := 1; ranks <= 4; ranks++ {
				got := partsTable(t, game.src, ranks)
				if !bytes.Equal(got, want.Bytes()) {
					t.Errorf("%d ranks: a table of %d bytes, want the one-process table of %d", ranks, len(got), want.Len())
				}
			}
			// the blocks handed to rank 0 in pieces that cut blocks
			defer func(n int64) { gatherBytes = n }(gatherBytes)
			gatherBytes = 777
			if got := partsTable(t, game.src, 3); !bytes.Equal(got, want.Bytes()) {
				t.Errorf("3 ranks, blocks sent in pieces of %d bytes: a table of %d bytes, want the one-process table of %d", gatherBytes, len(got), want.Len())
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

// TestPartsReleased: once WriteParts has made a peer's blocks it lets the
// parts' outcomes go, and the parts still tell their totals and horizon,
// which the summary of a solve in ranks reads after the table is written.
func TestPartsReleased(t *testing.T) {
	src := rules.FromText("horizon.toml", []byte(retrotest.Horizon))
	err := partsRun(t, src, 2, func(r int, comm positions.Peers, s *retro.Solved) error {
		var before []retro.Totals
		var horizons []int
		for _, p := range s.Parts {
			before, horizons = append(before, p.Totals()), append(horizons, p.Horizon())
		}
		var w *retrotest.MemFile
		if r == 0 {
			w = &retrotest.MemFile{}
		}
		if err := WriteParts(w, comm, s.Game, s.Parts, Options{Made: Made{Engine: "test"}}); err != nil {
			return err
		}
		for k, p := range s.Parts {
			if !reflect.DeepEqual(p.Totals(), before[k]) || p.Horizon() != horizons[k] || horizons[k] < 0 {
				return fmt.Errorf("part %d after the table: totals %+v, horizon %d; want %+v, %d", k, p.Totals(), p.Horizon(), before[k], horizons[k])
			}
		}
		return nil
	})
	if err != nil {
		t.Error(err)
	}
}
