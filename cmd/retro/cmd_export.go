package main

import (
	"context"
	"io"

	"github.com/spf13/pflag"

	"retro/out"
)

func init() {
	register(&command{
		name:  "export",
		usage: "export [flags] GAME",
		short: "write the solved table as CSV",
		long: `Export solves GAME and writes one CSV row per analysed position: the rule
parameters (games with parameters in the rules), the piles, the history
columns (last, mylast), then outcome, layer and best (the optimal moves as
command:(v1,v2,…) separated by "; "). Rows come by layer, then by pile values,
then by history; D and ? rows last. The file is written whole or not at all.
A heap game (sum = true) gives every collection of heaps reachable from one
heap of 0..--upto, as columns x1..xK: the heaps, largest first, padded with
zeros (x alone when no move splits a heap).

--parquet FILE writes the same rows and columns as a Parquet file (zstd
compressed; layer is null for D and ?), which DuckDB, pandas and Polars read
directly; the CSV is then written only when --csv asks for it. GAME may be a
table file (retro solve -o): the rows are the same, without solving again.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &exportOptions{}
			o.game.add(fs)
			fs.StringVar(&o.csv, "csv", "", "write the CSV to this file (default: standard output)")
			fs.IntVar(&o.layer, "layer", -1, "keep only the positions of this layer")
			fs.StringVar(&o.parquet, "parquet", "", "write the rows as Parquet to this file")
			return o.run
		},
	})
}

type exportOptions struct {
	game    gameFlags
	csv     string
	layer   int
	parquet string
}

func (o *exportOptions) run(ctx context.Context, e *env, args []string) error {
	if len(args) != 1 {
		return usagef(commands["export"], "export takes one GAME")
	}
	if err := checkNotInput("--csv", o.csv, args[0]); err != nil {
		return err
	}
	if err := checkNotInput("--parquet", o.parquet, args[0]); err != nil {
		return err
	}
	s, err := o.game.solveArg(ctx, e, args[0])
	if err != nil {
		return err
	}
	write := func(w io.Writer) error {
		return out.WriteCSV(w, s.results, out.CSVOptions{Layer: o.layer})
	}
	if o.parquet != "" {
		if err := writeAtomic(ctx, o.parquet, func(w io.Writer) error {
			return out.WriteParquet(w, s.results, out.CSVOptions{Layer: o.layer})
		}); err != nil {
			return err
		}
		if o.csv == "" {
			return nil
		}
	}
	if o.csv == "" || o.csv == "-" {
		return write(e.stdout)
	}
	return writeAtomic(ctx, o.csv, write)
}
