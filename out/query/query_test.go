package query_test

import (
	"errors"
	"flag"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"time"

	"retro/out/query"
	"retro/positions"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// The random games run on a fixed seed, so that every run tests the same
// games; -seed 0 draws a new seed from the clock.
var seedFlag = flag.Int64("seed", 1, "seed of the random games (0: a new seed from the clock)")

// parse reads the game src, or the built-in game name when src is "".
func parse(t testing.TB, name, src string) *rules.Game {
	t.Helper()
	if src == "" {
		return retrotest.Builtin(t, name)
	}
	return retrotest.Parse(t, name, src)
}

// solveAll solves every instance of a game, open start parameters taking
// width values.
func solveAll(t testing.TB, g *rules.Game, width int64) []*retro.Result {
	t.Helper()
	return retrotest.SolveAll(t, g, func(popt *positions.Options) { popt.OpenWidth = width })
}

func ask(t testing.TB, q string, agg query.Aggregate) query.Ask {
	t.Helper()
	qq, err := query.ParseQuestion(q)
	if err != nil {
		t.Fatal(err)
	}
	return query.Ask{Question: qq, Aggregate: agg}
}

var (
	aggMin   = query.Aggregate{Kind: query.AggMin}
	aggFirst = func(k int) query.Aggregate { return query.Aggregate{Kind: query.AggFirst, K: k} }
)

// runQuery answers asks on a game, widening open ranges by solving again.
func runQuery(t testing.TB, g *rules.Game, asks ...query.Ask) ([]*query.Answer, error) {
	t.Helper()
	var solveErr error
	opt := query.Options{Width: positions.DefaultOpenWidth, Widen: func(w int64) ([]*retro.Probed, error) {
		return retro.ProbedAll(solveAll(t, g, w)), solveErr
	}}
	return query.Run(retro.ProbedAll(solveAll(t, g, positions.DefaultOpenWidth)), asks, opt)
}

func texts(answers []*query.Answer) []string {
	var out []string
	for _, a := range answers {
		out = append(out, a.Text())
	}
	return out
}

// The demo's published answers: 19 = 29 (56 guaranteed), 20 = 28 48, 21 = 44.
func TestQueryExamDemo(t *testing.T) {
	g := parse(t, "ege-2027-demo", "")
	answers, err := runQuery(t, g, ask(t, "can-lose 1", aggMin), ask(t, "lose =1", aggMin),
		ask(t, "win =2", aggFirst(2)), ask(t, "lose =2", aggMin))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"29", "56", "28 48", "44"}
	if got := texts(answers); !slices.Equal(got, want) {
		t.Errorf("answers %v, want %v", got, want)
	}
	// The cells: S = 1..115, 28 is W 3 and marked.
	a := answers[2]
	if len(a.Cells) != 115 || a.Names[0] != "S" {
		t.Fatalf("%d cells, names %v", len(a.Cells), a.Names)
	}
	c := a.Cells[27]
	if c.Params[0] != 28 || c.Outcome != retro.Win || c.Layer != 3 || c.Holds != query.Yes {
		t.Errorf("cell 28: %+v", c)
	}
}

// The one-pile game of the task bank: S = "31.." is widened until each
// answer is decided (21 needs S = 132, beyond the first 100 values).
//
// Task 19, possible reading, by hand: Vanya wins with one move from any x
// in 31..123 (x // 4 ≤ 30), and only from there (x − 5 ≤ 30 needs x ≤ 35,
// inside it). From S = 31, 32, 33 every move of Petya ends the game (S − 3
// ≤ 30); from S = 34 his move − 3 leads to 31, not an end, where Vanya
// wins at once. So 34 (Petya could have won at once with − 5: the move was
// unlucky indeed).
func TestQueryOnePileWidens(t *testing.T) {
	g := parse(t, "ege-bank-one-pile", "")
	answers, err := runQuery(t, g, ask(t, "can-lose 1", aggMin), ask(t, "lose =1", aggMin),
		ask(t, "win =2", aggFirst(2)), ask(t, "lose =2", aggMin))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"34", "124", "127 128", "132"}
	if got := texts(answers); !slices.Equal(got, want) {
		t.Errorf("answers %v, want %v", got, want)
	}
	if p := answers[3].Params[0]; !p.Open || p.Lo != 31 || p.Hi != 230 {
		t.Errorf("range after widening: %+v, want 31..230", p)
	}
	// --max over an open range needs a closed one.
	_, err = runQuery(t, g, ask(t, "win", query.Aggregate{Kind: query.AggMax}))
	var open *query.OpenRangeError
	if !errors.As(err, &open) || open.Param.Name != "S" || !errors.Is(err, query.ErrOpenRange) {
		t.Errorf("--max: %v", err)
	}
	// A question that never holds reaches the cap.
	opt := query.Options{Width: 100, MaxWidth: 400, Widen: func(w int64) ([]*retro.Probed, error) { return retro.ProbedAll(solveAll(t, g, w)), nil }}
	_, err = query.Run(retro.ProbedAll(solveAll(t, g, 100)), []query.Ask{ask(t, "draw", aggMin)}, opt)
	var capped *query.WidenCapError
	if !errors.As(err, &capped) || capped.Width != 400 || !strings.Contains(err.Error(), "S = 31..430") {
		t.Errorf("cap: %v", err)
	}
}

