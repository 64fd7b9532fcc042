package retro_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"retro/positions"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// The benchmark game set: see testdata/bench and retrotest.Partitions.
func loadBench(b *testing.B, name string) *rules.Instance {
	b.Helper()
	var src []byte
	switch name {
	case "partitions-64":
		src = []byte(retrotest.Partitions(64, 48))
	case "history-2200":
		// the game of history-2000.toml at 8 M positions
		src = benchFile(b, "history-2000")
		src = []byte(strings.ReplaceAll(string(src), "2000", "2200"))
	default:
		src = benchFile(b, name)
	}
	return retrotest.Instances(b, retrotest.Parse(b, name+".toml", string(src)))[0]
}

func benchFile(b *testing.B, name string) []byte {
	src, err := os.ReadFile("testdata/bench/" + name + ".toml")
	if err != nil {
		b.Fatal(err)
	}
	return src
}

func benchSolve(b *testing.B, name string) { benchSolveBy(b, name, "") }

// benchSolveBy runs the benchmark by the path SolveInstance chooses, or by
// the path named (retrotest.BenchSolve).
func benchSolveBy(b *testing.B, name, path string) {
	in := loadBench(b, name)
	retrotest.BenchSolve(b, in, positions.DefaultOptions(in.Game), retro.Options{Path: path}, nil)
}

func BenchmarkSolveExam4000(b *testing.B)      { benchSolve(b, "exam-4000") }
func BenchmarkSolveChain1M(b *testing.B)       { benchSolve(b, "chain-1m") }
func BenchmarkSolveHalving1M(b *testing.B)     { benchSolve(b, "halving-1m") }
func BenchmarkSolveCycles3000(b *testing.B)    { benchSolve(b, "cycles-3000") }
func BenchmarkSolvePartitions64(b *testing.B)  { benchSolve(b, "partitions-64") }
func BenchmarkSolveBoxCycles3200(b *testing.B) { benchSolve(b, "box-cycles-3200") }

// The same games by the general path (a move graph coloured layer by
// layer), beside the path they take.
func BenchmarkSolveExam4000General(b *testing.B)      { benchSolveBy(b, "exam-4000", "general") }
func BenchmarkSolveBoxCycles3200General(b *testing.B) { benchSolveBy(b, "box-cycles-3200", "general") }
func BenchmarkSolveCycles3000General(b *testing.B)    { benchSolveBy(b, "cycles-3000", "general") }
func BenchmarkSolveChain1MGeneral(b *testing.B)       { benchSolveBy(b, "chain-1m", "general") }

// The exam-style game with a history (no repeat of the opponent's
// command), by the compiled path, at 6.6 M and 8 M positions, and by the
// tier path and the general path forced.
func BenchmarkSolveHistory2000(b *testing.B)        { benchSolve(b, "history-2000") }
func BenchmarkSolveHistory2200(b *testing.B)        { benchSolve(b, "history-2200") }
func BenchmarkSolveHistory2000Tiers(b *testing.B)   { benchSolveBy(b, "history-2000", "tiers") }
func BenchmarkSolveHistory2000General(b *testing.B) { benchSolveBy(b, "history-2000", "general") }

// Games of line moves by the lines path: Wythoff's game on the box 0..400
// (and by the general path; on 0..10000, its table file written too, in
// the benchmarks of out/table); two-pile Nim (8 M positions, full
// prefixes); one pile with a window (x - k for k in 1..x // 2, 8 M
// positions).
func BenchmarkSolveWythoff400(b *testing.B)        { benchSolve(b, "wythoff-400") }
func BenchmarkSolveWythoff400General(b *testing.B) { benchSolveBy(b, "wythoff-400", "general") }
func BenchmarkSolveNimTwoPiles(b *testing.B)       { benchSolve(b, "nim-two-piles") }
func BenchmarkSolveNimOnePile(b *testing.B)        { benchSolve(b, "nim-one-pile") }

