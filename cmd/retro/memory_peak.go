//go:build !(js && wasm)

package main

import (
	"fmt"
	"syscall"
)

// peakMemory is the process's peak resident size.
func peakMemory() string { return mebibytes(peakBytes()) }

// peakBytes is the process's peak resident size in bytes, -1 when it
// cannot be had.
func peakBytes() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return ru.Maxrss * 1024
}

// mebibytes shows a peakBytes figure.
func mebibytes(b int64) string {
	if b < 0 {
		return "unknown"
	}
	return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
}
