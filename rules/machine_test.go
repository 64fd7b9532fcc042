package rules

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"retro/rules/lang"
)

// machineFor parses src and returns a machine of its only instance (or of
// the instance with the given rule param values).
func machineFor(t testing.TB, src string, values ...int64) *Machine {
	t.Helper()
	return instanceFor(t, src, values...).NewMachine()
}

// instanceFor parses src and returns its only instance (or the instance
// with the given rule param values).
func instanceFor(t testing.TB, src string, values ...int64) *Instance {
	t.Helper()
	g, err := Parse("m.toml", []byte(src))
	if err != nil {
		t.Fatal(RenderError(err))
	}
	in, err := g.Bind(values)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func sharedMachine(t testing.TB, name string, values ...int64) *Machine {
	t.Helper()
	g := loadShared(t, name)
	in, err := g.Bind(values)
	if err != nil {
		t.Fatal(err)
	}
	return in.NewMachine()
}

// moves formats the moves from a position as "cmd:(piles) ...".
func moves(t testing.TB, m *Machine, piles []int64, last, mylast int) string {
	t.Helper()
	var l MoveList
	if err := m.Moves(piles, last, mylast, &l); err != nil {
		t.Fatal(err)
	}
	var s []string
	for k := 0; k < l.Len(); k++ {
		s = append(s, fmt.Sprintf("%d:%s", l.Cmd[k], Tuple(l.To(k, len(piles)))))
	}
	return strings.Join(s, " ")
}

// heapMoves formats the options of a heap as "[a b] [c] []".
func heapMoves(t testing.TB, m *Machine, n int64) string {
	t.Helper()
	var o HeapOptions
	if err := m.HeapMoves(n, &o); err != nil {
		t.Fatal(err)
	}
	var s []string
	for k := 0; k < o.Len(); k++ {
		s = append(s, fmt.Sprint(o.Option(k)))
	}
	return strings.Join(s, " ")
}

func expect(t *testing.T, what, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s:\n got %s\nwant %s", what, got, want)
	}
}

func TestEGEDemo(t *testing.T) {
	m := sharedMachine(t, "ege-2027-demo.toml")
	expect(t, "moves from (17, 28)", moves(t, m, []int64{17, 28}, 0, 0),
		"0:(21, 28) 0:(17, 32) 1:(34, 28) 1:(17, 56)")
	// (0, 5): doubling 0 changes nothing, so it is not a move.
	expect(t, "moves from (0, 5)", moves(t, m, []int64{0, 5}, 0, 0),
		"0:(4, 5) 0:(0, 9) 1:(0, 10)")
	for _, tt := range []struct {
		a, b int64
		end  bool
	}{{17, 28, false}, {100, 32, false}, {100, 33, true}, {133, 0, true}} {
		if end, err := m.End([]int64{tt.a, tt.b}); end != tt.end || err != nil {
			t.Errorf("End(%d, %d) = %v, %v", tt.a, tt.b, end, err)
		}
	}
	if w, err := m.Winner([]int64{100, 33}); w != Mover || err != nil {
		t.Errorf("Winner = %v, %v", w, err)
	}
	in := m.in
	starts, err := in.Starts(0)
	if err != nil || len(starts) != 115 || Tuple(starts[0].Piles) != "(17, 1)" || Tuple(starts[114].Piles) != "(17, 115)" || starts[4].Params[0] != 5 {
		t.Errorf("starts: %d %v", len(starts), err)
	}
}

func TestEGEBankOnePile(t *testing.T) {
	m := sharedMachine(t, "ege-bank-one-pile.toml")
	expect(t, "moves from 33", moves(t, m, []int64{33}, 0, 0), "0:(30) 1:(28) 2:(8)")
	expect(t, "moves from 4", moves(t, m, []int64{4}, 0, 0), "0:(1) 2:(1)")
	expect(t, "moves from 0", moves(t, m, []int64{0}, 0, 0), "")
	st, err := m.in.Starts(3)
	if err != nil || len(st) != 3 || st[0].Piles[0] != 31 || st[2].Piles[0] != 33 {
		t.Errorf("starts %v %v", st, err)
	}
}

