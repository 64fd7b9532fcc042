//go:build !linux

package main

// physicalMemory is the machine's memory: unknown here, so the budget's
// default is a fixed one (defaultMemoryBudget).
func physicalMemory() int64 { return 0 }
