package retrotest

import _ "embed" // the game texts are files, for the tests of cmd/retro too

// Horizon is a game without an end, analysed to a horizon, so that
// its table holds depths and ? positions.
//
//go:embed testdata/horizon.toml
var Horizon string

// History carries last and mylast, and its positions are sparse: a
// hashed space with history.
//
//go:embed testdata/history.toml
var History string

// Rules has a parameter in its rules: one instance per value.
//
//go:embed testdata/rules.toml
var Rules string

// Cycles has moves both ways in a box: cycles and draws.
//
//go:embed testdata/cycles.toml
var Cycles string

// Box is a dense box of 300 000 positions: several outcome blocks, so
// that the shards of a solve in parts start inside blocks.
//
//go:embed testdata/box.toml
var Box string
