package main

import (
	"math"
	"syscall"
)

// physicalMemory is the machine's memory, or the limit of this process's
// address space (RLIMIT_AS, ulimit -v) when that is lower; 0 when neither
// is known.
func physicalMemory() int64 {
	var total int64
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) == nil {
		total = int64(si.Totalram) * int64(si.Unit)
	}
	var rl syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &rl) == nil && rl.Cur < math.MaxInt64 && (total == 0 || int64(rl.Cur) < total) {
		total = int64(rl.Cur) // RLIM_INFINITY is all ones: no limit
	}
	return total
}
