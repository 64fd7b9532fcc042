package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"retro/out/grid"
	"retro/out/query"
	"retro/retro"
	"retro/rules"
	"retro/rules/sg"
)

// sliceFlags are the flags that choose the slice of a map (retro map, and
// the map of retro diff): --x, --y, --at, --last, --mylast.
type sliceFlags struct {
	x, y         string
	at           []string
	last, mylast string
}

func (f *sliceFlags) add(fs *pflag.FlagSet) {
	fs.StringVar(&f.x, "x", "", "the pile (or rule parameter) across the map, and its range: NAME or NAME=LO..HI (default: the first pile, over the values the game takes)")
	fs.StringVar(&f.y, "y", "", "the pile (or rule parameter) down the map: NAME or NAME=LO..HI (default: the second pile; in a game of one pile its rule parameter, or one row)")
	fs.StringArrayVar(&f.at, "at", nil, "where another pile or rule parameter stands: NAME=VALUE (repeatable; default: as at the first start)")
	fs.StringVar(&f.last, "last", "", "the history the positions carry: the opponent's last move, none or a command's name (default: the starts')")
	fs.StringVar(&f.mylast, "mylast", "", "the player's own last move, none or a command's name (games that keep both)")
}

// choice reads the flags.
func (f *sliceFlags) choice(c *command) (grid.Choice, error) {
	ch := grid.Choice{Last: f.last, Mylast: f.mylast, At: map[string]int64{}}
	var err error
	if ch.X, ch.XRange, err = grid.ParseAxis(f.x); err != nil {
		return ch, usagef(c, "--x %q: %v", f.x, err)
	}
	if ch.Y, ch.YRange, err = grid.ParseAxis(f.y); err != nil {
		return ch, usagef(c, "--y %q: %v", f.y, err)
	}
	for _, a := range f.at {
		name, val, ok := strings.Cut(a, "=")
		v, err := rules.ParseInt(val)
		if !ok || strings.TrimSpace(name) == "" || err != nil {
			return ch, usagef(c, "--at %q: want NAME=VALUE", a)
		}
		ch.At[strings.TrimSpace(name)] = v
	}
	return ch, nil
}

// readMapFlags reads the flags a map is drawn by: the slice, the
// language of its words, and the separator and mark of its CSV.
func readMapFlags(c *command, e *env, slice *sliceFlags, lang *langFlag, csv *csvFlags) (grid.Choice, grid.CSVOptions, error) {
	choice, err := slice.choice(c)
	if err != nil {
		return choice, grid.CSVOptions{}, err
	}
	if err := lang.choose(c, e); err != nil {
		return choice, grid.CSVOptions{}, err
	}
	sep, err := csv.comma(c)
	return choice, grid.CSVOptions{Comma: sep, BOM: csv.bom}, err
}

// mapFormat is a map's format by -o's extension, or --format.
func mapFormat(c *command, format, output string) (string, error) {
	if format == "" {
		switch ext := strings.ToLower(filepath.Ext(output)); {
		case output == "" || output == "-":
			format = "text"
		case ext == ".htm":
			format = "html"
		default:
			format = strings.TrimPrefix(ext, ".")
		}
	}
	switch format {
	case "text", "svg", "png", "html", "csv":
		return format, nil
	}
	return "", usagef(c, "-o %q: want a file ending in .svg, .png, .html or .csv (or --format svg, png, html, csv or text)", output)
}

// writeGrid writes a map in its format: to the file (whole or not at
// all), or to standard output (text, coloured on a terminal).
func writeGrid(ctx context.Context, e *env, g *grid.Grid, format, output string, csv grid.CSVOptions, colour bool) error {
	write := func(w io.Writer) error {
		switch format {
		case "svg":
			return grid.WriteSVG(w, g)
		case "png":
			return grid.WritePNG(w, g)
		case "html":
			return grid.WriteHTML(w, g)
		case "csv":
			return grid.WriteCSV(w, g, csv)
		}
		return grid.WriteText(w, g, colour)
	}
	if output == "" || output == "-" {
		return write(e.stdout)
	}
	return writeAtomic(ctx, output, write)
}

// heapMap is the map of the sums of two heaps of a heap game, x and y in
// 0..upto: g(x) XOR g(y). A misère game is refused: its sums are not
// decided by Grundy values.
func heapMap(ctx context.Context, g *rules.Game, at map[string]int64, upto int) (*grid.Grid, error) {
	for _, p := range g.RuleParams() {
		if v, ok := at[p.Name]; ok {
			if err := retro.SetParams(g, []rules.Setting{{Name: p.Name, Lo: v, Hi: v}}); err != nil {
				return nil, err
			}
		}
	}
	insts, err := g.Instances()
	if err != nil {
		return nil, err
	}
	if w, err := insts[0].HeapWinner(); err != nil || w == rules.Other {
		if err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%s is played misère (the player who cannot move wins): Grundy values do not decide its sums; "+
			"retro sg GAME --heaps A,B solves a sum exactly", g.ShownName())
	}
	tables, err := sg.AnalyseGame(ctx, g, sg.Options{Upto: upto})
	if err != nil {
		return nil, err
	}
	t := tables[0]
	title := g.ShownName()
	if l := t.Instance.Label(); l != "" {
		title += ", " + l
	}
	return grid.SumGrid(title, func(n int) uint32 { return t.Table.G(n) }, int64(upto)), nil
}

// langRu reports whether the words are Russian.
func langRu(l query.Lang) bool { return l == query.Ru }
