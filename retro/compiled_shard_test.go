package retro_test

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"retro/out/table"
	"retro/positions/cluster"
	"retro/retro"
	"retro/rules"
)

// memFile is a file in memory that table.WriteParts writes to.
type memFile struct {
	mu sync.Mutex
	b  []byte
}

func (f *memFile) WriteAt(p []byte, off int64) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if end := int(off) + len(p); end > len(f.b) {
		f.b = append(f.b, make([]byte, end-len(f.b))...)
	}
	return copy(f.b[off:], p), nil
}

// testMade is the made record of the tables the tests compare.
var testMade = table.Options{Made: table.Made{Engine: "test"}}

// oneTable solves a game in one process and returns its table and the
// path of each instance.
func oneTable(t testing.TB, src rules.Source) ([]byte, []string) {
	t.Helper()
	s, err := retro.SolveGame(context.Background(), src, retro.GameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := table.Write(&b, s.Game, s.Results, testMade); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, r := range s.Results {
		paths = append(paths, r.Path)
	}
	return b.Bytes(), paths
}

// shardTable solves a game on ranks goroutines (cluster.Local), each its
// parts, and returns the table they write and rank 0's path of each
// instance.
func shardTable(t *testing.T, src rules.Source, ranks int) ([]byte, []string) {
	t.Helper()
	f := &memFile{}
	var paths []string
	errs := onRanks(ranks, func(r int, comm cluster.Comm) error {
		s, err := retro.SolveGame(context.Background(), src, retro.GameOptions{Peers: comm})
		if err != nil {
			return err
		}
		var w *memFile
		if r == 0 {
			w = f
			for _, p := range s.Parts {
				paths = append(paths, p.Path)
			}
		}
		return table.WriteParts(w, comm, s.Game, s.Parts, testMade)
	})
	for r, err := range errs {
		if err != nil {
			t.Fatalf("rank %d of %d: %v", r, ranks, err)
		}
	}
	return f.b, paths
}

// onRanks runs rank on ranks goroutines, each with its rank and its comm
// of cluster.Local, and returns the error of each; a rank that fails
// leaves, so that the others stop waiting for it.
func onRanks(ranks int, rank func(r int, comm cluster.Comm) error) []error {
	comms := cluster.Local(ranks)
	errs := make([]error, ranks)
	var wg sync.WaitGroup
	for r := range ranks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if errs[r] = rank(r, comms[r]); errs[r] != nil {
				comms[r].Close()
			}
		}()
	}
	wg.Wait()
	return errs
}

// shardGame is a game the tests solve in shards, and its name.
type shardGame struct {
	name string
	src  rules.Source
}

// compiledShardGames are games the compiled path takes in shards: the
// exam's and Lebedev's (history), the bench games cut down (the
// exam-style box, a history, a chain), a game of affine moves whose
// winner depends on the position (the affine sweep), a game of more
// layers than 16-bit cells hold, and a box of three piles.
var compiledShardGames = []shardGame{
	{"exam demo", rules.FromBuiltin("ege-2027-demo")},
	{"two piles, end 77", rules.FromBuiltin("ege-two-piles-77")},
	{"one pile, lowers", rules.FromBuiltin("ege-bank-one-pile")},
	{"Lebedev commands (history)", rules.FromBuiltin("lebedev-commands")},
	{"Lebedev operations (history)", rules.FromBuiltin("lebedev-operations")},
	{"affine moves, winner by position", rules.FromText("affine.toml", []byte(`name = "Affine moves, end at 200"
piles = ["a", "b"]
moves = ["a = a + b + 1", "b = 2*b + a", "each +1"]
end    = "a + b >= 200"
winner = "mover if a % 3 == 0 else other"

[start]
a = 1
b = 1
`))},
	{"exam-style, end 300", rules.FromText("exam-300.toml", []byte(`name = "Exam-style, end at 300"
piles = ["a", "b"]
moves = ["each +1", "each +4", "each *2", "each *3"]
end    = "a + b >= 300"
winner = "mover"

[start]
a = 1
b = 1
`))},
	{"history, end 120", rules.FromText("history-120.toml", []byte(`name = "Exam-style with history, end at 120"
piles = ["a", "b"]
end    = "a + b >= 120"
winner = "mover"
allow  = "no-repeat-opponent"

[commands]
plus1  = ["each +1"]
plus4  = ["each +4"]
times2 = ["each *2"]
times3 = ["each *3"]

[start]
a = 1
b = 1
`))},
	{"chain of 5000, lowers", rules.FromText("chain-5000.toml", []byte(`name = "Chain: take one or two"
piles = ["x"]
moves = ["x - 1", "x - 2"]
winner = "mover"

[bounds]
x = "1..5000"
`))},
	{"deeper than 16-bit cells", rules.FromText("deep.toml", []byte(`name = "Two rows, 70 001 layers"
piles = ["a", "b"]
moves = ["each +1"]
end    = "70000*a + b >= 140000"
winner = "mover"

[start]
a = 0
b = 0
`))},
	{"three piles", rules.FromText("three.toml", []byte(`name = "Three piles, end at 60"
piles = ["a", "b", "c"]
moves = ["each +1", "each *2", "a = a + 3"]
end    = "a + b + c >= 60"
winner = "mover"

[start]
a = 1
b = 2
c = 0
`))},
}

