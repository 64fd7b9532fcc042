package query_test

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"

	"retro/out/query"
	"retro/positions"
	"retro/rules"
)

// Every reason of every task, on every built-in game with starts and on a
// few games that reach the other phrasings (three and four piles, halving,
// losing moves under the exam count), in both languages, is read back and
// checked against the game itself: each sentence is parsed, its moves are
// replayed by the rules (rules.Machine), and each claim — who wins, in how
// many moves, which move ends the game and who wins by it — is decided by a
// depth-bounded minimax written from the definitions of GAME-FORMAT.md,
// never by the solver. The start the answer names is checked to answer its
// task the same way.
func TestReasonsReplay(t *testing.T) {
	reasons := 0
	for _, gm := range replayGames() {
		reasons += replayGameReasons(t, gm)
	}
	if reasons < 50 {
		t.Errorf("only %d reasons checked", reasons)
	}
}

// replayGame is a game whose reasons are replayed: a built-in one (src
// empty) or one written here.
type replayGame struct{ name, src string }

// replayGames are the built-in games and the games written here to reach
// the other phrasings: three and four piles, halving, and an overshoot
// that loses, under either count.
func replayGames() []replayGame {
	extra := map[string]string{
		"three-piles": `piles = ["a", "b", "c"]
moves = ["each +1", "each *2"]
end = "a + b + c >= 30"
[start]
a = 1
b = 2
c = "S"
[params]
S = "1..20"
`,
		"four-piles": `piles = ["a", "b", "c", "d"]
moves = ["each +2", "each *3"]
end = "a + b + c + d >= 40"
[start]
a = 1
b = 1
c = 1
d = "S"
[params]
S = "1..30"
`,
		"halving": `piles = ["x"]
moves = ["x - 3", "x // 2", "x // 3"]
end = "x <= 10"
[start]
x = "S"
[params]
S = "11..200"
`,
	}
	// An overshoot past 40 loses, counted either way.
	for _, count := range []string{"exam", "lebedev"} {
		extra["overshoot-"+count] = "count = \"" + count + "\"\n" + `piles = ["x"]
moves = ["x + 1", "x + 3", "x * 2"]
end = "x >= 30"
winner = "mover if x <= 40 else other"
[start]
x = "S"
[params]
S = "1..29"
`
	}
	var games []replayGame
	for _, name := range rules.BuiltinNames() {
		games = append(games, replayGame{name, ""})
	}
	for _, name := range slices.Sorted(maps.Keys(extra)) {
		games = append(games, replayGame{name, extra[name]})
	}
	return games
}

// replayGameReasons asks every task of one game and checks the reasons of
// its answers in every language; it returns how many reasons it checked.
func replayGameReasons(t *testing.T, gm replayGame) int {
	g := parse(t, gm.name, gm.src)
	if text, ok := g.BoxAsStarts(); ok {
		g = parse(t, gm.name, text)
	}
	asks := make([]query.Ask, len(query.Tasks))
	for k := range query.Tasks {
		var err error
		if asks[k], err = query.Tasks[k].Ask(); err != nil {
			t.Fatal(err)
		}
	}
	if g.Sum {
		return 0 // heap games have no starts to ask at
	}
	answers, err := runQuery(t, g, asks...)
	if errors.Is(err, query.ErrNoStarts) {
		return 0
	}
	if err != nil {
		t.Fatalf("%s: %v", gm.name, err)
	}
	reasons := 0
	for k, task := range query.Tasks {
		a := answers[k]
		if len(a.Values) == 0 {
			continue
		}
		for _, l := range query.Langs {
			reasons += replayAnswerReasons(t, gm.name, g, task.Key, a, l)
		}
	}
	return reasons
}

// replayAnswerReasons checks the reasons of the answer a to task key in
// language l: ReasonAll gives one for each of its values and Reason the
// first; each value answers the task, and each reason's head names its
// value and its body replays on the game. It returns how many reasons it
// checked.
func replayAnswerReasons(t *testing.T, name string, g *rules.Game, key string, a *query.Answer, l query.Lang) int {
	all, err := query.NewReasoner(g, l).ReasonAll(a, key)
	if err != nil {
		t.Fatalf("%s: task %s: %v", name, key, err)
	}
	if len(all) != len(a.Values) {
		t.Errorf("%s: task %s, %s: %d reasons for %d values", name, key, l, len(all), len(a.Values))
		return 0
	}
	first, err := query.NewReasoner(g, l).Reason(a, key)
	if err != nil || first != all[0] {
		t.Errorf("%s: task %s, %s: Reason %q, the first of ReasonAll %q (%v)", name, key, l, first, all[0], err)
	}
	reasons := 0
	for k, reason := range all {
		one := *a
		one.Values = a.Values[k : k+1]
		start, in := answerStart(t, &one)
		c := newReplay(in)
		if !c.taskHolds(t, key, start) {
			t.Errorf("%s: task %s: the answer %s does not answer it", name, key, one.Text())
		}
		reasons++
		head, body, ok := strings.Cut(reason, ": ")
		if !ok {
			t.Errorf("%s: task %s, %s: no head in %q", name, key, l, reason)
			continue
		}
		if want := query.FormatAssignments(a.Names, a.Values[k]); len(a.Names) > 0 && head != want {
			t.Errorf("%s: task %s, %s: head %q, want %q", name, key, l, head, want)
		}
		if err := c.check(reasonWords[l], key, start, body); err != nil {
			t.Errorf("%s: task %s, %s: %q: %v", name, key, l, reason, err)
		}
	}
	return reasons
}

// answerStart is the start position of the answer's first value.
func answerStart(t *testing.T, a *query.Answer) (state, *rules.Instance) {
	for _, c := range a.Cells {
		if slices.Equal(c.Params, a.Values[0]) {
			r := a.Results[c.Result]
			piles := make([]int64, r.Space.Piles())
			h := r.Space.Position(c.Index, piles)
			last, mylast := positions.SplitHistory(r.Instance.Game, h)
			return state{piles, last, mylast}, r.Instance
		}
	}
	t.Fatalf("no cell of %s", a.Text())
	return state{}, nil
}

// The demo's answer to "wins in one" is 58, by doubling the second pile
// to (17, 116): 133 ≥ 133 ends the game, won by the mover.
func TestReasonWinInOneDemo(t *testing.T) {
	g := parse(t, "ege-2027-demo", "")
	answers, err := runQuery(t, g, ask(t, "win =1", aggMin))
	if err != nil {
		t.Fatal(err)
	}
	want := map[query.Lang]string{
		query.En: "S = 58: Petya doubles the second pile to (17, 116) and wins, 133 ≥ 133",
		query.Ru: "S = 58: Петя удваивает вторую кучу, получая (17, 116) и выигрывает, 133 ≥ 133",
	}
	for _, l := range query.Langs {
		got, err := query.NewReasoner(g, l).Reason(answers[0], "win1")
		if err != nil || got != want[l] {
			t.Errorf("%s: %q, %v; want %q", l, got, err, want[l])
		}
	}
}

// russianMoves is the form of «ход» after n, by the grammar's rule: the
// last digit 1 (not 11) ход, 2 to 4 (not 12 to 14) хода, else ходов.
func russianMoves(n int) string {
	last, two := n%10, n%100
	if two >= 11 && two <= 14 {
		return "ходов"
	}
	switch last {
	case 1:
		return "ход"
	case 2, 3, 4:
		return "хода"
	}
	return "ходов"
}
