package table

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"retro/positions"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// writeTable writes a table by Write, and checks that WriteAt writes the
// same bytes, telling its progress once a block: 1, 2, … of the blocks
// the file holds.
func writeTable(t testing.TB, g *rules.Game, rs []*retro.Result, made Made) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, g, rs, Options{Made: made}); err != nil {
		t.Fatal(err)
	}
	var at placed
	var told []int
	total := -1
	progress := func(done, all int) {
		told = append(told, done)
		if total >= 0 && all != total {
			t.Errorf("progress of %d blocks, then of %d", total, all)
		}
		total = all
	}
	if err := WriteAt(&at, g, rs, Options{Made: made, Progress: progress}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(at, buf.Bytes()) {
		t.Fatalf("WriteAt wrote %d bytes, not the %d that Write did", len(at), buf.Len())
	}
	h, err := parseHeader(at, int64(len(at)))
	if err != nil {
		t.Fatal(err)
	}
	for k, d := range told {
		if d != k+1 {
			t.Fatalf("progress told %v", told)
		}
	}
	if len(told) != int(h.Blocks) || total != int(h.Blocks) {
		t.Errorf("progress told %d blocks of %d; the file holds %d", len(told), total, h.Blocks)
	}
	return buf.Bytes()
}

// placed is a file in memory: what is written at an offset past its end
// extends it.
type placed []byte

