package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"retro/out/query"
	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// usageError is a bad command line.
type usageError struct {
	cmd *command
	err error
}

func (u *usageError) Error() string { return u.err.Error() }

func usagef(c *command, format string, a ...any) error {
	return &usageError{cmd: c, err: fmt.Errorf(format, a...)}
}

// statusError ends a command with an exit status of its own: retro diff's
// 1 for games that differ (err nil: the output said so), 2 for trouble.
type statusError struct {
	code int
	err  error
}

func (s *statusError) Error() string {
	if s.err == nil {
		return fmt.Sprintf("exit status %d", s.code)
	}
	return s.err.Error()
}

func (s *statusError) Unwrap() error { return s.err }

// report prints an error the way the user should see it and chooses the
// exit code.
func report(w io.Writer, err error) int {
	var (
		usage  *usageError
		size   *rules.SizeError
		status *statusError
	)
	switch {
	case err == nil:
		return 0
	case errors.As(err, &status) && !errors.As(err, &usage):
		if status.err != nil {
			fmt.Fprint(w, renderError(status.err))
		}
		return status.code
	case errors.Is(err, pflag.ErrHelp):
		return 0
	case errors.As(err, &size):
		fmt.Fprintf(w, "retro: %v\nretro: %s\n", size, sizeHint(size))
		return 1
	case errors.As(err, &usage):
		fmt.Fprintf(w, "retro: %v\n", usage.err)
		if usage.cmd != nil {
			fmt.Fprintf(w, "usage: retro %s\nrun 'retro help %s' for details\n", usage.cmd.usage, usage.cmd.name)
		}
		return 2
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(w, "retro: interrupted")
		return 1
	}
	fmt.Fprint(w, renderError(err))
	printFlagHint(w, err)
	return 1
}

// sizeHint says which flags a *rules.SizeError asks for.
func sizeHint(e *rules.SizeError) string {
	p := e.Widest()
	if e.What == "instances" {
		return fmt.Sprintf("narrow %s with --param %s=LO..HI", p.Name, p.Name)
	}
	return fmt.Sprintf("narrow %s with --param %s=LO..HI, or raise --max-positions", p.Name, p.Name)
}

// renderError shows an error as the user sees it: an error in a game file
// with the lines it points at (rules.RenderError), any other after
// "retro: "; a name that is no game says where the games are listed.
func renderError(err error) string {
	switch {
	case rules.Positioned(err) != nil:
		return rules.RenderError(err)
	case errors.Is(err, rules.ErrNoGame):
		return "retro: " + err.Error() + " (run 'retro games')\n"
	}
	return "retro: " + err.Error() + "\n"
}

// printFlagHint names the flag that moves a cap an error ran into: the
// engine's errors speak of caps and horizons, only the command knows its
// flags.
func printFlagHint(w io.Writer, err error) {
	if h := flagHint(err); h != "" {
		fmt.Fprintf(w, "retro: %s\n", h)
	}
}

func flagHint(err error) string {
	switch {
	case errors.Is(err, positions.ErrTooManyPositions):
		return "bound the game with --horizon N (moves from a start), or raise --max-positions"
	case errors.Is(err, retro.ErrTreeTooLarge):
		return "cut the tree with --depth N, or raise --max-nodes"
	case errors.Is(err, query.ErrBeyondHorizon):
		return "raise --horizon (or leave it out: the game's own)"
	case errors.Is(err, retro.ErrSpillable):
		return "--spill DIR keeps them in a file of DIR, or raise --max-memory"
	}
	return ""
}
