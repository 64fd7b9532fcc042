package retrotest

import (
	"slices"

	"retro/rules"
)

// NamedGame is a game the tests solve, and its name.
type NamedGame struct {
	Name string
	Src  rules.Source
}

// CompiledShardGames are games the compiled path takes in shards: the
// exam's and Lebedev's (history), the bench games cut down (the
// exam-style box, a history, a chain), a game of affine moves whose
// winner depends on the position (the affine sweep), a game of more
// layers than 16-bit cells hold, and a box of three piles.
var CompiledShardGames = []NamedGame{
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

// GamesNamed are the games of CompiledShardGames of those names.
func GamesNamed(names ...string) []NamedGame {
	var out []NamedGame
	for _, g := range CompiledShardGames {
		if slices.Contains(names, g.Name) {
			out = append(out, g)
		}
	}
	return out
}
