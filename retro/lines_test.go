package retro_test

import "testing"

// lineGames are games of line moves the lines path takes: full prefixes
// along rows, columns and the diagonal, windows, constant moves beside
// them, ends, Lebedev's count and params.
var lineGames = []struct{ name, src string }{
	{"wythoff", `name = "w"
piles = ["a", "b"]
moves = ["a = a - k for k in 1..a", "b = b - k for k in 1..b", "a = a - k, b = b - k for k in 1..min(a, b)"]
winner = "mover"
[bounds]
a = "0..30"
b = "0..30"
`},
	{"nim-one-pile-window", `name = "w"
piles = ["x"]
moves = ["x - k for k in 1..x // 2", "x - 1"]
winner = "mover"
[bounds]
x = "0..60"
`},
	{"two-windows-end", `name = "w"
piles = ["a", "b"]
end = "a <= 1"
winner = "mover if a % 3 == 0 else other"
count = "lebedev"
moves = ["a = a - k for k in 2..a - 1", "b = b - 2*k for k in 1..b // 3", "a = a - 2, b = b - 1"]
[bounds]
a = "1..20"
b = "0..25"
`},
	{"param", `name = "w"
piles = ["a", "b"]
winner = "other"
moves = ["a = a - k for k in 1..min(a, N)", "b = b - k for k in 1..b", "a = a - k, b = b - k for k in 1..min(a, b)"]
[params]
N = "1..4"
[bounds]
a = "0..12"
b = "0..12"
`},
}

// TestLinesPath compares the lines path with the general path, table
// file and CSV, on the line games.
func TestLinesPath(t *testing.T) {
	for _, g := range lineGames {
		took := everyPath(t, g.name+".toml", g.src)
		if took["lines"] != took["general"] {
			t.Errorf("%s: the lines path took %d of %d instances", g.name, took["lines"], took["general"])
		}
	}
}
