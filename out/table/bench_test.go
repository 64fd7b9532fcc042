package table

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"sync"
	"testing"
	"time"

	"retro/positions"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// The benchmark games of retro/testdata/bench: a scaled-up exam game (8
// million positions, 489 layers) and a game with cycles (4.5 million
// positions, nearly all drawn).
var benchGames = []string{"exam-4000", "cycles-3000"}

type benchTable struct {
	g    *rules.Game
	rs   []*retro.Result
	data []byte
	took time.Duration // to write the table
}

var (
	benchMu     sync.Mutex
	benchTables = map[string]*benchTable{}
)

// loadBenchTable solves a benchmark game once per test binary and writes
// its table.
func loadBenchTable(b *testing.B, name string) *benchTable {
	benchMu.Lock()
	defer benchMu.Unlock()
	if t := benchTables[name]; t != nil {
		return t
	}
	src, err := os.ReadFile("../../retro/testdata/bench/" + name + ".toml")
	if err != nil {
		b.Fatal(err)
	}
	g, rs := retrotest.Solve(b, name, src)
	start := time.Now()
	var buf bytes.Buffer
	if err := Write(&buf, g, rs, Options{}); err != nil {
		b.Fatal(err)
	}
	t := &benchTable{g: g, rs: rs, data: buf.Bytes(), took: time.Since(start)}
	benchTables[name] = t
	return t
}

// BenchmarkSize reports the size of a table in bits per position,
// against two references: 16 bits per position (outcome and layer as a
// 16-bit word) and 2 bits per position (the outcome alone, packed).
func BenchmarkSize(b *testing.B) {
	for _, name := range benchGames {
		b.Run(name, func(b *testing.B) {
			t := loadBenchTable(b, name)
			n := t.rs[0].Len()
			tf, err := Open(bytes.NewReader(t.data), int64(len(t.data)))
			if err != nil {
				b.Fatal(err)
			}
			var outcomes int64
			for _, e := range tf.Dir {
				if e.Kind == KindOutcomes {
					outcomes += int64(e.Size)
				}
			}
			for b.Loop() {
			}
			bits := float64(8*len(t.data)) / float64(n)
			b.ReportMetric(float64(n), "positions")
			b.ReportMetric(float64(len(t.data)), "bytes")
			b.ReportMetric(bits, "bits/position")
			b.ReportMetric(float64(8*outcomes)/float64(n), "outcome-bits/position")
			b.ReportMetric(bits/16, "of-16-bits")
			b.ReportMetric(bits/2, "of-2-bits")
			b.ReportMetric(t.took.Seconds(), "write-s")
		})
	}
}

// BenchmarkOpenShow is what 'retro show FILE.rtb POSITION' does: read
// the whole table, rebuild the result, and work out one position's moves.
func BenchmarkOpenShow(b *testing.B) {
	for _, name := range benchGames {
		b.Run(name, func(b *testing.B) {
			t := loadBenchTable(b, name)
			for b.Loop() {
				tab, err := Read(t.data)
				if err != nil {
					b.Fatal(err)
				}
				r := tab.Results[0]
				if _, err := r.Moves(r.Starts[0].Index, r.Instance.NewMachine()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkOpenProbe opens a table and probes one position, reading
// the header, the game, the space and one outcome block.
func BenchmarkOpenProbe(b *testing.B) {
	for _, name := range benchGames {
		b.Run(name, func(b *testing.B) {
			t := loadBenchTable(b, name)
			r := t.rs[0]
			p := make([]int64, r.Space.Piles())
			h := r.Space.Position(r.Len()/2, p)
			for b.Loop() {
				tf, err := Open(bytes.NewReader(t.data), int64(len(t.data)))
				if err != nil {
					b.Fatal(err)
				}
				i, ok, err := tf.Lookup(0, p, h)
				if err != nil || !ok {
					b.Fatal(ok, err)
				}
				if _, _, err := tf.Probe(0, i); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkProbe probes positions at random in an open table: over
// the whole table most probes decode a block (probes keep the last 16
// decoded); "near" probes stay within 16 blocks, decoded once.
func BenchmarkProbe(b *testing.B) {
	for _, name := range benchGames {
		for _, near := range []bool{false, true} {
			sub := name
			if near {
				sub += "/near"
			}
			b.Run(sub, func(b *testing.B) { benchProbe(b, name, near) })
		}
	}
}

func benchProbe(b *testing.B, name string, near bool) {
	t := loadBenchTable(b, name)
	tf, err := Open(bytes.NewReader(t.data), int64(len(t.data)))
	if err != nil {
		b.Fatal(err)
	}
	r := t.rs[0]
	span := r.Len()
	if near {
		span = min(span, maxProbeCache*BlockPositions)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for b.Loop() {
		i := rng.IntN(span)
		o, layer, err := tf.Probe(0, i)
		if err != nil || o != r.Outcome(i) || layer != r.Layer(i) {
			b.Fatalf("probe %d: %v %d %v", i, o, layer, err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "probes/s")
}

// BenchmarkWrite writes a benchmark game's table, block by block on
// every core (what retro solve -o adds to the solve); the CPU it takes
// against the solve's is retro/PERFORMANCE.md's write cost.
func BenchmarkWrite(b *testing.B) {
	for _, name := range benchGames {
		b.Run(name, func(b *testing.B) {
			t := loadBenchTable(b, name)
			var size int
			for b.Loop() {
				var buf bytes.Buffer
				if err := Write(&buf, t.g, t.rs, Options{}); err != nil {
					b.Fatal(err)
				}
				size = buf.Len()
			}
			b.ReportMetric(float64(size), "bytes")
			b.ReportMetric(float64(t.rs[0].Len())/b.Elapsed().Seconds()*float64(b.N), "positions/s")
		})
	}
}

// BenchmarkSolveWythoff10000 solves Wythoff's game on the box 0..10000
// (10^8 positions, by the lines path) and writes its table file (to
// nowhere), inside the time and the peak: the figures of the solver's
// benchmarks (retrotest.BenchSolve), which .ci/bench prints with them.
func BenchmarkSolveWythoff10000(b *testing.B) {
	src, err := os.ReadFile("../../retro/testdata/bench/wythoff-10000.toml")
	if err != nil {
		b.Fatal(err)
	}
	in := retrotest.Instances(b, retrotest.Parse(b, "wythoff-10000.toml", string(src)))[0]
	popt := positions.DefaultOptions(in.Game)
	popt.MaxPositions = 110_000_000
	retrotest.BenchSolve(b, in, popt, retro.Options{}, func(r *retro.Result) error {
		return Write(io.Discard, in.Game, []*retro.Result{r}, Options{})
	})
}
