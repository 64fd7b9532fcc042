package retro_test

import (
	"retro/retro/internal/core"
	"syscall"
	"testing"
	"time"

	"retro/positions"
	"retro/retro"
)

// userCPU is the CPU time the process has spent in user mode.
func userCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano())
}

// benchFSVP solves Fair Shares and Varied Pairs for n stones and checks
// the counts of GamesmanOne's analysis (positions, W, L; its L counts the
// all-ones end, which the table leaves out). It reports the user CPU time
// of the process (all cores) beside the wall time.
func benchFSVP(b *testing.B, n, pos, w, l int) {
	in := fsvpInstance(b, n)
	var res *retro.Result
	var peak uint64
	b.ResetTimer()
	cpu := userCPU()
	for i := 0; i < b.N; i++ {
		res = nil
		s := startPeak()
		var err error
		res, err = retro.SolveInstance(in, positions.DefaultOptions(in.Game), core.Options{})
		if err != nil {
			b.Fatal(err)
		}
		peak = max(peak, s.end())
	}
	b.StopTimer()
	cpu = userCPU() - cpu
	tally := res.Tally()
	if res.Len() != pos-1 || tally[core.Win] != w || tally[core.Lose] != l-1 {
		b.Fatalf("%d positions, %v; want %d, W %d, L %d", res.Len(), tally, pos-1, w, l-1)
	}
	sec := b.Elapsed().Seconds() / float64(b.N)
	np := float64(res.Len())
	b.ReportMetric(np, "positions")
	b.ReportMetric(float64(res.Edges), "edges")
	b.ReportMetric(np/sec, "positions/s")
	b.ReportMetric(float64(res.Edges)/sec, "edges/s")
	b.ReportMetric(cpu.Seconds()/float64(b.N), "user-s/op")
	b.ReportMetric(float64(peak)/np, "peakB/pos")
}

// GamesmanOne's published analysis: n = 60: 966 467 positions, W 244, L 9;
// n = 70: 4 087 968, W 219, L 6. The second takes 10-40 s on the shared
// machine, too long for .ci/bench (whose pattern is Solve|Plain): run it
// by hand, go test -run '^$' -bench FSVP70 ./retro.
func BenchmarkSolveFSVP60(b *testing.B) { benchFSVP(b, 60, 966467, 244, 9) }
func BenchmarkFSVP70(b *testing.B)      { benchFSVP(b, 70, 4087968, 219, 6) }
