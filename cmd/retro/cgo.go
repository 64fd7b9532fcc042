//go:build cgo

package main

// cgoLinked tells that this build links cgo (package net's resolver does,
// where a C compiler is found): its threads allocate through the C
// library (fitAddressSpace).
const cgoLinked = true
