package retro_test

import (
	"errors"
	"fmt"
	"math/rand"
	"retro/retro/internal/core"
	"runtime"
	"strings"
	"testing"

	"retro/positions"
	"retro/retro"
	"retro/retro/retrotest"
)

// shiftGame is a random game of p piles holding a few stones: a stone
// moves round a ring of the piles, and other moves each add -2, -1, 1 or 2
// to two or three piles. With an end (the sum reaching a bound) a move may add
// stones, without one no move does; moves that keep the sum make cycles.
func shiftGame(rng *rand.Rand, p int) string {
	var b strings.Builder
	names := make([]string, p)
	for k := range names {
		names[k] = fmt.Sprintf("p%d", k)
	}
	fmt.Fprintf(&b, "name = \"shifts\"\npiles = [\"%s\"]\n", strings.Join(names, "\", \""))
	end := rng.Intn(2) == 0
	total := 2 + rng.Intn(2)
	if end {
		fmt.Fprintf(&b, "end = \"%s >= %d\"\n", strings.Join(names, " + "), total+1+rng.Intn(2))
	}
	fmt.Fprintf(&b, "winner = %q\n", []string{"mover", "other", "mover if p0 % 2 == 0 else other"}[rng.Intn(3)])
	if rng.Intn(2) == 0 {
		b.WriteString("count = \"lebedev\"\n")
	}
	b.WriteString("\n[commands]\n")
	step := 1 + rng.Intn(3)
	var ring []string
	for k := range names {
		j := (k + step) % p
		ring = append(ring, fmt.Sprintf("\"%s = %s - 1, %s = %s + 1\"", names[k], names[k], names[j], names[j]))
	}
	fmt.Fprintf(&b, "ring = [%s]\n", strings.Join(ring, ", "))
	for c := 0; c < p/2+rng.Intn(p); c++ {
		var entries []string
		for e := 1 + rng.Intn(2); e > 0; e-- {
			var parts []string
			sum := 0
			for _, k := range rng.Perm(p)[:2+rng.Intn(2)] {
				d := []int{-2, -1, -1, 1, 1, 2}[rng.Intn(6)]
				if !end && sum+d > 0 {
					d = -d
				}
				sum += d
				if d >= 0 {
					parts = append(parts, fmt.Sprintf("%s = %s + %d", names[k], names[k], d))
				} else {
					parts = append(parts, fmt.Sprintf("%s = %s - %d", names[k], names[k], -d))
				}
			}
			entries = append(entries, fmt.Sprintf("%q", strings.Join(parts, ", ")))
		}
		fmt.Fprintf(&b, "c%d = [%s]\n", c, strings.Join(entries, ", "))
	}
	b.WriteString("\n[start]\n")
	left := total
	for k, n := range names {
		v := 0
		if left > 0 && rng.Intn(8) == 0 || k == len(names)-1 {
			v = rng.Intn(left + 1)
		}
		left -= v
		fmt.Fprintf(&b, "%s = %d\n", n, v)
	}
	return b.String()
}

// The path of shifts against the general path on random many-pile games
// with cycles, ends, every winner rule and both counts: games that keep
// no weighted sum of the piles (shiftGame), and games that keep one
// (keptSumGame), on its slice, with their table files and CSV.
func TestShiftsAgainstGeneralPath(t *testing.T) {
	games := randomGames(300, 60)
	taken, sliced := shiftsAgainstGeneralPath(t, games, 3000, false, shiftGame)
	kept, onSlice := shiftsAgainstGeneralPath(t, games, 5000, true, keptSumGame)
	t.Logf("%d of %d games took the path of shifts (%d on a slice); of %d that keep a sum, %d took it, %d on its slice",
		taken, games, sliced, games, kept, onSlice)
	if taken < games/2 || onSlice < games/2 {
		t.Fatal("too few games took the path of shifts, or the slice of a kept sum")
	}
}

