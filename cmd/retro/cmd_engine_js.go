//go:build js && wasm

package main

import (
	"context"

	"github.com/spf13/pflag"

	"retro/cmd/retro/internal/explorer"
)

// retro built for a browser (GOOS=js GOARCH=wasm) is the engine of the
// static explorer, run in a Web Worker as "retro engine"
// (explorer.RunEngine).

func init() {
	register(&command{
		name:  "engine",
		usage: "engine",
		short: "answer the explorer's API in a browser's Web Worker (the WebAssembly build only)",
		setup: func(*pflag.FlagSet) func(context.Context, *env, []string) error {
			return func(ctx context.Context, e *env, args []string) error {
				return explorer.RunEngine(ctx, explorer.DefaultOptions(defaultMemoryBudget()))
			}
		},
	})
}
