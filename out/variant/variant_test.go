package variant_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"retro/out/variant"
	"retro/retro"
	"retro/rules/lang"
)

// The random families and specs come from a fixed seed, so that every
// run tests the same ones; -seed 0 draws a new one from the clock.
var seedFlag = flag.Uint64("seed", 1, "seed of the random families and specs (0: a new seed from the clock)")

func testRand(t *testing.T) *rand.Rand {
	seed := *seedFlag
	if seed == 0 {
		seed = rand.Uint64()
	}
	t.Logf("seed %d", seed)
	return rand.New(rand.NewPCG(seed, 1))
}

// rejectNames are the reasons of Check as the brute force names them.
var rejectNames = map[variant.Reject]string{variant.Kept: "kept", variant.No19: "no19", variant.Readings: "readings",
	variant.No20: "no20", variant.No21: "no21", variant.AtEnd: "atEnd", variant.Same: "same", variant.NoDecision: "noDecision"}

// checkAgainstBrute compares a variant's answers and counts with the
// brute force's, and its verdict in its wording.
func checkAgainstBrute(t *testing.T, v *variant.Variant) string {
	t.Helper()
	res := solveBrute(t, v.Game)
	k := &v.Key
	got := fmt.Sprintf("19: %d, 19g: %d, 20: %v, 21: %d, counts %v", k.Possible, k.Guaranteed, k.Task20, k.Task21,
		[4]int{v.Counts.Possible, v.Counts.Guaranteed, v.Counts.Task20, v.Counts.Task21})
	if want := res.String(); got != want {
		t.Errorf("the engine finds %s, the brute force %s\n%s", got, want, v.Game)
	}
	verdict := res.verdict(readBrute(t, v.Game), v.Wording.Task19.String(), v.Wording.Task20.String())
	if own := rejectNames[v.Check(v.Wording)]; own != verdict {
		t.Errorf("Check says %s, the brute force %s (%s)\n%s", own, verdict, res, v.Game)
	}
	return verdict
}

