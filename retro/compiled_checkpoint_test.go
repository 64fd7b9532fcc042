package retro_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"retro/retro/internal/core"
	"testing"
	"time"

	"retro/out/table"
	"retro/retro"
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
// resumes to the table of one never stopped, and leaves the directory
// empty.
func TestCheckpointDirSpelt(t *testing.T) {
	game := gamesNamed("history, end 120")[0].src
	want, _ := oneTable(t, game)
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
		var b bytes.Buffer
		if err := table.Write(&b, s.Game, s.Results, testMade); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), want) {
			t.Errorf("resumed in %s: a table of %d bytes, want the one never stopped, of %d", dir, b.Len(), len(want))
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
