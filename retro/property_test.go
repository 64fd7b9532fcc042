package retro_test

import (
	"cmp"
	"flag"
	"fmt"
	"math/rand"
	"retro/retro/internal/core"
	"slices"
	"strings"
	"testing"
	"time"

	"retro/positions"
	"retro/retro"
)

// The random tests run on a fixed seed, so that every run (CI's included)
// tests the same games; -seed 0 draws a new seed from the clock, and -long
// runs ten times as many games.
var (
	seedFlag = flag.Int64("seed", 1, "seed of the random games (0: a new seed from the clock)")
	longFlag = flag.Bool("long", false, "run ten times as many random games")
)

// newRand returns the random source of a property test, its seed logged so
// that a failure can be run again.
func newRand(t *testing.T) *rand.Rand {
	seed := *seedFlag
	if seed == 0 {
		seed = time.Now().UnixNano()
	}
	t.Logf("seed %d (rerun with -seed %d)", seed, seed)
	return rand.New(rand.NewSource(seed))
}

// A random game, built as data so that the naive solver below can play it
// without the rules package: commands of moves "pile op constant", an
// optional end "sum of piles >= T", a winner rule, an allow rule and a
// count, on the box 0..T-1 (or 0..B without an end).
type rgame struct {
	piles   int
	cmds    [][]rmove
	end     int64 // 0: no end (then every move shrinks a pile)
	box     int64
	start   []int64 // a start position instead of the box, when set
	winner  int     // 0 mover, 1 other, 2 mover if a % 3 == 0 else other
	allow   int     // 0 none, 1 no-repeat-opponent, 2 no-repeat-own
	lebedev bool
	// capN is the range of the param N of its "cap" moves ("" for the c
	// of the moves, which all have one)
	capN string
}

type rmove struct {
	pile int // -1: each pile; -2: a and b at once (op "diag")
	op   string
	c    int64
}

// The line moves of a random game, each with its constant c:
//
//	"take": x = x - j for j in c..x
//	"half": x = x - j for j in 1..x // c
//	"diag": a = a - j, b = b - j for j in c..min(a, b)
//	"cap":  x = x - j for j in 1..min(x, N), N a param (the naive solver
//	        plays it with N = c)
var lineOps = []string{"take", "half", "diag", "cap"}

var pileNames = []string{"a", "b", "c"}

func randomGame(rng *rand.Rand) rgame {
	g := rgame{piles: 1 + rng.Intn(3), allow: rng.Intn(3), winner: rng.Intn(3), lebedev: rng.Intn(2) == 0}
	if rng.Intn(3) > 0 {
		g.end = int64([]int{14, 9, 6}[g.piles-1] + rng.Intn(4))
		g.box = g.end - 1
	} else {
		g.box = int64([]int{16, 8, 5}[g.piles-1])
	}
	if rng.Intn(3) == 0 {
		for k := 0; k < g.piles; k++ {
			g.start = append(g.start, rng.Int63n(g.box+1))
		}
	}
	ops := []string{"+", "-", "*", "//"}
	if g.end == 0 {
		ops = []string{"-", "//"}
	}
	for c := 1 + rng.Intn(3); c > 0; c-- {
		var cmd []rmove
		for m := 1 + rng.Intn(2); m > 0; m-- {
			op := ops[rng.Intn(len(ops))]
			k := int64(1 + rng.Intn(3))
			if op == "*" || op == "//" {
				k++
			}
			p := rng.Intn(g.piles+1) - 1
			cmd = append(cmd, rmove{pile: p, op: op, c: k})
		}
		g.cmds = append(g.cmds, cmd)
	}
	return g
}

func (g rgame) toml() string {
	var b strings.Builder
	names := pileNames[:g.piles]
	fmt.Fprintf(&b, "name = \"random\"\npiles = [\"%s\"]\n", strings.Join(names, "\", \""))
	if g.end > 0 {
		fmt.Fprintf(&b, "end = \"%s >= %d\"\n", strings.Join(names, " + "), g.end)
	}
	fmt.Fprintf(&b, "winner = %q\n", []string{"mover", "other", "mover if a % 3 == 0 else other"}[g.winner])
	if g.allow > 0 {
		fmt.Fprintf(&b, "allow = %q\n", []string{"", "no-repeat-opponent", "no-repeat-own"}[g.allow])
	}
	if g.lebedev {
		b.WriteString("count = \"lebedev\"\n")
	}
	b.WriteString("\n[commands]\n")
	for k, cmd := range g.cmds {
		var texts []string
		for _, m := range cmd {
			if slices.Contains(lineOps, m.op) {
				texts = append(texts, fmt.Sprintf("%q", m.line(names)))
			} else if m.pile < 0 {
				texts = append(texts, fmt.Sprintf("%q", fmt.Sprintf("each %s%d", m.op, m.c)))
			} else {
				n := names[m.pile]
				texts = append(texts, fmt.Sprintf("%q", fmt.Sprintf("%s = %s %s %d", n, n, m.op, m.c)))
			}
		}
		fmt.Fprintf(&b, "c%d = [%s]\n", k, strings.Join(texts, ", "))
	}
	if n := g.capRange(); n != "" {
		fmt.Fprintf(&b, "\n[params]\nN = %q\n", n)
	}
	if g.start != nil {
		b.WriteString("\n[start]\n")
		for k, n := range names {
			fmt.Fprintf(&b, "%s = %d\n", n, g.start[k])
		}
		return b.String()
	}
	b.WriteString("\n[bounds]\n")
	for _, n := range names {
		fmt.Fprintf(&b, "%s = \"0..%d\"\n", n, g.box)
	}
	return b.String()
}

