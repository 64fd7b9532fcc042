package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"retro/positions"
	"retro/retro"
	"retro/retro/query"
)

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
	}
	return ""
}

// hideTemp keeps the name of the temporary file a write goes through out
// of its error: a failure writing it is a failure writing path.
func hideTemp(path, temp string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == temp {
		return fmt.Errorf("cannot write %s: %w", path, pe.Err)
	}
	return err
}
