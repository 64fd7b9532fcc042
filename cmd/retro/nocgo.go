//go:build !cgo

package main

// cgoLinked tells that this build links cgo: not this one.
const cgoLinked = false
