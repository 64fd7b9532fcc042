package main

import (
	"context"
	"fmt"

	"github.com/spf13/pflag"

	"retro/out"
)

func init() {
	register(&command{
		name:  "info",
		usage: "info [flags] FILE.rtb",
		short: "describe an outcome table file",
		long: `Info prints what a table file (retro solve -o) holds: the game, its instances,
the positions and how many of each outcome and layer, the size of each part
of the file and the bits it spends per position, how the table was made
(engine, date, solve time), and a content checksum: two tables of the same
game and options have the same checksum, whenever and wherever they were
made. Every block is checked against its checksum, not decoded. With --game
it prints the game text the table holds instead, as it was given, so that
a table is never the only copy of its game.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &infoOptions{}
			fs.IntVar(&o.layers, "layers", 24, "list at most this many layers (0: all)")
			addJSONFlag(fs, &o.json)
			fs.BoolVar(&o.game, "game", false, "print the game text the table holds, nothing else")
			return o.run
		},
	})
}

type infoOptions struct {
	layers int
	json   bool
	game   bool
}

func (o *infoOptions) run(ctx context.Context, e *env, args []string) error {
	if len(args) != 1 {
		return usagef(commands["info"], "info takes one FILE")
	}
	t, f, err := openTable(args[0])
	if err != nil {
		return err
	}
	defer f.Close()
	if err := t.Check(); err != nil {
		return fmt.Errorf("%s: %w", args[0], err)
	}
	if o.game {
		_, err := e.stdout.Write(t.Game.Source)
		return err
	}
	sum, err := t.ContentSum()
	if err != nil {
		return err
	}
	if o.json {
		return printJSON(e.stdout, out.NewInfoJSON(args[0], t, sum))
	}
	out.WriteInfo(e.stdout, args[0], t, sum, o.layers)
	return nil
}
