package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/spf13/pflag"

	"retro/retro/query"
)

// env is what a command may touch of the outside world.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	tty            bool       // stderr is a terminal: progress may be shown
	ttyOut         bool       // stdout is a terminal: colour may be used
	noColor        bool       // NO_COLOR is set or TERM is dumb: no colour unless asked for
	dumb           bool       // TERM=dumb: no escape sequences on stderr either
	lang           query.Lang // of explanations, from the locale ("" is English)
}

// command is one subcommand: its help texts, its flags and what it runs.
type command struct {
	name  string
	usage string // after "retro "
	short string
	long  string
	// flags adds the command's flags to fs and returns the function that
	// runs it with the arguments left.
	setup func(fs *pflag.FlagSet) func(ctx context.Context, e *env, args []string) error
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

// usageError is a bad command line.
type usageError struct {
	cmd *command
	err error
}

func (u *usageError) Error() string { return u.err.Error() }

func usagef(c *command, format string, a ...any) error {
	return &usageError{cmd: c, err: fmt.Errorf(format, a...)}
}

func dispatch(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		printHelp(e.stderr)
		return &usageError{err: fmt.Errorf("no command given")}
	}
	name := args[0]
	switch name {
	case "-h", "--help":
		printHelp(e.stdout)
		return nil
	case "--version":
		name = "version"
	}
	c, err := lookupCommand(name)
	if err != nil {
		return err
	}
	fs := pflag.NewFlagSet(c.name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	runFn := c.setup(fs)
	if err := fs.Parse(args[1:]); err != nil {
		if err == pflag.ErrHelp {
			printCommandHelp(e.stdout, c)
			return nil
		}
		return &usageError{cmd: c, err: err}
	}
	return runFn(ctx, e, fs.Args())
}

func printHelp(w io.Writer) {
	fmt.Fprintln(w, "retro solves two-player stone-pile games by retrograde analysis.")
	fmt.Fprintln(w, "\nUsage: retro COMMAND [flags] [arguments]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].short)
	}
	fmt.Fprintln(w, "\nGAME is a game file (TOML), the name of a built-in game (retro games), or a\ntable file written by retro solve -o.")
	fmt.Fprintln(w, "Run 'retro help COMMAND' for a command's flags.")
}

func printCommandHelp(w io.Writer, c *command) {
	fmt.Fprintf(w, "usage: retro %s\n\n%s\n", c.usage, strings.TrimSpace(c.long))
	fs := pflag.NewFlagSet(c.name, pflag.ContinueOnError)
	fs.SortFlags = false
	c.setup(fs)
	if u := flagUsages(fs); u != "" {
		fmt.Fprintf(w, "\nFlags:\n%s", u)
	}
	printArgNote(w, c)
}