// BenchmarkPlainExam4000 is the same exam-style game solved by a loop
// written for it alone: every move raises a + b, so the positions are
// valued from the largest sum down, each from its moves, with no index and
// no graph.
func BenchmarkPlainExam4000(b *testing.B) {
	const end = 4000
	cpu := retrotest.UserCPU()
	defer func() { b.ReportMetric((retrotest.UserCPU()-cpu).Seconds()/float64(b.N), "user-s/op") }()
	for it := 0; it < b.N; it++ {
		// val[a*end+b]: layer<<1 | win; only a, b >= 1 and a + b < end.
		val := make([]uint32, end*end)
		for s := end - 1; s >= 2; s-- {
			for a := 1; a < s; a++ {
				bb := s - a
				minL, maxW, win := uint32(1<<31), uint32(0), false
				try := func(na, nb int) {
					if na+nb >= end {
						win, minL = true, 0
						return
					}
					v := val[na*end+nb]
					if v&1 == 0 { // L
						win = true
						minL = min(minL, v>>1)
					} else {
						maxW = max(maxW, v>>1)
					}
				}
				try(a+1, bb)
				try(a, bb+1)
				try(a+4, bb)
				try(a, bb+4)
				try(2*a, bb)
				try(a, 2*bb)
				try(3*a, bb)
				try(a, 3*bb)
				if win {
					val[a*end+bb] = (minL+1)<<1 | 1
				} else {
					val[a*end+bb] = (maxW + 1) << 1
				}
			}
		}
		if val[1*end+1] == 0 {
			b.Fatal("unsolved")
		}
	}
}

// BenchmarkPlainRetroExam4000 solves the same exam-style game by the
// engine's own method, written for this game alone (plainRetroExam). It is
// what the engine would be without rules, an index or generality; the
// engine's time against it is the price of those.
func BenchmarkPlainRetroExam4000(b *testing.B) {
	for it := 0; it < b.N; it++ {
		win, lose, _ := plainRetroExam(4000)
		if !win[4001] && !lose[4001] {
			b.Fatal("unsolved")
		}
	}
}

// plainRetroExam colours the exam-style game (each +1, +4, *2, *3 on two
// piles from (1, 1), over at a + b >= end): the positions in a 2-D array,
// the moves hard-coded, the reverse edges counted and placed in two
// passes, then the layers coloured from the ends backwards. Position
// (a, b) is a*end + b.
func plainRetroExam(end int) (win, lose []bool, layerOf []uint32) {
	n := end * end
	at := func(a, c int) int { return a*end + c }
	out := make([]uint32, n) // successors not yet W; the layer once coloured
	start := make([]uint32, n+1)
	winEnd := make([]bool, n)
	var seen [8]int
	distinct := func(a, c int) []int {
		k := 0
		for _, t := range [8][2]int{{a + 1, c}, {a, c + 1}, {a + 4, c}, {a, c + 4}, {2 * a, c}, {a, 2 * c}, {3 * a, c}, {a, 3 * c}} {
			if t[0]+t[1] >= end {
				winEnd[at(a, c)] = true
				continue
			}
			j := at(t[0], t[1])
			if !slices.Contains(seen[:k], j) {
				seen[k] = j
				k++
			}
		}
		return seen[:k]
	}
	for a := 1; a < end; a++ {
		for c := 1; a+c < end; c++ {
			ts := distinct(a, c)
			out[at(a, c)] = uint32(len(ts))
			for _, j := range ts {
				start[j+1]++
			}
		}
	}
	for j := 1; j <= n; j++ {
		start[j] += start[j-1]
	}
	pred := make([]uint32, start[n])
	fill := append([]uint32(nil), start[:n]...)
	for a := 1; a < end; a++ {
		for c := 1; a+c < end; c++ {
			for _, j := range distinct(a, c) {
				pred[fill[j]] = uint32(at(a, c))
				fill[j]++
			}
		}
	}
	win, lose = make([]bool, n), make([]bool, n)
	var next []uint32
	for a := 1; a < end; a++ {
		for c := 1; a+c < end; c++ {
			if i := at(a, c); winEnd[i] {
				win[i], out[i] = true, 1
				next = append(next, uint32(i))
			}
		}
	}
	// Each set is all W or all L: W 1, then the L 2 it leaves, and so on.
	for layer := uint32(1); len(next) > 0; layer++ {
		var newer []uint32
		for _, x := range next {
			for _, p := range pred[start[x]:start[x+1]] {
				if win[p] || lose[p] {
					continue
				}
				if lose[x] { // a move to an L: W
					win[p], out[p] = true, layer+1
					newer = append(newer, p)
				} else if out[p]--; out[p] == 0 { // the last move to a W: L
					lose[p], out[p] = true, layer+1
					newer = append(newer, p)
				}
			}
		}
		next = newer
	}
	return win, lose, out
}
