package main

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"strconv"
	"syscall"

	"retro/positions"
)

// physicalMemory is the machine's memory, or the address space this
// process has left under its limit (RLIMIT_AS, ulimit -v) when that is
// lower; 0 when neither is known.
func physicalMemory() int64 {
	var total int64
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) == nil {
		total = int64(si.Totalram) * int64(si.Unit)
	}
	if left, limited := addressSpaceLeft(); limited && (total == 0 || left < total) {
		total = left
	}
	return total
}

// addressSpaceLeft is what the address-space limit (RLIMIT_AS) leaves
// beyond what this process has mapped already, and whether there is a
// limit. The Go runtime reserves hundreds of MiB of address space as it
// starts (its page allocator's summaries, its heap's first arenas), all of
// which count against the limit: a budget of half the limit itself would
// overrun what is left, and the allocation past it ends the process.
func addressSpaceLeft() (left int64, limited bool) {
	var rl syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &rl) != nil || rl.Cur >= math.MaxInt64 {
		return 0, false // RLIM_INFINITY is all ones: no limit
	}
	return max(int64(rl.Cur)-mappedBytes(), 0), true
}

// mappedBytes is this process's mapped address space (VmSize), 0 when
// unknown.
func mappedBytes() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range bytes.Split(b, []byte("\n")) {
		if v, ok := bytes.CutPrefix(line, []byte("VmSize:")); ok {
			kb, err := strconv.ParseInt(string(bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimSpace(v), []byte("kB")))), 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}

// startArgs is the command line this process started with, for the run
// again of fitAddressSpace (a test's child process changes os.Args before
// it calls main).
var startArgs = os.Args

// threadStack is the stack size of the threads of a cgo build under an
// address-space limit.
const threadStack = 2 << 20

// minAddressSpace is the least address space a command needs beyond what
// the runtime has mapped as it starts: the solver's smallest tables, the
// table writer's blocks, the threads' stacks.
const minAddressSpace = 64 << 20

// fitAddressSpace prepares this process for an address-space limit, and
// says in one line when the limit is too small to run at all. Under a
// limit, a build with cgo (the resolver of package net links it) runs
// again with the C allocator held to one arena: glibc reserves 64 MiB of
// address space for each thread's arena, which took what the limit left
// (a solve of the exam's demo died creating a thread under 768 MiB).
func fitAddressSpace() error {
	left, limited := addressSpaceLeft()
	if !limited {
		return nil
	}
	if cgoLinked && os.Getenv("MALLOC_ARENA_MAX") == "" {
		// The threads cgo starts take their stacks' size from
		// RLIMIT_STACK as the program starts (8 MiB of address space
		// each, commonly): 2 MiB is ample for the runtime's threads.
		var st syscall.Rlimit
		if syscall.Getrlimit(syscall.RLIMIT_STACK, &st) == nil && st.Cur > threadStack {
			st.Cur = threadStack
			_ = syscall.Setrlimit(syscall.RLIMIT_STACK, &st)
		}
		if exe, err := os.Executable(); err == nil {
			// Exec returns only when it fails: go on as we are.
			_ = syscall.Exec(exe, startArgs, append(os.Environ(), "MALLOC_ARENA_MAX=1"))
		}
	}
	if left < minAddressSpace {
		var rl syscall.Rlimit
		_ = syscall.Getrlimit(syscall.RLIMIT_AS, &rl)
		return fmt.Errorf("the address-space limit (ulimit -v) of %s leaves %s beyond the %s the Go runtime maps as it starts, where retro needs %s at least: raise the limit to %s or more",
			positions.FormatBytes(int64(rl.Cur)), positions.FormatBytes(left), positions.FormatBytes(int64(rl.Cur)-left),
			positions.FormatBytes(minAddressSpace), positions.FormatBytes(int64(rl.Cur)-left+minAddressSpace))
	}
	return nil
}