func TestLebedevAllow(t *testing.T) {
	m := sharedMachine(t, "lebedev-operations.toml")
	// commands: 0 add, 1 mul; last = 1 + command index.
	expect(t, "x=7 no last", moves(t, m, []int64{7}, 0, 0), "0:(8) 0:(12) 1:(14) 1:(21)")
	expect(t, "x=7 after add", moves(t, m, []int64{7}, 1, 0), "1:(14) 1:(21)")
	expect(t, "x=7 after mul", moves(t, m, []int64{7}, 2, 0), "0:(8) 0:(12)")
	for _, tt := range []struct {
		x   int64
		end bool
		w   Player
	}{{99, false, Other}, {100, true, Mover}, {101, true, Other}, {104, true, Mover}} {
		end, _ := m.End([]int64{tt.x})
		w, _ := m.Winner([]int64{tt.x})
		if end != tt.end || w != tt.w {
			t.Errorf("x=%d: end %v winner %v", tt.x, end, w)
		}
	}
	c := sharedMachine(t, "lebedev-commands.toml")
	// commands a +1, b +5, c *2, d *3; after d (last = 4) d is not allowed.
	expect(t, "x=3 after d", moves(t, c, []int64{3}, 4, 0), "0:(4) 1:(8) 2:(6)")
	expect(t, "x=3 after a", moves(t, c, []int64{3}, 1, 0), "1:(8) 2:(6) 3:(9)")
	if c.g.History != LastHistory || c.g.History.Size(4) != 5 {
		t.Errorf("history %v", c.g.History)
	}
}

func TestNoRepeatOwn(t *testing.T) {
	m := machineFor(t, `piles = ["x"]
moves = ["x + 1", "x + 2"]
allow = "cmd != mylast and x < 10"
[bounds]
x = "0..9"
`)
	if m.g.History != BothHistory || m.g.History.Size(2) != 9 {
		t.Errorf("history %v", m.g.History)
	}
	expect(t, "mylast none", moves(t, m, []int64{3}, 1, 0), "0:(4) 1:(5)")
	expect(t, "mylast 0", moves(t, m, []int64{3}, 2, 1), "1:(5)")
	expect(t, "mylast 1", moves(t, m, []int64{3}, 0, 2), "0:(4)")
	expect(t, "allow reads piles", moves(t, m, []int64{10}, 0, 0), "")
}

func TestWythoff(t *testing.T) {
	m := sharedMachine(t, "wythoff.toml")
	expect(t, "moves from (2, 1)", moves(t, m, []int64{2, 1}, 0, 0),
		"0:(1, 1) 0:(0, 1) 1:(2, 0) 2:(1, 0)")
	expect(t, "moves from (0, 0)", moves(t, m, []int64{0, 0}, 0, 0), "")
	bs, err := m.in.Bounds()
	if err != nil || len(bs) != 2 || bs[0] != (Range{0, 200}) {
		t.Errorf("bounds %v %v", bs, err)
	}
}

func TestMultiplicationGame(t *testing.T) {
	g := loadShared(t, "multiplication-game.toml")
	ins, err := g.Instances()
	if err != nil || len(ins) != 4999 || ins[0].Values[0] != 2 || ins[4998].Values[0] != 5000 {
		t.Fatalf("%d instances, %v", len(ins), err)
	}
	m := ins[10].NewMachine() // n = 12
	expect(t, "moves from 1", moves(t, m, []int64{1}, 0, 0), "0:(2) 0:(3) 0:(4) 0:(5) 0:(6) 0:(7) 0:(8) 0:(9)")
	if end, _ := m.End([]int64{12}); !end {
		t.Error("12 >= n = 12 is the end")
	}
	if end, _ := m.End([]int64{11}); end {
		t.Error("11 < n = 12 is not the end")
	}
}

func TestGuards(t *testing.T) {
	m := machineFor(t, `piles = ["x"]
moves = [
  "x // 2 if x % 2 == 0",
  "x - k for k in 1..3 if k != 2",
  "x + i * j for i in 1..2 for j in i..3 if i + j < 5",
  "x - k if x > 10 for k in 1..x if k % 4 == 0",
]
[start]
x = 1
`)
	expect(t, "x = 10", moves(t, m, []int64{10}, 0, 0), "0:(5) 1:(9) 1:(7) 2:(11) 2:(12) 2:(13) 2:(14)")
	expect(t, "x = 11", moves(t, m, []int64{11}, 0, 0), "1:(10) 1:(8) 2:(12) 2:(13) 2:(14) 2:(15) 3:(7) 3:(3)")
	expect(t, "x = 2", moves(t, m, []int64{2}, 0, 0), "0:(1) 1:(1) 2:(3) 2:(4) 2:(5) 2:(6)")
}

