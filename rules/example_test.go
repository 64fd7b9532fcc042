package rules_test

import (
	"fmt"

	"retro/rules"
)

func ExampleParse() {
	src := []byte(`
name   = "Two piles"
piles  = ["a", "b"]
moves  = ["each +4", "each *2"]
end    = "a + b >= 133"
winner = "mover"

[start]
a = 17
b = "S"

[params]
S = "1..115"
`)
	g, err := rules.Parse("demo.toml", src)
	if err != nil {
		fmt.Print(rules.RenderError(err))
		return
	}
	in, _ := g.Bind(nil) // no rule params
	m := in.NewMachine()
	var l rules.MoveList
	if err := m.Moves([]int64{17, 28}, 0, 0, &l); err != nil {
		fmt.Println(err)
		return
	}
	for k := 0; k < l.Len(); k++ {
		fmt.Println(g.Commands[l.Cmd[k]].Name, l.To(k, len(g.Piles)))
	}
	// Output:
	// each +4 [21 28]
	// each +4 [17 32]
	// each *2 [34 28]
	// each *2 [17 56]
}

func ExampleErrorList_Render() {
	src := []byte("piles = [\"x\"]\nmoves = [\"x + y\"]\n[start]\nx = 1\n")
	_, err := rules.Parse("bad.toml", src)
	fmt.Print(rules.RenderError(err))
	// Output:
	// bad.toml:2:15: unknown name y (names in a move: x)
	//     moves = ["x + y"]
	//                   ^
}
