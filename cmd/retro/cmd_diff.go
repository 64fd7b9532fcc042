package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"retro/out/grid"
	"retro/out/query"
)

func init() {
	register(&command{
		name:  "diff",
		usage: "diff [flags] A B",
		short: "compare two games over the same piles, position by position",
		long: `Diff solves two games (each a game file, a built-in game or a table file;
--param applies to both) and compares them position by position: a position
is the same in both when its rule parameters, piles (by name) and history
(by the names of the commands) are; where one game keeps less history than
the other, its positions are taken as carrying "none". Diff prints how many
positions change outcome or layer, and how (W→L, L→W, to and from D or ?,
the layer only), those of one game only apart, and, where both are exam
games (a [start] with a parameter), the exam's tasks 19–21 of each side by
side.

--csv FILE writes every position whose value differs: its rule parameters,
piles and history, then outcome and layer in A and in B (empty where the
position is not in that game). --map FILE.svg|.png|.html|.csv draws a slice
of A as retro map does (--x, --y, --at, --last, --mylast), the cells that
changed in their change's colour (B's value written in them) and the others
faded.

The exit status follows diff(1): 0 when the games agree at every position,
1 when they differ, 2 for trouble (a game that does not load or solve, piles
that differ).`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &diffOptions{}
			o.game.add(fs)
			o.slice.add(fs)
			fs.StringVar(&o.csvFile, "csv", "", "write the positions that differ as CSV to this file (- for standard output)")
			fs.StringVar(&o.mapFile, "map", "", "draw the slice with the changed cells marked: a file ending in .svg, .png, .html or .csv")
			o.csv.add(fs)
			o.lang.add(fs, "the summary and the map", false)
			return o.run
		},
	})
}

type diffOptions struct {
	game    gameFlags
	slice   sliceFlags
	csvFile string // --csv: the positions that differ
	mapFile string
	csv     csvFlags
	lang    langFlag
}

func (o *diffOptions) run(ctx context.Context, e *env, args []string) error {
	err := o.diff(ctx, e, args)
	var usage *usageError
	switch {
	case err == nil, errors.As(err, &usage), errors.Is(err, context.Canceled):
		return err
	case errors.Is(err, errDiffer):
		return &statusError{code: 1}
	}
	return &statusError{code: 2, err: err}
}

// errDiffer is the end of a diff of games that differ.
var errDiffer = errors.New("the games differ")

func (o *diffOptions) diff(ctx context.Context, e *env, args []string) error {
	c := commands["diff"]
	if len(args) != 2 {
		return usagef(c, "diff takes two games, A and B")
	}
	format := ""
	if o.mapFile != "" {
		var err error
		if format, err = mapFormat(c, "", o.mapFile); err != nil || format == "text" {
			return usagef(c, "--map %q: want a file ending in .svg, .png, .html or .csv", o.mapFile)
		}
	}
	for _, f := range []struct{ flag, path string }{{"--csv", o.csvFile}, {"--map", o.mapFile}} {
		if err := checkNotInput(f.flag, f.path, args...); err != nil {
			return err
		}
	}
	choice, csv, err := readMapFlags(c, e, &o.slice, &o.lang, &o.csv)
	if err != nil {
		return err
	}
	o.game.probes = true
	var sides [2]*solved
	for k, arg := range args {
		if sides[k], err = o.game.solveArg(ctx, e, arg); err != nil {
			return err
		}
		if sides[k].game.Sum {
			return fmt.Errorf("%s is a heap game: retro sg compares Grundy values; diff compares games over piles", arg)
		}
	}
	pair, err := grid.NewPair(sides[0].game, sides[1].game, sides[0].probed(), sides[1].probed())
	if err != nil {
		return err
	}
	counts, err := o.compare(ctx, e, pair, csv)
	if err != nil {
		return err
	}
	w := e.stdout
	if o.csvFile == "-" {
		w = e.stderr // the CSV takes standard output
	}
	writeDiffSummary(w, args, sides, counts, o.lang.lang)
	writeDiffTasks(w, sides, o.game.openWidth, o.lang.lang)
	if o.mapFile != "" {
		g, err := diffGrid(sides, pair, choice)
		if err != nil {
			return err
		}
		g.Ru = langRu(o.lang.lang)
		if err := writeGrid(ctx, e, g, format, o.mapFile, csv, false); err != nil {
			return err
		}
	}
	if counts.Differ()+counts[grid.OnlyA]+counts[grid.OnlyB] > 0 {
		return errDiffer
	}
	return nil
}

