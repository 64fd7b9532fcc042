package retro_test

import (
	"retro/retro/internal/core"
	"testing"

	"retro/positions"
	"retro/retro"
	"retro/retro/retrotest"
)

// benchFSVP solves Fair Shares and Varied Pairs for n stones and checks
// the counts of GamesmanOne's analysis (positions, W, L; its L counts the
// all-ones end, which the table leaves out), with the figures of
// retrotest.BenchSolve and the edges.
func benchFSVP(b *testing.B, n, pos, w, l int) {
	in := fsvpInstance(b, n)
	res := retrotest.BenchSolve(b, in, positions.DefaultOptions(in.Game), retro.Options{}, nil)
	tally := res.Tally()
	if res.Len() != pos-1 || tally[core.Win] != w || tally[core.Lose] != l-1 {
		b.Fatalf("%d positions, %v; want %d, W %d, L %d", res.Len(), tally, pos-1, w, l-1)
	}
	b.ReportMetric(float64(res.Edges), "edges")
}

// GamesmanOne's published analysis: n = 60: 966 467 positions, W 244, L 9;
// n = 70: 4 087 968, W 219, L 6. The second takes 10-40 s on the shared
// machine, too long for .ci/bench (whose pattern is Solve|Plain): run it
// by hand, go test -run '^$' -bench FSVP70 ./retro.
func BenchmarkSolveFSVP60(b *testing.B) { benchFSVP(b, 60, 966467, 244, 9) }
func BenchmarkFSVP70(b *testing.B)      { benchFSVP(b, 70, 4087968, 219, 6) }
