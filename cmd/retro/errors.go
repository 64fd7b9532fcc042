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
	"retro/rules/lang"
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

// report prints an error the way the user should see it, the engine's
// messages in l, and chooses the exit code.
func report(w io.Writer, err error, l lang.Lang) int {
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
			fmt.Fprint(w, renderError(status.err, l))
		}
		return status.code
	case errors.Is(err, pflag.ErrHelp):
		return 0
	case errors.As(err, &size):
		fmt.Fprintf(w, "retro: %s\nretro: %s\n", size.In(l), sizeHint(size, l))
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
	fmt.Fprint(w, renderError(err, l))
	printFlagHint(w, err, l)
	return 1
}

// sizeHint says in l which flags a *rules.SizeError asks for.
func sizeHint(e *rules.SizeError, l lang.Lang) string {
	p := e.Widest()
	if e.What == "instances" {
		return hintNarrow.Msg(p.Name, p.Name).In(l)
	}
	return hintNarrowOrRaise.Msg(p.Name, p.Name).In(l)
}

// The hints of the command's flags after an error.
var (
	hintNarrow        = lang.NewForm("narrow %s with --param %s=LO..HI", "сузьте диапазон «%s» ключом «--param %s=LO..HI»")
	hintNarrowOrRaise = lang.NewForm("narrow %s with --param %s=LO..HI, or raise --max-positions", "сузьте диапазон «%s» ключом «--param %s=LO..HI» или увеличьте «--max-positions»")
	hintGames         = lang.NewForm("%s (run 'retro games')", "%s (список игр: «retro games»)")
	hintHorizon       = lang.NewForm("bound the game with --horizon N (moves from a start), or raise --max-positions", "ограничьте игру ключом «--horizon N» (число ходов от старта) или увеличьте «--max-positions»")
	hintDepth         = lang.NewForm("cut the tree with --depth N, or raise --max-nodes", "ограничьте глубину дерева ключом «--depth N» или увеличьте «--max-nodes»")
	hintRaiseHorizon  = lang.NewForm("raise --horizon (or leave it out: the game's own)", "увеличьте «--horizon» (или не задавайте его: будет горизонт игры)")
	hintSpill         = lang.NewForm("--spill DIR keeps them in a file of DIR, or raise --max-memory", "ключ «--spill DIR» сохранит их в файл в папке «DIR», или увеличьте «--max-memory»")
)

// renderError shows an error as the user sees it: an error in a game file
// with the lines it points at (rules.RenderError), any other after
// "retro: "; a name that is no game says where the games are listed.
func renderError(err error, l lang.Lang) string {
	var qe *questionError
	switch {
	case l == lang.Ru && errors.As(err, &qe):
		return qe.q.Render(l)
	case rules.Positioned(err) != nil:
		return rules.RenderErrorIn(err, l)
	case errors.Is(err, rules.ErrNoGame):
		return "retro: " + hintGames.Msg(lang.Say(err, l)).In(l) + "\n"
	}
	return "retro: " + lang.Say(err, l) + "\n"
}

// printFlagHint names the flag that moves a cap an error ran into: the
// engine's errors speak of caps and horizons, only the command knows its
// flags.
func printFlagHint(w io.Writer, err error, l lang.Lang) {
	if h := flagHint(err); h != nil {
		fmt.Fprintf(w, "retro: %s\n", h.In(l))
	}
}

func flagHint(err error) *lang.Form {
	switch {
	case errors.Is(err, positions.ErrTooManyPositions):
		return hintHorizon
	case errors.Is(err, retro.ErrTreeTooLarge):
		return hintDepth
	case errors.Is(err, query.ErrBeyondHorizon):
		return hintRaiseHorizon
	case errors.Is(err, retro.ErrSpillable):
		return hintSpill
	}
	return nil
}
