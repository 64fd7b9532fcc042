package retro_test

import (
	"fmt"

	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// Load a game, solve it, and read one position.
func Example() {
	src := []byte(`
name  = "Take 1, 3 or 4"
piles = ["x"]
moves = ["x - 1", "x - 3", "x - 4"]

[bounds]
x = "0..10"
`)
	g, err := rules.Parse("take.toml", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	insts, err := g.Instances()
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := retro.SolveInstance(insts[0], positions.DefaultOptions(g), retro.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for x := int64(0); x <= 10; x++ {
		i, _ := res.Space.Index([]int64{x}, 0)
		fmt.Printf("%d:%v%d ", x, res.Outcome(i), res.Layer(i))
	}
	fmt.Println()
	// Output:
	// 0:L0 1:W1 2:L2 3:W1 4:W1 5:W3 6:W3 7:L4 8:W5 9:L6 10:W5
}

// The moves of one position, the optimal ones marked.
func ExampleResult_Moves() {
	src, _ := rules.Builtin("ege-2027-demo")
	g, _ := rules.Parse("ege-2027-demo.toml", src)
	insts, _ := g.Instances()
	res, _ := retro.SolveInstance(insts[0], positions.DefaultOptions(g), retro.Options{})
	i, _ := res.Space.Index([]int64{17, 44}, 0)
	fmt.Println(res.Outcome(i), res.Layer(i))
	moves, _ := res.Moves(i, insts[0].NewMachine())
	for _, mv := range moves {
		fmt.Println(g.Commands[mv.Cmd].Name, mv.To, mv.Outcome, mv.Layer, mv.Best)
	}
	// Output:
	// L 4
	// each +4 [21 44] W 3 true
	// each +4 [17 48] W 3 true
	// each *2 [34 44] W 3 true
	// each *2 [17 88] W 1 false
}
