package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"retro/out"
	"retro/out/grid"
	"retro/retro"
	"retro/rules"
	"retro/rules/sg"
)

func init() {
	register(&command{
		name:  "sg",
		usage: "sg [flags] GAME | sg [flags] GAME --heaps N,N,… | sg [flags] GAME:N[,N…] GAME:N…",
		short: "Sprague–Grundy values of a heap game, and sums of heaps",
		long: `Sg analyses a heap game (sum = true): a game played on a collection of heaps,
each by the rules of one pile x, where a move changes one heap (and may split
it: x -> a, b). The Grundy value g(n) of a heap of n is the least value not
among its options, an option of several heaps counting as the XOR of theirs.

With one GAME, sg prints g(0..N) (--upto) and the period of the table: the
least p (with its preperiod n0 and, for arithmetic periodicity, the saltus
s) such that g(n+p) = g(n) + s for every n >= n0 in the table. For games
given by an octal code, and for games whose moves read as one (finite
subtraction and take-and-break games), the period is "proven" once the
table reaches the bound of the octal periodicity theorem (2(n0+p)+t for
take-and-break games, n0+p+t for subtraction games, t the most tokens a
move takes); otherwise it is "apparent up to N". --find-period doubles N
until the period is proven, or no theorem applies and a period appears, or
N reaches --cap. A game with parameters in its rules gives a table per value.

The values come by the rare/common ("sparse space") method where the game
allows it: for octal codes, and for moves whose splits read as rows
(x -> E1, E2 for i in LO..HI [if C], the parts linear in i and x and summing
to the same number, such as Grundy's game x -> i, x - i for i in 1..x-1 if
2 * i != x). The "method:" line says which was used and why not where it was
not; --method naive scans every option of every heap. --rare writes the
sparse heaps found (x,grundy). A long run shows its progress on stderr
(--quiet: none).

With --heaps, or with arguments GAME:N[,N…] (a sum of different games), sg
prints the XOR of the heaps' values, who wins, and every winning move (those
of equal heaps once). --json writes the tables, or the sum, as JSON on
standard output; --csv FILE writes the table as CSV (- for standard output)
and --parquet FILE as Parquet, each file whole or not at all, as export
writes them.

Misère games (winner = "other") are not decided by Grundy values: sg prints
the normal-play values of the moves with the misère outcome of each single
heap, and solves misère sums exactly by enumerating every collection of heaps
reachable, up to --misere-cap collections.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &sgOptions{}
			fs.StringArrayVar(&o.params, "param", nil, "set a parameter's range: NAME=LO..HI or NAME=VALUE (repeatable)")
			fs.IntVar(&o.upto, "upto", 100, "the table's last heap N: g(0..N)")
			o.files.add(fs, "write the table as CSV to this file, - for standard output: x,grundy (after the rule parameters)", grundyParquet != nil)
			fs.BoolVar(&o.findPeriod, "find-period", false, "double N until a period is proven, or --cap")
			fs.IntVar(&o.cap, "cap", 0, "the largest N --find-period tries (default 2^20 for octal codes, 2^12 for moves)")
			fs.StringVar(&o.heaps, "heaps", "", "a position of several heaps of GAME: N,N,…")
			fs.StringVar(&o.method, "method", "fast", "fast (sparse, then for octal codes the period once proven), sparse (rare/common values) or naive (every option of every heap)")
			fs.BoolVar(&o.rare, "rare", false, "write the sparse (rare) heaps the sparse-space method found as CSV: x,grundy")
			fs.BoolVar(&o.json, "json", false, "write the tables, or the sum, as JSON")
			fs.StringVar(&o.plot, "plot", "", "draw g(n) against n: a file ending in .svg or .png")
			fs.IntVar(&o.misereCap, "misere-cap", 2_000_000, "misère play: the most collections of heaps enumerated")
			o.quiet.add(fs)
			return o.run
		},
	})
}

type sgOptions struct {
	params     []string
	upto       int
	files      outputFiles
	findPeriod bool
	cap        int
	heaps      string
	method     string
	misereCap  int
	rare, json bool
	plot       string
	quiet      quietFlag
}

func (o *sgOptions) run(ctx context.Context, e *env, args []string) error {
	c := commands["sg"]
	if _, ok := sg.ParseOctalMethod(o.method); !ok {
		return usagef(c, "--method %q: want fast, sparse or naive", o.method)
	}
	if o.upto < 0 || o.upto > maxUpto {
		return usagef(c, "--upto %d: want 0..%d", o.upto, maxUpto)
	}
	files := o.files.csv != "" || o.files.parquet != ""
	if o.rare && (files || o.json) {
		return usagef(c, "choose one of --rare, --csv (or --parquet) and --json")
	}
	if o.plot != "" && (files || o.json || o.rare || o.heaps != "") {
		return usagef(c, "--plot draws the table: choose it alone, not with --csv, --parquet, --json, --rare or --heaps")
	}
	if ext := strings.ToLower(filepath.Ext(o.plot)); o.plot != "" && ext != ".svg" && ext != ".png" {
		return usagef(c, "--plot %q: want a file ending in .svg or .png", o.plot)
	}
	if files && o.json {
		return usagef(c, "choose --csv (or --parquet) or --json, not both")
	}
	if len(args) == 0 {
		return usagef(c, "sg takes a GAME")
	}
	if err := o.files.check(args[0]); err != nil {
		return err
	}
	summed := len(args) > 1 || strings.Contains(args[0], ":")
	switch {
	case files && (o.heaps != "" || summed):
		return usagef(c, "--csv and --parquet write a table, not a sum of heaps: --json writes the sum")
	case o.heaps != "" && summed:
		return usagef(c, "--heaps takes one GAME; a sum of games is written GAME:N GAME:N")
	case o.heaps != "":
		heaps, err := parseHeapList(o.heaps)
		if err != nil {
			return usagef(c, "--heaps: %v", err)
		}
		return o.runSum(ctx, e, []sumArg{{game: args[0], heaps: heaps}})
	case summed:
		var sum []sumArg
		for _, a := range args {
			name, list, ok := cutLast(a, ":")
			if !ok {
				return usagef(c, "%q: a sum of games is written GAME:N[,N…] GAME:N…", a)
			}
			heaps, err := parseHeapList(list)
			if err != nil {
				return usagef(c, "%s: %v", a, err)
			}
			sum = append(sum, sumArg{game: name, heaps: heaps})
		}
		return o.runSum(ctx, e, sum)
	}
	return o.runTable(ctx, e, args[0])
}

// cutLast cuts s around the last sep.
func cutLast(s, sep string) (before, after string, found bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// load reads a game (a game file, a built-in game, or the game a table file
// was solved from) and applies the --param flags that name its params;
// with strict, every --param must name one of them. On a table, --param
// chooses part of what it holds, as for every command (selectParams).
func (o *sgOptions) load(arg string, strict bool) (*rules.Game, error) {
	// A table holds its game as given: the Grundy values are worked out
	// from its rules, as from the game file.
	t, isTable, err := readTableFile(arg)
	if !isTable {
		return o.loadGame(arg, strict)
	}
	if err != nil {
		return nil, err
	}
	if err := heapGame(t.Game); err != nil {
		return nil, err
	}
	if err := selectParams(arg, t, o.params, !strict); err != nil {
		return nil, err
	}
	return t.Game, nil
}

// loadGame reads a game file or a built-in game and applies the --param
// flags as every command does (readParams, retro.SetParams, paramError);
// without strict, a flag that names no param of the game is passed over
// (in a sum of games, it may be meant for another).
func (o *sgOptions) loadGame(arg string, strict bool) (*rules.Game, error) {
	all, err := readParams(o.params)
	if err != nil {
		return nil, err
	}
	g, err := rules.FromArg(arg).Load()
	if err != nil {
		return nil, err
	}
	if err := heapGame(g); err != nil {
		return nil, err
	}
	set, flags := all, o.params
	if !strict {
		set, flags = nil, nil
		for k, s := range all {
			if slices.ContainsFunc(g.Params, func(p rules.Param) bool { return p.Name == s.Name }) {
				set, flags = append(set, s), append(flags, o.params[k])
			}
		}
	}
	if err := retro.SetParams(g, set); err != nil {
		return nil, paramError(flags, err)
	}
	return g, nil
}

// grundyParquet writes Grundy tables as Parquet (out.WriteGrundyParquet),
// where the build writes Parquet files (parquet.go): not in a browser.
var grundyParquet func(w io.Writer, g *rules.Game, tables []out.GrundyTable) error

// heapGame refuses a game that is not a heap game.
func heapGame(g *rules.Game) error {
	if !g.Sum {
		return fmt.Errorf("%s is not a heap game (sum = true): use 'retro solve'", g.File)
	}
	return nil
}

// maxUpto is the largest table sg computes: 2^32 heaps take 4 GiB at
// one byte a value.
const maxUpto = 1 << 32

// options are the library's options of the flags; done ends the
// progress the tables show (progress.go).
func (o *sgOptions) options(e *env) (opt sg.Options, done func()) {
	method, _ := sg.ParseOctalMethod(o.method)
	var prog *progress // the line of the table being computed
	done = func() {
		if prog != nil {
			prog.done()
		}
	}
	opt = sg.Options{Method: method, Upto: o.upto, FindPeriod: o.findPeriod, Cap: o.cap, MisereCap: o.misereCap,
		Progress: func(in *rules.Instance, n int) func(done, sparse int) {
			done()
			prog = newProgress(e, bool(o.quiet), time.Now())
			pre := prog.prefix(in)
			return func(heaps, sparse int) {
				rate := float64(heaps) / time.Since(prog.start).Seconds()
				rare := "every option scanned"
				if sparse >= 0 {
					rare = fmt.Sprintf("%d sparse heaps", sparse)
				}
				prog.show("%sg(0..%d): %d values (%.0f%%), %s, %.3g values/s", pre, n, heaps, 100*float64(heaps)/float64(n), rare, rate)
			}
		}}
	return opt, done
}

func (o *sgOptions) runTable(ctx context.Context, e *env, arg string) error {
	g, err := o.load(arg, true)
	if err != nil {
		return err
	}
	opt, done := o.options(e)
	tables, err := sg.AnalyseGame(ctx, g, opt)
	done()
	if err != nil {
		return err
	}
	rows := make([]out.GrundyTable, len(tables))
	for k, t := range tables {
		limit := o.cap
		if limit <= 0 {
			limit = sg.DefaultCap(t.Instance)
		}
		rows[k] = out.GrundyTable{Params: t.Instance.Values, Table: t.Table, Upto: o.upto, Misere: t.Misere,
			Collections: t.Collections, CapHit: t.CapHit, Period: t.Period, Extendable: o.upto < limit}
	}
	switch {
	case o.files.csv != "" || o.files.parquet != "":
		err := o.files.write(ctx, e, func(w io.Writer) error { return out.WriteGrundyCSV(w, g, rows) },
			func(w io.Writer) error { return grundyParquet(w, g, rows) })
		if err == nil {
			// The period and the method, which the table does not hold:
			// on stderr where the table takes standard output.
			w := e.stdout
			if o.files.csv == "-" || o.files.parquet == "-" {
				w = e.stderr
			}
			out.WriteGrundySummary(w, g, rows, o.method, o.findPeriod)
		}
		return err
	case o.plot != "":
		return o.writePlot(ctx, g, tables)
	case o.rare:
		return out.WriteRareCSV(e.stdout, g, rows)
	case o.json:
		return out.WriteGrundyJSON(e.stdout, g, rows, o.method)
	}
	out.WriteGrundyText(e.stdout, g, rows, o.method, o.findPeriod)
	return nil
}

// writePlot draws g(n) against n of the first table (of each instance, in
// a game with parameters in its rules, the first).
func (o *sgOptions) writePlot(ctx context.Context, g *rules.Game, tables []*sg.Analysis) error {
	t := tables[0]
	title := g.ShownName()
	if l := t.Instance.Label(); l != "" {
		title += ", " + l
	}
	p := &grid.Plot{Title: title + ": g(n)", G: func(n int) uint32 { return t.Table.G(n) }, Upto: min(o.upto, t.Table.Len()-1)}
	return writeAtomic(ctx, o.plot, func(w io.Writer) error {
		if strings.EqualFold(filepath.Ext(o.plot), ".png") {
			return p.WritePNG(w)
		}
		return p.WriteSVG(w)
	})
}

// sumArg is one GAME:N,N… argument.
type sumArg struct {
	game  string
	heaps []int64
}

// sumPart is one heap of a sum with its game.
type sumPart struct {
	label string // how the heap is written: "9", or "nim:9" in a sum of games
	heap  sg.Heap
}

func (o *sgOptions) runSum(ctx context.Context, e *env, args []sumArg) error {
	parts, insts, err := o.loadSum(args)
	if err != nil {
		return err
	}
	heaps := make([]sg.Heap, len(parts))
	res := out.SumJSON{Heaps: []string{}, Moves: []out.SumMoveJSON{}}
	for k, p := range parts {
		heaps[k] = p.heap
		res.Heaps = append(res.Heaps, p.label)
	}
	for _, in := range insts {
		res.Games = append(res.Games, in.Game.Name)
	}
	opt, done := o.options(e)
	sum, err := sg.SolveSum(ctx, heaps, insts, opt)
	done()
	switch {
	case errors.Is(err, sg.ErrMisereCap):
		return fmt.Errorf("misère play: %w (exact analysis enumerates every collection of heaps reachable; raise --misere-cap, or use smaller heaps)", err)
	case err != nil:
		return err
	}
	res.Win, res.Grundy, res.Values = sum.Win, sum.Grundy, sum.Values
	if sum.Grundy == nil {
		res.Misere = sum.Collections
	}
	for _, mv := range sum.Moves {
		to := mv.To
		if to == nil {
			to = []int64{}
		}
		res.Moves = append(res.Moves, out.SumMoveJSON{Heap: parts[mv.Index].label, To: to, Leaves: leaves(parts, mv)})
	}
	if o.json {
		return out.WriteJSONValue(e.stdout, res)
	}
	out.WriteSumText(e.stdout, res)
	return nil
}

// loadSum loads the games of a sum (one instance each) and makes its
// heaps; Heap.Game is the index of the heap's instance.
func (o *sgOptions) loadSum(args []sumArg) ([]sumPart, []*rules.Instance, error) {
	var (
		parts []sumPart
		insts []*rules.Instance
		index = map[string]int{}
	)
	for _, a := range args {
		gi, ok := index[a.game]
		if !ok {
			g, err := o.load(a.game, len(args) == 1)
			if err != nil {
				return nil, nil, err
			}
			in, err := singleInstance(g)
			if err != nil {
				return nil, nil, err
			}
			gi = len(insts)
			insts = append(insts, in)
			index[a.game] = gi
		}
		in := insts[gi]
		win, err := in.HeapWinner() // Other for misère play
		if err != nil {
			return nil, nil, err
		}
		m := in.NewMachine()
		for _, h := range a.heaps {
			label := strconv.FormatInt(h, 10)
			if len(args) > 1 {
				label = a.game + ":" + label
			}
			parts = append(parts, sumPart{label: label, heap: sg.Heap{Size: h, Game: gi, Mover: m, Win: win}})
		}
	}
	if len(args) > 1 {
		if err := o.paramsNamed(insts); err != nil {
			return nil, nil, err
		}
	}
	return parts, insts, nil
}

// paramsNamed refuses, in a sum of games, a --param that names a param of
// none of them: each game takes the flags of its own params only.
func (o *sgOptions) paramsNamed(insts []*rules.Instance) error {
	all, err := readParams(o.params)
	if err != nil {
		return err
	}
	var names []string
	for _, in := range insts {
		for _, p := range in.Game.Params {
			if !slices.Contains(names, p.Name) {
				names = append(names, p.Name)
			}
		}
	}
	for k, s := range all {
		if slices.Contains(names, s.Name) {
			continue
		}
		have := "none of them has params"
		if len(names) > 0 {
			have = "params: " + strings.Join(names, ", ")
		}
		return &usageError{err: fmt.Errorf("--param %s: no game of the sum has a param %s (%s)", o.params[k], s.Name, have)}
	}
	return nil
}

// leaves writes the position a move of a sum leaves.
func leaves(parts []sumPart, mv sg.HeapMove) string {
	var s []string
	for k, p := range parts {
		if k != mv.Index {
			s = append(s, p.label)
			continue
		}
		prefix := ""
		if i := strings.LastIndex(p.label, ":"); i >= 0 {
			prefix = p.label[:i+1]
		}
		for _, h := range mv.To {
			s = append(s, prefix+strconv.FormatInt(h, 10))
		}
	}
	if len(s) == 0 {
		return "nothing"
	}
	return strings.Join(s, " + ")
}
