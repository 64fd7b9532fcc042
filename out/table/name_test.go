package table

import (
	"bytes"
	"os"
	"testing"

	"retro/retro"
	"retro/retro/retrotest"
)

// The same game read from two directories makes the same table, the same
// content checksum: the name kept is the file's own, not where it was.
// exam-560.toml and /some/dir/exam-560.toml gave two sums.
func TestContentSumWithoutDirectory(t *testing.T) {
	var sums [][]byte
	for _, name := range []string{"exam-560", "/some/dir/exam-560", "../games/exam-560"} {
		g, rs := retrotest.Solve(t, name, []byte(retrotest.History))
		data := writeTable(t, g, rs, Made{Engine: "test"})
		sums = append(sums, contentSum(t, data))
		tab, err := Read(data)
		if err != nil {
			t.Fatal(err)
		}
		if tab.Game.File != "exam-560.toml" {
			t.Errorf("%s: the table names the game %q", name, tab.Game.File)
		}
	}
	for k := 1; k < len(sums); k++ {
		if !bytes.Equal(sums[k], sums[0]) {
			t.Errorf("sums %x and %x", sums[0], sums[k])
		}
	}
}

// A table written with the directory in the game's name (as tables were,
// by retro solve games/2026/sub.toml -o) still reads, with that name and
// its results.
func TestReadDirectoryInName(t *testing.T) {
	data, err := os.ReadFile("testdata/dir-in-name.rtb")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Read(data)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Game.File != "games/2026/sub.toml" || tab.Game.Name != "Subtraction game {1, 3, 4}" || len(tab.Results) != 1 {
		t.Fatalf("game %q (%s), %d results", tab.Game.File, tab.Game.Name, len(tab.Results))
	}
	r := tab.Results[0]
	tally := r.Tally()
	if r.Len() != 31 || tally[retro.Win] != 21 || tally[retro.Lose] != 10 {
		t.Errorf("%d positions, tally %v", r.Len(), tally)
	}
}
