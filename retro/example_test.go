package retro_test

import (
	"context"
	"fmt"
	"retro/retro/internal/core"
	"sync"

	"retro/positions/cluster"
	"retro/retro"
	"retro/rules"
)

// Solve a game given as text, and read one position.
func Example() {
	src := rules.FromText("take.toml", []byte(`
name  = "Take 1, 3 or 4"
piles = ["x"]
moves = ["x - 1", "x - 3", "x - 4"]

[bounds]
x = "0..10"
`))
	s, err := retro.SolveGame(context.Background(), src, retro.GameOptions{})
	if err != nil {
		fmt.Print(rules.RenderError(err))
		return
	}
	res := s.Results[0]
	for x := int64(0); x <= 10; x++ {
		i, _ := res.Space.Index([]int64{x}, 0)
		fmt.Printf("%d:%v%d ", x, res.Outcome(i), res.Layer(i))
	}
	fmt.Println()
	// Output:
	// 0:L0 1:W1 2:L2 3:W1 4:W1 5:W3 6:W3 7:L4 8:W5 9:L6 10:W5
}

// The moves of one position of a built-in game, the optimal ones marked.
func ExampleResult_Moves() {
	s, err := retro.SolveGame(context.Background(), rules.FromBuiltin("ege-2027-demo"), retro.GameOptions{})
	if err != nil {
		fmt.Print(rules.RenderError(err))
		return
	}
	res := s.Results[0]
	i, _ := res.Space.Index([]int64{17, 44}, 0)
	fmt.Println(res.Outcome(i), res.Layer(i))
	moves, _ := res.Moves(i, res.Instance.NewMachine())
	for _, mv := range moves {
		fmt.Println(s.Game.Commands[mv.Cmd].Name, mv.To, mv.Outcome, mv.Layer, mv.Best)
	}
	// Output:
	// L 4
	// each +4 [21 44] W 3 true
	// each +4 [17 48] W 3 true
	// each *2 [34 44] W 3 true
	// each *2 [17 88] W 1 false
}

// A game with a parameter in its rules gives one result per value; a
// setting narrows the range the file gives.
func ExampleSolveGame() {
	src := rules.FromText("take.toml", []byte(`
piles = ["x"]
moves = ["x - i for i in 1..k"]

[bounds]
x = "0..6"

[params]
k = "2..5"
`))
	s, err := retro.SolveGame(context.Background(), src, retro.GameOptions{
		Params: []rules.Setting{{Name: "k", Lo: 2, Hi: 3}}})
	if err != nil {
		fmt.Print(rules.RenderError(err))
		return
	}
	for _, res := range s.Results {
		fmt.Print("k=", res.Instance.Values[0], ":")
		for x := int64(0); x <= 6; x++ {
			i, _ := res.Space.Index([]int64{x}, 0)
			fmt.Printf(" %v%d", res.Outcome(i), res.Layer(i))
		}
		fmt.Println()
	}
	// Output:
	// k=2: L0 W1 W1 L2 W3 W3 L4
	// k=3: L0 W1 W1 W1 L2 W3 W3
}

// Three ranks, here goroutines of one process (an MPI job's ranks in
// retro solve), solve a game together: each colours its shard of the
// positions and holds their outcomes, and every one holds the counts of
// the whole (L: x = 0 or 2 mod 7, 286 of 0..999). General asks for the
// general path, which SolveInstancePart runs in shards (the compiled path would
// take this game, and keep its one row on one rank).
func ExamplePart() {
	src := rules.FromText("take.toml", []byte(`
piles = ["x"]
moves = ["x - 1", "x - 3", "x - 4"]

[bounds]
x = "0..999"
`))
	ranks := cluster.Local(3)
	parts := make([]*retro.Part, len(ranks))
	var wg sync.WaitGroup
	for r, comm := range ranks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := retro.SolveGame(context.Background(), src, retro.GameOptions{Peers: comm, Path: "general"})
			if err != nil {
				fmt.Print(rules.RenderError(err))
				comm.Close()
				return
			}
			parts[r] = s.Parts[0]
		}()
	}
	wg.Wait()
	for r, p := range parts {
		if p == nil {
			return
		}
		t := p.Tally()
		fmt.Printf("rank %d: positions %d..%d of %d; all: W %d, L %d\n", r, p.Lo, p.Hi-1, p.Len(), t[core.Win], t[core.Lose])
	}
	// Output:
	// rank 0: positions 0..383 of 1000; all: W 714, L 286
	// rank 1: positions 384..767 of 1000; all: W 714, L 286
	// rank 2: positions 768..999 of 1000; all: W 714, L 286
}
