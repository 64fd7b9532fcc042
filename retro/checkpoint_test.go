package retro

import (
	"os"
	"path/filepath"
	"slices"
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
	if err := (&Checkpoint{Dir: dir, Rank: 1, Ranks: 2}).Clear(); err != nil {
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
