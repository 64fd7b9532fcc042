package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

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
		return &usageError{cmd: c, err: flagError(fs, err)}
	}
	return runFn(ctx, e, fs.Args())
}

// flagError adds to an error of the command line's flags the flag an
// unknown one was meant to be, and, for a negative number taken for a
// flag (show GAME -3), the -- that ends the flags.
func flagError(fs *pflag.FlagSet, err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		var names []string
		fs.VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
		if near := rules.Suggest(name, names); near != "" {
			return fmt.Errorf("%w (did you mean --%s?)", err, near)
		}
		return err
	}
	if rest, ok := strings.CutPrefix(msg, "unknown shorthand flag: '"); ok && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
		arg := "-" + rest[:1]
		if i := strings.LastIndex(rest, " in "); i >= 0 {
			arg = rest[i+len(" in "):]
		}
		return fmt.Errorf("%w: a negative number is read as a flag; put -- before it (retro %s ... -- %s)", err, fs.Name(), arg)
	}
	return err
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
