package retro_test

import (
	"fmt"
	"os"
	"retro/retro/internal/core"
	"strings"
	"testing"

	"retro/positions"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

func index(t testing.TB, r *retro.Result, hist int, piles ...int64) int {
	t.Helper()
	i, ok := r.Space.Index(piles, hist)
	if !ok {
		t.Fatalf("position %v (history %d) is not in the table", piles, hist)
	}
	return i
}

// The exam demo's answers, published with the task: from (17, S) the first
// player wins in exactly two moves for S = 28 and 48 first; the second wins
// in at most two but not one first at S = 44; with his first move whatever
// the first does first at S = 56; some first move lets him win with his
// first move first at S = 29, by doubling b to 58.
func TestExamDemo(t *testing.T) {
	g := retrotest.Builtin(t, "ege-2027-demo")
	r := retrotest.SolveOne(t, g)
	var w3, l4, l2, canLose []int64
	m := r.Instance.NewMachine()
	for _, s := range r.Starts {
		S := s.Params[0]
		o, layer := r.Outcome(s.Index), r.Layer(s.Index)
		switch {
		case o == core.Win && layer == 3:
			w3 = append(w3, S)
		case o == core.Lose && layer == 4:
			l4 = append(l4, S)
		case o == core.Lose && layer == 2:
			l2 = append(l2, S)
		}
		moves, err := r.Moves(s.Index, m)
		if err != nil {
			t.Fatal(err)
		}
		for _, mv := range moves {
			if !mv.End && mv.Outcome == core.Win && mv.Layer == 1 {
				canLose = append(canLose, S)
				break
			}
		}
	}
	if len(w3) < 2 || w3[0] != 28 || w3[1] != 48 {
		t.Errorf("W 3 starts: %v, want 28 48 first", w3)
	}
	if len(l4) == 0 || l4[0] != 44 {
		t.Errorf("L 4 starts: %v, want 44 first", l4)
	}
	if len(l2) == 0 || l2[0] != 56 {
		t.Errorf("L 2 starts: %v, want 56 first", l2)
	}
	if len(canLose) == 0 || canLose[0] != 29 {
		t.Errorf("starts with a move to W 1: %v, want 29 first", canLose)
	}
	moves, err := r.Moves(index(t, r, 0, 17, 29), m)
	if err != nil {
		t.Fatal(err)
	}
	var to [][]int64
	for _, mv := range moves {
		if !mv.End && mv.Outcome == core.Win && mv.Layer == 1 {
			to = append(to, mv.To)
		}
	}
	if len(to) != 1 || to[0][0] != 17 || to[0][1] != 58 || g.Commands[moves[3].Cmd].Name != "each *2" {
		t.Errorf("(17, 29): moves to W 1: %v, want only (17, 58)", to)
	}
}

// Lebedev's article, second variant: from 3 the winning move is d, to 9;
// from 9 (after d) the opponent's moves are to 10, 14 and 18.
func TestLebedevCommands(t *testing.T) {
	g := retrotest.Builtin(t, "lebedev-commands")
	r := retrotest.SolveOne(t, g)
	m := r.Instance.NewMachine()
	moves, err := r.Moves(index(t, r, 0, 3), m)
	if err != nil {
		t.Fatal(err)
	}
	var best []string
	for _, mv := range moves {
		if mv.Best {
			best = append(best, g.Commands[mv.Cmd].Name)
			if mv.To[0] != 9 {
				t.Errorf("best move %s leads to %d, want 9", g.Commands[mv.Cmd].Name, mv.To[0])
			}
		}
	}
	if r.Outcome(index(t, r, 0, 3)) != core.Win || len(best) != 1 || best[0] != "d" {
		t.Fatalf("from 3: %v, best %v; want W with the one best move d", r.Outcome(index(t, r, 0, 3)), best)
	}
	d := positions.JoinHistory(g, 4, 0)
	moves, err = r.Moves(index(t, r, d, 9), m)
	if err != nil {
		t.Fatal(err)
	}
	var to []int64
	for _, mv := range moves {
		to = append(to, mv.To[0])
	}
	if len(to) != 3 || to[0] != 10 || to[1] != 14 || to[2] != 18 {
		t.Errorf("from 9 after d: moves to %v, want 10 14 18", to)
	}
}

// lebedevBrute values a one-pile Lebedev game by plain recursion on (x,
// last): x only grows, so the recursion ends.
type lebedevBrute struct {
	operand  []int64 // each move: x + operand or x * operand
	ops      []byte  // '+' or '*'
	cmdOf    []int   // the command of each move
	end      int64
	noRepeat bool
	lebedev  bool
	memo     map[[2]int64][2]int
}

func (b *lebedevBrute) value(x int64, last int) (o, layer int) { // o: 0 W, 1 L
	if v, ok := b.memo[[2]int64{x, int64(last)}]; ok {
		return v[0], v[1]
	}
	win, minL, maxW := false, 1<<30, -1<<30
	moved := false
	for k, c := range b.operand {
		cmd := b.cmdOf[k]
		if b.noRepeat && cmd+1 == last {
			continue
		}
		y := x + c
		if b.ops[k] == '*' {
			y = x * c
		}
		moved = true
		if y >= b.end {
			if y%4 == 0 { // the mover wins: an L 0 end
				win, minL = true, min(minL, 0)
			} else if b.lebedev {
				maxW = max(maxW, 1)
			} else {
				maxW = max(maxW, -1)
			}
			continue
		}
		to, l := b.value(y, cmd+1)
		if to == 1 {
			win, minL = true, min(minL, l)
		} else {
			maxW = max(maxW, l)
		}
	}
	var v [2]int
	switch {
	case !moved:
		panic("no moves")
	case win:
		v = [2]int{0, minL + 1}
	default:
		v = [2]int{1, maxW + 1}
	}
	b.memo[[2]int64{x, int64(last)}] = v
	return v[0], v[1]
}

func TestLebedevGamesAgainstBruteForce(t *testing.T) {
	cases := []struct {
		name  string
		b     lebedevBrute
		count string
	}{
		{"lebedev-commands", lebedevBrute{operand: []int64{1, 5, 2, 3}, ops: []byte("++**"), cmdOf: []int{0, 1, 2, 3}, end: 30}, ""},
		{"lebedev-operations", lebedevBrute{operand: []int64{1, 5, 2, 3}, ops: []byte("++**"), cmdOf: []int{0, 0, 1, 1}, end: 100}, ""},
	}
	for _, c := range cases {
		for _, count := range []string{"lebedev", "exam"} {
			src, _ := rules.Builtin(c.name)
			text := string(src)
			if count == "exam" {
				text = removeLine(text, `count  = "lebedev"`)
			}
			g := retrotest.Parse(t, c.name, text)
			r := retrotest.SolveOne(t, g)
			b := c.b
			b.noRepeat, b.lebedev, b.memo = true, count == "lebedev", map[[2]int64][2]int{}
			piles := make([]int64, 1)
			checked, zeroL := 0, 0
			for i := 0; i < r.Len(); i++ {
				h := r.Space.Position(i, piles)
				last, _ := positions.SplitHistory(g, h)
				o, l := b.value(piles[0], last)
				want := core.Win
				if o == 1 {
					want = core.Lose
				}
				if r.Outcome(i) != want || r.Layer(i) != l {
					t.Fatalf("%s (%s count): %s is %v %d, brute force says %v %d", c.name, count,
						positions.Format(g, piles, h), r.Outcome(i), r.Layer(i), want, l)
				}
				if want == core.Lose && l == map[bool]int{true: 2, false: 0}[count == "lebedev"] {
					zeroL++
				}
				checked++
			}
			if checked == 0 || zeroL == 0 {
				t.Errorf("%s (%s count): %d positions checked, %d where every move loses", c.name, count, checked, zeroL)
			}
		}
	}
}

func removeLine(text, line string) string {
	out := ""
	for _, l := range splitLines(text) {
		if l != line {
			out += l + "\n"
		}
	}
	return out
}

func splitLines(s string) []string {
	var lines []string
	for len(s) > 0 {
		k := 0
		for k < len(s) && s[k] != '\n' {
			k++
		}
		lines = append(lines, s[:k])
		if k < len(s) {
			k++
		}
		s = s[k:]
	}
	return lines
}

// Every position can always move on and nothing ends the game: all D.
func TestCyclesAreDraws(t *testing.T) {
	g := retrotest.Parse(t, "loop.toml", `
name = "loop"
piles = ["x"]
moves = ["x + 1 if x < 2", "x - 1 if x > 0", "x - 3"]
winner = "mover"
[bounds]
x = "0..4"
`)
	r := retrotest.SolveOne(t, g)
	// 0 -> 1; 1 -> 2, 0; 2 -> 1; 3 -> 2, 0; 4 -> 3, 1: no position is
	// final, so play never ends and every position is D.
	for x := int64(0); x <= 4; x++ {
		if o := r.Outcome(index(t, r, 0, x)); o != core.Draw {
			t.Errorf("%d: %v, want D", x, o)
		}
	}
}

// A horizon shows exact values within reach and ? beyond, never a guess:
// compared with the same game solved whole.
func TestHorizonNeverGuesses(t *testing.T) {
	src := `
name = "grow"
piles = ["x"]
moves = ["x + 1", "x * 2", "x + 3"]
end = "x >= 40"
winner = "mover if x % 3 != 0 else other"
[start]
x = 1
`
	full := retrotest.SolveOne(t, retrotest.Parse(t, "grow.toml", src))
	for _, h := range []int{0, 1, 2, 4, 6, 9} {
		g := retrotest.Parse(t, "grow.toml", src+"\n")
		opt := positions.DefaultOptions(g)
		opt.Horizon = h
		insts, _ := g.Instances()
		r, err := retro.SolveInstance(insts[0], opt, core.Options{})
		if err != nil {
			t.Fatal(err)
		}
		piles := make([]int64, 1)
		shown := 0
		for i := 0; i < r.Len(); i++ {
			hist := r.Space.Position(i, piles)
			j := index(t, full, hist, piles...)
			o, l := r.Outcome(i), r.Layer(i)
			fo, fl := full.Outcome(j), full.Layer(j)
			if o == core.Unknown {
				if fl >= 0 && fl <= h-r.Depth(i) {
					t.Errorf("horizon %d: x=%d (depth %d) is ?, but its layer %d is within reach", h, piles[0], r.Depth(i), fl)
				}
				continue
			}
			shown++
			if o != fo || l != fl {
				t.Errorf("horizon %d: x=%d is %v %d, the whole game says %v %d", h, piles[0], o, l, fo, fl)
			}
		}
		if h >= 6 && shown == 0 {
			t.Errorf("horizon %d: nothing shown", h)
		}
	}
}

func TestBenchGamesLoad(t *testing.T) {
	entries, err := os.ReadDir("testdata/bench")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		src, err := os.ReadFile("testdata/bench/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		retrotest.Parse(t, e.Name(), string(src))
	}
	retrotest.Parse(t, "partitions", retrotest.Partitions(12, 12))
}

// The hand-written solver of the benchmarks agrees with the engine on a
// smaller exam-style game, so that the comparison between them is fair.
func TestPlainRetroAgrees(t *testing.T) {
	const end = 300
	src, err := os.ReadFile("testdata/bench/exam-4000.toml")
	if err != nil {
		t.Fatal(err)
	}
	g := retrotest.Parse(t, "exam-300.toml", strings.Replace(string(src), "a + b >= 4000", "a + b >= 300", 1))
	r := retrotest.SolveOne(t, g)
	win, lose, layer := plainRetroExam(end)
	n := 0
	for a := int64(1); a < end; a++ {
		for c := int64(1); a+c < end; c++ {
			i := index(t, r, 0, a, c)
			j := a*end + c
			o := core.Draw
			if win[j] {
				o = core.Win
			} else if lose[j] {
				o = core.Lose
			}
			if r.Outcome(i) != o || r.Layer(i) != int(layer[j]) {
				t.Fatalf("(%d, %d): engine %v %d, hand-written %v %d", a, c, r.Outcome(i), r.Layer(i), o, layer[j])
			}
			n++
		}
	}
	if n != r.Len() {
		t.Errorf("%d positions compared, the engine has %d", n, r.Len())
	}
}

// A position at the horizon whose every move ends the game is decided
// there: under the exam count one whose every move loses is L 0, which
// its depth lets the horizon show, and the positions above it follow.
func TestHorizonDecidesMovesThatAllEnd(t *testing.T) {
	src := `
name = "one step to the end"
piles = ["x"]
moves = ["x + 1"]
end = "x >= 3"
winner = "other"
[start]
x = 0
`
	full := retrotest.SolveOne(t, retrotest.Parse(t, "end.toml", src))
	for h := 0; h <= 3; h++ {
		if msg := horizonDisagrees(t, src, full, h); msg != "" {
			t.Error(msg)
		}
	}
}

// Random games with a start, solved under horizons and whole: every
// position shows the whole game's value when its layer is within reach of
// its depth, and ? otherwise.
func TestRandomHorizonsShowWhatIsDue(t *testing.T) {
	rng := newRand(t)
	games := randomGames(300, 60)
	for k, tried := 0, 0; tried < games && k < 20*games; k++ {
		rg := randomGame(rng)
		if rg.start == nil || rg.end == 0 {
			continue
		}
		tried++
		src := rg.toml()
		full := retrotest.SolveOne(t, retrotest.Parse(t, "random.toml", src))
		for _, h := range []int{0, 1, 2, 3, 5} {
			if msg := horizonDisagrees(t, src, full, h); msg != "" {
				t.Fatalf("%s\n%s", msg, src)
			}
		}
	}
}

// horizonDisagrees solves the game src under horizon h and compares it
// with full, the game solved whole: a position whose layer its depth lets
// the horizon reach shows full's value, any other is ? or that value. It
// says where they disagree, "" where they do not.
func horizonDisagrees(t *testing.T, src string, full *retro.Result, h int) string {
	t.Helper()
	g := retrotest.Parse(t, "horizon.toml", src)
	opt := positions.DefaultOptions(g)
	opt.Horizon = h
	insts, _ := g.Instances()
	r, err := retro.SolveInstance(insts[0], opt, core.Options{})
	if err != nil {
		t.Fatalf("horizon %d: %v", h, err)
	}
	piles := make([]int64, len(g.Piles))
	for i := 0; i < r.Len(); i++ {
		hist := r.Space.Position(i, piles)
		j := index(t, full, hist, piles...)
		fo, fl := full.Outcome(j), full.Layer(j)
		o, l := r.Outcome(i), r.Layer(i)
		due := fo != core.Draw && fl <= h-r.Depth(i)
		if (due || o != core.Unknown) && (o != fo || l != fl) {
			return fmt.Sprintf("horizon %d: %s (depth %d) is %v %d, the whole game says %v %d (due: %v)",
				h, positions.Format(g, piles, hist), r.Depth(i), o, l, fo, fl, due)
		}
	}
	return ""
}