func TestQueryAggregates(t *testing.T) {
	g := parse(t, "ege-2027-demo", "")
	// W 3 in the demo: 28, 48, 49, 52, 53, 54, 55.
	cases := []struct {
		agg  query.Aggregate
		want string
	}{
		{query.Aggregate{Kind: query.AggMin}, "28"},
		{query.Aggregate{Kind: query.AggMax}, "55"},
		{query.Aggregate{Kind: query.AggFirst, K: 3}, "28 48 49"},
		{query.Aggregate{Kind: query.AggLast, K: 2}, "54 55"},
		{query.Aggregate{Kind: query.AggLast, K: 20}, "28 48 49 52 53 54 55"},
		{query.Aggregate{Kind: query.AggAll}, "28 48 49 52 53 54 55"},
		{query.Aggregate{Kind: query.AggCount}, "7"},
		{query.Aggregate{Kind: query.AggSum}, fmt.Sprint(28 + 48 + 49 + 52 + 53 + 54 + 55)},
		{query.Aggregate{Kind: query.AggProduct}, fmt.Sprint(28 * 48 * 49 * 52 * 53 * 54 * 55)},
	}
	for _, c := range cases {
		answers, err := runQuery(t, g, ask(t, "win =2", c.agg))
		if err != nil {
			t.Errorf("%s: %v", c.agg, err)
			continue
		}
		if got := answers[0].Text(); got != c.want {
			t.Errorf("%s: %s, want %s", c.agg, got, c.want)
		}
	}
	// The product of the 90-odd W 1 values overflows.
	_, err := runQuery(t, g, ask(t, "win 1", query.Aggregate{Kind: query.AggProduct}))
	if !errors.Is(err, query.ErrAggregate) || !strings.Contains(err.Error(), "overflows") {
		t.Errorf("product overflow: %v", err)
	}
	// Nothing qualifies.
	answers, err := runQuery(t, g, ask(t, "draw", aggMin), ask(t, "draw", query.Aggregate{Kind: query.AggCount}))
	if err != nil || answers[0].Text() != "none" || answers[1].Text() != "0" {
		t.Errorf("draw: %v %v", texts(answers), err)
	}
}

// Two start parameters: the aggregates work on pairs, in order.
func TestQueryTuples(t *testing.T) {
	g := parse(t, "pairs.toml", `
piles = ["a", "b"]
moves = ["each +1", "each *2"]
end = "a + b >= 20"
[start]
a = "K"
b = "S"
[params]
K = "1..3"
S = "1..18"
`)
	rs := solveAll(t, g, 0)
	var all []string
	for _, r := range rs {
		for _, s := range r.Starts {
			if r.Outcome(s.Index) == retro.Lose && r.Layer(s.Index) == 2 {
				all = append(all, query.FormatTuple(s.Params))
			}
		}
	}
	slices.SortFunc(all, func(x, y string) int {
		var a, b, c, d int
		fmt.Sscanf(x, "%d,%d", &a, &b)
		fmt.Sscanf(y, "%d,%d", &c, &d)
		if a != c {
			return a - c
		}
		return b - d
	})
	if len(all) < 2 {
		t.Fatalf("L 2 at %v: too few to test", all)
	}
	answers, err := runQuery(t, g, ask(t, "lose =1", query.Aggregate{Kind: query.AggAll}),
		ask(t, "lose =1", query.Aggregate{Kind: query.AggCount}), ask(t, "lose =1", aggMin))
	if err != nil {
		t.Fatal(err)
	}
	if got := answers[0].Text(); got != strings.Join(all, " ") {
		t.Errorf("all: %s, want %s", got, strings.Join(all, " "))
	}
	if got := answers[1].Text(); got != fmt.Sprint(len(all)) {
		t.Errorf("count: %s, want %d", got, len(all))
	}
	if got := answers[2].Text(); got != all[0] {
		t.Errorf("min: %s, want %s", got, all[0])
	}
	if len(answers[0].Cells) != 3*18 || !slices.Equal(answers[0].Names, []string{"K", "S"}) {
		t.Errorf("%d cells, names %v", len(answers[0].Cells), answers[0].Names)
	}
	_, err = runQuery(t, g, ask(t, "lose =1", query.Aggregate{Kind: query.AggSum}))
	if !errors.Is(err, query.ErrAggregate) {
		t.Errorf("sum of pairs: %v", err)
	}
}

