package retro_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"retro/positions/cluster"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// oneResult solves a game in one process and returns its results and the
// path of each instance.
func oneResult(t testing.TB, src rules.Source) ([]*retro.Result, []string) {
	t.Helper()
	s := retrotest.SolveGame(t, src, retro.GameOptions{})
	var paths []string
	for _, r := range s.Results {
		paths = append(paths, r.Path)
	}
	return s.Results, paths
}

// shardParts solves a game on ranks goroutines (cluster.Local) and
// returns the parts of each instance, those of every rank, and rank 0's
// path of each instance.
func shardParts(t *testing.T, src rules.Source, ranks int) ([][]*retro.Part, []string) {
	t.Helper()
	var mu sync.Mutex
	var parts [][]*retro.Part
	var paths []string
	errs := retrotest.OnRanks(ranks, func(r int, comm cluster.Comm) error {
		s, err := retro.SolveGame(context.Background(), src, retro.GameOptions{Peers: comm})
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		addParts(&parts, s.Parts)
		if r == 0 {
			for _, p := range s.Parts {
				paths = append(paths, p.Path)
			}
		}
		return nil
	})
	for r, err := range errs {
		if err != nil {
			t.Fatalf("rank %d of %d: %v", r, ranks, err)
		}
	}
	return parts, paths
}

// addParts adds a rank's part of each instance to those of the others.
func addParts(all *[][]*retro.Part, parts []*retro.Part) {
	if *all == nil {
		*all = make([][]*retro.Part, len(parts))
	}
	for k, p := range parts {
		(*all)[k] = append((*all)[k], p)
	}
}

// sameParts says how the parts of each instance differ from its
// one-process result (retrotest.SameParts); nil: the same.
func sameParts(want []*retro.Result, parts [][]*retro.Part) error {
	return sameEach(len(want), len(parts), func(k int) error { return retrotest.SameParts(want[k], parts[k]) })
}

// sameResults says how the results of each instance differ from those
// wanted (retrotest.SameResult); nil: the same.
func sameResults(want, got []*retro.Result) error {
	return sameEach(len(want), len(got), func(k int) error { return retrotest.SameResult(want[k], got[k]) })
}

// sameEach says how the instances solved (got of them) differ from the
// want wanted, same comparing instance k; nil: the same.
func sameEach(want, got int, same func(k int) error) error {
	if got != want {
		return fmt.Errorf("%d instances, want %d", got, want)
	}
	for k := range want {
		if err := same(k); err != nil {
			return fmt.Errorf("instance %d: %w", k, err)
		}
	}
	return nil
}

// TestCompiledShardsRandom: on random games of the compiled shape (those
// of TestEveryPathOnRandomGames), 2 to 4 ranks hold together what the
// one-process table holds (retrotest.SameParts), by the compiled path in
// shards where it takes the game and by the general path in shards with
// its reason where it does not.
func TestCompiledShardsRandom(t *testing.T) {
	rng := newRand(t)
	games := randomGames(60, 15)
	took := 0
	for k := range games {
		src := oneWayGame(rng, k)
		game := rules.FromText(fmt.Sprintf("one-way-%d.toml", k), []byte(src))
		want, _ := oneResult(t, game)
		ranks := 2 + k%3
		got, paths := shardParts(t, game, ranks)
		if err := sameParts(want, got); err != nil {
			t.Errorf("game %d, %d ranks: %v, want what the one-process result holds\n%s", k, ranks, err, src)
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
	_, paths := shardParts(t, rules.FromBuiltin("nim"), 2)
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
