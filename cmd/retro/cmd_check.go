package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/pflag"
)

func init() {
	register(&command{
		name:  "check",
		usage: "check GAME...",
		short: "load and compile game files, printing every error",
		long: `Check loads and compiles each GAME without solving it, and prints every
error with its file, line and column, the source line and a caret under the
spot. It exits with status 1 when any game has an error.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			return runCheck
		},
	})
}

func runCheck(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		return usagef(commands["check"], "check takes at least one GAME")
	}
	failed := 0
	for _, a := range args {
		g, err := loadGame(a)
		if err != nil {
			failed++
			var src *sourceError
			if errors.As(err, &src) {
				fmt.Fprint(e.stderr, src.render())
			} else {
				fmt.Fprintf(e.stderr, "retro: %v\n", err)
			}
			continue
		}
		if _, err := g.Instances(); err != nil {
			failed++
			fmt.Fprint(e.stderr, (&sourceError{err: err, src: g.Source}).render())
			continue
		}
		fmt.Fprintf(e.stdout, "%s: ok (%s)\n", g.File, g.Name)
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d games have errors", failed, len(args))
	}
	return nil
}