func TestAssignments(t *testing.T) {
	m := machineFor(t, `piles = ["a", "b", "c"]
moves = ["a = b, b = a", "c = a + b + c, a = 0", "each -5", "each *1", "a = a - k, b = b + k for k in 0..2"]
[start]
a = 1
b = 2
c = 3
`)
	// swap; simultaneous; negative piles and unchanged piles are not moves.
	expect(t, "(1, 2, 3)", moves(t, m, []int64{1, 2, 3}, 0, 0),
		"0:(2, 1, 3) 1:(0, 2, 6) 4:(0, 3, 3)")
	expect(t, "(3, 3, 7)", moves(t, m, []int64{3, 3, 7}, 0, 0),
		"1:(0, 3, 13) 2:(3, 3, 2) 4:(2, 4, 7) 4:(1, 5, 7)")
	s := machineFor(t, `piles = ["x", "y"]
signed = true
moves = ["each -5", "x = -x"]
[start]
x = 0
y = 0
`)
	expect(t, "signed", moves(t, s, []int64{3, 0}, 0, 0), "0:(-2, 0) 0:(3, -5) 1:(-3, 0)")
}

func TestEachWithGenerators(t *testing.T) {
	// each expands pile by pile; each pile's moves in generator order.
	m := machineFor(t, `piles = ["a", "b"]
moves = ["each -k for k in 1..2", "each *2+1"]
[start]
a = 1
b = 2
`)
	expect(t, "(3, 2)", moves(t, m, []int64{3, 2}, 0, 0), "0:(2, 2) 0:(1, 2) 0:(3, 1) 0:(3, 0) 1:(9, 2) 1:(3, 6)")
}

func TestHeapMoves(t *testing.T) {
	expect(t, "nim 3", heapMoves(t, sharedMachine(t, "nim.toml"), 3), "[2] [1] []")
	expect(t, "nim 0", heapMoves(t, sharedMachine(t, "nim.toml"), 0), "")
	expect(t, "fibonacci 4", heapMoves(t, sharedMachine(t, "fibonacci-subtraction.toml"), 4), "[3] [2] [1]")
	expect(t, "lasker 4", heapMoves(t, sharedMachine(t, "lasker-nim.toml"), 4), "[3] [2] [1] [] [1 3] [2 2] [3 1]")
	expect(t, "lasker 1", heapMoves(t, sharedMachine(t, "lasker-nim.toml"), 1), "[]")
	expect(t, "strip 6", heapMoves(t, sharedMachine(t, "strip-tiling.toml"), 6), "[5] [1 4] [2 3] [3 2] [4 1] [5] [1] [1]")
	expect(t, "strip 1", heapMoves(t, sharedMachine(t, "strip-tiling.toml"), 1), "[]")
	expect(t, "powers of 3, 10", heapMoves(t, sharedMachine(t, "powers-of-p.toml", 3), 10), "[9] [7] [1]")
	expect(t, "powers of 10, 10", heapMoves(t, sharedMachine(t, "powers-of-p.toml", 10), 10), "[9] []")
	expect(t, "half 5", heapMoves(t, sharedMachine(t, "take-at-least-half.toml"), 5), "[2] [1] []")
	expect(t, "subtraction 4", heapMoves(t, sharedMachine(t, "subtraction-1-3-4.toml"), 4), "[3] [1] []")
	// A split that leaves the heap as it was is not a move; empty heaps vanish.
	m := machineFor(t, `piles = ["x"]
sum = true
moves = ["x -> x, 0", "x -> 0, 0", "x -> x - 1, 1, -1", "x -> x - 1, 0, 1"]
`)
	expect(t, "splits of 3", heapMoves(t, m, 3), "[] [2 1]")
	expect(t, "splits of 0", heapMoves(t, m, 0), "")
	if err := m.Moves([]int64{3}, 0, 0, &MoveList{}); err == nil {
		t.Error("Moves of a game with splits")
	}
}

