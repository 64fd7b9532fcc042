package retro

import (
	"errors"
	"os"
	"path/filepath"
	"retro/retro/internal/core"
	"slices"
	"strings"
	"testing"
)

// TestCheckpointClear checks that Clear removes every file the checkpoint
// of its rank writes, a save cut short by a kill included, and nothing
// else: not the files of the other ranks.
func TestCheckpointClear(t *testing.T) {
	dir := t.TempDir()
	ours := []string{"instance-0-rank-1.json", "instance-3-rank-1.find.json", "instance-0-rank-1.values",
		"instance-0-rank-1.members", "instance-0-rank-1.layers", "instance-0-rank-1.win", "instance-0-rank-1.lose",
		".instance-0-rank-1.json.new-123456", ".instance-2-rank-1.members.new-7"}
	theirs := []string{"notes.txt", "instance-0.json", ".hidden", "instance-0-rank-0.json", "instance-0-rank-11.values",
		".instance-0-rank-0.json.new-123456", "instance-1-rank-10.find.json"}
	for _, f := range append(slices.Clone(ours), theirs...) {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := (&core.Checkpoint{Dir: dir, Rank: 1, Ranks: 2}).Clear(); err != nil {
		t.Fatal(err)
	}
	left, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range left {
		names = append(names, e.Name())
	}
	slices.Sort(theirs)
	if !slices.Equal(names, theirs) {
		t.Fatalf("left %v, want %v", names, theirs)
	}
}

// TestCheckpointOtherFormat: a record of another format (an older build's
// values kept in another form) is refused, naming both formats, and a
// record that is not one at all is refused as such; neither is read as a
// save of this build.
func TestCheckpointOtherFormat(t *testing.T) {
	dir := t.TempDir()
	ck := &core.Checkpoint{Dir: dir, Key: "k", Ranks: 1}
	path := ck.File(0, "json")
	for _, c := range []struct{ text, want string }{
		{`{"format":1,"key":"k","ranks":1,"instance":0,"path":"compiled","stage":"value","width":16}`,
			"holds a checkpoint of format 1, and this build reads format 3"},
		{`{"key":"k"}`, "does not read as a checkpoint of this engine"},
		{`not json`, "does not read as a checkpoint of this engine"},
	} {
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		rec, err := ck.Load(0)
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, core.ErrCheckpoint) {
			t.Errorf("%s: %v, %v; want an error saying %q", c.text, rec, err, c.want)
		}
	}
}
