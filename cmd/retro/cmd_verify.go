package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"retro/out"
	"retro/out/table"
	"retro/retro"
)

func init() {
	register(&command{
		name:  "verify",
		usage: "verify [flags] FILE.rtb",
		short: "check an outcome table against the rules, without solving",
		long: `Verify reads a table file (retro solve -o), checking every block against its
checksum, then checks every position against the game's rules, one at a time
and without solving again: a final position must be won or lost as end and
winner say; a W position must have a move to an L one layer lower and none to
a lower L; an L position's moves must all lead to W, the highest one layer
lower; a D position must have no move to an L and one not to a W. It prints
the first inconsistencies and exits with status 1 when there are any.

With --resolve it also solves the game the table holds again, with the
parameter ranges, open width and horizon the table was solved with, and
compares every position: the same positions at the same indices, the same
outcome and layer.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &verifyOptions{}
			fs.IntVar(&o.max, "max", retro.DefaultMaxProblems, "print at most this many inconsistencies")
			fs.BoolVar(&o.resolve, "resolve", false, "also solve the game again and compare every position")
			return o.run
		},
	})
}

type verifyOptions struct {
	max     int
	resolve bool
}

func (o *verifyOptions) run(ctx context.Context, e *env, args []string) error {
	if len(args) != 1 {
		return usagef(commands["verify"], "verify takes one FILE")
	}
	if o.max < 1 {
		return usagef(commands["verify"], "--max %d: want 1 or more", o.max)
	}
	start := time.Now()
	t, ok, err := readTableFile(args[0])
	switch {
	case err != nil:
		return err
	case !ok:
		return fmt.Errorf("%s: %w", args[0], table.ErrNotTable)
	}
	var checked, count int
	var problems []string
	for _, r := range t.Results {
		if err := ctx.Err(); err != nil {
			return err
		}
		rep, err := retro.VerifyAll(r, o.max)
		if err != nil {
			return err
		}
		checked += rep.Checked
		count += rep.Count
		for _, p := range rep.Problems {
			if len(problems) < o.max {
				problems = append(problems, retro.InstancePrefix(r.Instance)+p.String())
			}
		}
	}
	w := e.stdout
	if o.resolve && count == 0 {
		rep, err := retro.CompareFresh(ctx, t.Game, t.Results, t.OpenWidth, o.max)
		if err != nil {
			return err
		}
		if rep.Count > 0 {
			fmt.Fprintf(w, "%s: %d of %d positions of %s differ from a fresh solve; the first:\n", args[0], rep.Count, rep.Checked, t.Game.File)
			for _, p := range rep.Problems {
				fmt.Fprintf(w, "  %s\n", p)
			}
			return fmt.Errorf("%s: %d differences from a fresh solve", args[0], rep.Count)
		}
		fmt.Fprintf(w, "%s: a fresh solve of %s gives the same %d positions, outcomes and layers\n", args[0], t.Game.File, rep.Checked)
	}
	elapsed := out.Duration(time.Since(start))
	if count == 0 {
		fmt.Fprintf(w, "%s: %d positions of %s agree with the rules (%s)\n", args[0], checked, t.Game.File, elapsed)
		return nil
	}
	fmt.Fprintf(w, "%s: %d of %d positions of %s disagree with the rules; the first:\n", args[0], count, checked, t.Game.File)
	for _, p := range problems {
		fmt.Fprintf(w, "  %s\n", p)
	}
	return fmt.Errorf("%s: %d inconsistencies", args[0], count)
}
