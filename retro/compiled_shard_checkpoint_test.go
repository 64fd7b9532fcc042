package retro_test

import (
	"context"
	"errors"
	"fmt"
	"retro/retro/internal/core"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"retro/positions/cluster"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// saveAt is one save of a rank: its stage and cursor.
type saveAt struct {
	stage  string
	cursor int64
}

// stageOrder places a save's stage among those of a solve.
var stageOrder = map[string]int{"find": 0, "value": 1, "compact": 2, "result": 3}

// before tells whether save a comes before save b of the same rank.
func (a saveAt) before(b saveAt) bool {
	if a.stage != b.stage {
		return stageOrder[a.stage] < stageOrder[b.stage]
	}
	return a.cursor < b.cursor
}

// ckStop stops a rank after its n-th save (from 1) of a stage, the rank
// saving at every chance where often is set, else only where a save must
// be made: at the end of its search, of its turn of the sweep, and of the
// stages.
type ckStop struct {
	rank  int
	stage string
	n     int
	often bool
}

func (c ckStop) String() string {
	often := ""
	if c.often {
		often = ", saving often"
	}
	return fmt.Sprintf("rank %d stopped after its save %d of stage %s%s", c.rank, c.n, c.stage, often)
}

// ckTraffic is what the peers of ckRun's last solve say they handed each
// other (rank 0's part's figures, which are the sums).
var ckTraffic retro.Traffic

// ckRun solves a game on ranks goroutines that keep their checkpoints in
// dir, stopped where stops say; then each rank clears its own files,
// unless keep says to leave them. It returns the parts of each instance,
// those of every rank (nil when a rank stopped), the saves each rank
// made, and the error of a rank that failed other than by a stop.
func ckRun(t *testing.T, src rules.Source, dir string, ranks int, stops []ckStop, keep func(rank int) bool) ([][]*retro.Part, [][]saveAt, error) {
	t.Helper()
	var mu sync.Mutex
	var parts [][]*retro.Part
	saves := make([][]saveAt, ranks)
	errs := retrotest.OnRanks(ranks, func(r int, comm cluster.Comm) error {
		ck := &retro.Checkpoint{Dir: dir, Every: time.Hour, Rank: r, Ranks: ranks}
		for _, st := range stops {
			if st.rank == r && st.often {
				ck.Every = time.Nanosecond
			}
		}
		seen := map[string]int{}
		retro.StopAfterSave(ck, func(stage string, cursor int64) error {
			saves[r] = append(saves[r], saveAt{stage, cursor})
			seen[stage]++
			for _, st := range stops {
				if st.rank == r && st.stage == stage && st.n == seen[stage] {
					return errStopped
				}
			}
			return nil
		})
		s, err := retro.SolveGame(context.Background(), src, retro.GameOptions{Peers: comm, Checkpoint: ck})
		if err != nil {
			return err
		}
		mu.Lock()
		addParts(&parts, s.Parts)
		mu.Unlock()
		for _, p := range s.Parts {
			if !strings.HasPrefix(p.Path, "compiled, in ") {
				return fmt.Errorf("path %q, want the compiled path in shards", p.Path)
			}
			if r == 0 {
				ckTraffic = p.Traffic()
			}
		}
		if keep != nil && keep(r) {
			return nil
		}
		return ck.Clear()
	})
	stopped := false
	for r, err := range errs {
		switch {
		case errors.Is(err, errStopped):
			stopped = true
		case err != nil && !errors.Is(err, cluster.ErrLeft) && !strings.Contains(err.Error(), "stopped the compiled sweep") &&
			!strings.Contains(err.Error(), "stopped the search"):
			return nil, saves, fmt.Errorf("rank %d of %d: %w", r, ranks, err)
		}
	}
	if stopped {
		return nil, saves, nil
	}
	for r, err := range errs {
		if err != nil {
			return nil, saves, fmt.Errorf("rank %d of %d: %w", r, ranks, err)
		}
	}
	return parts, saves, nil
}

// stopPoints are where TestCompiledShardsCheckpoint stops each rank of a
// solve whose ranks made saves (where they must): after each of those
// (the end of its search and of its turn of the sweep, just before the
// next rank's begins; the sweep done, and the result), and, saving often,
// after its first save of the search and of the sweep (within its walk,
// within its rows) and its second of the result (within it).
func stopPoints(saves [][]saveAt) []ckStop {
	var at []ckStop
	for r, l := range saves {
		n := map[string]int{}
		for _, sv := range l {
			n[sv.stage]++
			at = append(at, ckStop{rank: r, stage: sv.stage, n: n[sv.stage]})
		}
		at = append(at, ckStop{r, "find", 1, true}, ckStop{r, "value", 1, true}, ckStop{r, "compact", 2, true})
	}
	return at
}

// ckShardGames are games of the compiled path in shards whose stages
// save: a search of the box and the row sweep (history; moves that lower
// the piles, the search taking out the tuple without moves that every
// rank marks), the affine sweep (winner by position), and the sweep
// widened past 16-bit values, its result long enough for a save within it
// (two rows, one of them a rank's, none of 3 ranks' third).
var ckShardGames = slices.Concat(retrotest.GamesNamed("history, end 120"), []retrotest.NamedGame{{Name: "lowers, an end reached from every rank", Src: rules.FromText("lowers.toml", []byte(`name = "Two piles, take 2 from one or empty it"
piles = ["a", "b"]
moves = ["each - 2", "each // 200"]
winner = "mover"

[start]
a = 150
b = 150
`))}}, retrotest.GamesNamed("affine moves, winner by position", "deeper than 16-bit cells"))

// TestCompiledShardsCheckpoint: a solve in 2 and 3 shards that keeps
// checkpoints, stopped on one rank just after a save (stopPoints: in the
// search, in the sweep, between two ranks' turns, in the result) and run
// again, holds what the one-process table holds (retrotest.SameParts: it
// writes that table byte for byte), each rank going on
// from its save, not before it, and leaves no file behind; so do solves
// whose ranks stopped at saves of different stages (ckMixed).
func TestCompiledShardsCheckpoint(t *testing.T) {
	for _, game := range ckShardGames {
		t.Run(game.Name, func(t *testing.T) {
			want, _ := oneResult(t, game.Src)
			for _, ranks := range []int{2, 3} {
				dir := t.TempDir()
				got, saves, err := ckRun(t, game.Src, dir, ranks, nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				whole := ckTraffic
				if err := sameParts(want, got); err != nil {
					t.Fatalf("%d ranks, never stopped: %v, want the one-process table", ranks, err)
				}
				emptyDir(t, dir)
				var hit []string
				for _, st := range stopPoints(saves) {
					name := fmt.Sprintf("%d ranks, %v", ranks, st)
					dir := t.TempDir()
					got, saved, err := ckRun(t, game.Src, dir, ranks, []ckStop{st}, nil)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if got != nil {
						if !st.often {
							t.Fatalf("%s: not stopped there", name)
						}
						emptyDir(t, dir)
						continue // no such save when saving often: not a stage of this game
					}
					at := saved[st.rank][len(saved[st.rank])-1]
					hit = append(hit, fmt.Sprintf("rank %d %s %d", st.rank, at.stage, at.cursor))
					got, again, err := ckRun(t, game.Src, dir, ranks, nil, nil)
					if err != nil {
						t.Fatalf("%s, resumed: %v", name, err)
					}
					if err := sameParts(want, got); err != nil {
						t.Errorf("%s: the resumed solve's table is not the one-process table: %v", name, err)
					}
					// A resumed solve counts the bytes of the runs before
					// it too, those it did not hand over again.
					if (whole.Search > 0) != (ckTraffic.Search > 0) || (whole.Colouring > 0) != (ckTraffic.Colouring > 0) {
						t.Errorf("%s: resumed, %+v handed over, never stopped %+v", name, ckTraffic, whole)
					}
					if len(again[st.rank]) > 0 && again[st.rank][0].before(at) {
						t.Errorf("%s (%s %d): resumed, its first save is %v, before where it stopped", name, at.stage, at.cursor, again[st.rank][0])
					}
					emptyDir(t, dir)
				}
				t.Logf("%d ranks: stopped after %s", ranks, strings.Join(hit, ", "))
				ckMixed(t, game.Src, ranks, want)
			}
		})
	}
}

// ckMixed runs the stops of TestCompiledShardsCheckpoint that leave the
// ranks' saves of different stages: two ranks stopped in one run (one
// rank's part of the result made, the other's begun), a stop after a
// resume, and a directory that only some ranks cleared.
func ckMixed(t *testing.T, src rules.Source, ranks int, want []*retro.Result) {
	t.Helper()
	first := ranks - 1 // the rank whose turn of the sweep comes first: moves raise the piles
	runs := []struct {
		name  string
		stops [][]ckStop // a run a row
		keep  func(rank int) bool
	}{
		{"rank 0's part of the result made, rank 1's begun", [][]ckStop{{{0, "result", 1, false}, {1, "compact", 1, false}}}, nil},
		{"rank 1's part of the result made, rank 0's begun", [][]ckStop{{{1, "result", 1, false}, {0, "compact", 1, false}}}, nil},
		{"stopped in the sweep, then in the result", [][]ckStop{{{first, "value", 2, true}}, {{0, "result", 1, false}}}, nil},
		{"stopped in the search, then in the sweep", [][]ckStop{{{0, "find", 2, true}}, {{first, "value", 1, false}}}, nil},
		{"the files of rank 0 cleared, the others' not", nil, func(rank int) bool { return rank > 0 }},
	}
	for _, run := range runs {
		dir := t.TempDir()
		for n, stops := range run.stops {
			if _, _, err := ckRun(t, src, dir, ranks, stops, nil); err != nil {
				t.Fatalf("%d ranks, %s: run %d: %v", ranks, run.name, n, err)
			}
		}
		if run.keep != nil {
			if _, _, err := ckRun(t, src, dir, ranks, nil, run.keep); err != nil {
				t.Fatalf("%d ranks, %s: %v", ranks, run.name, err)
			}
		}
		got, _, err := ckRun(t, src, dir, ranks, nil, nil)
		if err != nil {
			t.Fatalf("%d ranks, %s, resumed: %v", ranks, run.name, err)
		}
		if err := sameParts(want, got); err != nil {
			t.Errorf("%d ranks, %s: the resumed solve's table is not the one-process table: %v", ranks, run.name, err)
		}
		emptyDir(t, dir)
	}
}

// TestCompiledShardsCheckpointRanks: the checkpoint of a solve by 2 ranks,
// stopped in its sweep, is refused by 3 ranks and by one process, saying
// by how many it was saved, and kept for the 2 ranks that resume it.
func TestCompiledShardsCheckpointRanks(t *testing.T) {
	game := ckShardGames[0].Src
	want, _ := oneResult(t, game)
	dir := t.TempDir()
	if got, _, err := ckRun(t, game, dir, 2, []ckStop{{1, "value", 1, false}}, nil); err != nil || got != nil {
		t.Fatalf("not stopped in the sweep (%v)", err)
	}
	if _, _, err := ckRun(t, game, dir, 3, nil, nil); !errors.Is(err, core.ErrCheckpoint) ||
		!strings.Contains(err.Error(), "holds the checkpoint of a solve by 2 ranks, not 3") {
		t.Errorf("3 ranks: %v, want the checkpoint of 2 refused", err)
	}
	ck := &core.Checkpoint{Dir: dir, Every: time.Hour, Ranks: 1}
	if _, err := retro.SolveGame(context.Background(), game, retro.GameOptions{Checkpoint: ck}); !errors.Is(err, core.ErrCheckpoint) ||
		!strings.Contains(err.Error(), "holds the checkpoint of a solve by 2 ranks, not 1") {
		t.Errorf("one process: %v, want the checkpoint of 2 refused", err)
	}
	got, _, err := ckRun(t, game, dir, 2, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := sameParts(want, got); err != nil {
		t.Errorf("resumed by 2 ranks: %v, want the one-process table", err)
	}
	emptyDir(t, dir)
}
