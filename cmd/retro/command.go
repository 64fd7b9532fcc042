package main

import (
	"context"
	"fmt"
	"io"
	"sort"

	"github.com/spf13/pflag"

	"retro/rules"
)

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

// dispatch runs a command line: the command its first word names, with
// its flags parsed.
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

// lookupCommand finds a command by name; an unknown name gets the nearest
// command's name as a suggestion.
func lookupCommand(name string) (*command, error) {
	if c, ok := commands[name]; ok {
		return c, nil
	}
	msg := fmt.Sprintf("unknown command %q", name)
	if near := rules.Suggest(name, commandNames()); near != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", near)
	}
	return nil, &usageError{err: fmt.Errorf("%s: run 'retro help' for the list", msg)}
}

// commandNames are the names of the commands, in order.
func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
