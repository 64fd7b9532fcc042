package retro_test

import (
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// The benchmark game set: see testdata/bench and partitionGame.
func loadBench(b *testing.B, name string) *rules.Instance {
	b.Helper()
	var src []byte
	if name == "partitions-64" {
		src = []byte(partitionGame(64, 48))
	} else {
		var err error
		if src, err = os.ReadFile("testdata/bench/" + name + ".toml"); err != nil {
			b.Fatal(err)
		}
	}
	g, err := rules.Parse(name+".toml", src)
	if err != nil {
		b.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		b.Fatal(err)
	}
	return insts[0]
}

// partitionGame is a sparse game of n piles: pile pK counts the parts of
// size K of a partition, and a move splits one part in two (about n²/4
// assignment moves, each legal only where its part is present: 1024 for
// n = 64). It starts from the single part start.
func partitionGame(n, start int) string {
	var b strings.Builder
	b.WriteString("name = \"Partitions: split a part in two\"\npiles = [")
	for k := 1; k <= n; k++ {
		if k > 1 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "\"p%d\"", k)
	}
	b.WriteString("]\nmoves = [\n")
	for i := 2; i <= n; i++ {
		for j := 1; j <= i/2; j++ {
			if j == i-j {
				fmt.Fprintf(&b, "  \"p%d = p%d - 1, p%d = p%d + 2\",\n", i, i, j, j)
			} else {
				fmt.Fprintf(&b, "  \"p%d = p%d - 1, p%d = p%d + 1, p%d = p%d + 1\",\n", i, i, j, j, i-j, i-j)
			}
		}
	}
	b.WriteString("]\nwinner = \"mover\"\n\n[start]\n")
	for k := 1; k <= n; k++ {
		v := 0
		if k == start {
			v = 1
		}
		fmt.Fprintf(&b, "p%d = %d\n", k, v)
	}
	return b.String()
}

// peakSampler records the largest live heap seen while it runs.
type peakSampler struct {
	peak atomic.Uint64
	stop chan struct{}
	done chan struct{}
}

func startPeak() *peakSampler {
	runtime.GC()
	s := &peakSampler{stop: make(chan struct{}), done: make(chan struct{})}
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	base := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	b0 := base()
	go func() {
		defer close(s.done)
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			if v := base(); v > b0 && v-b0 > s.peak.Load() {
				s.peak.Store(v - b0)
			}
			select {
			case <-s.stop:
				return
			case <-t.C:
			}
		}
	}()
	return s
}

func (s *peakSampler) end() uint64 {
	close(s.stop)
	<-s.done
	return s.peak.Load()
}

func benchSolve(b *testing.B, name string) {
	in := loadBench(b, name)
	var res *retro.Result
	var peak uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res = nil
		s := startPeak()
		var err error
		res, err = retro.SolveInstance(in, positions.DefaultOptions(in.Game), retro.Options{})
		if err != nil {
			b.Fatal(err)
		}
		peak = max(peak, s.end())
	}
	b.StopTimer()
	sec := b.Elapsed().Seconds() / float64(b.N)
	n := float64(res.Len())
	b.ReportMetric(n, "positions")
	b.ReportMetric(n/sec, "positions/s")
	b.ReportMetric(float64(res.Edges)/sec, "edges/s")
	b.ReportMetric(float64(peak)/n, "peakB/pos")
}

func BenchmarkSolveExam4000(b *testing.B)     { benchSolve(b, "exam-4000") }
func BenchmarkSolveChain1M(b *testing.B)      { benchSolve(b, "chain-1m") }
func BenchmarkSolveHalving1M(b *testing.B)    { benchSolve(b, "halving-1m") }
func BenchmarkSolveCycles3000(b *testing.B)   { benchSolve(b, "cycles-3000") }
func BenchmarkSolvePartitions64(b *testing.B) { benchSolve(b, "partitions-64") }

// BenchmarkPlainExam4000 is the same exam-style game solved by a loop
// written for it alone: every move raises a + b, so the positions are
// valued from the largest sum down, each from its moves, with no index and
// no graph.
func BenchmarkPlainExam4000(b *testing.B) {
	const end = 4000
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