// shiftsAgainstGeneralPath solves random games that game makes (with
// 20 to 24 piles) by the path of shifts and by the general path, at most
// most positions each, and fails unless they agree: the same result, and
// with files the same table file and CSV. It returns how many took the
// path of shifts, and how many of those the slice of a kept sum.
func shiftsAgainstGeneralPath(t *testing.T, games, most int, files bool, game func(*rand.Rand, int) string) (taken, sliced int) {
	t.Helper()
	rng := newRand(t)
	for trial := 0; trial < games; trial++ {
		src := game(rng, 20+rng.Intn(5))
		g := retrotest.Parse(t, "shifts.toml", src)
		insts, err := g.Instances()
		if err != nil {
			t.Fatal(err)
		}
		in := insts[0]
		popt := positions.DefaultOptions(g)
		popt.MaxPositions = most
		fast, err := retro.SolveInstance(in, popt, core.Options{Path: "shifts"})
		if errors.Is(err, retro.ErrPathDeclines) {
			continue
		}
		gr, gerr := positions.Enumerate(in, popt)
		if err != nil || gerr != nil {
			if err == nil || gerr == nil || err.Error() != gerr.Error() {
				t.Fatalf("game %d: error %v, the general path %v\n%s", trial, err, gerr, src)
			}
			continue
		}
		taken++
		if strings.Contains(fast.Path, "ranked by counting") {
			sliced++
		}
		general, err := retro.Solve(gr, core.Options{})
		if err != nil {
			t.Fatal(err)
		}
		what := fmt.Sprintf("game %d\n%s", trial, src)
		sameResult(t, what, fast, general)
		if files {
			sameFiles(t, "shifts.toml", []*retro.Result{fast}, []*retro.Result{general}, fast.Path, what)
		}
	}
	return taken, sliced
}

// The same bytes out on 1, 2 and 8 cores, and the general path's.
func TestShiftsSameOnAnyCores(t *testing.T) {
	in := fsvpInstance(t, 34)
	popt := positions.DefaultOptions(in.Game)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	general := solveGeneral(t, in, popt)
	for _, cores := range []int{1, 2, 8} {
		runtime.GOMAXPROCS(cores)
		fast, err := retro.SolveInstance(in, popt, core.Options{Path: "shifts"})
		if err != nil {
			t.Fatal(err)
		}
		sameResult(t, fmt.Sprintf("%d cores", cores), fast, general)
		sameFiles(t, "fsvp-34.toml", []*retro.Result{fast}, []*retro.Result{general}, fast.Path, "")
	}
}

// Piles that outgrow the widths the moves suggest: the keys widen, and
// once they need a second word the search starts again with wider keys.
func TestShiftsWidenKeys(t *testing.T) {
	var b strings.Builder
	b.WriteString("piles = [\"p0\", \"p1\", \"p2\", \"p3\", \"p4\", \"p5\", \"p6\", \"p7\"]\nmoves = [")
	for k := 1; k <= 7; k++ {
		fmt.Fprintf(&b, "\"p0 = p0 - 1, p%d = p%d + 200\", ", k, k)
	}
	b.WriteString("\"p1 = p1 - 1, p2 = p2 + 1\"]\n[start]\np0 = 3\n")
	for k := 1; k <= 7; k++ {
		fmt.Fprintf(&b, "p%d = 0\n", k)
	}
	g := retrotest.Parse(t, "widen.toml", b.String())
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	popt := positions.DefaultOptions(g)
	fast, err := retro.SolveInstance(insts[0], popt, core.Options{Path: "shifts"})
	if err != nil {
		t.Fatal(err)
	}
	sameResult(t, "widened keys", fast, solveGeneral(t, insts[0], popt))
}

