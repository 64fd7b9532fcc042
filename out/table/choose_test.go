package table

import (
	"bytes"
	"runtime"
	"strconv"
	"testing"

	"retro/retro/retrotest"
)

// TestChosenAgainstSmallest: an outcome block's encoding, chosen without
// compressing every one, is the one compressing all of them picks (the
// same bytes) wherever packChosen tries them all, and otherwise within
// 5 % of it; on the blocks of games with few runs and many.
func TestChosenAgainstSmallest(t *testing.T) {
	games := map[string]string{"box": retrotest.Box, "cycles": retrotest.Cycles, "horizon": retrotest.Horizon,
		"history": retrotest.History, "exam-1500": examGame(1500)}
	for name, src := range games {
		_, rs := retrotest.Solve(t, name, []byte(src))
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

// TestStoredNotShared: a block stored as it is (its content smaller than
// any compression of it) keeps its bytes when the buffers of its
// candidates go back to the pool and are written over by the next block.
func TestStoredNotShared(t *testing.T) {
	syms := make([]uint64, BlockPositions)
	for k := range syms {
		syms[k] = 4
	}
	syms[len(syms)-1] = 6 // runs: 7 bytes, smaller than any other encoding
	cands := outcomeCandidates(syms, nil)
	data, codec, _, err := packChosen(cands)
	if err != nil {
		t.Fatal(err)
	}
	if codec != CodecStored || data[0] != encRuns {
		t.Fatalf("codec %d, encoding %d: not the runs stored", codec, data[0])
	}
	want := bytes.Clone(data)
	for _, c := range cands[:2] {
		clear(c.content[:cap(c.content)])
	}
	if !bytes.Equal(data, want) {
		t.Errorf("the stored block changed with the buffers of its candidates: % x, was % x", data, want)
	}
}

// TestManyBlocksReadBack: a table of many outcome blocks, some stored as
// they are (a block of one symbol) and some compressed, written on every
// core with buffers going back to their pools as blocks are made, reads
// back the results it was written from, and is the same byte for byte
// on 1 core and on 4.
func TestManyBlocksReadBack(t *testing.T) {
	g, rs := retrotest.Solve(t, "exam-1500", []byte(examGame(1500)))
	data := writeTable(t, g, rs, Made{})
	tab, err := Read(data)
	if err != nil {
		t.Fatal(err)
	}
	f := mustOpen(t, data)
	stored := 0
	for _, e := range f.Dir {
		if e.Kind == KindOutcomes && e.Codec == CodecStored {
			stored++
		}
	}
	if stored == 0 || stored == len(f.Dir) {
		t.Fatalf("%d outcome blocks stored of %d blocks: not the mix the test needs", stored, len(f.Dir))
	}
	compareResults(t, rs[0], tab.Results[0])
	// The same bytes on one core and on more than the machine has.
	for _, cores := range []int{1, 4} {
		prev := runtime.GOMAXPROCS(cores)
		again := writeTable(t, g, rs, Made{})
		runtime.GOMAXPROCS(prev)
		if !bytes.Equal(checked(t, again), checked(t, data)) {
			t.Errorf("on %d cores: another table", cores)
		}
	}
}
