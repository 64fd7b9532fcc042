//go:build js && wasm

package main

import "os"

// stopSignals are none in a browser, which sends no signals (and whose Go
// cannot even ask whether one is ignored: signal.Ignored panics there).
var stopSignals []os.Signal
