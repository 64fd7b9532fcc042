package variant_test

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/BurntSushi/toml"
)

// The brute force the variants are checked against: the game file read
// with toml and regular expressions, its tasks answered by looking a few
// moves ahead from every start, from the exam's definitions of the tasks
// and nothing of the engine, and the conditions of a well-posed variant
// tested on what it finds.

// bruteMove is one command of a game file: an operation on any pile
// (each) or on the only one.
type bruteMove struct {
	op string // + * - //
	k  int64
}

type bruteGame struct {
	piles    int
	moves    []bruteMove
	down     bool  // the end is "total <= end"
	end      int64 // the threshold
	limit    int64 // the overshoot rule: the mover wins only at a total <= limit; 0: always
	noRepeat bool
	fixed    int64 // two piles: the first pile's start
	lo, hi   int64 // the range of S
	// lebedev counts a move that ends the game with its maker's loss (an
	// overshoot) as a winning move of his opponent, as a program that
	// plays the game move by move and stops at its end counts it
	// (GAME-FORMAT.md: count = "lebedev"); else the exam's count: that
	// player has lost before moving.
	lebedev bool
}

var (
	bruteEach   = regexp.MustCompile(`^each\s*(\+|\*|-|//)\s*(\d+)$`)
	bruteOne    = regexp.MustCompile(`^x\s*(\+|\*|-|//)\s*(\d+)$`)
	bruteEnd    = regexp.MustCompile(`^(x|a \+ b)\s*(>=|<=)\s*(\d+)$`)
	bruteWinner = regexp.MustCompile(`^mover if (x|a \+ b) <= (\d+) else other$`)
	bruteSRange = regexp.MustCompile(`^(\d+)\.\.(\d+)$`)
)

// readBrute reads a game file as the brute force plays it.
func readBrute(t *testing.T, text string) *bruteGame {
	t.Helper()
	var raw struct {
		Piles  []string       `toml:"piles"`
		Moves  []string       `toml:"moves"`
		End    string         `toml:"end"`
		Winner string         `toml:"winner"`
		Allow  string         `toml:"allow"`
		Start  map[string]any `toml:"start"`
		Params map[string]any `toml:"params"`
		Name   string         `toml:"name"`
	}
	if _, err := toml.Decode(text, &raw); err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	num := func(s string) int64 {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		return n
	}
	g := &bruteGame{piles: len(raw.Piles), noRepeat: raw.Allow == "no-repeat-opponent"}
	for _, m := range raw.Moves {
		re := bruteOne
		if g.piles == 2 {
			re = bruteEach
		}
		p := re.FindStringSubmatch(m)
		if p == nil {
			t.Fatalf("move %q", m)
		}
		g.moves = append(g.moves, bruteMove{op: p[1], k: num(p[2])})
	}
	e := bruteEnd.FindStringSubmatch(raw.End)
	if e == nil {
		t.Fatalf("end %q", raw.End)
	}
	g.down, g.end = e[2] == "<=", num(e[3])
	if raw.Winner != "mover" {
		w := bruteWinner.FindStringSubmatch(raw.Winner)
		if w == nil {
			t.Fatalf("winner %q", raw.Winner)
		}
		g.limit = num(w[2])
	}
	if g.piles == 2 {
		g.fixed = raw.Start["a"].(int64)
	}
	s := bruteSRange.FindStringSubmatch(raw.Params["S"].(string))
	g.lo, g.hi = num(s[1]), num(s[2])
	return g
}

// bpos is a position: the piles and the command the opponent has just
// used (-1: none).
type bpos struct {
	a, b int64
	last int
}

func (g *bruteGame) total(p bpos) int64 { return p.a + p.b }

func (g *bruteGame) final(p bpos) bool {
	if g.down {
		return g.total(p) <= g.end
	}
	return g.total(p) >= g.end
}

// moverWins: at a final position, the player who made the last move has
// won.
func (g *bruteGame) moverWins(p bpos) bool { return g.limit == 0 || g.total(p) <= g.limit }

