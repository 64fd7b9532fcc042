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
		usage: "games [NAME]",
		short: "list the built-in games, or print one's game file",
		long: `Games lists the built-in games: a GAME argument may name one of them instead
of a file. Games NAME prints that game's file, a starting point for a game
of one's own: retro games nim > my.toml.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			return runGames
		},
	})
}

func runGames(ctx context.Context, e *env, args []string) error {
	switch len(args) {
	case 0:
	case 1:
		src, ok := rules.Builtin(args[0])
		if !ok {
			msg := fmt.Sprintf("no built-in game named %q", args[0])
			if near := rules.Suggest(args[0], rules.BuiltinNames()); near != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", near)
			}
			return fmt.Errorf("%s: run 'retro games' for the list", msg)
		}
		_, err := e.stdout.Write(src)
		return err
	default:
		return usagef(commands["games"], "games takes at most one NAME")
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
