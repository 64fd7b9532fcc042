package main

import (
	"context"

	"github.com/spf13/pflag"

	"retro/cmd/retro/internal/explorer"
)

func init() {
	register(&command{
		name:  "serve",
		usage: "serve [flags]",
		short: "serve the explorer: a page to pick or build a game, ask, and play",
		long: `Serve starts the explorer, a page served from the binary (no network is
needed), and prints its address. On the page: the exam games and Lebedev's
as presets, a constructor for your own game (piles, moves, end, winner,
restriction, start and the range of S) with the game file it makes, the
five exam questions and free questions as a ribbon over S, and the
strategy tree, where a click makes a position the start and a game can be
played against the engine.

The server listens on loopback unless told otherwise (on any other
address it warns that anyone who can reach the machine can use it). Games
are capped (--max-positions, all instances of a game together, and with
it the moves a solve generates), every solve has its share of a memory
budget (--max-memory) and a time limit (--timeout), checked within the
moves of a level; what is too big or too slow is refused with a message.
Solved games are kept, by the hash of their text, up to a budget.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &serveFlags{opt: explorer.DefaultOptions(defaultMemoryBudget())}
			fs.StringVar(&o.addr, "addr", "127.0.0.1:8080", "the address to listen on (host:port; port 0 picks a free one)")
			fs.IntVar(&o.opt.MaxPositions, "max-positions", o.opt.MaxPositions, "refuse a game with more positions than this")
			fs.DurationVar(&o.opt.Timeout, "timeout", o.opt.Timeout, "refuse a request whose solving takes longer")
			fs.Int64Var(&o.opt.WidenCap, "widen-cap", o.opt.WidenCap, "widen an open parameter range up to this many values")
			o.maxMemory = byteSize(o.opt.MaxMemory)
			fs.Var(&o.maxMemory, "max-memory", "the memory the solves at once may take, shared between them; the default is half of this machine's memory")
			return o.run
		},
	})
}

type serveFlags struct {
	addr      string
	opt       explorer.Options
	maxMemory byteSize
}

func (o *serveFlags) run(ctx context.Context, e *env, args []string) error {
	c := commands["serve"]
	if len(args) != 0 {
		return usagef(c, "serve takes no arguments")
	}
	if o.opt.MaxPositions < 1 || o.opt.Timeout <= 0 || o.opt.WidenCap < 1 {
		return usagef(c, "--max-positions, --timeout and --widen-cap must be positive")
	}
	o.opt.MaxMemory = withinAddressSpace(int64(o.maxMemory))
	setMemoryLimit(o.opt.MaxMemory)
	if err := explorer.Serve(ctx, o.addr, o.opt, e.stdout, e.stderr); err != nil {
		return err
	}
	// Stopped by a signal: interrupted, as every command so stopped.
	return ctx.Err()
}