// capRange is the range of the param N where the game has "cap" moves,
// and "" where it has none.
func (g rgame) capRange() string {
	for _, cmd := range g.cmds {
		for _, m := range cmd {
			if m.op == "cap" {
				return cmp.Or(g.capN, fmt.Sprintf("%d..%d", m.c, m.c))
			}
		}
	}
	return ""
}

// line writes a line move.
func (m rmove) line(names []string) string {
	if m.op == "diag" {
		return fmt.Sprintf("a = a - j, b = b - j for j in %d..min(a, b)", m.c)
	}
	x := names[m.pile]
	switch m.op {
	case "take":
		return fmt.Sprintf("%s = %s - j for j in %d..%s", x, x, m.c, x)
	case "half":
		return fmt.Sprintf("%s = %s - j for j in 1..%s // %d", x, x, x, m.c)
	}
	return fmt.Sprintf("%s = %s - j for j in 1..min(%s, N)", x, x, x)
}

// The naive solver: positions as strings, moves applied directly, layers
// decided round by round straight from the definitions.
type npos struct {
	piles        [3]int64
	last, mylast int
}

func (g rgame) final(p npos) bool {
	if g.end > 0 {
		var s int64
		for _, v := range p.piles[:g.piles] {
			s += v
		}
		if s >= g.end {
			return true
		}
	}
	return len(g.moves(p)) == 0
}

// moverWon: at a final position, the player who made the last move has won.
func (g rgame) moverWon(p npos) bool {
	switch g.winner {
	case 0:
		return true
	case 1:
		return false
	}
	return p.piles[0]%3 == 0
}

func (g rgame) moves(p npos) []npos {
	if g.end > 0 {
		var s int64
		for _, v := range p.piles[:g.piles] {
			s += v
		}
		if s >= g.end {
			return nil
		}
	}
	var out []npos
	for c, cmd := range g.cmds {
		if (g.allow == 1 && c+1 == p.last) || (g.allow == 2 && c+1 == p.mylast) {
			continue
		}
		for _, m := range cmd {
			if slices.Contains(lineOps, m.op) {
				out = g.lineMoves(p, m, c, out)
				continue
			}
			for k := 0; k < g.piles; k++ {
				if m.pile >= 0 && m.pile != k {
					continue
				}
				v := p.piles[k]
				switch m.op {
				case "+":
					v += m.c
				case "-":
					v -= m.c
				case "*":
					v *= m.c
				case "//":
					v /= m.c // v >= 0
				}
				if v < 0 || v == p.piles[k] {
					continue
				}
				t := p
				t.piles[k] = v
				out = append(out, g.played(p, t, c))
			}
		}
	}
	return out
}

// played is t, reached from p by command c, with its history.
func (g rgame) played(p, t npos, c int) npos {
	t.last, t.mylast = 0, 0
	if g.allow > 0 {
		t.last = c + 1
	}
	if g.allow == 2 {
		t.mylast = p.last
	}
	return t
}

// lineMoves appends the moves of line move m of command c from p.
func (g rgame) lineMoves(p npos, m rmove, c int, out []npos) []npos {
	x := p.piles[max(m.pile, 0)]
	lo, hi := int64(1), x
	switch m.op {
	case "take":
		lo = m.c
	case "half":
		hi = x / m.c
	case "diag":
		lo, hi = m.c, min(p.piles[0], p.piles[1])
	case "cap":
		hi = min(x, m.c)
	}
	for j := max(lo, 1); j <= hi; j++ {
		t := p
		if m.op == "diag" {
			t.piles[0] -= j
			t.piles[1] -= j
		} else {
			t.piles[m.pile] -= j
		}
		out = append(out, g.played(p, t, c))
	}
	return out
}

type nval struct {
	o     core.Outcome
	layer int
}

// naive values the game from its definition, never by the solver: its
// positions are found by a plain search, the final ones valued by the
// rules, and then layer n by layer n each position is W n where a move
// leads to an L n-1, L n where every move leads to a W and the most of
// them is n-1; positions left are D.
func (g rgame) naive() map[npos]nval {
	all := g.naivePositions()
	val := g.finalValues(all)
	quiet := 0
	for n := 0; quiet < 2 || n < 3; n++ {
		decided := g.naiveLayer(all, val, n)
		for p, v := range decided {
			val[p] = v
		}
		if len(decided) == 0 {
			quiet++
		} else {
			quiet = 0
		}
	}
	for _, p := range all {
		if _, ok := val[p]; !ok {
			val[p] = nval{core.Draw, -1}
		}
	}
	return val
}

