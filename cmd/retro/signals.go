//go:build !(js && wasm)

package main

import (
	"os"
	"syscall"
)

// stopSignals are the signals that stop a command.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}