func (p *placed) WriteAt(b []byte, off int64) (int, error) {
	if end := int(off) + len(b); end > len(*p) {
		*p = append(*p, make([]byte, end-len(*p))...)
	}
	return copy((*p)[off:], b), nil
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

// roundTripGames are the games whose tables must read back the same:
// every built-in game an outcome table holds, and a few that exercise a
// horizon, history and rule parameters.
func roundTripGames(t *testing.T) map[string][]byte {
	games := map[string][]byte{"horizon": []byte(retrotest.Horizon), "history": []byte(retrotest.History), "rules": []byte(retrotest.Rules)}
	for _, name := range rules.BuiltinNames() {
		src, _ := rules.Builtin(name)
		games[name] = src // heap games as the engine plays them: solveGame
	}
	return games
}

func TestRoundTrip(t *testing.T) {
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
			g, rs := retrotest.Solve(t, name, games[name])
			data := writeTable(t, g, rs, Made{Engine: "test", Date: time.Unix(0, 0)})
			tab, err := Read(data)
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

// TestReadManyPiles: a game of more piles than its instance record has
// bytes after the count of piles reads back: 60 piles, of which a move
// takes a token from the first to one of the next ten; its 8008 positions
// are more than a record holds inline, and hashed, not a box.
func TestReadManyPiles(t *testing.T) {
	var src strings.Builder
	src.WriteString("name = \"Seven tokens, sixty piles\"\npiles = [")
	for k := range 60 {
		fmt.Fprintf(&src, "%s\"p%d\"", map[bool]string{true: ", "}[k > 0], k)
	}
	src.WriteString("]\nmoves = [")
	for k := 1; k <= 10; k++ {
		fmt.Fprintf(&src, "%s\"p0 = p0 - 1, p%d = p%d + 1\"", map[bool]string{true: ", "}[k > 1], k, k)
	}
	src.WriteString("]\n[start]\n")
	for k := range 60 {
		fmt.Fprintf(&src, "p%d = %d\n", k, map[bool]int{true: 7}[k == 0])
	}
	g, rs := retrotest.Solve(t, "sixty", []byte(src.String()))
	if rs[0].Space.Dense() || rs[0].Len() <= inlineMax {
		t.Fatalf("%d positions, dense %v: the test needs more than %d, hashed", rs[0].Len(), rs[0].Space.Dense(), inlineMax)
	}
	tab, err := Read(writeTable(t, g, rs, Made{}))
	if err != nil {
		t.Fatal(err)
	}
	compareResults(t, rs[0], tab.Results[0])
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

func TestProbe(t *testing.T) {
	for _, src := range []string{retrotest.Horizon, retrotest.History} {
		g, rs := retrotest.Solve(t, "probe", []byte(src))
		data := writeTable(t, g, rs, Made{})
		tf, err := Open(bytes.NewReader(data), int64(len(data)))
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

func TestWriteRefuses(t *testing.T) {
	g, rs := retrotest.SolveBuiltin(t, "ege-2027-demo")
	if err := Write(&bytes.Buffer{}, g, nil, Options{}); !errors.Is(err, ErrNoResults) {
		t.Errorf("no results: %v", err)
	}
	g2, _ := retrotest.SolveBuiltin(t, "lebedev-commands")
	if err := Write(&bytes.Buffer{}, g2, rs, Options{}); err == nil || !strings.Contains(err.Error(), "not of game lebedev-commands.toml") {
		t.Errorf("results of another game: %v", err)
	}
}

func ExampleHasMagic() {
	fmt.Println(HasMagic([]byte("\x89RTB\r\n\x1a\n...")), HasMagic([]byte("name = ")))
	// Output: true false
}

// contentSum is the content checksum of a table file.
func contentSum(t *testing.T, data []byte) []byte {
	t.Helper()
	tf, err := Open(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := tf.ContentSum()
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// TestContentSum: the content checksum is the SHA-256 of the checked part,
// the same for two tables of one game made differently.
func TestContentSum(t *testing.T) {
	g, rs := retrotest.Solve(t, "history", []byte(retrotest.History))
	var sums [][]byte
	for _, made := range []Made{{Engine: "test"}, {Engine: "other", Cores: 3, Date: time.Now()}} {
		data := writeTable(t, g, rs, made)
		sum := contentSum(t, data)
		if want := sha256.Sum256(checked(t, data)); !bytes.Equal(sum, want[:]) {
			t.Errorf("content sum %x, want %x", sum, want)
		}
		sums = append(sums, sum)
	}
	if !bytes.Equal(sums[0], sums[1]) {
		t.Errorf("two makings of one table: sums %x and %x", sums[0], sums[1])
	}
}

// TestStreamJobsStops checks that the block runner hands on the blocks
// in job order, stops at the first error (a job's or the sink's) and
// makes no job far past it.
func TestStreamJobsStops(t *testing.T) {
	for _, failAt := range []int{-1, 0, 3, 50} {
		for _, sinkFails := range []bool{false, true} {
			var made atomic.Int64
			jobs := make([]func() (*block, error), 100)
			for j := range jobs {
				jobs[j] = func() (*block, error) {
					made.Add(1)
					if j == failAt && !sinkFails {
						return nil, fmt.Errorf("job %d fails", j)
					}
					return &block{info: Entry{First: uint64(j)}}, nil
				}
			}
			var got []uint64
			err := streamJobs(jobs, func(b *block) error {
				if int(b.info.First) == failAt && sinkFails {
					return fmt.Errorf("sink fails at %d", failAt)
				}
				got = append(got, b.info.First)
				return nil
			})
			if failAt < 0 {
				if err != nil || len(got) != len(jobs) {
					t.Fatalf("no failure: %v, %d blocks", err, len(got))
				}
			} else if err == nil || len(got) != failAt {
				t.Fatalf("failure at %d (sink %v): %v, %d blocks handed on", failAt, sinkFails, err, len(got))
			}
			for k, f := range got {
				if f != uint64(k) {
					t.Fatalf("block %d handed on %d-th", f, k)
				}
			}
			if window := 4 * runtime.GOMAXPROCS(0); failAt >= 0 && made.Load() > int64(failAt+1+window) {
				t.Fatalf("failure at %d: %d jobs made", failAt, made.Load())
			}
		}
	}
}

// TestWideFlag checks the header's flag of positions past 2^32 - 1: the
// layout sets it only for a block that starts past them, so a table of
// fewer positions has the bytes it had before the flag; this engine reads
// a header with it, and refuses one with a flag it does not know (as an
// engine before the flag refuses FlagWide) with ErrVersion.
func TestWideFlag(t *testing.T) {
	head, _ := layout([]Entry{{Kind: KindGame}, {Kind: KindOutcomes, First: 1<<32 - BlockPositions}})
	if h, err := parseHeader(head, int64(len(head))); err != nil || h.Flags != 0 {
		t.Fatalf("a table below 2^32 positions: flags %v, %v", h, err)
	}
	head, _ = layout([]Entry{{Kind: KindGame}, {Kind: KindOutcomes, First: 1 << 32}})
	h, err := parseHeader(head, int64(len(head)))
	if err != nil || h.Flags != FlagWide {
		t.Fatalf("a table past 2^32 positions: %+v, %v", h, err)
	}
	h.Flags |= 2
	b := h.marshal()
	if _, err := parseHeader(b, int64(len(b))); !errors.Is(err, ErrVersion) || !strings.Contains(err.Error(), "flags 0x3") {
		t.Fatalf("an unknown flag: %v", err)
	}
}
