package compiled

import (
	"reflect"
	"slices"
	"sync"
	"testing"

	"retro/positions"
	"retro/positions/cluster"
	"retro/retro/internal/shape"
	"retro/rules/rulestest"
)

// TestCompileShard: the compiled search cut among 1 to 4 peers finds the
// space one process's finds, on every peer, and a shard of it (Space.Shard)
// holds the positions of its range: games whose positions are found by a
// sweep (a history, moves that lower the piles, three piles).
func TestCompileShard(t *testing.T) {
	for _, src := range []string{
		"piles = [\"a\", \"b\"]\nend = \"a + b >= 90\"\nallow = \"no-repeat-opponent\"\n[commands]\np1 = [\"each +1\"]\nt2 = [\"each *2\"]\n[start]\na = 1\nb = 1\n",
		"piles = [\"a\", \"b\"]\nmoves = [\"each - 2\", \"each // 3\"]\n[start]\na = 70\nb = 50\n",
		"piles = [\"a\", \"b\", \"c\"]\nmoves = [\"each +2\", \"each *3\"]\nend = \"a + b + c >= 40\"\n[start]\na = 1\nb = 0\nc = 3\n",
	} {
		g := rulestest.Parse(t, "g.toml", src)
		insts := rulestest.Instances(t, g)
		opt := positions.DefaultOptions(g)
		want, why, err := Compile(insts[0], opt, nil)
		if err != nil || want == nil {
			t.Fatalf("%s: not compiled: %s %v", src, why, err)
		}
		if want.Found != "found in one sweep of the box in the order of play" {
			t.Fatalf("%s: positions %s, want them swept", src, want.Found)
		}
		for size := 1; size <= 4; size++ {
			peers := cluster.Local(size)
			got := make([]*shape.Compiled, size)
			errs := make([]error, size)
			var wg sync.WaitGroup
			for r := range peers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					got[r], why, errs[r] = CompileShard(insts[0], opt, peers[r], nil)
				}()
			}
			wg.Wait()
			n := want.Space.Len()
			firsts := []int{0}
			for r := 1; r < size; r++ {
				firsts = append(firsts, n*r/size)
			}
			firsts = append(firsts, n)
			piles := make([]int64, 3)
			for r, c := range got {
				if errs[r] != nil || c == nil {
					t.Fatalf("%d peers, peer %d: %v %s", size, r, errs[r], why)
				}
				if !slices.Equal(c.Space.Members(), want.Space.Members()) || c.Space.Len() != n || len(c.Starts) != len(want.Starts) {
					t.Errorf("%d peers, peer %d: %d positions, not the space of one process's %d", size, r, c.Space.Len(), n)
				}
				if size > 1 && c.Sent == 0 {
					t.Errorf("%d peers, peer %d: sent nothing", size, r)
				}
				sh := c.Space.Shard(r, firsts)
				if lo, hi := sh.Held(); lo != firsts[r] || hi != firsts[r+1] {
					t.Errorf("%d peers, peer %d: holds %d..%d, want %d..%d", size, r, lo, hi, firsts[r], firsts[r+1])
				}
				err := sh.Walk(firsts[r], firsts[r+1], func(i int, p []int64, h int) error {
					wh := want.Space.Position(i, piles)
					if !slices.Equal(p, piles[:len(p)]) || h != wh {
						t.Errorf("%d peers, peer %d: position %d is %v/%d, want %v/%d", size, r, i, p, h, piles[:len(p)], wh)
					}
					if j, ok := sh.Index(p, h); !ok || j != i {
						t.Errorf("%d peers, peer %d: Index of position %d: %d, %v", size, r, i, j, ok)
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestCompileShardFilled: peers of a filled box (every tuple above a
// start) get its rows, not the whole box's bits, and the shard each makes
// of them is the shard of one process's space, at any cut of the
// positions, as are the whole space and the starts' indices: two piles
// with four starts, two of them final and outside every row's range, and
// three piles.
func TestCompileShardFilled(t *testing.T) {
	for _, src := range []string{
		"piles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"each *2\"]\nend = \"a + b >= 200\"\n[start]\na = \"1 + 70*S\"\nb = \"2 + 50*S\"\n[params]\nS = \"0..3\"\n",
		"piles = [\"a\", \"b\", \"c\"]\nmoves = [\"each +1\", \"each *3\"]\nend = \"a + 2*b + c >= 40\"\n[start]\na = 1\nb = 0\nc = 3\n",
	} {
		in := rulestest.Instance(t, "t.toml", src)
		opt := positions.DefaultOptions(in.Game)
		want, why, err := Compile(in, opt, nil)
		if err != nil || want == nil || want.Found != filledFound {
			t.Fatalf("%s: not filled: %v %s %v", src, want != nil, why, err)
		}
		got, why, err := CompileShard(in, opt, cluster.Local(1)[0], nil)
		if err != nil || got == nil || got.Rows == nil || got.Space != nil {
			t.Fatalf("%s: in shards, no rows in place of the space: %s %v", src, why, err)
		}
		n := want.Space.Len()
		if got.Rows.Len() != n || !reflect.DeepEqual(got.Starts, want.Starts) {
			t.Errorf("%s: %d positions, starts %v; want %d, %v", src, got.Rows.Len(), got.Starts, n, want.Starts)
		}
		if w := got.Rows.Whole(); !slices.Equal(w.Members(), want.Space.Members()) || w.Len() != n {
			t.Errorf("%s: the whole space of the rows is not one process's", src)
		}
		for size := 1; size <= 5; size++ {
			firsts := []int{0}
			for r := 1; r < size; r++ {
				firsts = append(firsts, n*r/size+r%2) // cuts within rows too
			}
			firsts = append(firsts, n)
			for r := range size {
				sh, wsh := got.Rows.Shard(r, firsts), want.Space.Shard(r, firsts)
				lo, hi := sh.Held()
				if wlo, whi := wsh.Held(); !slices.Equal(sh.Members(), wsh.Members()) || lo != wlo || hi != whi {
					t.Errorf("%s: %d peers, peer %d: its shard is not that of one process's space", src, size, r)
				}
				for i := firsts[r]; i < firsts[r+1]; i++ {
					if a, b := sh.MemberCell(i), wsh.MemberCell(i); a != b {
						t.Fatalf("%s: %d peers, peer %d: position %d at cell %d, want %d", src, size, r, i, a, b)
					}
				}
			}
		}
	}
}
