package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"retro/cmd/retro/internal/explorer"
	"retro/out"
	"retro/out/query"
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
	color, err := o.ask.color.on(c, e)
	if err != nil {
		return err
	}
	if err := o.ask.lang.choose(c, e); err != nil {
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
		return printJSON(e.stdout, explorer.QueryResponse{Answer: out.NewAnswerJSON(a, 0), Width: o.ask.game.openWidth})
	}
	if o.ask.plain {
		fmt.Fprintln(e.stdout, a.Text())
		return nil
	}
	fmt.Fprintf(e.stdout, "%s: %s  (%s)\n", s.game.Name, q, o.ask.lang.lang.Meaning(q))
	if r := o.ask.lang.lang.Ranges(a); r != "" {
		fmt.Fprintln(e.stdout, r)
	}
	if a.Aggregate.Numeric() {
		// a count, a sum or a product: the number, not every value it
		// counts (a million starts make a million cells)
		fmt.Fprintf(e.stdout, "%s\n%s\n", out.RibbonExcerpt(a, out.RibbonOptions{Color: color, Width: 76, Exam: o.examLang()}), a.Text())
		return nil
	}
	if err := out.WriteRibbon(e.stdout, out.RibbonGroups(a), out.RibbonOptions{Color: color, Exam: o.examLang()}); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, o.ask.lang.lang.Answer(a))
	return nil
}

// parseQuestion reads a question; a mistake is shown with a caret under it.
func parseQuestion(text string) (*query.Question, error) {
	q, err := query.ParseQuestion(text)
	var qe *query.QuestionError
	if errors.As(err, &qe) {
		return nil, &questionError{at: &rules.Error{Pos: rules.Pos{File: "question", Line: 1, Col: qe.Col}, Len: qe.Len, Msg: qe.Msg,
			Source: []byte(qe.Question)}, q: qe}
	}
	return q, err
}

// questionError is a mistake in a question, shown as an error of a file
// named question (question:1:5: in English), or as the question's own
// error in Russian («вопрос, столбец 5:»).
type questionError struct {
	at *rules.Error
	q  *query.QuestionError
}

func (e *questionError) Error() string   { return e.at.Error() }
func (e *questionError) Unwrap() []error { return []error{e.at, e.q} }

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

// examLang is the language of the ribbon's exam notation: Russian's in
// words (not with --codes), none otherwise.
func (o *queryOptions) examLang() query.Lang {
	if o.ask.lang.words() {
		return o.ask.lang.lang
	}
	return ""
}
