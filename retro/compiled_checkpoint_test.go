package retro_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"retro/retro/internal/core"
	"testing"
	"time"

	"retro/retro"
	"retro/retro/retrotest"
)

// errStopped is what a solve stopped after a save returns.
var errStopped = errors.New("stopped after a save")

// emptyDir fails the test unless dir holds no file.
func emptyDir(t *testing.T, dir string) {
	t.Helper()
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		var names []string
		for _, e := range left {
			names = append(names, e.Name())
		}
		t.Errorf("left in the checkpoint directory: %v", names)
	}
}

// TestCheckpointDirSpelt: a checkpoint directory named as it is not
// cleaned (dir/./ck/) keeps the files of its sweep and its result under
// their own names, so that a solve stopped after a save in each stage
// resumes to the table of one never stopped (retrotest.SameResult), and
// leaves the directory empty.
func TestCheckpointDirSpelt(t *testing.T) {
	game := retrotest.GamesNamed("history, end 120")[0].Src
	want, _ := oneResult(t, game)
	base := t.TempDir()
	dir := base + "/./ck/"
	for _, stage := range []string{"find", "value", "compact", "result", ""} {
		ck := &core.Checkpoint{Dir: dir, Every: time.Nanosecond, Ranks: 1}
		retro.StopAfterSave(ck, func(at string, _ int64) error {
			if at == stage {
				return errStopped
			}
			return nil
		})
		s, err := retro.SolveGame(context.Background(), game, retro.GameOptions{Checkpoint: ck})
		if stage != "" {
			if !errors.Is(err, errStopped) {
				t.Fatalf("not stopped after a save of %s: %v", stage, err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := sameResults(want, s.Results); err != nil {
			t.Errorf("resumed in %s: %v, want the table of the one never stopped", dir, err)
		}
		if err := ck.Clear(); err != nil {
			t.Fatal(err)
		}
	}
	emptyDir(t, filepath.Join(base, "ck"))
	if left, _ := os.ReadDir(base); len(left) != 1 {
		t.Errorf("%d files beside the checkpoint directory, want none", len(left)-1)
	}
}
