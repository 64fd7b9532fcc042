// Command retro solves two-player stone-pile games by retrograde analysis.
//
// Usage:
//
//	retro COMMAND [flags] [arguments]
//
// Run "retro help" for the list of commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/spf13/pflag"

	"retro/rules"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, tty: isTerminal(os.Stderr), ttyOut: isTerminal(os.Stdout)}
	e.noColor, e.dumb = colorEnv(os.Getenv)
	e.lang = langEnv(os.Getenv)
	code := run(ctx, e, os.Args[1:])
	stop()
	os.Exit(code)
}

// run runs one command line and returns the exit code: 0 for success, 1
// for a failure, 2 for a usage error.
func run(ctx context.Context, e *env, args []string) int {
	err := dispatch(ctx, e, args)
	return report(e.stderr, err)
}

// report prints an error the way the user should see it and chooses the
// exit code.
func report(w io.Writer, err error) int {
	var (
		src   *sourceError
		usage *usageError
		size  *rules.SizeError
	)
	switch {
	case err == nil:
		return 0
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
	case errors.As(err, &src):
		fmt.Fprint(w, src.render())
		return 1
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(w, "retro: interrupted")
		return 1
	}
	fmt.Fprintf(w, "retro: %v\n", err)
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

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
