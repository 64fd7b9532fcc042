package out

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"retro/positions"
	"retro/retro"
	"retro/retro/sg"
	"retro/rules"
)

// solveGame solves every instance of a game with its own options.
func solveGame(t testing.TB, name string, src []byte) (*rules.Game, []*retro.Result) {
	t.Helper()
	g, err := rules.Parse(name+".toml", src)
	if err != nil {
		t.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	var rs []*retro.Result
	for _, in := range insts {
		popt := positions.DefaultOptions(g)
		if g.Sum {
			in, popt.Extra = heapView(t, in, 12)
		}
		r, err := retro.SolveInstance(in, popt, retro.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	return g, rs
}

// heapView is the engine's view of a heap game, as retro solve makes it:
// every collection of heaps reachable from one heap of 0..upto.
func heapView(t testing.TB, in *rules.Instance, upto int) (*rules.Instance, []positions.Seed) {
	most, err := sg.MaxHeaps(in.NewMachine(), upto)
	if err != nil {
		t.Fatal(err)
	}
	view, err := in.HeapView(max(1, slices.Max(most)))
	if err != nil {
		t.Fatal(err)
	}
	var seeds []positions.Seed
	for n := range upto + 1 {
		p := make([]int64, len(view.Game.Piles))
		p[0] = int64(n)
		seeds = append(seeds, positions.Seed{Piles: p})
	}
	return view, seeds
}

func builtin(t testing.TB, name string) (*rules.Game, []*retro.Result) {
	src, ok := rules.Builtin(name)
	if !ok {
		t.Fatalf("no built-in game %s", name)
	}
	return solveGame(t, name, src)
}

func writeTable(t testing.TB, g *rules.Game, rs []*retro.Result, made Made) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteTable(&buf, g, rs, TableOptions{Made: made}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// checked is the checked part of a table file.
func checked(t testing.TB, data []byte) []byte {
	t.Helper()
	h, err := parseHeader(data, int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	return data[:h.End]
}

// horizonGame is a game without an end, analysed to a horizon, so that
// its table holds depths and ? positions.
const horizonGame = `name = "Double or add one, horizon 6"
piles = ["x"]
moves = ["x + 1", "x * 2"]
end = "isprime(x) and x > 40"
winner = "mover"
horizon = 6

[start]
x = "S"

[params]
S = "1..20"
`

// historyGame carries last and mylast, and its positions are sparse: a
// hashed space with history.
const historyGame = `name = "No command twice in a row"
piles = ["a", "b"]
allow = "cmd != mylast"
end = "a * b >= 5000"
winner = "mover"

[commands]
double = ["a = a * 2", "b = b * 2"]
triple = ["a = a * 3", "b = b * 3"]
add = ["a = a + 7", "b = b + 7"]

[start]
a = "A"
b = 1

[params]
A = "1..5"
`

// rulesGame has a parameter in its rules: one instance per value.
const rulesGame = `name = "Take 1..k"
piles = ["x"]
moves = ["x - i for i in 1..k"]
winner = "mover"

[bounds]
x = "0..300"

[params]
k = "1..6"
`

// roundTripGames are the games whose tables must read back the same:
// every built-in game an outcome table holds, and a few that exercise a
// horizon, history and rule parameters.
func roundTripGames(t *testing.T) map[string][]byte {
	games := map[string][]byte{"horizon": []byte(horizonGame), "history": []byte(historyGame), "rules": []byte(rulesGame)}
	for _, name := range rules.BuiltinNames() {
		src, _ := rules.Builtin(name)
		games[name] = src // heap games as the engine plays them: solveGame
	}
	return games
}

func TestTableRoundTrip(t *testing.T) {
	games := roundTripGames(t)
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range games {
			if !yield(n) {
				return
			}
		}
	})
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			if testing.Short() && name == "multiplication-game" {
				t.Skip("4999 instances")
			}
			g, rs := solveGame(t, name, games[name])
			data := writeTable(t, g, rs, Made{Engine: "test", Date: time.Unix(0, 0)})
			tab, err := ReadTable(data)
			if err != nil {
				t.Fatal(err)
			}
			if tab.MadeErr != nil || tab.Made.Engine != "test" {
				t.Errorf("made record: %+v, %v", tab.Made, tab.MadeErr)
			}
			if tab.Game.File != g.File || !bytes.Equal(tab.Game.Source, g.Source) {
				t.Fatalf("game %s, want %s", tab.Game.File, g.File)
			}
			if len(tab.Results) != len(rs) {
				t.Fatalf("%d results, want %d", len(tab.Results), len(rs))
			}
			for k := range rs {
				compareResults(t, rs[k], tab.Results[k])
			}
			// The same table again, on one core: the checked part is the
			// same byte for byte, whatever the made record says.
			prev := runtime.GOMAXPROCS(1)
			again := writeTable(t, g, rs, Made{Engine: "other", Date: time.Now()})
			runtime.GOMAXPROCS(prev)
			if !bytes.Equal(checked(t, data), checked(t, again)) {
				t.Error("two writes of one table differ")
			}
			// And written from the table read back.
			if third := writeTable(t, tab.Game, tab.Results, Made{}); !bytes.Equal(checked(t, data), checked(t, third)) {
				t.Error("the table read back writes a different table")
			}
		})
	}
}

