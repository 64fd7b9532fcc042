package main

import (
	"bytes"
	"fmt"
	"os"
	"unicode/utf8"

	"retro/out/table"
	"retro/positions"
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

// growthWarning warns of a game whose positions do not end
// (rules.Game.Unbounded).
func growthWarning(g *rules.Game) string {
	if gr := g.Unbounded(positions.DefaultOpenWidth); gr != nil {
		return "warning: " + gr.String() + ": the positions never end, and a solve refuses the game unless --horizon or --max-positions is given; add an end condition, a [bounds] box or a horizon"
	}
	return ""
}

// unbounded refuses a game whose positions do not end, which no search
// finishes, unless --horizon or --max-positions is given.
func (gf *gameFlags) unbounded(g *rules.Game) error {
	if gf.fs != nil && (gf.fs.Changed("horizon") || gf.fs.Changed("max-positions")) {
		return nil
	}
	if gr := g.Unbounded(gf.openWidth); gr != nil {
		return fmt.Errorf("%s: %s: the positions never end; bound the game with --horizon N, or search up to the cap with --max-positions N", g.File, gr)
	}
	return nil
}
