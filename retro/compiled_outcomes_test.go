package retro_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"retro/positions/cluster"
	"retro/retro"
	"retro/rules"
)

// TestOutcomesShown: the compiled path reports the stage "outcomes" as
// it makes its positions' outcomes and layers, after its moves, the
// counts rising and at most the positions it holds: in one process and on
// each of 2 ranks.
func TestOutcomesShown(t *testing.T) {
	src := rules.FromText("exam-600.toml", []byte("piles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"each *2\"]\nend = \"a + b >= 600\"\nwinner = \"mover\"\n[start]\na = 1\nb = 1\n"))
	check := func(who string, opt retro.GameOptions, held func(*retro.Solved) int) {
		t.Helper()
		var mu sync.Mutex
		var shown []int64
		moves := false
		opt.Stage = func(_ *rules.Instance, stage string, done int64) {
			mu.Lock()
			defer mu.Unlock()
			switch stage {
			case "moves":
				moves = true
			case "outcomes":
				if !moves {
					t.Errorf("%s: outcomes before the moves", who)
				}
				shown = append(shown, done)
			}
		}
		s, err := retro.SolveGame(context.Background(), src, opt)
		if err != nil {
			t.Fatal(err)
		}
		n := held(s)
		if len(shown) == 0 {
			t.Fatalf("%s: no outcomes shown of %d positions", who, n)
		}
		for k, d := range shown {
			if d < 0 || d > int64(n) || k > 0 && d < shown[k-1] {
				t.Fatalf("%s: outcomes shown %v of %d positions", who, shown, n)
			}
		}
	}
	check("one process", retro.GameOptions{}, func(s *retro.Solved) int { return s.Results[0].Len() })
	comms := cluster.Local(2)
	var wg sync.WaitGroup
	for r := range comms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			check(fmt.Sprintf("rank %d", r), retro.GameOptions{Peers: comms[r]}, func(s *retro.Solved) int {
				return s.Parts[0].Hi - s.Parts[0].Lo
			})
		}()
	}
	wg.Wait()
}
