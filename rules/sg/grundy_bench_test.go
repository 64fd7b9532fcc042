package sg_test

import (
	"context"
	"flag"
	"fmt"
	"testing"
	"time"

	"retro/rules"
	"retro/rules/sg"
)

var (
	sgBig    = flag.Bool("sg.big", false, "BenchmarkOctal: also run the quadratic cases at 2^20 (minutes each)")
	sgMinute = flag.Bool("sg.minute", false, "TestOctalMinute: find the largest n (a power of two) each method computes in a minute")
)

// benchCodes are the octal games benchmarked: Kayles has a sparse space
// (its rare values die out at 70), Dawson's chess 0.137 has none (a third
// of its heaps would be sparse under the best mask).
var benchCodes = []struct{ name, code string }{{"kayles", "0.77"}, {"0.137", "0.137"}}

// quadratic tells whether a method is quadratic on a game: naive always,
// sparse where there is no sparse space.
func quadratic(code string, m sg.OctalMethod) bool {
	return m == sg.Naive || m == sg.Sparse && code == "0.137"
}

// BenchmarkOctal computes Grundy values of Kayles and 0.137 by each method
// at n = 2^16, 2^20 and 2^24. Quadratic cases past 2^16 run only with
// -sg.big; 2^24 only for the linear ones.
//
//	go test ./retro -run '^$' -bench Octal -cpu 1
func BenchmarkOctal(b *testing.B) {
	for _, g := range benchCodes {
		o, err := rules.ParseOctal(g.code)
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range []sg.OctalMethod{sg.Naive, sg.Sparse, sg.Fast} {
			for _, lg := range []int{16, 20, 24} {
				if quadratic(g.code, m) && (lg > 20 || lg == 20 && !*sgBig) {
					continue
				}
				n := 1 << lg
				b.Run(fmt.Sprintf("%s/%s/n=2^%d", g.name, m, lg), func(b *testing.B) {
					var tab *sg.Table
					for b.Loop() {
						if tab, err = sg.OctalGrundy(context.Background(), o, n, m); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(tab.Bytes())/float64(tab.Len()), "B/value")
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/value")
				})
			}
		}
	}
}

// BenchmarkGrundyMachine computes Grundy values through the rules machine
// (the route of games given by moves): Kayles as a split rule.
func BenchmarkGrundyMachine(b *testing.B) {
	in := sgInstances(b, "kayles-moves.toml", "piles = [\"x\"]\nsum = true\n"+
		"moves = [\"x -> i, x - 1 - i for i in 0..x-1\", \"x -> i, x - 2 - i for i in 0..x-2\"]\n")[0]
	for _, n := range []int{1 << 10, 1 << 12} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := sg.Grundy(context.Background(), in.NewMachine(), n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestOctalMinute reports, for each game and method, the largest n (a
// power of two) whose values take at most a minute, doubling n while the
// time of the next doubling, extrapolated from the last two, stays within
// the minute. Run on one core:
//
//	go test ./retro -run OctalMinute -sg.minute -v -cpu 1 -timeout 30m
func TestOctalMinute(t *testing.T) {
	if !*sgMinute {
		t.Skip("run with -sg.minute")
	}
	const budget = time.Minute
	for _, g := range benchCodes {
		o, _ := rules.ParseOctal(g.code)
		for _, m := range []sg.OctalMethod{sg.Naive, sg.Sparse, sg.Fast} {
			best, bestTime := 0, time.Duration(0)
			var prev time.Duration
			for lg := 10; lg <= 30; lg++ {
				start := time.Now()
				tab, err := sg.OctalGrundy(context.Background(), o, 1<<lg, m)
				took := time.Since(start)
				if err != nil {
					t.Fatal(err)
				}
				if took > budget {
					break
				}
				best, bestTime = lg, took
				t.Logf("%-6s %-6s n=2^%d  %v  %.2f B/value", g.name, m, lg, took.Round(time.Millisecond), float64(tab.Bytes())/float64(tab.Len()))
				growth := 4.0
				if prev > 50*time.Millisecond {
					growth = float64(took) / float64(prev)
				}
				if time.Duration(float64(took)*growth) > budget {
					break
				}
				prev = took
			}
			t.Logf("%-6s %-6s: largest n within a minute: 2^%d (%v)", g.name, m, best, bestTime.Round(time.Millisecond))
		}
	}
}

// BenchmarkSplit computes Grundy's game (a split into two unequal heaps,
// given by moves) in its sparse space at n = 2^16 and 2^20 (2^24 with
// -sg.big), and by the scan of every option at 2^12 and 2^14: the route
// every game given by moves took before rows.
//
//	go test ./retro -run '^$' -bench Split -cpu 1
func BenchmarkSplit(b *testing.B) {
	in := sgInstances(b, "grundy.toml", grundysGame)[0]
	for _, c := range []struct {
		m  sg.OctalMethod
		lg int
	}{{sg.Naive, 12}, {sg.Naive, 14}, {sg.Sparse, 12}, {sg.Sparse, 14}, {sg.Sparse, 16}, {sg.Sparse, 20}, {sg.Sparse, 24}} {
		if c.lg == 24 && !*sgBig {
			continue
		}
		n := 1 << c.lg
		b.Run(fmt.Sprintf("grundy/%s/n=2^%d", c.m, c.lg), func(b *testing.B) {
			var tab *sg.Table
			var err error
			for b.Loop() {
				if tab, err = sg.HeapGrundy(context.Background(), in, n, sg.SparseOptions{Method: c.m}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(tab.Bytes())/float64(tab.Len()), "B/value")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/value")
			b.ReportMetric(float64(tab.Sparse.Heaps), "sparse")
		})
	}
}
