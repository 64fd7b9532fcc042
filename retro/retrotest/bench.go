package retrotest

import (
	"runtime"
	"runtime/metrics"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// BenchSolve runs a benchmark of solving an instance (retro.SolveInstance
// with popt and opt), and after, when set, of what is done with each
// result inside the time and the peak (a table written). It reports the
// positions, positions and edges a second, the peak bytes a position (the
// live heap and the tables positions maps outside it, over what was live
// before), and the user CPU time of the process (all cores) beside the
// wall time: a run and a position. It returns the last result.
func BenchSolve(b *testing.B, in *rules.Instance, popt positions.Options, opt retro.Options, after func(r *retro.Result) error) *retro.Result {
	b.Helper()
	var res *retro.Result
	var peak uint64
	b.ResetTimer()
	cpu := UserCPU()
	for i := 0; i < b.N; i++ {
		res = nil
		s := startPeak()
		var err error
		res, err = retro.SolveInstance(in, popt, opt)
		if err == nil && after != nil {
			err = after(res)
		}
		if err != nil {
			b.Fatal(err)
		}
		peak = max(peak, s.end())
	}
	b.StopTimer()
	cpu = UserCPU() - cpu
	sec := b.Elapsed().Seconds() / float64(b.N)
	n := float64(res.Len())
	b.ReportMetric(n, "positions")
	b.ReportMetric(n/sec, "positions/s")
	b.ReportMetric(float64(res.Edges)/sec, "edges/s")
	b.ReportMetric(float64(peak)/n, "peakB/pos")
	b.ReportMetric(cpu.Seconds()/float64(b.N), "user-s/op")
	b.ReportMetric(cpu.Seconds()/float64(b.N)/n*1e9, "user-ns/pos")
	return res
}

// UserCPU is the CPU time the process has spent in user mode.
func UserCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano())
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
	// the heap, and the tables positions maps outside it
	base := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() + uint64(positions.Mapped()) }
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
