package positions

import (
	"runtime/metrics"
	"sync/atomic"
	"time"
)

// peakHeap runs fn and returns its error and the largest live heap seen
// while it ran (sampled every millisecond), less the heap before.
func peakHeap(fn func() error) (error, uint64) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	base := read()
	var peak atomic.Uint64
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for {
			if v := read(); v > base && v-base > peak.Load() {
				peak.Store(v - base)
			}
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	err := fn()
	close(stop)
	<-done
	return err, peak.Load()
}
