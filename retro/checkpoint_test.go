package retro

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestCheckpointClear checks that Clear removes every file a checkpoint
// writes, a save cut short by a kill included, and nothing else.
func TestCheckpointClear(t *testing.T) {
	dir := t.TempDir()
	ours := []string{"instance-0-rank-0.json", "instance-3-rank-1.find.json", "instance-0-rank-0.values",
		"instance-0-rank-0.members", "instance-0-rank-0.layers", "instance-0-rank-0.win", "instance-0-rank-0.lose",
		".instance-0-rank-0.json.new-123456"}
	theirs := []string{"notes.txt", "instance-0.json", ".hidden"}
	for _, f := range append(slices.Clone(ours), theirs...) {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := (&Checkpoint{Dir: dir}).Clear(); err != nil {
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
