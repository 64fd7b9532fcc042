package rules

import (
	"math/rand"
	"testing"
)

// BenchmarkSparseMerges generates the moves of random partitions in a game
// of merges and splits of 60 piles (1 138 movers) on the general machine.
func BenchmarkSparseMerges(b *testing.B) {
	g, err := Parse("merge.toml", []byte(mergeGame(60)))
	if err != nil {
		b.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		b.Fatal(err)
	}
	m := insts[0].NewMachine()
	rng := rand.New(rand.NewSource(4))
	var positions [][]int64
	for range 256 {
		p := make([]int64, 60)
		for left := 60; left > 0; {
			k := 1 + rng.Intn(left)
			p[k-1]++
			left -= k
		}
		positions = append(positions, p)
	}
	var out MoveList
	moves := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out.Reset()
		if err := m.Moves(positions[i%len(positions)], 0, 0, &out); err != nil {
			b.Fatal(err)
		}
		moves += out.Len()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves), "ns/move")
}
