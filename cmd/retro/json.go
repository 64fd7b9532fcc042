package main

import (
	"encoding/json"
	"io"
	"slices"

	"github.com/spf13/pflag"

	"retro/out"
	"retro/retro"
	"retro/rules"
)

// --json: the commands that print a result print it as one JSON value on
// one line instead, in the shapes of retro serve's API where it has one.

func addJSONFlag(fs *pflag.FlagSet, p *bool) {
	fs.BoolVar(p, "json", false, "print the result as one line of JSON")
}

func printJSON(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }

// positionJSON is show's position, as /api/position answers it.
func positionJSON(res *retro.Result, i int) (*positionResponse, error) {
	g := res.Instance.Game
	moves, err := res.Moves(i, res.Instance.NewMachine())
	if err != nil {
		return nil, err
	}
	reply := slices.IndexFunc(moves, func(m retro.Move) bool { return m.Best })
	if reply < 0 && len(moves) > 0 {
		reply = 0
	}
	return &positionResponse{Position: out.NewPositionJSON(g, res, i, moves), Reply: reply}, nil
}

func (o *showOptions) printPositionJSON(e *env, res *retro.Result, i int) error {
	j, err := positionJSON(res, i)
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