// A game with parameters in the rules: the question is asked at each
// instance's start, the tuple being the rule parameter.
func TestQueryRuleParams(t *testing.T) {
	g := parse(t, "multiplication-game", "")
	if err := g.SetRange("n", 2, 200); err != nil {
		t.Fatal(err)
	}
	answers, err := runQuery(t, g, ask(t, "lose", query.Aggregate{Kind: query.AggAll}))
	if err != nil {
		t.Fatal(err)
	}
	// The first player (from p = 1) wins for n in 2..9, loses for 10..18,
	// wins for 19..162, loses for 163..324: the well-known pattern.
	var want []string
	for n := 10; n <= 18; n++ {
		want = append(want, fmt.Sprint(n))
	}
	for n := 163; n <= 200; n++ {
		want = append(want, fmt.Sprint(n))
	}
	if got := answers[0].Text(); got != strings.Join(want, " ") {
		t.Errorf("lose at n = %s\nwant %s", got, strings.Join(want, " "))
	}
}

// A game with cycles: a draw is never answered as a loss.
func TestQueryDrawIsNotLoss(t *testing.T) {
	g := parse(t, "cycle.toml", `
piles = ["x"]
moves = ["x + 1", "x - 1"]
end = "x >= 10"
[start]
x = "S"
[params]
S = "0..9"
`)
	// From 9 the mover wins at once (W 1); from 8 moving up hands the
	// opponent that win, so the player at 8 moves down, and nobody is ever
	// forced to 9: 0..8 are draws. Only from 8 can a move (up) let the
	// opponent win.
	answers, err := runQuery(t, g, ask(t, "lose", query.Aggregate{Kind: query.AggAll}),
		ask(t, "draw", query.Aggregate{Kind: query.AggAll}), ask(t, "not win", query.Aggregate{Kind: query.AggAll}),
		ask(t, "can-lose", query.Aggregate{Kind: query.AggAll}))
	if err != nil {
		t.Fatal(err)
	}
	if got := texts(answers); !slices.Equal(got, []string{"none", "0 1 2 3 4 5 6 7 8", "0 1 2 3 4 5 6 7 8", "8"}) {
		t.Errorf("lose, draw, not win, can-lose: %v", got)
	}
}

// With a horizon, starts beyond it are ?: a question that needs them is
// undecided, one that does not is answered.
func TestQueryHorizon(t *testing.T) {
	g := parse(t, "horizon.toml", `
piles = ["x"]
moves = ["x + 1", "x + 2"]
end = "x >= 30"
horizon = 4
[start]
x = "S"
[params]
S = "20..29"
`)
	// Without the horizon: 29, 28 W 1; 27 L 2; 26, 25 W 3; 24 L 4; 23, 22
	// W 5; 21 L 6; 20 W 7. With horizon 4 the starts beyond layer 4 are ?.
	answers, err := runQuery(t, g, ask(t, "win 2", query.Aggregate{Kind: query.AggAll}),
		ask(t, "lose =1", query.Aggregate{Kind: query.AggAll}), ask(t, "win =2", aggMin))
	if err != nil {
		t.Fatal(err)
	}
	if got := texts(answers); !slices.Equal(got, []string{"25 26 28 29", "27", "25"}) {
		t.Errorf("answers %v", got)
	}
	_, err = runQuery(t, g, ask(t, "win 3", aggMin))
	if !errors.Is(err, query.ErrBeyondHorizon) {
		t.Errorf("win 3 with horizon 4: %v", err)
	}
	_, err = runQuery(t, g, ask(t, "draw", query.Aggregate{Kind: query.AggCount}))
	if !errors.Is(err, query.ErrBeyondHorizon) {
		t.Errorf("draw with horizon 4: %v", err)
	}
}