// next lists the positions one move makes: a command, not the one the
// opponent has just used where that is forbidden, on a pile whose count
// it changes and keeps at zero or more.
func (g *bruteGame) next(p bpos) []bpos {
	var out []bpos
	for c, m := range g.moves {
		if g.noRepeat && c == p.last {
			continue
		}
		for pile := 0; pile < g.piles; pile++ {
			x := p.a
			if pile == 1 {
				x = p.b
			}
			y, ok := m.apply(x)
			if !ok {
				continue
			}
			q := bpos{a: p.a, b: p.b, last: c}
			if pile == 0 {
				q.a = y
			} else {
				q.b = y
			}
			out = append(out, q)
		}
	}
	return out
}

// apply is the move made on a pile of x stones; false when it cannot be
// made: it would leave fewer than none, or the pile as it was.
func (m bruteMove) apply(x int64) (int64, bool) {
	y := x
	switch m.op {
	case "+":
		y = x + m.k
	case "*":
		y = x * m.k
	case "-":
		y = x - m.k
	case "//":
		y = x / m.k
	}
	return y, y >= 0 && y != x
}

// brute answers questions of a few moves on one game, remembering them.
type brute struct {
	t    *testing.T
	g    *bruteGame
	win  map[[2]any]bool
	lose map[[2]any]bool
}

func newBrute(t *testing.T, g *bruteGame) *brute {
	return &brute{t: t, g: g, win: map[[2]any]bool{}, lose: map[[2]any]bool{}}
}

// winsAtOnce: the move to q ends the game and its maker wins.
func (br *brute) winsAtOnce(q bpos) bool { return br.g.final(q) && br.g.moverWins(q) }

// canWin: the player to move at p (not final) can win with at most n of
// his moves whatever the opponent does: a move that ends the game and
// wins, or a move after which the opponent loses within n-1 of his.
func (br *brute) canWin(p bpos, n int) bool {
	if n == 0 {
		return false
	}
	key := [2]any{p, n}
	if v, ok := br.win[key]; ok {
		return v
	}
	v := false
	for _, q := range br.g.next(p) {
		if br.winsAtOnce(q) || !br.g.final(q) && br.forcedLose(q, n-1) {
			v = true
			break
		}
	}
	br.win[key] = v
	return v
}

// forcedLose: the player to move at q (not final) loses whatever he
// does, the opponent winning within k of his moves: no move of his ends
// the game with his win, and every move that does not end it leads where
// the opponent can win within k moves (with k = 0 there is no such move:
// every move of his ends the game, and he loses).
func (br *brute) forcedLose(q bpos, k int) bool {
	key := [2]any{q, k}
	if v, ok := br.lose[key]; ok {
		return v
	}
	moves := br.g.next(q)
	if len(moves) == 0 {
		br.t.Fatalf("the position (%d, %d) is not over and has no move", q.a, q.b)
	}
	v := true
	for _, r := range moves {
		if br.winsAtOnce(r) || !br.g.final(r) && !br.canWin(r, k) || br.g.final(r) && br.g.lebedev && k == 0 {
			v = false
			break
		}
	}
	br.lose[key] = v
	return v
}

func (br *brute) start(s int64) bpos {
	if br.g.piles == 2 {
		return bpos{a: br.g.fixed, b: s, last: -1}
	}
	return bpos{a: s, last: -1}
}

// The tasks at a start, in the exam's words.

// possible: task 19 as told: Petya made a move that does not end the
// game (unlucky), and Vanya then won with his first move.
func (br *brute) possible(s bpos) bool {
	for _, q := range br.g.next(s) {
		if !br.g.final(q) && br.canWin(q, 1) {
			return true
		}
	}
	return false
}

// guaranteed: Vanya wins with his first move whatever Petya does, Petya
// having a move that does not end the game.
func (br *brute) guaranteed(s bpos) bool { return br.forcedLose(s, 1) && !br.forcedLose(s, 0) }

// task20: Petya cannot win with one move, and wins with his second
// whatever Vanya does.
func (br *brute) task20(s bpos) bool { return br.canWin(s, 2) && !br.canWin(s, 1) }

// task21: Vanya wins with his first or second move whatever Petya does,
// and has no strategy that surely wins with his first.
func (br *brute) task21(s bpos) bool { return br.forcedLose(s, 2) && !br.forcedLose(s, 1) }