// naivePositions are the positions: the box with no history (or the
// start), and what they reach.
func (g rgame) naivePositions() []npos {
	var all []npos
	seen := map[npos]bool{}
	var visit func(p npos, start bool)
	visit = func(p npos, start bool) {
		if seen[p] {
			return
		}
		if !start && g.final(p) {
			return
		}
		seen[p] = true
		all = append(all, p)
		if start && g.final(p) {
			return
		}
		for _, t := range g.moves(p) {
			visit(t, false)
		}
	}
	var box func(k int, p npos)
	box = func(k int, p npos) {
		if k == g.piles {
			visit(p, true)
			return
		}
		for v := int64(0); v <= g.box; v++ {
			p.piles[k] = v
			box(k+1, p)
		}
	}
	if g.start != nil {
		var p npos
		copy(p.piles[:], g.start)
		visit(p, true)
	} else {
		box(0, npos{})
	}
	return all
}

// finalValues are the values of the final positions among all.
func (g rgame) finalValues(all []npos) map[npos]nval {
	val := map[npos]nval{}
	for _, p := range all {
		if g.final(p) {
			if g.moverWon(p) {
				val[p] = nval{core.Lose, 0}
			} else if g.lebedev {
				val[p] = nval{core.Win, 1}
			} else {
				val[p] = nval{core.Win, 0}
			}
		}
	}
	return val
}

// moveValue is what a move to t is worth, ends counted as the rules say.
func (g rgame) moveValue(t npos, known map[npos]nval) (nval, bool) {
	if g.final(t) {
		switch {
		case g.moverWon(t):
			return nval{core.Lose, 0}, true
		case g.lebedev:
			return nval{core.Win, 1}, true
		}
		return nval{core.Win, -1}, true
	}
	v, ok := known[t]
	return v, ok
}

// naiveLayer is the positions of all not valued yet that layer n decides.
func (g rgame) naiveLayer(all []npos, val map[npos]nval, n int) map[npos]nval {
	decided := map[npos]nval{}
	for _, p := range all {
		if _, ok := val[p]; ok {
			continue
		}
		allW, maxW, win := true, -2, false
		for _, t := range g.moves(p) {
			v, ok := g.moveValue(t, val)
			if ok && v.o == core.Lose && v.layer == n-1 {
				win = true
			}
			if !ok || v.o != core.Win {
				allW = false
			} else {
				maxW = max(maxW, v.layer)
			}
		}
		switch {
		case win:
			decided[p] = nval{core.Win, n}
		case allW && maxW == n-1:
			decided[p] = nval{core.Lose, n}
		}
	}
	return decided
}

// randomGames is how many random games a property test plays: games, or
// short under -short, ten times as many under -long.
func randomGames(games, short int) int {
	if testing.Short() {
		games = short
	}
	if *longFlag {
		games *= 10
	}
	return games
}

func TestRandomGamesAgainstNaiveSolver(t *testing.T) {
	rng := newRand(t)
	games := randomGames(400, 60)
	draws := 0
	for k := 0; k < games; k++ {
		rg := randomGame(rng)
		src := rg.toml()
		draws += sameAsNaive(t, k, solveFirst(t, k, src), rg, src)
	}
	if draws == 0 {
		t.Errorf("no draws in %d random games: the cycles are not exercised", games)
	}
}

// solveFirst solves the first instance of random game k by the path
// SolveInstance chooses.
func solveFirst(t *testing.T, k int, src string) *retro.Result {
	t.Helper()
	return solveFirstBy(t, fmt.Sprintf("game %d", k), src, "")
}

// solveFirstBy solves the first instance of the game named name by the
// path named (or, for "", the path SolveInstance chooses).
func solveFirstBy(t *testing.T, name, src, path string) *retro.Result {
	t.Helper()
	g, in := firstInstance(t, src)
	res, err := retro.SolveInstance(in, positions.DefaultOptions(g), core.Options{Path: path})
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, src)
	}
	return res
}

// sameAsNaive fails unless res, game k's solve, holds the naive solver's
// positions, outcomes and layers; it returns how many positions are
// drawn.
func sameAsNaive(t *testing.T, k int, res *retro.Result, rg rgame, src string) int {
	t.Helper()
	g := res.Instance.Game
	want := rg.naive()
	if res.Len() != len(want) {
		t.Fatalf("game %d: %d positions, naive solver has %d\n%s", k, res.Len(), len(want), src)
	}
	draws := 0
	piles := make([]int64, len(g.Piles))
	for i := 0; i < res.Len(); i++ {
		h := res.Space.Position(i, piles)
		var p npos
		copy(p.piles[:], piles)
		p.last, p.mylast = positions.SplitHistory(g, h)
		w, ok := want[p]
		if !ok {
			t.Fatalf("game %d: position %s is not the naive solver's\n%s", k, positions.Format(g, piles, h), src)
		}
		if got := (nval{res.Outcome(i), res.Layer(i)}); got != w {
			t.Fatalf("game %d: %s is %v, naive solver says %v (%s)\n%s", k, positions.Format(g, piles, h), got, w, res.Path, src)
		}
		if w.o == core.Draw {
			draws++
		}
	}
	return draws
}