// ---- the brute-force check

// bpos is a position for the brute force: piles and history.
type bpos struct {
	piles        [2]int64
	last, mylast int
}

// brute answers the quantifier definitions directly, recursively, on the
// moves the rules give (rules.Machine), with no solver.
type brute struct {
	g     *rules.Game
	m     *rules.Machine
	np    int
	inf   int // a move count larger than any layer can need
	memo  map[bkey]bool
	moves map[bpos][]bpos
	fin   map[bpos]bool
}

type bkey struct {
	p   bpos
	k   int
	win bool
}

func newBrute(in *rules.Instance) *brute {
	return &brute{g: in.Game, m: in.NewMachine(), np: len(in.Game.Piles), memo: map[bkey]bool{}, moves: map[bpos][]bpos{}, fin: map[bpos]bool{}}
}

func (b *brute) sl(p bpos) []int64 { return append([]int64(nil), p.piles[:b.np]...) }

func (b *brute) end(p bpos) bool {
	e, err := b.m.End(b.sl(p))
	if err != nil {
		panic(err)
	}
	return e
}

// next lists the positions the moves of p lead to (none at an end).
func (b *brute) next(p bpos) []bpos {
	if ms, ok := b.moves[p]; ok {
		return ms
	}
	var ms []bpos
	if !b.end(p) {
		var list rules.MoveList
		if err := b.m.Moves(b.sl(p), p.last, p.mylast, &list); err != nil {
			panic(err)
		}
		for k := 0; k < list.Len(); k++ {
			var t bpos
			copy(t.piles[:], list.To(k, b.np))
			switch b.g.History {
			case rules.LastHistory:
				t.last = int(list.Cmd[k]) + 1
			case rules.BothHistory:
				t.last, t.mylast = int(list.Cmd[k])+1, p.last
			}
			ms = append(ms, t)
		}
	}
	b.moves[p] = ms
	return ms
}

func (b *brute) final(p bpos) bool {
	f, ok := b.fin[p]
	if !ok {
		f = b.end(p) || len(b.next(p)) == 0
		b.fin[p] = f
	}
	return f
}

// moverWon: at a final position, the player who made the last move won.
func (b *brute) moverWon(p bpos) bool {
	w, err := b.m.Winner(b.sl(p))
	if err != nil {
		panic(err)
	}
	return w == rules.Mover
}

// win: the player to move at p wins making at most k moves of his own,
// whatever the opponent does. At a final position he has won already: in
// no move under the exam count, in one under Lebedev's (the opponent's
// losing move is answered by one more, winning move).
func (b *brute) win(p bpos, k int) bool {
	if b.final(p) {
		return !b.moverWon(p) && (k >= 1 || k == 0 && b.g.Count == rules.Exam)
	}
	if k < 1 {
		return false
	}
	key := bkey{p, k, true}
	if v, ok := b.memo[key]; ok {
		return v
	}
	v := false
	for _, t := range b.next(p) {
		if b.lose(t, k-1) {
			v = true
			break
		}
	}
	b.memo[key] = v
	return v
}

// lose: the opponent of the player to move at p wins making at most k
// moves of his own, whatever the player to move does.
func (b *brute) lose(p bpos, k int) bool {
	if k < 0 {
		return false
	}
	if b.final(p) {
		return b.moverWon(p)
	}
	key := bkey{p, k, false}
	if v, ok := b.memo[key]; ok {
		return v
	}
	v := true
	for _, t := range b.next(p) {
		if !b.win(t, k) {
			v = false
			break
		}
	}
	b.memo[key] = v
	return v
}

// A random question and its brute-force meaning.
type bquestion struct {
	text string
	eval func(b *brute, p bpos) bool
}

