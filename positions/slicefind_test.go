package positions

import (
	"fmt"
	"math/rand"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"retro/rules"
)

// sliceGame is a random game of p piles whose moves keep a weighted sum:
// each moves weight between two or three piles. Some games end where a
// pile reaches a bound, some start from several positions (a start
// parameter), of one sum or of several.
func sliceGame(rng *rand.Rand, p int) string {
	var b strings.Builder
	names := make([]string, p)
	weight := make([]int64, p)
	for k := range names {
		names[k] = fmt.Sprintf("p%d", k)
		weight[k] = 1 + rng.Int63n(3)
	}
	fmt.Fprintf(&b, "name = \"kept sum\"\npiles = [\"%s\"]\n", strings.Join(names, "\", \""))
	if rng.Intn(3) == 0 {
		fmt.Fprintf(&b, "end = \"%s >= %d\"\n", names[rng.Intn(p)], 2+rng.Intn(3))
	}
	fmt.Fprintf(&b, "winner = %q\n", []string{"mover", "other", "mover if p0 % 2 == 0 else other"}[rng.Intn(3)])
	if rng.Intn(2) == 0 {
		b.WriteString("count = \"lebedev\"\n")
	}
	b.WriteString("\n[commands]\n")
	for c, s := range shiftsKeeping(rng, weight, p+rng.Intn(p)) {
		var parts []string
		for i, k := range s.Piles {
			if d := s.Deltas[i]; d > 0 {
				parts = append(parts, fmt.Sprintf("%s = %s + %d", names[k], names[k], d))
			} else {
				parts = append(parts, fmt.Sprintf("%s = %s - %d", names[k], names[k], -d))
			}
		}
		fmt.Fprintf(&b, "c%d = [%q]\n", c, strings.Join(parts, ", "))
	}
	start := make([]string, p) // a few stones; one start, or one a value of S
	for k := range start {
		start[k] = fmt.Sprint(map[bool]int{true: 1 + rng.Intn(2)}[rng.Intn(p/3) == 0])
	}
	param := rng.Intn(3)
	switch param {
	case 1: // of three sums
		start[0] = `"S"`
	case 2: // of one sum
		start[0], start[1] = fmt.Sprintf(`"%d * (3 - S)"`, weight[1]), fmt.Sprintf(`"%d * S"`, weight[0])
	}
	b.WriteString("\n[start]\n")
	for k, n := range names {
		fmt.Fprintf(&b, "%s = %s\n", n, start[k])
	}
	if param > 0 {
		b.WriteString("\n[params]\nS = \"1..3\"\n")
	}
	return b.String()
}

// The ranked index against the packed keys on random games that keep a
// weighted sum: the same positions, indices, flags, successor counts and
// predecessors.
func TestSliceAgainstPackedKeys(t *testing.T) {
	rng := rand.New(rand.NewSource(14))
	// Small games fill their box: let them be sparse, as larger games are.
	defer func(ratio, floor uint64) { sparseRatio, sparseFloor = ratio, floor }(sparseRatio, sparseFloor)
	sparseRatio, sparseFloor = 0, 0
	sliced, games := 0, 300
	if testing.Short() {
		games = 60
	}
	for trial := 0; trial < games; trial++ {
		src := sliceGame(rng, 12+rng.Intn(10))
		g, err := rules.Parse("kept.toml", []byte(src))
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		insts, err := g.Instances()
		if err != nil {
			t.Fatal(err)
		}
		opt := DefaultOptions(g)
		opt.MaxPositions = 5000
		a, aerr := enumerateShifts(insts[0], opt, true)
		b, berr := enumerateShifts(insts[0], opt, false)
		if aerr != nil || berr != nil {
			if aerr == nil || berr == nil || aerr.Error() != berr.Error() {
				t.Fatalf("game %d: on the slice %v, as packed keys %v\n%s", trial, aerr, berr, src)
			}
			continue
		}
		if strings.HasPrefix(a.Index, "positions ranked") {
			sliced++
			sameSliceSpace(t, fmt.Sprintf("game %d\n%s", trial, src), insts[0], a.Space)
		}
		sameShiftGraph(t, fmt.Sprintf("game %d\n%s", trial, src), a, b)
	}
	if sliced < games/3 {
		t.Fatalf("only %d of %d games on a slice", sliced, games)
	}
}

