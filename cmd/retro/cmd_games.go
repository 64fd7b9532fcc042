package main

import (
	"context"
	"fmt"

	"github.com/spf13/pflag"

	"retro/rules"
)

func init() {
	register(&command{
		name:  "games",
		usage: "games",
		short: "list the built-in games",
		long:  `Games lists the built-in games: a GAME argument may name one of them instead of a file.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			return runGames
		},
	})
}

func runGames(ctx context.Context, e *env, args []string) error {
	if len(args) != 0 {
		return usagef(commands["games"], "games takes no arguments")
	}
	for _, name := range rules.BuiltinNames() {
		src, _ := rules.Builtin(name)
		title := ""
		if g, err := rules.Parse(name+".toml", src); err == nil {
			title = g.Name
		}
		fmt.Fprintf(e.stdout, "%-24s %s\n", name, title)
	}
	return nil
}
