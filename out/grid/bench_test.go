package grid

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"testing"

	"retro/retro"
	"retro/rules"
)

// BenchmarkMapPNG draws the whole of a solved game of two piles as a PNG,
// one pixel a position (2000 × 2000 positions; out/grid/README.md gives
// the figure of 10 000 × 10 000 by retro map), and reports the time a
// position and the bytes the drawing allocates a position.
func BenchmarkMapPNG(b *testing.B) {
	n := 2000
	text := fmt.Sprintf(`name = "take 1 or 2 from a, 1 or 3 from b"
piles = ["a", "b"]
moves = ["a = a - 1", "a = a - 2", "b = b - 1", "b = b - 3"]
winner = "mover"

[bounds]
a = "0..%d"
b = "0..%d"
`, n-1, n-1)
	sv, err := retro.SolveGame(context.Background(), rules.FromText("bench.toml", []byte(text)), retro.GameOptions{})
	if err != nil {
		b.Fatal(err)
	}
	probed := retro.ProbedAll(sv.Results)
	s, err := Choose(sv.Game, probed, Choice{})
	if err != nil {
		b.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for b.Loop() {
		src, err := NewSource(sv.Game, probed, s)
		if err != nil {
			b.Fatal(err)
		}
		if err := WritePNG(io.Discard, &Grid{Title: "bench", X: s.X, Y: s.Y, A: src}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	cells := float64(s.X.Len() * s.Y.Len())
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/cells, "ns/position")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/cells, "allocB/position")
}
