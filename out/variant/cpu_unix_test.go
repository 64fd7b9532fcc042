//go:build unix

package variant_test

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used so far, user and
// system, on all its threads.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