// compareResults checks that two results of one instance say the same
// about every position: outcome, layer, moves and their marks.
func compareResults(t *testing.T, want, got *retro.Result) {
	t.Helper()
	if !slices.Equal(want.Instance.Values, got.Instance.Values) {
		t.Fatalf("instance %v, want %v", got.Instance.Values, want.Instance.Values)
	}
	if got.Len() != want.Len() || got.Horizon() != want.Horizon() || got.MoveCount != want.MoveCount ||
		got.Edges != want.Edges || got.Space.Dense() != want.Space.Dense() {
		t.Fatalf("%v: %d positions, horizon %d, %d moves, %d edges; want %d, %d, %d, %d",
			want.Instance.Values, got.Len(), got.Horizon(), got.MoveCount, got.Edges,
			want.Len(), want.Horizon(), want.MoveCount, want.Edges)
	}
	if !slices.EqualFunc(got.Starts, want.Starts, func(a, b positions.StartPos) bool {
		return a.Index == b.Index && slices.Equal(a.Params, b.Params)
	}) {
		t.Errorf("starts differ")
	}
	if !slices.Equal(got.Segments(), want.Segments()) || !slices.Equal(got.Positions(), want.Positions()) {
		t.Errorf("segments differ")
	}
	mw, mg := want.Instance.NewMachine(), got.Instance.NewMachine()
	pw, pg := make([]int64, want.Space.Piles()), make([]int64, got.Space.Piles())
	for i := range want.Len() {
		hw, hg := want.Space.Position(i, pw), got.Space.Position(i, pg)
		if hw != hg || !slices.Equal(pw, pg) {
			t.Fatalf("position %d is %v/%d, want %v/%d", i, pg, hg, pw, hw)
		}
		if got.Outcome(i) != want.Outcome(i) || got.Layer(i) != want.Layer(i) || got.Depth(i) != want.Depth(i) {
			t.Fatalf("%v: %v %d, want %v %d", pw, got.Outcome(i), got.Layer(i), want.Outcome(i), want.Layer(i))
		}
		a, errA := want.Moves(i, mw)
		b, errB := got.Moves(i, mg)
		if errA != nil || errB != nil {
			t.Fatalf("moves of %v: %v, %v", pw, errA, errB)
		}
		if !slices.EqualFunc(a, b, func(x, y retro.Move) bool {
			return x.Cmd == y.Cmd && slices.Equal(x.To, y.To) && x.Hist == y.Hist && x.Index == y.Index &&
				x.Outcome == y.Outcome && x.Layer == y.Layer && x.End == y.End && x.Best == y.Best
		}) {
			t.Fatalf("moves of %v differ:\n%v\n%v", pw, b, a)
		}
	}
}

func TestTableProbe(t *testing.T) {
	for _, src := range []string{horizonGame, historyGame} {
		g, rs := solveGame(t, "probe", []byte(src))
		data := writeTable(t, g, rs, Made{})
		tf, err := OpenTable(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		if err := tf.Check(); err != nil {
			t.Fatal(err)
		}
		for k, r := range rs {
			p := make([]int64, r.Space.Piles())
			for i := range r.Len() {
				h := r.Space.Position(i, p)
				j, ok, err := tf.Lookup(k, p, h)
				if err != nil || !ok || j != i {
					t.Fatalf("lookup %v: %d %v %v", p, j, ok, err)
				}
				o, layer, err := tf.Probe(k, i)
				if err != nil || o != r.Outcome(i) || layer != r.Layer(i) {
					t.Fatalf("probe %v: %v %d %v, want %v %d", p, o, layer, err, r.Outcome(i), r.Layer(i))
				}
			}
		}
	}
}

func TestWriteTableRefuses(t *testing.T) {
	g, rs := builtin(t, "ege-2027-demo")
	if err := WriteTable(&bytes.Buffer{}, g, nil, TableOptions{}); !errors.Is(err, ErrNoResults) {
		t.Errorf("no results: %v", err)
	}
	g2, _ := builtin(t, "lebedev-commands")
	if err := WriteTable(&bytes.Buffer{}, g2, rs, TableOptions{}); err == nil || !strings.Contains(err.Error(), "not of game lebedev-commands.toml") {
		t.Errorf("results of another game: %v", err)
	}
}

func ExampleIsTable() {
	fmt.Println(IsTable([]byte("\x89RTB\r\n\x1a\n...")), IsTable([]byte("name = ")))
	// Output: true false
}
