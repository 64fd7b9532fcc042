package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"time"
	"unicode/utf8"

	"retro/out/table"
	"retro/positions"
	"retro/rules"
)

// sniffSize is how much of a file readTableFile reads to tell a table
// from a game file.
const sniffSize = 512

// errNotText: a file that is neither a table nor a game file.
var errNotText = errors.New("not a table file and not UTF-8 text")

// readTableFile reads a table file whole. ok is false when path is not a
// table (told by its magic number, not its name): a game file, or no file.
func readTableFile(path string) (t *table.Table, ok bool, err error) {
	return loadTableFile(path, false)
}

// tableWhole is the most positions of an instance whose results a table
// file is read whole with (table.Load); the tests lower it, to read small
// tables a position at a time.
var tableWhole = table.MaxWhole

// loadTableFile reads a table file: whole, or, with probes, a position at
// a time where an instance is too large to rebuild whole (its Probes;
// the file then stays open for them to read).
func loadTableFile(path string, probes bool) (t *table.Table, ok bool, err error) {
	if ok, err = sniffTable(path); !ok || err != nil {
		return nil, ok, err
	}
	f, file, err := openTable(path)
	if err != nil {
		return nil, true, err
	}
	if t, err = table.Load(f, tableWhole); err != nil {
		file.Close()
		return nil, true, fmt.Errorf("%s: %w", path, err)
	}
	switch {
	case t.Results != nil:
		file.Close()
	case !probes:
		file.Close()
		return nil, true, fmt.Errorf("%s: %w: this command needs it whole; retro show, tree, query, ege and info read it a block at a time", path, t.Whole)
	}
	return t, true, nil
}

// openTable opens a table file for reading block by block.
func openTable(path string) (*table.File, *os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err == nil {
		var t *table.File
		if t, err = table.Open(f, st.Size()); err == nil {
			return t, f, nil
		}
	}
	f.Close()
	return nil, nil, fmt.Errorf("%s: %w", path, err)
}

// sniffTable tells a table file from a game file by its first bytes: ok
// is true for a table, and for a file that is neither (err says so);
// false for UTF-8 text or no file.
func sniffTable(path string) (ok bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return false, nil
	}
	head := make([]byte, sniffSize)
	n, _ := io.ReadFull(f, head)
	f.Close()
	if table.HasMagic(head[:n]) {
		return true, nil
	}
	if !looksLikeText(head[:n], n == sniffSize) {
		return true, fmt.Errorf("%s: %w", path, errNotText)
	}
	return false, nil
}

// looksLikeText tells whether the first bytes of a file may begin a game
// file: UTF-8 without a NUL byte. When the sample is cut from a longer
// file (more is true), a letter cut by its end is left out.
func looksLikeText(head []byte, more bool) bool {
	if more {
		head = trimCutRune(head)
	}
	return bytes.IndexByte(head, 0) < 0 && utf8.Valid(head)
}

// trimCutRune drops the start of a multi-byte letter that the end of b
// cuts: the last rune start within the last utf8.UTFMax bytes, when the
// bytes from it are not a whole rune.
func trimCutRune(b []byte) []byte {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return b[:i]
			}
			return b
		}
	}
	return b
}

// tableArg returns the results of a table file named by arg; ok is false
// when arg is not a table file. The --param flags choose among what the
// table holds (instances by their rule parameters, start positions by
// their start parameters); the flags that change a solve are refused.
func (gf *gameFlags) tableArg(arg string) (s *solved, ok bool, err error) {
	start := time.Now()
	t, ok, err := loadTableFile(arg, gf.probes)
	if !ok || err != nil {
		return nil, ok, err
	}
	g := t.Game
	for _, name := range []string{"horizon", "upto"} {
		if gf.fs != nil && gf.fs.Changed(name) {
			return nil, true, fmt.Errorf("--%s applies when solving a game; %s is a table of %s, solved already", name, arg, g.File)
		}
	}
	if err := gf.checkOpenWidth(arg, t); err != nil {
		return nil, true, err
	}
	if err := selectParams(arg, t, gf.params, false); err != nil {
		return nil, true, err
	}
	return &solved{game: g, results: t.Results, elapsed: time.Since(start), table: t}, true, nil
}

// checkOpenWidth lets an open parameter of a table take the values it
// was solved with, no more: a wider range needs a new solve.
func (gf *gameFlags) checkOpenWidth(arg string, t *table.Table) error {
	width := t.OpenWidth
	if width <= 0 {
		width = positions.DefaultOpenWidth
	}
	for _, p := range t.Game.Params {
		if !p.Open {
			continue
		}
		if (gf.fs == nil || !gf.fs.Changed("open-width")) && gf.openWidth == positions.DefaultOpenWidth {
			gf.openWidth = width // what the table was solved with, unless asked for more
		}
		if gf.openWidth != width {
			return fmt.Errorf("%s holds %s = %d..%d only (solved with --open-width %d); for more values solve %s again with --open-width %d",
				arg, p.Name, p.Lo, rules.OpenHi(p.Lo, width), width, t.Game.File, gf.openWidth)
		}
	}
	return nil
}

// selectParams applies the --param flags to a table read from arg: each
// chooses part of what it holds (table.Select). With skipUnknown, a flag
// that names a parameter the game does not have is passed over (in a sum
// of games, a flag may be meant for another).
func selectParams(arg string, t *table.Table, flags []string, skipUnknown bool) error {
	for _, flag := range flags {
		pv, err := readParam(flag)
		if err != nil {
			return err
		}
		err = t.Select(arg, table.Range{Name: pv.name, Lo: pv.lo, Hi: pv.hi, Open: pv.open})
		switch {
		case err == nil:
		case errors.Is(err, table.ErrNoParam) && skipUnknown:
		case errors.Is(err, table.ErrNoParam):
			return &usageError{err: fmt.Errorf("--param %s: %w", flag, err)}
		default:
			return fmt.Errorf("--param %s: %w", flag, err)
		}
	}
	return nil
}