func TestBuiltinFamiliesAgainstBrute(t *testing.T) {
	for _, name := range variant.BuiltinNames() {
		t.Run(name, func(t *testing.T) {
			f, ok := variant.Builtin(name)
			if !ok {
				t.Fatal("no such family")
			}
			b, err := variant.Make(context.Background(), f, variant.Options{Count: 12, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			keys := map[string]int{}
			for _, v := range b.Variants {
				if verdict := checkAgainstBrute(t, v); verdict != "kept" {
					t.Errorf("variant %d kept, the brute force says %s", v.Number, verdict)
				}
				// The answers of a batch differ, and none depends on how an
				// overshoot is counted.
				k := &v.Key
				key := fmt.Sprint(k.Task19(v.Wording.Task19), k.Task20, k.Task21)
				if n, ok := keys[key]; ok {
					t.Errorf("variants %d and %d have the same answers %s", n, v.Number, key)
				}
				keys[key] = v.Number
				answers := func(r *bruteResult) string {
					return fmt.Sprintf("19: %d, 19g: %d, 20: %v, 21: %d", r.possible, r.guaranteed, r.task20, r.task21)
				}
				want := answers(solveBrute(t, v.Game))
				if got := answers(solveBruteCount(t, v.Game, true)); got != want {
					t.Errorf("variant %d: counting an overshoot as Lebedev does gives %s, as the exam does %s\n%s", v.Number, got, want, v.Game)
				}
			}
		})
	}
}

// randomFamily is the text of a family drawn at random: one or two
// piles, growing or shrinking, one to three entries, an overshoot rule
// and the no-repeat rule now and then, any wording.
func randomFamily(rng *rand.Rand) string {
	between := func(lo, hi int) int { return lo + rng.IntN(hi-lo+1) }
	var b strings.Builder
	piles := between(1, 2)
	down := rng.IntN(3) == 0
	fmt.Fprintf(&b, "piles = %d\n", piles)
	ops := []string{"+", "*"}
	if down {
		ops = []string{"-", "//"}
		b.WriteString("direction = \"down\"\n")
	}
	var entries []string
	for k := between(1, 3); k > 0; k-- {
		op := ops[rng.IntN(2)]
		lo := between(1, 4)
		if op == "*" || op == "//" {
			lo = between(2, 3)
		}
		entries = append(entries, fmt.Sprintf("%q", fmt.Sprintf("%s%d..%d", op, lo, lo+between(0, 3))))
	}
	fmt.Fprintf(&b, "moves = [%s]\n", strings.Join(entries, ", "))
	end := between(1, 60)
	if !down {
		end = between(20, 100)
	}
	fmt.Fprintf(&b, "end = \"%d..%d\"\n", end, end+between(0, 30))
	if piles == 2 {
		fmt.Fprintf(&b, "fixed = \"%d..%d\"\n", between(1, 8), between(8, 15))
	}
	if down {
		fmt.Fprintf(&b, "s = \"1..%d\"\n", end+between(40, 120))
	} else if rng.IntN(4) == 0 {
		fmt.Fprintf(&b, "overshoot = \"%d..%d\"\n", between(0, 10), between(10, 40))
	}
	if rng.IntN(3) == 0 {
		b.WriteString("no_repeat = true\n")
	}
	fmt.Fprintf(&b, "task19 = %q\ntask20 = %q\ntries = 60\n", []string{"possible", "guaranteed"}[rng.IntN(2)], []string{"smallest", "exactly"}[rng.IntN(2)])
	return b.String()
}

// TestGeneratedVariantsAgainstBrute makes 200 variants of random families
// and checks each against the brute force.
func TestGeneratedVariantsAgainstBrute(t *testing.T) {
	rng := testRand(t)
	kept, families := 0, 0
	for kept < 200 {
		families++
		src := randomFamily(rng)
		f, err := variant.Parse(fmt.Sprintf("random-%d.toml", families), []byte(src))
		if err != nil && strings.Contains(err.Error(), "leave no move") {
			continue // entries that cannot give different moves: a bad family
		}
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		b, err := variant.Make(context.Background(), f, variant.Options{Count: 2, Seed: rng.Uint64()})
		var few *variant.TooFewError
		if errors.As(err, &few) {
			continue
		}
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		for _, v := range b.Variants {
			if verdict := checkAgainstBrute(t, v); verdict != "kept" {
				t.Errorf("kept, the brute force says %s\n%s", verdict, src)
			}
			kept++
		}
		if t.Failed() {
			t.FailNow()
		}
	}
	t.Logf("%d variants of %d random families", kept, families)
}

// randomSpec is a game drawn at random, whatever its tasks.
func randomSpec(rng *rand.Rand) variant.Spec {
	between := func(lo, hi int) int64 { return int64(lo + rng.IntN(hi-lo+1)) }
	sp := variant.Spec{Piles: int(between(1, 2)), Down: rng.IntN(3) == 0, NoRepeat: rng.IntN(3) == 0}
	ops := []variant.Op{variant.Add, variant.Mul}
	if sp.Down {
		ops = []variant.Op{variant.Take, variant.Div}
	}
	for k := between(1, 3); k > 0; k-- {
		m := variant.Move{Op: ops[rng.IntN(2)], K: between(1, 6)}
		if m.Op == variant.Mul || m.Op == variant.Div {
			m.K = between(2, 4)
		}
		if !slices.Contains(sp.Moves, m) {
			sp.Moves = append(sp.Moves, m)
		}
	}
	if sp.Piles == 2 {
		sp.Fixed = between(1, 12)
	}
	// Moves that can be made from every position before the end, two for
	// the no-repeat rule.
	for _, m := range []variant.Move{{Op: ops[0], K: 1}, {Op: ops[1], K: 2}}[:1+bool2int(sp.NoRepeat)] {
		if !slices.Contains(sp.Moves, m) {
			sp.Moves = append(sp.Moves, m)
		}
	}
	if sp.Down {
		sp.End = between(0, 40)
		sp.Lo, sp.Hi = max(1, sp.End+1-sp.Fixed), sp.End+between(20, 120)
	} else {
		sp.End = sp.Fixed + between(3, 100)
		sp.Lo, sp.Hi = 1, sp.End-1-sp.Fixed
		if rng.IntN(4) == 0 {
			sp.Limit = sp.End + between(0, 30)
		}
	}
	return sp
}

func bool2int(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestCheckAgainstBrute solves random games, well posed or not, and
// compares their answers, counts and verdicts with the brute force's.
func TestCheckAgainstBrute(t *testing.T) {
	rng := testRand(t)
	seen := map[string]int{}
	for n := 0; n < 300; n++ {
		sp := randomSpec(rng)
		v, err := variant.Solve(context.Background(), sp, retro.GameOptions{})
		if err != nil {
			t.Fatalf("%+v: %v", sp, err)
		}
		v.Wording = variant.Wording{Task19: variant.Task19(rng.IntN(3)), Task20: variant.Task20(rng.IntN(2))}
		seen[checkAgainstBrute(t, v)]++
		if t.Failed() {
			t.FailNow()
		}
	}
	t.Logf("verdicts: %v", seen)
	if seen["kept"] == 0 || seen["kept"] == 300 {
		t.Errorf("the random games are all kept or all dropped: %v", seen)
	}
}

// A game beyond the caps of its solve is one error that names it, and
// the cap it passed.
func TestSolveTooLarge(t *testing.T) {
	sp := variant.Spec{Piles: 2, Moves: []variant.Move{{Op: variant.Add, K: 1}, {Op: variant.Mul, K: 2}}, End: 200, Fixed: 3, Lo: 1, Hi: 196}
	_, err := variant.Solve(context.Background(), sp, retro.GameOptions{MaxPositions: 1000})
	var big *variant.TooLargeError
	want := "the game (3, S), +1 *2, the end at 200, S = 1..196 is too large for a variant: too many positions: the game has 19306, more than 1000 (lower the family's end or its range of S)"
	if !errors.As(err, &big) || err.Error() != want {
		t.Errorf("%v\nwant %s", err, want)
	}
	if ru := big.In(lang.Ru); !strings.HasPrefix(ru, "игра (3, S), ходы +1 *2, порог 200, S = 1..196 слишком велика для варианта: ") ||
		strings.ContainsAny(ru, "abcdefghijklmnopqrtuvwxyz") {
		t.Errorf("in Russian: %s", ru)
	}
}
