//go:build js && wasm

package main

import "os"

// stopSignals are none in a browser, which sends no signals; the list is
// here for the shared main.go.
var stopSignals = []os.Signal{os.Interrupt}
