package query

import "testing"

// The Russian word for moves after a number, written out by hand.
func TestRuMoves(t *testing.T) {
	for n, want := range map[int]string{1: "ход", 2: "хода", 4: "хода", 5: "ходов", 11: "ходов", 12: "ходов", 14: "ходов",
		21: "ход", 22: "хода", 25: "ходов", 101: "ход", 111: "ходов", 112: "ходов", 122: "хода"} {
		if got := ruMoves(n); got != want {
			t.Errorf("%d %s, want %d %s", n, got, n, want)
		}
	}
}