// gamesNamed are the games of compiledShardGames of those names.
func gamesNamed(names ...string) []shardGame {
	var out []shardGame
	for _, g := range compiledShardGames {
		if slices.Contains(names, g.name) {
			out = append(out, g)
		}
	}
	return out
}

// TestCompiledShards: the compiled path in 1, 2, 3 and 4 shards writes
// the one-process table byte for byte, and says so on its path line.
func TestCompiledShards(t *testing.T) {
	for _, game := range compiledShardGames {
		t.Run(game.name, func(t *testing.T) {
			want, paths := oneTable(t, game.src)
			for _, p := range paths {
				if !strings.HasPrefix(p, "compiled:") {
					t.Fatalf("one process: path %q, want the compiled path", p)
				}
			}
			for ranks := 1; ranks <= 4; ranks++ {
				got, paths := shardTable(t, game.src, ranks)
				if !bytes.Equal(got, want) {
					t.Errorf("%d ranks: a table of %d bytes, want the one-process table of %d", ranks, len(got), len(want))
				}
				for _, p := range paths {
					if prefix := fmt.Sprintf("compiled, in %d shards: ", ranks); !strings.HasPrefix(p, prefix) {
						t.Errorf("%d ranks: path %q, want %q…", ranks, p, prefix)
					}
				}
			}
		})
	}
}

// TestCompiledShardsRandom: on random games of the compiled shape (those
// of TestEveryPathOnRandomGames), 2 to 4 ranks write the one-process
// table, by the compiled path in shards where it takes the game and by
// the general path in shards with its reason where it does not.
func TestCompiledShardsRandom(t *testing.T) {
	rng := newRand(t)
	games := randomGames(60, 15)
	took := 0
	for k := range games {
		src := oneWayGame(rng, k)
		game := rules.FromText(fmt.Sprintf("one-way-%d.toml", k), []byte(src))
		want, _ := oneTable(t, game)
		ranks := 2 + k%3
		got, paths := shardTable(t, game, ranks)
		if !bytes.Equal(got, want) {
			t.Errorf("game %d, %d ranks: a table of %d bytes, want the one-process table of %d\n%s", k, ranks, len(got), len(want), src)
		}
		for _, p := range paths {
			switch {
			case strings.HasPrefix(p, fmt.Sprintf("compiled, in %d shards: ", ranks)):
				took++
			case !strings.HasPrefix(p, fmt.Sprintf("general, in %d shards", ranks)):
				t.Errorf("game %d, %d ranks: path %q", k, ranks, p)
			}
		}
	}
	t.Logf("%d of %d games took the compiled path in shards", took, games)
	if took < games/3 {
		t.Errorf("only %d of %d games took the compiled path in shards", took, games)
	}
}

// TestShardPathLine: in shards a path that does not run there declines,
// and the general path's line says so; forced, it is an error.
func TestShardPathLine(t *testing.T) {
	_, paths := shardTable(t, rules.FromBuiltin("nim"), 2)
	if len(paths) != 1 || !strings.HasPrefix(paths[0], "general, in 2 shards: ") || !strings.HasSuffix(paths[0], "not in shards: lines, unmoves, shifts, tiers") {
		t.Errorf("nim in 2 shards: paths %q", paths)
	}
	comms := cluster.Local(2)
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for r := range comms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[r] = retro.SolveGame(context.Background(), rules.FromBuiltin("nim"), retro.GameOptions{Peers: comms[r], Path: "unmoves"})
		}()
	}
	wg.Wait()
	for r, err := range errs {
		if err == nil || !strings.Contains(err.Error(), "the unmoves path does not take this game: not in shards") {
			t.Errorf("rank %d, --path unmoves in shards: %v", r, err)
		}
	}
}