func randomLeaf(rng *rand.Rand) bquestion {
	n := 1 + rng.Intn(3)
	winN := func(b *brute, p bpos) bool { return b.win(p, n) }
	winEq := func(b *brute, p bpos) bool { return b.win(p, n) && !b.win(p, n-1) }
	winAny := func(b *brute, p bpos) bool { return b.win(p, b.inf) }
	loseAny := func(b *brute, p bpos) bool { return b.lose(p, b.inf) }
	canLose := func(text string, pred func(b *brute, p bpos) bool) bquestion {
		return bquestion{text, func(b *brute, p bpos) bool {
			if b.final(p) {
				return false
			}
			for _, t := range b.next(p) {
				if !b.final(t) && pred(b, t) {
					return true
				}
			}
			return false
		}}
	}
	switch rng.Intn(10) {
	case 0:
		return bquestion{fmt.Sprintf("win %d", n), winN}
	case 1:
		return bquestion{fmt.Sprintf("win =%d", n), winEq}
	case 2:
		return bquestion{fmt.Sprintf("lose %d", n), func(b *brute, p bpos) bool { return b.lose(p, n) }}
	case 3:
		return bquestion{fmt.Sprintf("lose =%d", n), func(b *brute, p bpos) bool { return b.lose(p, n) && !b.lose(p, n-1) }}
	case 4:
		return canLose(fmt.Sprintf("can-lose %d", n), winN)
	case 5:
		return canLose(fmt.Sprintf("can-lose =%d", n), winEq)
	case 6:
		return canLose("can-lose", winAny)
	case 7:
		return bquestion{"win", winAny}
	case 8:
		return bquestion{"lose", loseAny}
	}
	return bquestion{"draw", func(b *brute, p bpos) bool { return !winAny(b, p) && !loseAny(b, p) }}
}

func randomQuestion(rng *rand.Rand, depth int) bquestion {
	if depth == 0 || rng.Intn(2) == 0 {
		return randomLeaf(rng)
	}
	x := randomQuestion(rng, depth-1)
	switch rng.Intn(3) {
	case 0:
		return bquestion{"not (" + x.text + ")", func(b *brute, p bpos) bool { return !x.eval(b, p) }}
	case 1:
		y := randomQuestion(rng, depth-1)
		return bquestion{"(" + x.text + ") and (" + y.text + ")", func(b *brute, p bpos) bool { return x.eval(b, p) && y.eval(b, p) }}
	}
	y := randomQuestion(rng, depth-1)
	return bquestion{"(" + x.text + ") or (" + y.text + ")", func(b *brute, p bpos) bool { return x.eval(b, p) || y.eval(b, p) }}
}

// randomQueryGame is a small game with start parameters: one or two piles,
// commands of "pile op constant" moves, an end at a pile sum (sometimes a
// rule parameter T), a winner rule, a history rule and a count. Moves up
// and down make cycles, hence draws.
func randomQueryGame(rng *rand.Rand) string {
	var b strings.Builder
	piles := 1 + rng.Intn(2)
	names := []string{"a", "b"}[:piles]
	fmt.Fprintf(&b, "piles = [\"%s\"]\n", strings.Join(names, "\", \""))
	target := []int{14, 9}[piles-1] + rng.Intn(4)
	ruleT := rng.Intn(4) == 0
	if ruleT {
		fmt.Fprintf(&b, "end = \"%s >= T\"\n", strings.Join(names, " + "))
	} else {
		fmt.Fprintf(&b, "end = \"%s >= %d\"\n", strings.Join(names, " + "), target)
	}
	fmt.Fprintf(&b, "winner = %q\n", []string{"mover", "other", "mover if a % 3 == 0 else other"}[rng.Intn(3)])
	if a := rng.Intn(3); a > 0 {
		fmt.Fprintf(&b, "allow = %q\n", []string{"", "no-repeat-opponent", "no-repeat-own"}[a])
	}
	if rng.Intn(2) == 0 {
		b.WriteString("count = \"lebedev\"\n")
	}
	b.WriteString("[commands]\n")
	ops := []string{"+", "-", "*", "//"}
	for c := 1 + rng.Intn(3); c > 0; c-- {
		var entries []string
		for m := 1 + rng.Intn(2); m > 0; m-- {
			op := ops[rng.Intn(len(ops))]
			k := 1 + rng.Intn(3)
			if op == "*" || op == "//" {
				k++
			}
			if p := rng.Intn(piles + 1); p == piles {
				entries = append(entries, fmt.Sprintf("%q", fmt.Sprintf("each %s%d", op, k)))
			} else {
				entries = append(entries, fmt.Sprintf("%q", fmt.Sprintf("%s = %s %s %d", names[p], names[p], op, k)))
			}
		}
		fmt.Fprintf(&b, "c%d = [%s]\n", c, strings.Join(entries, ", "))
	}
	b.WriteString("[start]\n")
	if piles == 1 {
		b.WriteString("a = \"S\"\n")
	} else {
		b.WriteString("a = \"K\"\nb = \"S\"\n")
	}
	b.WriteString("[params]\n")
	if ruleT {
		fmt.Fprintf(&b, "T = \"%d..%d\"\n", target, target+1)
	}
	if piles == 2 {
		b.WriteString("K = \"0..2\"\n")
	}
	fmt.Fprintf(&b, "S = \"0..%d\"\n", target+1) // some starts are final
	return b.String()
}

