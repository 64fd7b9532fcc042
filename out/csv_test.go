package out_test

import (
	"bytes"
	"strings"
	"testing"

	"retro/out"
	"retro/retro"
	"retro/retro/retrotest"
)

// solveText solves every instance of a game given as text.
func solveText(t *testing.T, src string) []*retro.Result {
	t.Helper()
	_, rs := retrotest.Solve(t, "t", []byte(src))
	return rs
}

// Subtraction {1, 3, 4} on 0..10, worked out by hand: 0 L0; 1, 3, 4 W1
// (to 0); 2 L2 (its only move is to 1); 5 W3 (to 2), 6 W3 (to 2); 7 L4
// (all moves to W, the longest to 6, W3); 8 W5 (to 7), 10 W5 (to 7, L4,
// rather than 9, L6); 9 L6 (the longest resistance: to 8, W5).
func TestCSVByHand(t *testing.T) {
	rs := solveText(t, `
piles = ["x"]
moves = ["x - 1", "x - 3", "x - 4"]
[bounds]
x = "0..10"
`)
	var b bytes.Buffer
	if err := out.WriteCSV(&b, rs, out.CSVOptions{Layer: -1}); err != nil {
		t.Fatal(err)
	}
	want := `x,outcome,layer,best
0,L,0,
1,W,1,x - 1:(0)
3,W,1,x - 3:(0)
4,W,1,x - 4:(0)
2,L,2,x - 1:(1)
5,W,3,x - 3:(2)
6,W,3,x - 4:(2)
7,L,4,x - 1:(6)
8,W,5,x - 1:(7)
10,W,5,x - 3:(7)
9,L,6,x - 1:(8)
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	if err := out.WriteCSV(&b, rs, out.CSVOptions{Layer: 3}); err != nil {
		t.Fatal(err)
	}
	if want := "x,outcome,layer,best\n5,W,3,x - 3:(2)\n6,W,3,x - 4:(2)\n"; b.String() != want {
		t.Errorf("layer 3: got\n%s", b.String())
	}
}

// drawsGame is a game of one pile whose positions mostly draw.
const drawsGame = `
piles = ["x"]
allow = "no-repeat-opponent"
end = "x >= n"
[commands]
up = ["x + 1"]
down = ["x - 1"]
[bounds]
x = "0..2"
[params]
n = "3..3"
`

// Rule parameters come first, history columns after the piles; D rows
// come last.
func TestCSVColumnsAndDraws(t *testing.T) {
	rs := solveText(t, drawsGame)
	var b bytes.Buffer
	if err := out.WriteCSV(&b, rs, out.CSVOptions{Layer: -1}); err != nil {
		t.Fatal(err)
	}
	// By hand: (2, none) moves up to 3, the end, and wins: W1. Every
	// other position has one or two moves among (0, down) <-> (1, up) and
	// (1, down) <-> (2, up), where only one command is allowed: cycles, D,
	// and every move keeps the draw. (2, down) is never reached.
	want := `n,x,last,outcome,layer,best
3,2,none,W,1,up:(3)
3,0,none,D,,up:(1)
3,0,down,D,,up:(1)
3,1,none,D,,up:(2); down:(0)
3,1,up,D,,down:(0)
3,1,down,D,,up:(2)
3,2,up,D,,down:(1)
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// The options of a CSV export on the subtraction game and the game with
// draws above: separator, byte order mark, one or no best move, D rows.
func TestCSVOptions(t *testing.T) {
	sub := solveText(t, `
piles = ["x"]
moves = ["x - 1", "x - 3", "x - 4"]
[bounds]
x = "0..6"
`)
	draws := solveText(t, drawsGame)
	cases := []struct {
		what string
		rs   []*retro.Result
		opt  out.CSVOptions
		want string
	}{
		// From 5, x − 3 and x − 4 both reach L positions of layer 2 and 0;
		// only x − 3 (to 2, L 2) is optimal. Moves with ";" in them are
		// quoted under --sep ';'.
		{"sep and BOM", sub, out.CSVOptions{Layer: 3, Comma: ';', BOM: true},
			"\ufeffx;outcome;layer;best\n5;W;3;x - 3:(2)\n6;W;3;x - 4:(2)\n"},
		{"tab", sub, out.CSVOptions{Layer: 1, Comma: '\t'}, "x\toutcome\tlayer\tbest\n1\tW\t1\tx - 1:(0)\n3\tW\t1\tx - 3:(0)\n4\tW\t1\tx - 4:(0)\n"},
		{"none", sub, out.CSVOptions{Layer: 2, Best: out.BestNone}, "x,outcome,layer\n2,L,2\n"},
		// (1, none) keeps the draw both ways: all lists both, one the first.
		{"all at D", draws, out.CSVOptions{Layer: -1, KeepOutcome: true, Outcome: retro.Draw},
			"n,x,last,outcome,layer,best\n3,0,none,D,,up:(1)\n3,0,down,D,,up:(1)\n3,1,none,D,,up:(2); down:(0)\n3,1,up,D,,down:(0)\n3,1,down,D,,up:(2)\n3,2,up,D,,down:(1)\n"},
		{"one at D", draws, out.CSVOptions{Layer: -1, KeepOutcome: true, Outcome: retro.Draw, Best: out.BestOne},
			"n,x,last,outcome,layer,best\n3,0,none,D,,up:(1)\n3,0,down,D,,up:(1)\n3,1,none,D,,up:(2)\n3,1,up,D,,down:(0)\n3,1,down,D,,up:(2)\n3,2,up,D,,down:(1)\n"},
		{"sep with quoting", draws, out.CSVOptions{Layer: -1, KeepOutcome: true, Outcome: retro.Draw, Comma: ';'},
			"n;x;last;outcome;layer;best\n3;0;none;D;;up:(1)\n3;0;down;D;;up:(1)\n3;1;none;D;;\"up:(2); down:(0)\"\n3;1;up;D;;down:(0)\n3;1;down;D;;up:(2)\n3;2;up;D;;down:(1)\n"},
		{"no ? rows", draws, out.CSVOptions{Layer: -1, KeepOutcome: true, Outcome: retro.Unknown}, "n,x,last,outcome,layer,best\n"},
	}
	for _, c := range cases {
		var b bytes.Buffer
		if err := out.WriteCSV(&b, c.rs, c.opt); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("%s: got\n%q\nwant\n%q", c.what, b.String(), c.want)
		}
		if n, rows := c.opt.RowCount(c.rs), strings.Count(c.want, "\n")-1; n != int64(rows) {
			t.Errorf("%s: RowCount %d, the export writes %d rows", c.what, n, rows)
		}
	}
}

// Progress is told the rows written, every 16384 rows.
func TestCSVProgress(t *testing.T) {
	rs := solveText(t, `
piles = ["x"]
moves = ["x - 1"]
[bounds]
x = "0..40000"
`)
	var calls []int64
	var b bytes.Buffer
	if err := out.WriteCSV(&b, rs, out.CSVOptions{Layer: -1, Best: out.BestNone, Progress: func(n int64) { calls = append(calls, n) }}); err != nil {
		t.Fatal(err)
	}
	if len(calls) != 2 || calls[0] != 16384 || calls[1] != 32768 {
		t.Errorf("progress calls %v", calls)
	}
}