// sameShiftGraph fails unless two implicit graphs of a game are the same.
func sameShiftGraph(t *testing.T, what string, a, b *ShiftGraph) {
	t.Helper()
	if !reflect.DeepEqual(a.Space.Data(), b.Space.Data()) {
		t.Fatalf("%s: the spaces differ", what)
	}
	if a.Moves != b.Moves || a.Edges != b.Edges || !reflect.DeepEqual(a.Starts, b.Starts) {
		t.Fatalf("%s: moves %d, edges %d, starts %v; as packed keys %d, %d, %v", what,
			a.Moves, a.Edges, a.Starts, b.Moves, b.Edges, b.Starts)
	}
	for _, f := range [][2]Bitset{{a.WinEnd, b.WinEnd}, {a.LoseEnd, b.LoseEnd}, {a.FinalLost, b.FinalLost}, {a.FinalWon, b.FinalWon}} {
		if !slices.Equal(f[0], f[1]) {
			t.Fatalf("%s: the end flags differ", what)
		}
	}
	piles := make([]int64, a.Space.Piles())
	var pa, pb []uint32
	err := a.Space.Walk(0, a.Len(), func(i int, p []int64, h int) error {
		if j, ok := a.Space.Index(p, h); !ok || j != i {
			return fmt.Errorf("position %d %v has index %d %v", i, p, j, ok)
		}
		if a.Space.Position(i, piles); !slices.Equal(piles, p) {
			return fmt.Errorf("position %d is %v, walked %v", i, piles, p)
		}
		final := a.FinalLost.Has(i) || a.FinalWon.Has(i)
		if !final && a.Out(i) != b.Out(i) {
			return fmt.Errorf("position %d %v: %d successors, as packed keys %d", i, p, a.Out(i), b.Out(i))
		}
		pa, pb = a.Preds(i, pa[:0]), b.Preds(i, pb[:0])
		slices.Sort(pa)
		slices.Sort(pb)
		if !slices.Equal(pa, pb) {
			return fmt.Errorf("position %d %v: predecessors %v, as packed keys %v", i, p, pa, pb)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// The ranked index against the packed keys on FSVP and the partition
// game of the benchmarks (the files retro's tests check are generated).
func TestSliceGamesAgainstPackedKeys(t *testing.T) {
	for _, file := range []string{"../retro/testdata/fsvp-20.toml", "../retro/testdata/partitions-24.toml"} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		g, err := rules.Parse(file, src)
		if err != nil {
			t.Fatal(err)
		}
		insts, err := g.Instances()
		if err != nil {
			t.Fatal(err)
		}
		a, err := enumerateShifts(insts[0], DefaultOptions(g), true)
		if err != nil {
			t.Fatal(err)
		}
		b, err := enumerateShifts(insts[0], DefaultOptions(g), false)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(a.Index, "positions ranked") {
			t.Fatalf("%s: %s", file, a.Index)
		}
		sameShiftGraph(t, file, a, b)
		sameSliceSpace(t, file, insts[0], a.Space)
	}
}

// sameSliceSpace fails unless SliceSpace makes the space sp of a game's
// positions from their tuples, and refuses them out of order or with a
// position off the slice.
func sameSliceSpace(t *testing.T, what string, in *rules.Instance, sp *Space) {
	t.Helper()
	d := sp.Data()
	from := func(tuples [][]int64) (*Space, error) {
		return SliceSpace(in, 0, func(add func([]int64, uint32) bool) error {
			for _, v := range tuples {
				if !add(v, 0) {
					return nil
				}
			}
			return nil
		})
	}
	var tuples [][]int64
	for i := range d.Hists {
		tuples = append(tuples, d.Tuples[i*d.Piles:(i+1)*d.Piles])
	}
	got, err := from(tuples)
	if err != nil || got == nil || !reflect.DeepEqual(got.Data(), d) {
		t.Fatalf("%s: SliceSpace gives %v (%v), not the space of the positions", what, got, err)
	}
	if len(tuples) < 2 {
		return
	}
	swapped := append([][]int64{tuples[1], tuples[0]}, tuples[2:]...)
	far := slices.Clone(tuples[len(tuples)-1])
	far[0] += 1 << 30 // a weighted sum above every start's
	off := append(slices.Clone(tuples), far)
	for _, bad := range [][][]int64{swapped, off} {
		if got, err := from(bad); got != nil || err != nil {
			t.Fatalf("%s: SliceSpace takes positions out of order or off the slice: %v", what, err)
		}
	}
}
