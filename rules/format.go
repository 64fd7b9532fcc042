package rules

import _ "embed"

// FormatReference is the reference of the game format for the people who
// write games: FORMAT.md beside this file, which retro help format prints.
//
//go:embed FORMAT.md
var FormatReference string
