//go:build !js

package main

import (
	"context"
	"io"
	"strconv"
	"time"

	"github.com/spf13/pflag"

	"retro/out"
	"retro/retro"
)

func init() {
	register(&command{
		name:  "export",
		usage: "export [flags] GAME",
		short: "write the solved table as CSV or Parquet",
		long: `Export solves GAME and writes one CSV row per analysed position: the rule
parameters (games with parameters in the rules), the piles, the history
columns (last, mylast), then outcome, layer and best (the optimal moves as
command:(v1,v2,…) separated by "; "; --best one, the default, writes the
first optimal move only, --best all every one, --best none leaves the column
out and is the fastest). Rows come by layer, then by pile values,
then by history; D and ? rows last. The file is written whole or not at all.
A heap game (sum = true) gives every collection of heaps reachable from one
heap of 0..--upto, as columns x1..xK: the heaps, largest first, padded with
zeros (x alone when no move splits a heap).

--parquet FILE writes the same rows and columns as a Parquet file (zstd
compressed; layer is null for D and ?), which DuckDB, pandas and Polars read
directly; the CSV is then written only when --csv asks for it. GAME may be a
table file (retro solve -o): the rows are the same, without solving again.

For spreadsheets set to a Russian (or other) locale: --sep ';' separates the
fields with semicolons and --bom starts the file with a UTF-8 byte order
mark, so that Excel opens it in UTF-8 with one column per field. A long
export shows its rows written, of how many, on stderr, as a solve shows its
progress (retro help solve); --quiet shows none.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &exportOptions{}
			o.game.add(fs)
			o.files.add(fs, "write the CSV to this file (default: standard output)", true)
			fs.StringVar(&o.layer, "layer", "", "keep only the positions of this layer (a number), or D, or ? (beyond the horizon)")
			fs.StringVar(&o.best, "best", "one", "the optimal moves in the best column: one (the first), all, or none (no column)")
			o.csv.add(fs)
			return o.run
		},
	})
}

type exportOptions struct {
	game  gameFlags
	files outputFiles
	layer string
	best  string
	csv   csvFlags
}

func (o *exportOptions) run(ctx context.Context, e *env, args []string) error {
	if len(args) != 1 {
		return usagef(commands["export"], "export takes one GAME")
	}
	if err := o.files.check(args[0]); err != nil {
		return err
	}
	opt, err := o.csvOptions()
	if err != nil {
		return err
	}
	opt.Context = ctx
	s, err := o.game.solveArg(ctx, e, args[0])
	if err != nil {
		return err
	}
	return o.files.write(ctx, e, func(w io.Writer) error {
		defer exportProgress(e, bool(o.game.quiet), s, &opt)()
		return out.WriteCSV(w, s.results, opt)
	}, func(w io.Writer) error {
		defer exportProgress(e, bool(o.game.quiet), s, &opt)()
		return out.WriteParquet(w, s.results, opt)
	})
}

// csvOptions reads export's --layer, --best, --sep and --bom.
func (o *exportOptions) csvOptions() (out.CSVOptions, error) {
	c := commands["export"]
	opt := out.CSVOptions{Layer: -1, BOM: o.csv.bom}
	switch o.layer {
	case "":
	case "D", "d":
		opt.KeepOutcome, opt.Outcome = true, retro.Draw
	case "?":
		opt.KeepOutcome, opt.Outcome = true, retro.Unknown
	default:
		n, err := strconv.Atoi(o.layer)
		if err != nil || n < 0 {
			return opt, usagef(c, "--layer %q: want a layer (0, 1, 2, …), D or ?", o.layer)
		}
		opt.Layer = n
	}
	switch o.best {
	case "one":
		opt.Best = out.BestOne
	case "all":
		opt.Best = out.BestAll
	case "none":
		opt.Best = out.BestNone
	default:
		return opt, usagef(c, "--best %q: want one, all or none", o.best)
	}
	r, err := o.csv.comma(c)
	opt.Comma = r
	return opt, err
}

// exportProgress shows the rows an export has written and of how many
// (progress.go); the function it returns ends the progress.
func exportProgress(e *env, quiet bool, s *solved, opt *out.CSVOptions) func() {
	total := opt.RowCount(s.results)
	p := newProgress(e, quiet, time.Now())
	opt.Progress = func(n int64) { p.show("%s", countLine("export", n, total, "rows")) }
	return p.done
}
