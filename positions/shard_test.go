package positions

import (
	"errors"
	"fmt"
	"retro/positions/cluster"
	"slices"
	"sync"
	"testing"
)

// newPeers is n peers in one process (cluster.Local), as the peers of a
// solve in shards see them.
func newPeers(n int) []Peers {
	comms := cluster.Local(n)
	ps := make([]Peers, n)
	for r, c := range comms {
		ps[r] = c
	}
	return ps
}

// shardGames are small games of each kind of space and search.
var shardGames = map[string]string{
	"dense, history, params": twoPiles,
	"bounds": `
piles = ["x"]
moves = ["x + 1", "x * 2"]
end = "x >= 40"
[bounds]
x = "1..39"
`,
	"bounds with history": `
piles = ["x"]
moves = ["x + 1", "x + 2"]
end = "x >= 30"
allow = "no-repeat-opponent"
[bounds]
x = "1..29"
`,
	"horizon": `
piles = ["x"]
moves = ["x + 1", "x * 2", "x - 1"]
horizon = 9
[start]
x = 3
`,
	"beyond a code": `
piles = ["a", "b"]
moves = ["a = a * 1000", "b = b * 1000", "a = a * 3"]
end = "a >= 1000000000000 or b >= 1000000000000"
[start]
a = 1
b = 1
`,
	"sparse": `
piles = ["a", "b", "c"]
moves = ["a = a * 3", "b = b * 5", "c = c * 7", "a = a + 100"]
end = "a * b * c >= 100000"
[start]
a = 1
b = 1
c = 1
`,
}

// The shards of any number of peers put together are the whole graph:
// the same positions at the same indices, the same successor counts,
// edges, end flags, depths and starts.
func TestShardsAreTheWhole(t *testing.T) {
	kinds := map[bool]int{}
	for name, src := range shardGames {
		in := instance(t, src)
		opt := DefaultOptions(in.Game)
		whole, err := Enumerate(in, opt)
		if err != nil {
			t.Fatal(name, err)
		}
		kinds[whole.Space.Dense()]++
		for _, n := range []int{1, 2, 3, 4, -3, -4} {
			t.Run(fmt.Sprintf("%s/%d", name, n), func(t *testing.T) {
				switch n {
				case -3: // many rounds of a few questions and targets each
					oldQ, oldS := questionBytes, searchBytes
					questionBytes, searchBytes = 64, 16
					defer func() { questionBytes, searchBytes = oldQ, oldS }()
				case -4: // tiles too sparse at once: a hash index
					floor, ratio := growFloor, growRatio
					growFloor, growRatio = 0, 1
					defer func() { growFloor, growRatio = floor, ratio }()
				}
				n = max(n, -n)
				peers := newPeers(n)
				grs := make([]*Graph, n)
				errs := make([]error, n)
				var wg sync.WaitGroup
				for r := range peers {
					wg.Add(1)
					go func() {
						defer wg.Done()
						if grs[r], errs[r] = EnumerateShard(in, opt, peers[r]); errs[r] != nil {
							peers[r].(cluster.Comm).Close() // the others stop waiting on it
						}
					}()
				}
				wg.Wait()
				for r, err := range errs {
					if err != nil && !errors.Is(err, cluster.ErrLeft) {
						t.Fatalf("rank %d: %v", r, err)
					}
				}
				sameShards(t, whole, grs)
			})
		}
	}
	if kinds[true] == 0 || kinds[false] == 0 {
		t.Fatalf("the games have %d dense and %d hashed spaces: want both", kinds[true], kinds[false])
	}
}

func sameShards(t *testing.T, whole *Graph, grs []*Graph) {
	t.Helper()
	n := whole.Len()
	p, q := make([]int64, whole.Space.Piles()), make([]int64, whole.Space.Piles())
	next := 0
	for r, gr := range grs {
		if gr.Len() != n {
			t.Fatalf("rank %d: %d positions, want %d", r, gr.Len(), n)
		}
		if gr.Space.Dense() != whole.Space.Dense() {
			t.Fatalf("rank %d: dense %v, want %v", r, gr.Space.Dense(), whole.Space.Dense())
		}
		lo, hi := RankShard(n, len(grs), r)
		if gr.Lo != lo || gr.Hi != hi || gr.Lo != next {
			t.Fatalf("rank %d holds %d..%d, want %d..%d", r, gr.Lo, gr.Hi, lo, hi)
		}
		next = hi
		if !sameStarts(gr.Starts, whole.Starts) {
			t.Fatalf("rank %d: starts %v, want %v", r, gr.Starts, whole.Starts)
		}
		for i := lo; i < hi; i++ {
			h := gr.Space.Position(i, p)
			wh := whole.Space.Position(i, q)
			if h != wh || !slices.Equal(p, q) {
				t.Fatalf("rank %d: position %d is %v/%d, want %v/%d", r, i, p, h, q, wh)
			}
			if j, ok := gr.Space.Index(p, h); !ok || j != i {
				t.Fatalf("rank %d: index of %v/%d is %d %v, want %d", r, p, h, j, ok, i)
			}
			k := i - lo
			if gr.Out[k] != whole.Out[i] {
				t.Fatalf("rank %d: position %d has %d successors, want %d", r, i, gr.Out[k], whole.Out[i])
			}
			if !slices.Equal(gr.Preds(k), whole.Preds(i)) {
				t.Fatalf("rank %d: predecessors of %d are %v, want %v", r, i, gr.Preds(k), whole.Preds(i))
			}
			for _, f := range [][2]Bitset{{gr.WinEnd, whole.WinEnd}, {gr.LoseEnd, whole.LoseEnd},
				{gr.FinalLost, whole.FinalLost}, {gr.FinalWon, whole.FinalWon}} {
				if f[0].Has(k) != f[1].Has(i) {
					t.Fatalf("rank %d: position %d's flags differ", r, i)
				}
			}
			if whole.Depth != nil && gr.Depth[k] != whole.Depth[i] {
				t.Fatalf("rank %d: position %d at depth %d, want %d", r, i, gr.Depth[k], whole.Depth[i])
			}
			if whole.Unexplored != nil && gr.Unexplored.Has(k) != whole.Unexplored.Has(i) {
				t.Fatalf("rank %d: position %d unexplored %v", r, i, gr.Unexplored.Has(k))
			}
		}
	}
	if next != n {
		t.Fatalf("the shards hold %d of %d positions", next, n)
	}
}

func sameStarts(a, b []StartPos) bool {
	return slices.EqualFunc(a, b, func(x, y StartPos) bool { return x.Index == y.Index && slices.Equal(x.Params, y.Params) })
}
