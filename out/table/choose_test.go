package table

import (
	"strconv"
	"testing"

	"retro/out/internal/testgames"
)

// TestChosenAgainstSmallest: an outcome block's encoding, chosen without
// compressing every one, is the one compressing all of them picks (the
// same bytes) wherever packChosen tries them all, and otherwise within
// 5 % of it; on the blocks of games with few runs and many.
func TestChosenAgainstSmallest(t *testing.T) {
	games := map[string]string{"box": testgames.Box, "cycles": testgames.Cycles, "horizon": testgames.Horizon,
		"history": testgames.History, "exam-1500": examGame(1500)}
	for name, src := range games {
		_, rs := testgames.Solve(t, name, []byte(src))
		for _, r := range rs {
			s := resultSource(r)
			for lo := 0; lo < s.n; lo += BlockPositions {
				syms, depth := s.symbols(lo, min(lo+BlockPositions, s.n))
				cands := outcomeCandidates(syms, depth)
				got, codec, raw, err := packChosen(cands)
				if err != nil {
					t.Fatal(err)
				}
				want, wcodec, wraw, err := packSmallest(contents(cands))
				if err != nil {
					t.Fatal(err)
				}
				all := true
				for _, c := range cands[1:] {
					all = all && c.could(len(want))
				}
				switch {
				case all && (string(got) != string(want) || codec != wcodec || raw != wraw):
					t.Errorf("%s, block at %d: every encoding tried, %d bytes, the smallest %d", name, lo, len(got), len(want))
				case len(got) > len(want)+len(want)/20:
					t.Errorf("%s, block at %d: %d bytes chosen, the smallest %d", name, lo, len(got), len(want))
				}
			}
		}
	}
}

// examGame is the exam-style game of the benchmarks ending at a + b >=
// end: about end²/2 positions, many layers.
func examGame(end int) string {
	return `name = "Exam-style"
piles = ["a", "b"]
moves = ["each +1", "each +4", "each *2", "each *3"]
end    = "a + b >= ` + strconv.Itoa(end) + `"
winner = "mover"

[start]
a = 1
b = 1
`
}
