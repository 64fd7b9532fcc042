package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"retro/out/variant"
	"retro/rules"
)

func init() {
	register(&command{
		name:  "completion",
		usage: "completion bash|zsh|fish",
		short: "print a shell completion script",
		long: `Completion prints a script that completes retro's commands, their flags, and
game arguments (files and the built-in games) in the shell named:

  bash   source <(retro completion bash)            (e.g. in ~/.bashrc)
  zsh    source <(retro completion zsh)             (e.g. in ~/.zshrc)
  fish   retro completion fish > ~/.config/fish/completions/retro.fish`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			return func(ctx context.Context, e *env, args []string) error {
				c := commands["completion"]
				if len(args) != 1 {
					return usagef(c, "completion takes one shell: bash, zsh or fish")
				}
				switch args[0] {
				case "bash":
					writeBashCompletion(e.stdout, false)
				case "zsh":
					writeBashCompletion(e.stdout, true)
				case "fish":
					writeFishCompletion(e.stdout)
				default:
					return usagef(c, "completion %q: want bash, zsh or fish", args[0])
				}
				return nil
			}
		},
	})
}

// commandFlags lists the flags of a command, long forms with their "--".
func commandFlags(c *command) []*pflag.Flag {
	fs := pflag.NewFlagSet(c.name, pflag.ContinueOnError)
	fs.SortFlags = false
	c.setup(fs)
	var flags []*pflag.Flag
	fs.VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			flags = append(flags, f)
		}
	})
	return flags
}

// writeBashCompletion writes the bash function; zsh runs it through its
// bash completion layer.
func writeBashCompletion(w io.Writer, zsh bool) {
	if zsh {
		fmt.Fprintln(w, "# retro completion for zsh: source <(retro completion zsh)")
		fmt.Fprintln(w, "autoload -U +X compinit && compinit")
		fmt.Fprintln(w, "autoload -U +X bashcompinit && bashcompinit")
	} else {
		fmt.Fprintln(w, "# retro completion for bash: source <(retro completion bash)")
	}
	fmt.Fprintln(w, "_retro() {")
	fmt.Fprintln(w, `	local cur=${COMP_WORDS[COMP_CWORD]} flags="" words=""`)
	fmt.Fprintln(w, `	if [ "$COMP_CWORD" -eq 1 ]; then`)
	fmt.Fprintf(w, "\t\tCOMPREPLY=($(compgen -W %q -- \"$cur\"))\n", strings.Join(append(commandNames(), "--help", "--version"), " "))
	fmt.Fprintln(w, "\t\treturn")
	fmt.Fprintln(w, "\tfi")
	fmt.Fprintln(w, `	case ${COMP_WORDS[1]} in`)
	for _, n := range commandNames() {
		var fl []string
		for _, f := range commandFlags(commands[n]) {
			fl = append(fl, "--"+f.Name)
			if f.Shorthand != "" {
				fl = append(fl, "-"+f.Shorthand)
			}
		}
		words := ""
		switch n {
		case "help":
			words = strings.Join(helpWords(), " ")
		case "completion":
			words = "bash zsh fish"
		case "info", "verify", "version", "serve", "site":
		case "make": // FAMILY: a file or a built-in family
			words = strings.Join(variant.BuiltinNames(), " ")
		default: // GAME: a file or a built-in game
			words = strings.Join(rules.BuiltinNames(), " ")
		}
		fmt.Fprintf(w, "\t%s) flags=%q words=%q ;;\n", n, strings.Join(append(fl, "--help"), " "), words)
	}
	fmt.Fprintln(w, "\tesac")
	fmt.Fprintln(w, `	if [[ $cur == -* ]]; then`)
	fmt.Fprintln(w, `		COMPREPLY=($(compgen -W "$flags" -- "$cur"))`)
	fmt.Fprintln(w, "\telse")
	fmt.Fprintln(w, `		COMPREPLY=($(compgen -W "$words" -- "$cur") $(compgen -f -- "$cur"))`)
	fmt.Fprintln(w, "\tfi")
	fmt.Fprintln(w, "}")
	fmt.Fprintln(w, "complete -o filenames -F _retro retro")
}

// writeFishCompletion writes one complete line per command and flag.
func writeFishCompletion(w io.Writer) {
	fmt.Fprintln(w, "# retro completion for fish: retro completion fish > ~/.config/fish/completions/retro.fish")
	fmt.Fprintln(w, "complete -c retro -f")
	for _, n := range commandNames() {
		fmt.Fprintf(w, "complete -c retro -n __fish_use_subcommand -a %s -d %s\n", n, fishQuote(commands[n].short))
	}
	for _, n := range commandNames() {
		cond := fishQuote("__fish_seen_subcommand_from " + n)
		for _, f := range commandFlags(commands[n]) {
			line := fmt.Sprintf("complete -c retro -n %s -l %s", cond, f.Name)
			if f.Shorthand != "" {
				line += " -s " + f.Shorthand
			}
			if f.Value.Type() != "bool" {
				line += " -r"
			}
			_, usage := pflag.UnquoteUsage(f)
			fmt.Fprintln(w, line+" -d "+fishQuote(usage))
		}
		switch n {
		case "help":
			fmt.Fprintf(w, "complete -c retro -n %s -a %s\n", cond, fishQuote(strings.Join(helpWords(), " ")))
		case "completion":
			fmt.Fprintf(w, "complete -c retro -n %s -a 'bash zsh fish'\n", cond)
		case "version", "serve":
		default:
			fmt.Fprintf(w, "complete -c retro -n %s -F\n", cond)
			names := rules.BuiltinNames()
			if n == "make" {
				names = variant.BuiltinNames()
			}
			if n != "info" && n != "verify" && n != "site" {
				fmt.Fprintf(w, "complete -c retro -n %s -a %s\n", cond, fishQuote(strings.Join(names, " ")))
			}
		}
	}
}

// fishQuote writes s in single quotes for fish.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}
