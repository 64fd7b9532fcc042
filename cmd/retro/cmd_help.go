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

func init() {
	register(&command{
		name:  "help",
		usage: "help [COMMAND]",
		short: "list the commands, or show one command's help and flags",
		long: `Help lists the commands; help COMMAND shows what COMMAND does and its flags
(as does retro COMMAND --help).`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			return func(ctx context.Context, e *env, args []string) error {
				return runHelp(e, args)
			}
		},
	})
}

func runHelp(e *env, args []string) error {
	switch len(args) {
	case 0:
		printHelp(e.stdout)
		return nil
	case 1:
		c, err := lookupCommand(args[0])
		if err != nil {
			return err
		}
		printCommandHelp(e.stdout, c)
		return nil
	}
	return usagef(commands["help"], "help takes at most one COMMAND")
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

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// flagUsages lists a command's flags, one a line: the flag, the kind of
// value it takes (none for a switch), what it does and its default.
func flagUsages(fs *pflag.FlagSet) string {
	type line struct{ left, right string }
	var lines []line
	width := 0
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		left := "      --" + f.Name
		if f.Shorthand != "" {
			left = "  -" + f.Shorthand + ", --" + f.Name
		}
		name, usage := pflag.UnquoteUsage(f)
		switch {
		case f.Value.Type() == "bool":
		case name == "stringArray":
			left += " string"
		case name == "int64":
			left += " int"
		case name != "":
			left += " " + name
		}
		switch f.Value.Type() {
		case "bool":
		case "string":
			if f.DefValue != "" {
				usage += fmt.Sprintf(" (default %q)", f.DefValue)
			}
		case "stringArray":
		default:
			if f.DefValue != "0" && f.DefValue != "" {
				usage += " (default " + f.DefValue + ")"
			}
		}
		width = max(width, len(left))
		lines = append(lines, line{left, usage})
	})
	var b strings.Builder
	for _, l := range lines {
		fmt.Fprintf(&b, "%-*s   %s\n", width, l.left, l.right)
	}
	return b.String()
}

// printArgNote tells the commands that take a position how to give one
// with a negative pile: after --, which ends the flags.
func printArgNote(w io.Writer, c *command) {
	if strings.Contains(c.usage, "POSITION") {
		fmt.Fprintf(w, "\nA position with a negative first pile follows --, which ends the flags:\nretro %s GAME -- -4\n", c.name)
	}
}
