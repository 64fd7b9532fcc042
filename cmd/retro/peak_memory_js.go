//go:build js && wasm

package main

// peakMemory is unknown in a browser: WebAssembly has no resource usage.
func peakMemory() string { return "unknown" }
