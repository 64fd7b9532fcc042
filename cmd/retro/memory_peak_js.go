//go:build js && wasm

package main

// peakMemory is unknown in a browser: WebAssembly has no resource usage.
func peakMemory() string { return "unknown" }

// peakBytes is unknown in a browser.
func peakBytes() int64 { return -1 }

// mebibytes shows a peakBytes figure.
func mebibytes(b int64) string { return peakMemory() }