func TestOctal(t *testing.T) {
	k := sharedMachine(t, "kayles.toml")
	expect(t, "kayles 3", heapMoves(t, k, 3), "[2] [1 1] [1]")
	expect(t, "kayles 2", heapMoves(t, k, 2), "[1] []")
	expect(t, "kayles 1", heapMoves(t, k, 1), "[]")
	expect(t, "kayles 0", heapMoves(t, k, 0), "")
	expect(t, "kayles 6", heapMoves(t, k, 6), "[5] [1 4] [2 3] [4] [1 3] [2 2]")
	octal := func(code string) *Machine {
		return machineFor(t, "piles = [\"x\"]\nsum = true\noctal = \""+code+"\"\n")
	}
	expect(t, "dawson 3", heapMoves(t, octal("0.07"), 3), "[1]")
	expect(t, "dawson 4", heapMoves(t, octal("0.07"), 4), "[2] [1 1]")
	expect(t, "4.07 of 4", heapMoves(t, octal("4.07"), 4), "[1 3] [2 2] [2] [1 1]")
	expect(t, "0.137 of 3", heapMoves(t, octal("0.137"), 3), "[1] []")
	if err := k.Moves([]int64{3}, 0, 0, &MoveList{}); err == nil {
		t.Error("Moves of an octal game")
	}
}

func TestParseOctal(t *testing.T) {
	for _, tt := range []struct {
		code, str string
		max       int
	}{{"0.77", "0.77", 2}, {"4.07", "4.07", 2}, {".6", "0.6", 1}, {"4", "4", 0}, {"0", "0", -1}, {"0.0", "0.0", -1}, {"0.137", "0.137", 3}} {
		o, err := ParseOctal(tt.code)
		if err != nil || o.String() != tt.str || o.MaxTake() != tt.max {
			t.Errorf("ParseOctal(%q) = %v (%d), %v", tt.code, o, o.MaxTake(), err)
		}
	}
	for _, bad := range []string{"", ".", "0.8", "12.3", "a", "0.7a", "0..7", "-0.7"} {
		if _, err := ParseOctal(bad); err == nil {
			t.Errorf("ParseOctal(%q): no error", bad)
		}
	}
}

func TestRuntimeErrors(t *testing.T) {
	src := `name = "x"
piles = ["a", "b"]
moves = ["each *2", "a = a ** (b - 30) if b < 40", "a = a - k for k in 1..10**12 if k < 0"]
# end divides by b - 28
end   = "a + a // (b - 28) > 1000"
[start]
a = "17 // S"
b = "S"
[params]
S = "0..2"
`
	g, err := Parse("examples/x.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	in, _ := g.Bind(nil)
	m := in.NewMachine()
	_, err = m.End([]int64{17, 28})
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrDivByZero) || err.Error() != "examples/x.toml:5:14: division by zero at (17, 28)" {
		t.Fatalf("End: %v", err)
	}
	want := "examples/x.toml:5:14: division by zero at (17, 28)\n" +
		"    end   = \"a + a // (b - 28) > 1000\"\n" +
		"                 ^^^^^^^^^^^^^\n"
	expect(t, "rendered", e.Render(lang.En), want)

	var l MoveList
	l.Cmd, l.Piles = []int32{7}, []int64{1, 2} // Moves appends; on error it leaves l as it was
	err = m.Moves([]int64{1 << 62, 50}, 0, 0, &l)
	if !errors.Is(err, ErrOverflow) || !strings.HasPrefix(err.Error(), "examples/x.toml:3:11: int64 overflow at (4611686018427387904, 50)") || l.Len() != 1 || len(l.Piles) != 2 {
		t.Errorf("overflow: %v (%d moves)", err, l.Len())
	}
	err = m.Moves([]int64{2, 29}, 0, 0, &l)
	if !errors.Is(err, ErrNegativeExponent) || !strings.HasPrefix(err.Error(), "examples/x.toml:3:26: negative exponent at (2, 29)") {
		t.Errorf("negative exponent: %v", err)
	}
	err = m.Moves([]int64{2, 50}, 0, 0, &l)
	if !errors.Is(err, ErrTooManyMoves) || !strings.HasPrefix(err.Error(), "examples/x.toml:3:53: too many moves") {
		t.Errorf("too many steps: %v", err)
	}
	starts, err := in.Starts(0)
	if !errors.Is(err, ErrDivByZero) || starts != nil || !strings.Contains(err.Error(), "with S = 0") {
		t.Errorf("starts: %v", err)
	}
	// More than MaxMovesPerPosition moves.
	big := machineFor(t, "piles = [\"x\"]\nmoves = [\"x - k for k in 1..x\"]\n[start]\nx = 1\n")
	err = big.Moves([]int64{MaxMovesPerPosition + 1}, 0, 0, &l)
	if !errors.Is(err, ErrTooManyMoves) || l.Len() != 1 {
		t.Errorf("too many moves: %v", err)
	}
	if err := big.Moves([]int64{MaxMovesPerPosition}, 0, 0, &l); err != nil || l.Len() != 1+MaxMovesPerPosition {
		t.Errorf("exactly MaxMovesPerPosition moves: %v", err)
	}
	if err := big.Moves([]int64{1, 2}, 0, 0, &l); err == nil {
		t.Error("Moves with two piles for a game of one")
	}
	nim := sharedMachine(t, "ege-2027-demo.toml")
	if err := nim.HeapMoves(3, &HeapOptions{}); err == nil {
		t.Error("HeapMoves of a game that is not a heap game")
	}
}

