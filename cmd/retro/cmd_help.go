package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"
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

// printHelp lists the commands (retro help, retro --help).
func printHelp(w io.Writer) {
	fmt.Fprintln(w, "retro solves two-player stone-pile games by retrograde analysis.")
	fmt.Fprintln(w, "\nUsage: retro COMMAND [flags] [arguments]\n\nCommands:")
	for _, n := range commandNames() {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].short)
	}
	fmt.Fprintln(w, "\nGAME is a game file (TOML), the name of a built-in game (retro games), or a\ntable file written by retro solve -o.")
	fmt.Fprintln(w, "Run 'retro help COMMAND' for a command's flags.")
}

// printCommandHelp shows what a command does and its flags (retro help
// COMMAND, retro COMMAND --help).
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