func TestQueryAgainstBruteForce(t *testing.T) {
	seed := *seedFlag
	if seed == 0 {
		seed = time.Now().UnixNano()
	}
	t.Logf("seed %d (rerun with -seed %d)", seed, seed)
	rng := rand.New(rand.NewSource(seed))
	games := 300
	if testing.Short() {
		games = 50
	}
	var draws, yes, canLose int
	for k := 0; k < games; k++ {
		src := randomQueryGame(rng)
		g, err := rules.Parse("random.toml", []byte(src))
		if err != nil {
			t.Fatalf("game %d: %v\n%s", k, err, src)
		}
		results := solveAll(t, g, 0)
		var asks []query.Ask
		var bqs []bquestion
		for q := 0; q < 6; q++ {
			bq := randomQuestion(rng, 2)
			bqs = append(bqs, bq)
			asks = append(asks, ask(t, bq.text, query.Aggregate{Kind: query.AggAll}))
		}
		answers, err := query.Run(retro.ProbedAll(results), asks, query.Options{})
		if err != nil {
			t.Fatalf("game %d: %v\n%s", k, err, src)
		}
		// The brute force, instance by instance, start by start.
		want := make([][]string, len(bqs))
		for _, r := range results {
			br := newBrute(r.Instance)
			// A position of layer l > 0 has a move to one of layer l − 1,
			// so a layer-l position starts a chain of l distinct
			// positions: no layer reaches the number of positions, and
			// win(p, k) covers W up to 2k − 1.
			br.inf = r.Len()/2 + 2
			for _, s := range r.Starts {
				var p bpos
				piles := make([]int64, len(g.Piles))
				r.Space.Position(s.Index, piles)
				copy(p.piles[:], piles)
				tuple := query.FormatTuple(append(append([]int64(nil), r.Instance.Values...), s.Params...))
				if r.Outcome(s.Index) == retro.Draw {
					draws++
				}
				for q, bq := range bqs {
					if bq.eval(br, p) {
						want[q] = append(want[q], tuple)
					}
				}
			}
		}
		for q, a := range answers {
			var got []string
			for _, v := range a.Values {
				got = append(got, query.FormatTuple(v))
			}
			if !slices.Equal(got, want[q]) {
				t.Fatalf("game %d, %q: holds at %v, the brute force says %v\n%s", k, bqs[q].text, got, want[q], src)
			}
			yes += len(got)
			if strings.Contains(bqs[q].text, "can-lose") {
				canLose += len(got)
			}
		}
	}
	t.Logf("%d games: %d draw starts, %d (question, start) pairs holding, %d of them with can-lose", games, draws, yes, canLose)
	if draws == 0 || yes == 0 || canLose == 0 {
		t.Errorf("the random games do not exercise draws (%d), answers (%d) or can-lose (%d)", draws, yes, canLose)
	}
}

// Every aggregate's name reads back as it, in the order of the constants,
// and no other word does.
func TestAggregateNames(t *testing.T) {
	names := query.AggregateNames()
	if want := []string{"min", "max", "first", "last", "count", "sum", "product", "all"}; !slices.Equal(names, want) {
		t.Errorf("names %q, want %q", names, want)
	}
	for k, kind := range query.AggregateKinds() {
		if got, ok := query.ParseAggregateKind(names[k]); !ok || got != kind || kind.String() != names[k] {
			t.Errorf("%q: %v %v, want %v", names[k], got, ok, kind)
		}
		if want := kind == query.AggFirst || kind == query.AggLast; kind.TakesCount() != want {
			t.Errorf("%v takes a count: %v", kind, !want)
		}
	}
	for _, bad := range []string{"", "Min", "minimum", "first 2"} {
		if _, ok := query.ParseAggregateKind(bad); ok {
			t.Errorf("%q reads as an aggregate", bad)
		}
	}
}

