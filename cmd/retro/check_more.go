package main

import (
	"bytes"
	"fmt"
	"os"
	"unicode/utf8"

	"retro/out/table"
	"retro/rules"
)

// What check tells beyond the errors of a game file.

// checkText refuses, before parsing, a file that cannot be a game file: a
// table, or bytes that are not UTF-8 text (whose lines would otherwise be
// shown under the error). A name that is no file is left to rules.FromArg.
func checkText(path string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	switch {
	case table.HasMagic(src):
		return fmt.Errorf("%s is a table file (retro solve -o), not a game file: retro info %s describes it, retro verify %s checks it", path, path, path)
	case bytes.IndexByte(src, 0) >= 0 || !utf8.Valid(src):
		return fmt.Errorf("%s: not UTF-8 text: a game file is TOML text", path)
	}
	return nil
}

// growthWarning warns of a game that cannot end (rules.Game.Unending).
func growthWarning(g *rules.Game) string {
	if !g.Unending() {
		return ""
	}
	return "warning: every move only adds stones and nothing ends the game (no end, no [bounds], no horizon): " +
		"the positions never end, and a solve stops at --max-positions; add an end condition, a [bounds] box or a horizon"
}
