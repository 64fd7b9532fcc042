//go:build !linux

package main

// physicalMemory is the machine's memory: unknown here, so the budget's
// default is a fixed one (defaultMemoryBudget).
func physicalMemory() int64 { return 0 }

// fitAddressSpace has nothing to fit here: no address-space limit is read.
func fitAddressSpace() error { return nil }

// addressSpaceLeft: no address-space limit is read here.
func addressSpaceLeft() (left int64, limited bool) { return 0, false }