// The real decisions at an answer.

// decides19: Petya has a move that is not unlucky, or after an unlucky
// one Vanya has a move that does not win at once.
func (br *brute) decides19(s bpos) bool {
	for _, q := range br.g.next(s) {
		if br.g.final(q) || !br.canWin(q, 1) {
			return true
		}
		for _, r := range br.g.next(q) {
			if !br.winsAtOnce(r) && !(!br.g.final(r) && br.forcedLose(r, 0)) {
				return true
			}
		}
	}
	return false
}

// decides20: Petya has a first move after which he does not win with his
// second whatever Vanya does.
func (br *brute) decides20(s bpos) bool {
	for _, q := range br.g.next(s) {
		if !br.winsAtOnce(q) && !(!br.g.final(q) && br.forcedLose(q, 1)) {
			return true
		}
	}
	return false
}

// decides21: after some move of Petya that does not end the game, Vanya
// has a move after which he does not win with his next whatever Petya
// does.
func (br *brute) decides21(s bpos) bool {
	for _, q := range br.g.next(s) {
		if br.g.final(q) {
			continue
		}
		for _, r := range br.g.next(q) {
			if !br.winsAtOnce(r) && !(!br.g.final(r) && br.forcedLose(r, 1)) {
				return true
			}
		}
	}
	return false
}

// bruteResult is what the brute force finds of a game: the least S of
// each task (0: none), the two least of 20, the counts, the decisions at
// each S.
type bruteResult struct {
	possible, guaranteed, task21 int64
	task20                       []int64
	counts                       [4]int // possible, guaranteed, 20, 21
	br                           *brute
}

func solveBrute(t *testing.T, text string) *bruteResult { return solveBruteCount(t, text, false) }

// solveBruteCount is solveBrute counting a losing move as Lebedev does
// (bruteGame.lebedev) or as the exam does.
func solveBruteCount(t *testing.T, text string, lebedev bool) *bruteResult {
	g := readBrute(t, text)
	g.lebedev = lebedev
	br := newBrute(t, g)
	res := &bruteResult{br: br}
	for s := g.lo; s <= g.hi; s++ {
		p := br.start(s)
		if g.final(p) {
			t.Fatalf("S = %d: the game is over at the start\n%s", s, text)
		}
		for k, holds := range []bool{br.possible(p), br.guaranteed(p), br.task20(p), br.task21(p)} {
			if !holds {
				continue
			}
			res.counts[k]++
			switch {
			case k == 0 && res.possible == 0:
				res.possible = s
			case k == 1 && res.guaranteed == 0:
				res.guaranteed = s
			case k == 2 && len(res.task20) < 2:
				res.task20 = append(res.task20, s)
			case k == 3 && res.task21 == 0:
				res.task21 = s
			}
		}
	}
	return res
}

// verdict is whether the game is a well-posed variant in a wording, by
// the brute force, in the order the package documents: "kept" or the
// condition it fails first.
func (res *bruteResult) verdict(g *bruteGame, task19, task20 string) string {
	br := res.br
	t19 := res.possible
	if task19 == "guaranteed" {
		t19 = res.guaranteed
	}
	switch {
	case t19 == 0:
		return "no19"
	case task19 == "agree" && res.possible != res.guaranteed:
		return "readings"
	case len(res.task20) < 2 || task20 == "exactly" && res.counts[2] != 2:
		return "no20"
	case res.task21 == 0:
		return "no21"
	}
	answers := []int64{t19, res.task20[0], res.task20[1], res.task21}
	for i, a := range answers {
		if a == g.lo || a == g.hi {
			return "atEnd"
		}
		for _, b := range answers[:i] {
			if a == b {
				return "same"
			}
		}
	}
	if !br.decides19(br.start(t19)) || !br.decides20(br.start(res.task20[0])) || !br.decides20(br.start(res.task20[1])) ||
		!br.decides21(br.start(res.task21)) {
		return "noDecision"
	}
	return "kept"
}

func (res *bruteResult) String() string {
	return fmt.Sprintf("19: %d, 19g: %d, 20: %v, 21: %d, counts %v", res.possible, res.guaranteed, res.task20, res.task21, res.counts)
}
