package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"sync"
	"syscall"
	"time"

	"retro/positions/cluster"
	"retro/rules/lang"
)

func main() {
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, tty: isTerminal(os.Stderr), ttyOut: isTerminal(os.Stdout), logEvery: logEvery}
	e.noColor, e.dumb = colorEnv(os.Getenv)
	e.lang = langEnv(os.Getenv)
	if cluster.LaunchedRank() > 0 {
		// One of the ranks of an MPI job: rank 0 says what went wrong
		// (a rank that fails alone says so as it ends the job).
		e.stderr = io.Discard
	}
	if err := fitAddressSpace(); err != nil {
		fmt.Fprintf(e.stderr, "retro: %v\n", err)
		os.Exit(1)
	}
	ctx, stop := onSignals(context.Background(), e.stderr)
	code := runGuarded(ctx, e, os.Args[1:])
	stop()
	os.Exit(code)
}

// runGuarded is run with a last resort: a panic of the command's own
// goroutine (a fault of retro's, not of the input) ends it with one line
// and status 1, not Go's dump and status 2, which the README keeps for a
// bad command line; GOTRACEBACK set shows the stack as well.
func runGuarded(ctx context.Context, e *env, args []string) (code int) {
	defer func() {
		if v := recover(); v != nil {
			fmt.Fprintf(e.stderr, "retro: internal error: %v (a fault of retro's: please report it with the command line and the game)\n", v)
			if os.Getenv("GOTRACEBACK") != "" {
				e.stderr.Write(debug.Stack())
			}
			removeTemps()
			code = 1
		}
	}()
	return run(ctx, e, args)
}

// signalError is the cause of a context cancelled by a signal.
type signalError struct{ sig syscall.Signal }

func (s *signalError) Error() string { return "interrupted by " + s.sig.String() }

// sayInterrupted says that a signal stopped the command, as the command
// stops (said records it, under saying).
func sayInterrupted(w io.Writer, sig syscall.Signal) {
	saying.Lock()
	defer saying.Unlock()
	fmt.Fprintln(w, interruptedLine(sig))
	said = true
}

func interruptedLine(sig syscall.Signal) string {
	if sig == syscall.SIGINT {
		return "retro: interrupted"
	}
	return fmt.Sprintf("retro: interrupted (%v)", sig)
}

// exitInterrupted ends the process that a signal stopped, when the
// command has not stopped by itself: it says so, unless the command has
// just done so, removes the temporary files and exits with 128 + sig.
func exitInterrupted(w io.Writer, sig syscall.Signal) {
	saying.Lock() // held to the end: the command says nothing more
	if !said {
		fmt.Fprintln(w, interruptedLine(sig))
	}
	removeTemps()
	os.Exit(128 + int(sig))
}

var (
	saying sync.Mutex
	said   bool
)

// signalGrace is how long a command has to stop by itself after a signal
// before its temporary files are removed and the process ends.
const signalGrace = 3 * time.Second

// onSignals returns a context cancelled by SIGINT, SIGTERM or SIGHUP
// (stopSignals), with a *signalError as its cause. A command that has not stopped
// signalGrace after the signal, or a second signal, ends the process
// (its temporary files removed) with status 128 + the signal, saying
// so on stderr.
func onSignals(parent context.Context, stderr io.Writer) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 2)
	for _, sig := range stopSignals {
		if !signal.Ignored(sig) { // under nohup SIGHUP stays ignored
			signal.Notify(ch, sig)
		}
	}
	done := make(chan struct{})
	go func() {
		var sig syscall.Signal
		select {
		case s := <-ch:
			sig = s.(syscall.Signal)
		case <-done:
			return
		}
		cancel(&signalError{sig})
		if at := rankPhase.Load(); at != nil {
			// A rank of an MPI job: the launcher stops the job's ranks when
			// one has died, and may not wait for this one to stop by itself.
			fmt.Fprintf(os.Stderr, "retro: %s: stopped by a signal (%v)\n", *at, sig)
			removeTemps()
		}
		select {
		case <-ch:
		case <-time.After(signalGrace):
		case <-done:
			return
		}
		exitInterrupted(stderr, sig)
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel(nil)
	}
}

// run runs one command line and returns the exit code: 0 for success, 1
// for a failure, 2 for a usage error, 128 + the signal when a signal
// stopped it.
func run(ctx context.Context, e *env, args []string) int {
	err := dispatch(ctx, e, args)
	var sig *signalError
	if errors.Is(err, context.Canceled) && errors.As(context.Cause(ctx), &sig) {
		sayInterrupted(e.stderr, sig.sig)
		return 128 + int(sig.sig)
	}
	return report(e.stderr, err, lang.Lang(e.lang))
}
