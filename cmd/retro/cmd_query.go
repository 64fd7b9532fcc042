package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"retro/out"
	"retro/retro"
	"retro/retro/query"
	"retro/rules"
)

func init() {
	register(&command{
		name:  "query",
		usage: "query [flags] GAME QUESTION",
		short: "answer a question at every start: the ribbon and the answer",
		long: `Query solves GAME and evaluates QUESTION at every start position, one per
value of the parameters (for games with parameters in the rules, at each
instance's starts). It prints the ribbon, one cell per value with its outcome
and layer (28:W3), the cells where the question holds marked [28:W3] (in
colour on a terminal), then the answer on its own last line.

Questions (N ≥ 1; "not" binds tightest, then "and", then "or"):
  win N       the player to move wins in at most N of his moves, whatever
              the opponent does (W, layer ≤ 2N−1); win =N: in exactly N
  lose N      the opponent wins in at most N of his moves, whatever the
              player to move does (L, layer ≤ 2N); lose =N: in exactly N
  can-lose N  some move of the player to move, one that does not end the
              game, lets the opponent win in at most N of his moves
  win, lose, draw, can-lose    without N: W, L, D, a move to any W
  and, or, not, ( )

The answer is, by default, the smallest value where the question holds
(--min); values are printed ascending, a tuple of several parameters as
K,S. An open range ("31..") is widened, doubling, until the answer is
decided, up to --widen-cap values; --max, --last, --count, --sum,
--product and --all need a closed range (--param S=31..200).`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &queryOptions{}
			o.ask.add(fs)
			o.agg.add(fs)
			return o.run
		},
	})
}

type queryOptions struct {
	ask askFlags
	agg aggFlags
}

func (o *queryOptions) run(ctx context.Context, e *env, args []string) error {
	c := commands["query"]
	if len(args) < 2 {
		return usagef(c, "query takes GAME and QUESTION")
	}
	agg, err := o.agg.aggregate(c)
	if err != nil {
		return err
	}
	color, err := o.ask.color(c, e)
	if err != nil {
		return err
	}
	if err := o.ask.setLang(c, e); err != nil {
		return err
	}
	q, err := parseQuestion(strings.Join(args[1:], " "))
	if err != nil {
		if hint := swappedHint(c, args); hint != nil {
			return hint
		}
		return err
	}
	answers, s, err := o.ask.query(ctx, e, args[0], []query.Ask{{Question: q, Aggregate: agg}})
	if err != nil {
		return err
	}
	a := answers[0]
	if o.ask.json {
		return printJSON(e.stdout, queryResponse{Answer: out.NewAnswerJSON(a, 0), Width: o.ask.game.openWidth})
	}
	if o.ask.plain {
		fmt.Fprintln(e.stdout, a.Text())
		return nil
	}
	fmt.Fprintf(e.stdout, "%s: %s  (%s)\n", s.game.Name, q, o.ask.lang.Meaning(q))
	if r := o.ask.lang.Ranges(a); r != "" {
		fmt.Fprintln(e.stdout, r)
	}
	if err := out.WriteRibbon(e.stdout, ribbonGroups(a), out.RibbonOptions{Color: color}); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, a.Text())
	return nil
}

// parseQuestion reads a question; a mistake is shown with a caret under it.
func parseQuestion(text string) (*query.Question, error) {
	q, err := query.ParseQuestion(text)
	var qe *query.QuestionError
	if errors.As(err, &qe) {
		return nil, &rules.Error{Pos: rules.Pos{File: "question", Line: 1, Col: qe.Col}, Len: qe.Len, Msg: qe.Msg,
			Source: []byte(qe.Question)}
	}
	return q, err
}

// askFlags are the flags of the commands that ask questions.
type askFlags struct {
	game     gameFlags
	widenCap int64
	box      *rules.Game // a game analysed over a box, with the box as its starts
	plain    bool
	json     bool
	colorArg string
	langArg  string
	lang     query.Lang // of the explanations: --lang, or the locale's
}

func (o *askFlags) add(fs *pflag.FlagSet) {
	o.game.add(fs)
	fs.Int64Var(&o.widenCap, "widen-cap", query.DefaultMaxWidth, "widen an open parameter range (doubling from --open-width) up to this many values")
	fs.BoolVar(&o.plain, "plain", false, "print only the answer")
	addJSONFlag(fs, &o.json)
	fs.StringVar(&o.colorArg, "color", "auto", "colour the ribbon: auto (on a terminal, unless NO_COLOR is set or TERM=dumb), always or never")
	fs.StringVar(&o.langArg, "lang", "", "the language of the explanations: en or ru (default: from LC_ALL, LC_MESSAGES or LANG)")
}

// setLang chooses the language of the explanations: --lang, or the
// locale's.
func (o *askFlags) setLang(c *command, e *env) error {
	o.lang = e.lang
	if o.langArg != "" {
		l, ok := parseLang(o.langArg)
		if !ok {
			return usagef(c, "--lang %q: want en or ru", o.langArg)
		}
		o.lang = l
	}
	return nil
}

func (o *askFlags) color(c *command, e *env) (bool, error) {
	switch o.colorArg {
	case "auto":
		return e.ttyOut && !e.noColor, nil
	case "always":
		return true, nil
	case "never":
		return false, nil
	}
	return false, usagef(c, "--color %q: want auto, always or never", o.colorArg)
}