func TestHistorySize(t *testing.T) {
	if NoHistory.Size(4) != 1 || LastHistory.Size(4) != 5 || BothHistory.Size(4) != 25 {
		t.Error("History.Size")
	}
}

// TestConcurrentMachines runs machines of one instance in parallel (for
// the race detector) and compares their moves.
func TestConcurrentMachines(t *testing.T) {
	g := loadShared(t, "wythoff.toml")
	in, _ := g.Bind(nil)
	want := moves(t, in.NewMachine(), []int64{7, 9}, 0, 0)
	var wg sync.WaitGroup
	got := make([]string, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := in.NewMachine()
			var l MoveList
			for range 100 {
				l.Reset()
				if err := m.Moves([]int64{7, 9}, 0, 0, &l); err != nil {
					return
				}
			}
			var s []string
			for k := 0; k < l.Len(); k++ {
				s = append(s, fmt.Sprintf("%d:%s", l.Cmd[k], Tuple(l.To(k, 2))))
			}
			got[i] = strings.Join(s, " ")
		}()
	}
	wg.Wait()
	for i := range got {
		if got[i] != want {
			t.Errorf("machine %d: %s", i, got[i])
		}
	}
}

// benchMoves generates the moves of every position of a small box, over
// and over, and reports the time a move.
func benchMoves(b *testing.B, file string, lo, hi []int64, last func(p []int64) int) {
	m := sharedMachine(b, file)
	var l MoveList
	pos := append([]int64(nil), lo...)
	n := 0
	for b.Loop() {
		copy(pos, lo)
		for {
			l.Reset()
			if err := m.Moves(pos, last(pos), 0, &l); err != nil {
				b.Fatal(err)
			}
			n += l.Len()
			k := len(pos) - 1
			for ; k >= 0 && pos[k] == hi[k]; k-- {
				pos[k] = lo[k]
			}
			if k < 0 {
				break
			}
			pos[k]++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/move")
}

func noLast([]int64) int { return 0 }

func BenchmarkMoves(b *testing.B) {
	benchMoves(b, "ege-2027-demo.toml", []int64{1, 1}, []int64{60, 60}, noLast)
}

func BenchmarkMovesWythoff(b *testing.B) {
	benchMoves(b, "wythoff.toml", []int64{0, 0}, []int64{30, 30}, noLast)
}

func BenchmarkMovesLebedev(b *testing.B) {
	benchMoves(b, "lebedev-operations.toml", []int64{1}, []int64{99}, func(p []int64) int { return int(p[0] % 3) })
}

func BenchmarkEnd(b *testing.B) {
	m := sharedMachine(b, "ege-2027-demo.toml")
	pos := []int64{17, 28}
	for b.Loop() {
		if _, err := m.End(pos); err != nil {
			b.Fatal(err)
		}
	}
}

func TestEndSides(t *testing.T) {
	g, err := Parse("t.toml", []byte("piles = [\"a\", \"b\"]\nmoves = [\"each +1\"]\nend = \"(a + b) * 2 >= max(a, n)\"\n[start]\na = 1\nb = 2\n[params]\nn = \"7..7\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	insts, _ := g.Instances()
	m := insts[0].NewMachine()
	l, op, r, ok, err := m.EndSides([]int64{3, 4})
	if err != nil || !ok || l != 14 || op != ">=" || r != 7 {
		t.Errorf("EndSides = %d %q %d %v %v, want 14 >= 7", l, op, r, ok, err)
	}
	for _, end := range []string{"x >= 3 and x % 2 == 0", "(x > 3) == (x < 9)"} {
		g, err = Parse("t.toml", []byte("piles = [\"x\"]\nmoves = [\"x + 1\"]\nend = \""+end+"\"\n[start]\nx = 1\n"))
		if err != nil {
			t.Fatal(err)
		}
		insts, _ = g.Instances()
		if _, _, _, ok, _ := insts[0].NewMachine().EndSides([]int64{4}); ok {
			t.Errorf("EndSides explains %q", end)
		}
	}
}
