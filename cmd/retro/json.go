package main

import (
	"encoding/json"
	"io"

	"github.com/spf13/pflag"
)

// --json: the commands that print a result print it as one JSON value on
// one line instead, in the shapes of retro serve's API where it has one.

func addJSONFlag(fs *pflag.FlagSet, p *bool) {
	fs.BoolVar(p, "json", false, "print the result as one line of JSON")
}

func printJSON(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }
