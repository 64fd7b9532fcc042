package main

import (
	"fmt"
	"os"
	"path"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"retro/positions"
)

// The memory budget of a solve (--max-memory): what the tables of the
// positions, the move graph and the solver's state may take, estimated as
// they grow. The default is half of this machine's memory (or of the
// cgroup's limit, or of the address space's, ulimit -v, when lower), so
// that a game that does not end stops with an error, never runs the
// machine out of memory.

// machineMemory is the memory this process may use: the machine's, or the
// limit of its cgroup (or of one above it) when lower; 0 when unknown.
func machineMemory() int64 {
	total := physicalMemory()
	if v := cgroupMemoryLimit(os.ReadFile); v > 0 && (total == 0 || v < total) {
		total = v
	}
	return total
}

// cgroupMemoryLimit is the lowest memory limit of this process's cgroup
// and of those above it (a Slurm step's, a container's), read through
// read from /proc/self/cgroup and the cgroup filesystem: cgroup v2's
// memory.max or v1's memory.limit_in_bytes; 0 when there is none.
func cgroupMemoryLimit(read func(string) ([]byte, error)) int64 {
	// A hierarchy's mount, its limit file, and this process's cgroup in it.
	type hierarchy struct{ root, file, dir string }
	v2 := hierarchy{"/sys/fs/cgroup", "memory.max", "/"}
	v1 := hierarchy{"/sys/fs/cgroup/memory", "memory.limit_in_bytes", "/"}
	self, _ := read("/proc/self/cgroup")
	for _, line := range strings.Split(string(self), "\n") {
		parts := strings.SplitN(line, ":", 3)
		switch {
		case len(parts) != 3:
		case parts[0] == "0" && parts[1] == "":
			v2.dir = parts[2]
		case slices.Contains(strings.Split(parts[1], ","), "memory"):
			v1.dir = parts[2]
		}
	}
	var limit int64
	for _, h := range []hierarchy{v2, v1} {
		for d := path.Clean("/" + h.dir); ; d = path.Dir(d) {
			if b, err := read(path.Join(h.root, d, h.file)); err == nil {
				if v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && v > 0 && (limit == 0 || v < limit) {
					limit = v
				}
			}
			if d == "/" {
				break
			}
		}
	}
	return limit
}

// defaultMemoryBudget is half of machineMemory (held within an
// address-space limit, withinAddressSpace), or 4 GiB when that is
// unknown.
func defaultMemoryBudget() int64 {
	if m := machineMemory(); m > 0 {
		return withinAddressSpace(m / 2)
	}
	return 4 << 30
}

// withinAddressSpace holds a budget (--max-memory) to a third of what an
// address-space limit (ulimit -v) leaves: past that an allocation ends the
// process where the budget stops the solve with an error. A third, as the
// collector may hold half as much again as the budget (setMemoryLimit),
// and the heap grows by arenas of 64 MiB while threads take their stacks.
func withinAddressSpace(b int64) int64 {
	if left, limited := addressSpaceLeft(); limited {
		return min(b, left/3)
	}
	return b
}

// setMemoryLimit tells the garbage collector to keep the heap within half
// as much again as the budget, so that what the budget does not count
// (garbage not yet collected) stays bounded too, and to collect when the
// heap has grown by gcPercent over the live data (unless GOGC says
// otherwise).
func setMemoryLimit(budget int64) {
	if budget > 0 {
		debug.SetMemoryLimit(budget + budget/2)
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
}

// gcPercent is how far the heap may grow over the live data before the
// garbage collector runs: Go's default is 100, a heap twice the live data.
// A solve's heap is a few large arrays without pointers, cheap to mark,
// while the table writer's blocks and the ranks' messages make garbage
// fast: at 100 that garbage took the peak of a solve written to a table
// to twice the solve's (414 MiB against 197 on 72 million positions); at
// 20 it is 1.2 times, for no more CPU within the noise.
const gcPercent = 20

// byteSize is a flag of a number of bytes: 1500000000, 512M, 2G, 1.5GiB.
type byteSize int64

func (b *byteSize) String() string { return positions.FormatBytes(int64(*b)) }

func (b *byteSize) Type() string { return "SIZE" }

func (b *byteSize) Set(s string) error {
	v, err := parseByteSize(s)
	if err != nil {
		return err
	}
	*b = byteSize(v)
	return nil
}

// parseByteSize reads a size: a number, then optionally K, M, G or T (with
// or without "iB" or "B"), powers of 1024.
func parseByteSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	num := strings.TrimRight(t, "KMGTkmgtiB")
	unit := strings.ToUpper(strings.TrimSuffix(strings.TrimSuffix(t[len(num):], "B"), "i"))
	shift := map[string]uint{"": 0, "K": 10, "M": 20, "G": 30, "T": 40}
	sh, ok := shift[unit]
	v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	v *= float64(int64(1) << sh)
	if !ok || err != nil || !(v >= 1 && v < 1<<62) { // NaN fails too
		return 0, fmt.Errorf("%q is not a size (a positive number of bytes, or with K, M, G or T: 512M, 2G)", s)
	}
	return int64(v), nil
}