// The question stage is sized before its cells are made: past the budget,
// Run says so (positions.ErrMemoryBudget) and makes none.
func TestQueryBudget(t *testing.T) {
	g := parse(t, "ege-2027-demo", "")
	results := solveAll(t, g, positions.DefaultOpenWidth)
	asks := []query.Ask{ask(t, "win 1", aggMin), ask(t, "lose 1", aggMin)}
	_, err := query.Run(retro.ProbedAll(results), asks, query.Options{MaxBytes: 4 << 10})
	if !errors.Is(err, positions.ErrMemoryBudget) || !strings.Contains(err.Error(), "the answers at 115 starts") {
		t.Errorf("4 KiB: %v", err)
	}
	if _, err := query.Run(retro.ProbedAll(results), asks, query.Options{MaxBytes: 64 << 20}); err != nil {
		t.Errorf("64 MiB: %v", err)
	}
}

// Under a horizon every aggregate of every question is the whole game's
// answer or refused as beyond the horizon, never another answer; and
// a horizon of twice the question's moves answers "win N" and "lose N".
func TestQueryHorizonAnswersOrRefuses(t *testing.T) {
	rng := rand.New(rand.NewSource(int64(*seedFlag) + 7))
	games := 150
	if testing.Short() {
		games = 30
	}
	var aggs []query.Aggregate
	for _, k := range query.AggregateKinds() {
		aggs = append(aggs, query.Aggregate{Kind: k, K: 2})
	}
	answered, refused := 0, 0
	for k := 0; k < games; k++ {
		src := randomQueryGame(rng)
		g, err := rules.Parse("random.toml", []byte(src))
		if err != nil {
			t.Fatalf("game %d: %v\n%s", k, err, src)
		}
		var asks []query.Ask
		for q := 0; q < 4; q++ {
			text := randomQuestion(rng, 1).text
			for _, agg := range aggs {
				asks = append(asks, ask(t, text, agg))
			}
		}
		full := retro.ProbedAll(solveAll(t, g, 0))
		whole := make([]string, len(asks))
		for q, a := range asks {
			// An aggregate the game's parameters do not allow is
			// refused whatever the horizon: the same error either way.
			if w, err := query.Run(full, []query.Ask{a}, query.Options{}); err == nil {
				whole[q] = w[0].Text()
			}
		}
		for _, h := range []int{0, 1, 2, 4} {
			short := retro.ProbedAll(retrotest.SolveAll(t, g, func(popt *positions.Options) { popt.Horizon = h }))
			for q, a := range asks {
				if whole[q] == "" {
					continue
				}
				got, err := query.Run(short, []query.Ask{a}, query.Options{})
				if errors.Is(err, query.ErrBeyondHorizon) {
					refused++
					continue
				}
				if err != nil {
					t.Fatalf("game %d, horizon %d, %s of %q: %v\n%s", k, h, a.Aggregate, a.Question, err, src)
				}
				answered++
				if g, w := got[0].Text(), whole[q]; g != w {
					t.Fatalf("game %d, horizon %d, %s of %q: %s, the whole game's answer is %s\n%s", k, h, a.Aggregate, a.Question, g, w, src)
				}
			}
		}
	}
	t.Logf("%d answers under a horizon, %d refused", answered, refused)
	if answered == 0 || refused == 0 {
		t.Errorf("the horizons neither answer (%d) nor refuse (%d)", answered, refused)
	}
}

// The last position before the end, reached at the horizon, loses at
// once (L 0): the start two moves above it is L 2, which "lose 1" asks
// for, and the answer is 0, not none.
func TestQueryHorizonAtALosingEnd(t *testing.T) {
	g := parse(t, "end.toml", `
piles = ["x"]
moves = ["x + 1"]
end = "x >= 3"
winner = "other"
horizon = 2
[start]
x = "S"
[params]
S = "0..0"
`)
	for _, q := range []string{"lose 1", "lose =1", "can-lose 1"} {
		answers, err := runQuery(t, g, ask(t, q, query.Aggregate{Kind: query.AggAll}))
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if got := texts(answers); !slices.Equal(got, []string{"0"}) {
			t.Errorf("%s: %v, want 0", q, got)
		}
	}
}
