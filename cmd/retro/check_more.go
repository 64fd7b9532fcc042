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
// shown under the error). A name that is no file is left to loadGame.
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

// growthWarning warns of a game whose every move only adds stones, with
// nothing to end it: no end condition, no [bounds] box, no horizon. Its
// positions never repeat and never end, so a solve runs into the cap.
func growthWarning(g *rules.Game) string {
	if g.HasEnd || g.HasBounds || g.Horizon >= 0 || g.Signed || g.Sum {
		return ""
	}
	insts, err := g.Instances()
	if err != nil || len(insts) == 0 {
		return ""
	}
	for _, in := range insts {
		moves, _ := in.Affine()
		if len(moves) == 0 || !onlyGrow(moves) {
			return ""
		}
	}
	return "warning: every move only adds stones and nothing ends the game (no end, no [bounds], no horizon): " +
		"the positions never end, and a solve stops at --max-positions; add an end condition, a [bounds] box or a horizon"
}

// onlyGrow reports whether every move sets each pile it changes to at
// least its old value, for piles of zero or more: a coefficient of at
// least 1 on the pile itself, none negative, no negative constant, no
// division.
func onlyGrow(moves []rules.AffineMove) bool {
	for _, mv := range moves {
		for t, p := range mv.Targets {
			if mv.Div[t] != 1 || mv.Const[t] < 0 || mv.Coef[t][p] < 1 {
				return false
			}
			for _, c := range mv.Coef[t] {
				if c < 0 {
					return false
				}
			}
		}
	}
	return true
}
