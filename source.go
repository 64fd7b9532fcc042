// Package source is the retro module's own source: the packages of the
// command and the files they embed, with go.mod and go.sum. It is in
// retro (the command) so that retro site can build the static explorer's
// engine, the command built for the browser (GOOS=js GOARCH=wasm), from
// the very source the command was built from, wherever the command was
// installed and whether or not a source tree is at hand.
//
// FS holds every .go file of the directories of the packages that
// retro/cmd/retro imports from the module (tests too: a pattern cannot
// leave them out), the files they embed, go.mod and go.sum; a test checks
// it against the packages and files the build for the browser lists
// (go list -deps), so that a package added to the command is added here.
package source

import "embed"

// FS is the source, by the paths of the module's tree.
//
//go:embed go.mod go.sum
//go:embed rules/*.go rules/games/*.toml rules/FORMAT.md rules/sg/*.go rules/lang/*.go
//go:embed positions/*.go positions/spill/*.go positions/cluster/*.go
//go:embed retro/*.go retro/atomicfile/*.go retro/internal/core/*.go retro/internal/cells/*.go retro/internal/shape/*.go retro/internal/path/*/*.go
//go:embed out/*.go out/table/*.go out/grid/*.go out/query/*.go
//go:embed out/variant/*.go out/variant/families/*.toml
//go:embed cmd/retro/*.go cmd/retro/internal/history/*.go
//go:embed cmd/retro/internal/explorer/*.go cmd/retro/internal/explorer/web/*
var FS embed.FS
