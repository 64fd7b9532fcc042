package main

import (
	"encoding/json"
	"io"

	"github.com/spf13/pflag"

	"retro/cmd/retro/internal/explorer"
	"retro/retro"
	"retro/rules"
)

// --json: the commands that print a result print it as one JSON value on
// one line instead, in the shapes of retro serve's API where it has one.

func addJSONFlag(fs *pflag.FlagSet, p *bool) {
	fs.BoolVar(p, "json", false, "print the result as one line of JSON")
}

func printJSON(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }

func (o *showOptions) printPositionJSON(e *env, res *retro.Result, i int) error {
	j, err := explorer.NewPositionResponse(res, i)
	if err != nil {
		return err
	}
	return printJSON(e.stdout, j)
}

// errHeapJSON refuses show --json on a heap game, whose positions are
// collections of heaps rather than pile tuples.
func errHeapJSON(g *rules.Game) error {
	return usagef(commands["show"], "%s is a heap game (sum = true): its positions are shown as text only, without --json", g.File)
}