// query solves the GAME argument and answers the asks, solving again with
// wider open ranges while an answer is undecided.
func (o *askFlags) query(ctx context.Context, e *env, arg string, asks []query.Ask) ([]*query.Answer, *solved, error) {
	s, err := o.solveAsked(ctx, e, arg)
	if err != nil {
		return nil, nil, err
	}
	opt := query.Options{Width: o.game.openWidth, MaxWidth: o.widenCap, MaxBytes: int64(o.game.maxMemory),
		Widen: func(width int64) ([]*retro.Result, error) {
			o.game.openWidth = width
			s2, err := o.solveAsked(ctx, e, arg)
			if err != nil {
				return nil, err
			}
			s = s2
			return s.results, nil
		}}
	answers, err := query.Run(s.results, asks, opt)
	var open *query.OpenRangeError
	var capped *query.WidenCapError
	switch {
	case errors.As(err, &open):
		p := open.Param
		return nil, nil, fmt.Errorf("--%s needs a closed range, and %s is open (%d..): pass --param %s=%d..HI",
			open.Aggregate, p.Name, p.Lo, p.Name, p.Lo)
	case errors.As(err, &capped):
		return nil, nil, fmt.Errorf("%w (raise --widen-cap)", err)
	case errors.Is(err, query.ErrNoStarts):
		return nil, nil, fmt.Errorf("%s: %w: questions are asked at the positions of [start]", s.game.File, err)
	case err != nil:
		return nil, nil, err
	}
	return answers, s, nil
}

// aggFlags choose the aggregate of a query: one flag per aggregate, named
// as it is.
type aggFlags struct {
	fs *pflag.FlagSet
}

// aggHelp is the help of each aggregate's flag.
var aggHelp = [...]string{
	query.AggMin:     "the smallest value where the question holds (the default)",
	query.AggMax:     "the largest value",
	query.AggFirst:   "the K smallest values",
	query.AggLast:    "the K largest values (printed ascending)",
	query.AggCount:   "how many values (tuples, for several parameters)",
	query.AggSum:     "the sum of the values",
	query.AggProduct: "the product of the values",
	query.AggAll:     "every value",
}

func (a *aggFlags) add(fs *pflag.FlagSet) {
	a.fs = fs
	for _, k := range query.AggregateKinds() {
		if k.TakesCount() {
			fs.Int(k.String(), 0, aggHelp[k])
		} else {
			fs.Bool(k.String(), false, aggHelp[k])
		}
	}
}

func (a *aggFlags) aggregate(c *command) (query.Aggregate, error) {
	agg := query.Aggregate{Kind: query.AggMin}
	var set []string
	for _, k := range query.AggregateKinds() {
		if a.fs.Changed(k.String()) {
			set = append(set, "--"+k.String())
			agg.Kind = k
		}
	}
	if len(set) > 1 {
		return agg, usagef(c, "choose one aggregate, not %s", strings.Join(set, " and "))
	}
	if agg.Kind.TakesCount() {
		k, err := a.fs.GetInt(agg.Kind.String())
		if err != nil {
			return agg, err
		}
		if agg.K = k; agg.K < 1 {
			return agg, usagef(c, "%s takes a count of at least 1", set[0])
		}
	}
	return agg, nil
}

// ribbonGroups makes one ribbon per tuple of all parameters but the last,
// each cell labelled with the last parameter's value.
func ribbonGroups(a *query.Answer) []out.RibbonGroup {
	var groups []out.RibbonGroup
	n := len(a.Names)
	for _, c := range a.Cells {
		cell := ribbonCell(a, c)
		heading := ""
		if n > 1 {
			heading = query.FormatAssignments(a.Names[:n-1], c.Params[:n-1])
		}
		if len(groups) == 0 || groups[len(groups)-1].Heading != heading {
			groups = append(groups, out.RibbonGroup{Heading: heading})
		}
		g := &groups[len(groups)-1]
		g.Cells = append(g.Cells, cell)
	}
	return groups
}

func ribbonCell(a *query.Answer, c query.Cell) out.RibbonCell {
	label := "start"
	if n := len(c.Params); n > 0 {
		label = fmt.Sprint(c.Params[n-1])
	}
	return out.RibbonCell{Label: label, Outcome: c.Outcome, Layer: c.Layer, Holds: c.Holds}
}

// swappedHint is the error for a question given before the game (query
// "win 2" my.toml): the first argument reads as a question and the second
// is a game file or a built-in game's name.
func swappedHint(c *command, args []string) error {
	if len(args) != 2 {
		return nil
	}
	if _, err := query.ParseQuestion(args[0]); err != nil {
		return nil
	}
	if _, err := os.Stat(args[1]); err != nil {
		if _, ok := rules.Builtin(args[1]); !ok {
			return nil
		}
	}
	return usagef(c, "the game comes first, then the question: retro %s %s %q", c.name, args[1], args[0])
}

// solveAsked solves the GAME argument of a question. A one-pile game
// analysed over a [bounds] box, without starts (Lebedev's), is asked at
// the positions of its box: as the explorer does, the box x = LO..HI is
// read as the starts x = S, S = LO..HI, the same positions.
func (o *askFlags) solveAsked(ctx context.Context, e *env, arg string) (*solved, error) {
	if o.box != nil {
		return o.game.solveLoaded(ctx, e, o.box)
	}
	s, err := o.game.solveArg(ctx, e, arg)
	if err != nil || s.game.HasStart {
		return s, err
	}
	text, ok := s.game.BoxAsStarts()
	if !ok {
		return s, nil
	}
	g, err := rules.Parse(s.game.File, []byte(text))
	if err != nil {
		return nil, err
	}
	p := g.Params[0]
	fmt.Fprintf(e.stderr, "retro: %s has no [start]: its box %s = %d..%d is asked as the starts %s = S, S = %d..%d\n",
		s.game.File, g.Piles[0], p.Lo, p.Hi, g.Piles[0], p.Lo, p.Hi)
	o.box = g
	return o.game.solveLoaded(ctx, e, g)
}
