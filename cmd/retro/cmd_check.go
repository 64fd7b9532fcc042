package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"retro/out/table"
	"retro/positions"
	"retro/rules"
	"retro/rules/lang"
)

func init() {
	register(&command{
		name:  "check",
		usage: "check GAME...",
		short: "load and compile game files, printing every error",
		long: `Check loads and compiles each GAME without solving it, and prints every
error with its file, line and column, the source line and a caret under the
spot. It also evaluates what a solve evaluates before it enumerates: the
sizes of the parameter ranges against the default caps, the [bounds] box
and the start positions of every instance. It exits with status 1 when any
game has an error.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			var lf langFlag
			lf.add(fs, "the messages", false)
			return func(ctx context.Context, e *env, args []string) error {
				if err := lf.choose(commands["check"], e); err != nil {
					return err
				}
				return runCheck(ctx, e, args)
			}
		},
	})
}

func runCheck(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		return usagef(commands["check"], "check takes at least one GAME")
	}
	l := lang.Lang(e.lang)
	failed := 0
	for _, a := range args {
		if err := checkText(a); err != nil {
			failed++
			fmt.Fprintf(e.stderr, "retro: %v\n", err)
			continue
		}
		g, err := rules.FromArg(a).Load()
		if err != nil {
			failed++
			fmt.Fprint(e.stderr, renderError(err, l))
			continue
		}
		if err := checkInstances(g); err != nil {
			failed++
			var size *rules.SizeError
			if errors.As(err, &size) {
				fmt.Fprintf(e.stderr, "%s\nretro: %s\n", size.In(l), sizeHint(size, l))
			} else {
				fmt.Fprint(e.stderr, renderError(err, l))
			}
			continue
		}
		fmt.Fprintf(e.stdout, "%s: ok (%s)\n", g.File, g.ShownName())
		if w := growthWarning(g); w != "" {
			fmt.Fprintf(e.stderr, "%s: %s\n", g.File, w)
		}
	}
	if failed > 0 {
		return checkFailed(failed, len(args))
	}
	return nil
}

// checkInstances does what a solve with the default flags does before it
// enumerates: the sizes of the parameter ranges, then each instance's box
// and start positions.
func checkInstances(g *rules.Game) error {
	if err := g.CheckSize(positions.DefaultOpenWidth, positions.DefaultMaxPositions); err != nil {
		return err
	}
	insts, err := g.Instances()
	if err != nil {
		return err
	}
	for _, in := range insts {
		if _, err := in.Bounds(); err != nil {
			return err
		}
		// Each start is evaluated and let go: a range of 10^8 starts costs
		// no more memory than one.
		if err := in.EachStart(positions.DefaultOpenWidth, rules.MaxStarts, func(rules.Start) error { return nil }); err != nil {
			return err
		}
	}
	return nil
}

// checkFailed is check's error when some games have errors: "1 game has
// errors", "2 of 3 games have errors".
func checkFailed(failed, total int) error {
	verb := "have"
	if failed == 1 {
		verb = "has"
	}
	if total == 1 {
		return lang.Errorf(checkOneFailed)
	}
	return lang.Errorf(checkSomeFailed, failed, total, verb)
}

var (
	checkOneFailed  = lang.NewForm("1 game has errors", "в игре есть ошибки")
	checkSomeFailed = lang.NewForm("%d of %d games %s errors", "игр с ошибками: %[1]d из %[2]d")
)

// checkText refuses, before parsing, a file that cannot be a game file: a
// table, or bytes that are not UTF-8 text (whose lines would otherwise be
// shown under the error). A name that is no file is left to rules.FromArg.
func checkText(path string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	switch {
	case table.HasMagic(src):
		return fmt.Errorf("%s is a table file (retro solve -o), not a game file: retro info %s describes it, retro verify %s checks it", path, path, path)
	case bytes.IndexByte(src, 0) >= 0 || !utf8.Valid(src):
		return fmt.Errorf("%s: not UTF-8 text: a game file is TOML text", path)
	}
	return nil
}

// growthWarning warns of a game whose positions do not end
// (rules.Game.Unbounded).
func growthWarning(g *rules.Game) string {
	if gr := g.Unbounded(positions.DefaultOpenWidth); gr != nil {
		return "warning: " + gr.String() + ": the positions never end, and a solve refuses the game unless --horizon or --max-positions is given; add an end condition, a [bounds] box or a horizon"
	}
	return ""
}