// compare counts the changes, writing the positions that differ to --csv.
func (o *diffOptions) compare(ctx context.Context, e *env, pair *grid.Pair, csv grid.CSVOptions) (grid.Changes, error) {
	if o.csvFile == "" {
		return pair.Compare(nil)
	}
	var counts grid.Changes
	write := func(w io.Writer) error {
		var err error
		counts, err = grid.WriteDiffCSV(w, pair, csv)
		return err
	}
	if o.csvFile == "-" {
		return counts, write(e.stdout)
	}
	return counts, writeAtomic(ctx, o.csvFile, write)
}

var (
	txtDiffPositions = query.Text{En: "positions", Ru: "позиций"}
	txtDiffBoth      = query.Text{En: "positions in both: %d, of which differ: %d", Ru: "позиций в обеих: %d, из них различаются: %d"}
	txtDiffOnly      = query.Text{En: "only in A: %d, only in B: %d", Ru: "только в A: %d, только в B: %d"}
	txtDiffTasks     = query.Text{En: "tasks 19–21", Ru: "задания 19–21"}
)

// writeDiffSummary prints the counts.
func writeDiffSummary(w io.Writer, args []string, sides [2]*solved, n grid.Changes, l query.Lang) {
	for k, s := range sides {
		total := 0
		for _, p := range s.probed() {
			total += p.Len()
		}
		fmt.Fprintf(w, "%s: %s (%s), %s %d\n", "AB"[k:k+1], s.game.ShownName(), args[k], l.Say(txtDiffPositions), total)
	}
	fmt.Fprintln(w, l.Say(txtDiffBoth, n[grid.Same]+n.Differ(), n.Differ()))
	for _, ch := range grid.Kinds()[1:] {
		if ch == grid.OnlyA || ch == grid.OnlyB {
			continue
		}
		fmt.Fprintf(w, "  %-14s %d\n", ch.String()+":", n[ch])
	}
	fmt.Fprintln(w, l.Say(txtDiffOnly, n[grid.OnlyA], n[grid.OnlyB]))
}

// writeDiffTasks prints the exam's tasks of both games side by side,
// where both are exam games whose tasks are answered within the width
// they were solved with.
func writeDiffTasks(w io.Writer, sides [2]*solved, width int64, l query.Lang) {
	var answers [2][]*query.Answer
	for k, s := range sides {
		if !s.game.HasStart || len(s.game.StartParams()) == 0 {
			return
		}
		a, err := query.ExamAnswers(s.probed(), width)
		if err != nil {
			return
		}
		answers[k] = a
	}
	fmt.Fprintf(w, "\n%-22s %-24s %s\n", l.Say(txtDiffTasks), "A", "B")
	for t, task := range query.ExamTasks {
		fmt.Fprintf(w, "%-22s %-24s %s\n", task.Key, l.AnswerText(answers[0][t]), l.AnswerText(answers[1][t]))
	}
}

// diffGrid is the map of the slice of A, with B's cells beside.
func diffGrid(sides [2]*solved, pair *grid.Pair, choice grid.Choice) (*grid.Grid, error) {
	g, err := sliceGrid(sides[0], choice)
	if err != nil {
		return nil, err
	}
	src := g.A.(*grid.Source)
	if g.B, err = pair.OtherSource(src.Slice); err != nil {
		return nil, err
	}
	g.Title = sides[0].game.ShownName() + " → " + sides[1].game.ShownName()
	return g, nil
}
