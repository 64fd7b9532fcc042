//go:build !(js && wasm)

package main

import (
	"fmt"
	"syscall"
)

// peakMemory is the process's peak resident size.
func peakMemory() string {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return "unknown"
	}
	return fmt.Sprintf("%.1f MiB", float64(ru.Maxrss)/1024)
}