// A pile that overflows: the path of shifts leaves the game to the general
// path, which reports the fault.
func TestShiftsOverflowGoesGeneral(t *testing.T) {
	src := "piles = [\"a\", \"b\", \"c\", \"d\", \"e\", \"f\", \"g\", \"h\"]\n" +
		"moves = [\"a = a - 1, b = b + 4611686018427387904\"]\n[start]\na = 3\nb = 0\nc = 0\nd = 0\ne = 0\nf = 0\ng = 0\nh = 0\n"
	g := retrotest.Parse(t, "overflow.toml", src)
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	popt := positions.DefaultOptions(g)
	if _, err := retro.SolveInstance(insts[0], popt, core.Options{Path: "shifts"}); !errors.Is(err, retro.ErrPathDeclines) {
		t.Fatalf("the path of shifts: %v, want ErrPathDeclines", err)
	}
	_, err = retro.SolveInstance(insts[0], popt, core.Options{})
	_, gerr := positions.Enumerate(insts[0], popt)
	if err == nil || gerr == nil || err.Error() != gerr.Error() {
		t.Fatalf("SolveInstance: %v; the general path: %v", err, gerr)
	}
}

// keptSumGame is a random game of p piles of shifts that keep a weighted
// sum of the piles, weights 1 and 2: a move trades stones of one pile for
// stones of another worth as much (round a ring of the piles, and between
// piles at random), or joins a stone of two piles into one of a pile
// worth both. It starts from two stones, and with a start
// parameter from several positions, of one sum or of several; it may end
// where a pile reaches a bound.
func keptSumGame(rng *rand.Rand, p int) string {
	var b strings.Builder
	w := make([]int, p)
	names := make([]string, p)
	for k := range w {
		w[k], names[k] = 1+rng.Intn(2), fmt.Sprintf("p%d", k)
	}
	fmt.Fprintf(&b, "name = \"kept sum\"\npiles = [\"%s\"]\n", strings.Join(names, "\", \""))
	if rng.Intn(3) == 0 {
		fmt.Fprintf(&b, "end = \"%s >= 2\"\n", names[rng.Intn(p)])
	}
	fmt.Fprintf(&b, "winner = %q\n", []string{"mover", "other", "mover if p1 % 2 == 0 else other"}[rng.Intn(3)])
	if rng.Intn(2) == 0 {
		b.WriteString("count = \"lebedev\"\n")
	}
	b.WriteString("moves = [\n")
	seen := map[string]bool{}
	for m := range 2*p + rng.Intn(p) {
		i, j := rng.Intn(p), rng.Intn(p)
		if m < p { // a ring of trades, which reaches every pile
			i, j = m, (m+1)%p
		}
		if i == j {
			continue
		}
		join := -1
		for _, k := range rng.Perm(p) {
			if k != i && k != j && w[k] == w[i]+w[j] {
				join = k
			}
		}
		var mv string
		if join >= 0 && rng.Intn(2) == 0 {
			mv = fmt.Sprintf("%[1]s = %[1]s - 1, %[2]s = %[2]s - 1, %[3]s = %[3]s + 1", names[min(i, j)], names[max(i, j)], names[join])
		} else {
			g := w[i]
			for x := w[j]; x != 0; g, x = x, g%x {
			}
			mv = fmt.Sprintf("%[1]s = %[1]s - %[2]d, %[3]s = %[3]s + %[4]d", names[i], w[j]/g, names[j], w[i]/g)
		}
		if !seen[mv] {
			seen[mv] = true
			fmt.Fprintf(&b, "  %q,\n", mv)
		}
	}
	b.WriteString("]\n\n[start]\n")
	param := rng.Intn(3) // 0: one start; 1: starts of different sums; 2: starts of one sum
	stone := map[int]bool{}
	for len(stone) < 2 {
		stone[2+rng.Intn(p-2)] = true
	}
	for k, n := range names {
		switch {
		case k == 0 && param > 0:
			fmt.Fprintf(&b, "%s = \"S\"\n", n)
		case k == 1 && param == 2 && w[0] == w[1]:
			fmt.Fprintf(&b, "%s = \"1 - S\"\n", n)
		case stone[k]:
			fmt.Fprintf(&b, "%s = 1\n", n)
		default:
			fmt.Fprintf(&b, "%s = 0\n", n)
		}
	}
	if param > 0 {
		b.WriteString("\n[params]\nS = \"0..1\"\n")
	}
	return b.String()
}
