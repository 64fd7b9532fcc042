package sg_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"retro/rules"
	"retro/rules/sg"
)

// instance returns the one instance of a heap game given by text.
func instance(t *testing.T, src string) *rules.Instance {
	t.Helper()
	insts := sgInstances(t, "test.toml", src)
	if len(insts) != 1 {
		t.Fatalf("%d instances", len(insts))
	}
	return insts[0]
}

func kaylesGame(t *testing.T, winner string) *rules.Instance {
	return instance(t, "name = \"Kayles\"\npiles = [\"x\"]\nsum = true\noctal = \"0.77\"\nwinner = \""+winner+"\"\n")
}

const misereNim = `name = "Misère Nim"
piles = ["x"]
sum = true
moves = ["x - i for i in 1..x"]
winner = "other"
`

// Kayles has period 12 from heap 71 on (Guy and Smith), proven by the
// octal periodicity theorem once the table reaches 2(71+12)+2 = 168:
// FindPeriod must double from 10 until the table does, and stop there.
func TestPeriodTableFindsKaylesPeriod(t *testing.T) {
	in := kaylesGame(t, "mover")
	opt := sg.Options{Method: sg.Fast, Upto: 10, FindPeriod: true}
	tab, p, err := sg.PeriodTable(context.Background(), in, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Found || !p.Proven || p.Period != 12 || p.Preperiod != 71 || p.Saltus != 0 {
		t.Fatalf("period %s: want 12 from 71, proven", p)
	}
	// 10 doubles to 64, 128, 256: the first table through the bound.
	if n := tab.Len() - 1; n != 256 {
		t.Errorf("the table ends at %d, want 256", n)
	}
	// Without FindPeriod the table ends where asked.
	opt.FindPeriod = false
	tab, p, err = sg.PeriodTable(context.Background(), in, opt)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Len() != 11 || p.Proven {
		t.Errorf("without FindPeriod: table of %d, period %s", tab.Len(), p)
	}
	// The cap stops the doubling short of the bound.
	opt.FindPeriod, opt.Cap = true, 100
	tab, p, err = sg.PeriodTable(context.Background(), in, opt)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Len() != 101 || p.Proven {
		t.Errorf("cap 100: table of %d, period %s", tab.Len(), p)
	}
}

// Under misère Nim a single heap is lost by the player to move exactly
// when it is 1 (a heap of 0 leaves the opponent without a move, who wins).
func TestAnalyseMisereNim(t *testing.T) {
	in := instance(t, misereNim)
	a, err := sg.Analyse(context.Background(), in, sg.Options{Upto: 12, MisereCap: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Misere) != 13 || a.CapHit != nil {
		t.Fatalf("misère heaps: %d, cap %v", len(a.Misere), a.CapHit)
	}
	for n, win := range a.Misere {
		if win != (n != 1) {
			t.Errorf("misère heap of %d: win %v", n, win)
		}
		if g := a.Table.G(n); g != uint32(n) {
			t.Errorf("g(%d) = %d, want %d", n, g, n)
		}
	}
	if a.Collections == 0 {
		t.Error("no collections enumerated")
	}
	// A cap of a few collections stops the heaps early, without an error.
	a, err = sg.Analyse(context.Background(), in, sg.Options{Upto: 12, MisereCap: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Misere) >= 13 || !errors.Is(a.CapHit, sg.ErrMisereCap) {
		t.Errorf("cap 5: %d heaps, cap %v", len(a.Misere), a.CapHit)
	}
	// Normal play has no misère heaps.
	a, err = sg.Analyse(context.Background(), kaylesGame(t, "mover"), sg.Options{Upto: 12})
	if err != nil || a.Misere != nil {
		t.Errorf("normal play: misère %v, error %v", a.Misere, err)
	}
}

// The progress of PeriodTable is asked for once per table, with the
// table's last heap.
func TestPeriodTableProgressPerTable(t *testing.T) {
	in := kaylesGame(t, "mover")
	var asked []int
	opt := sg.Options{Method: sg.Fast, Upto: 10, FindPeriod: true,
		Progress: func(got *rules.Instance, n int) func(int, int) {
			if got != in {
				t.Errorf("progress of another instance")
			}
			asked = append(asked, n)
			return nil
		}}
	if _, _, err := sg.PeriodTable(context.Background(), in, opt); err != nil {
		t.Fatal(err)
	}
	if want := []int{10, 64, 128, 256}; !slices.Equal(asked, want) {
		t.Errorf("tables %v, want %v", asked, want)
	}
}

func heapsOf(in *rules.Instance, game int, win rules.Player, sizes ...int64) []sg.Heap {
	m := in.NewMachine()
	var hs []sg.Heap
	for _, n := range sizes {
		hs = append(hs, sg.Heap{Size: n, Game: game, Mover: m, Win: win})
	}
	return hs
}

// A sum of Kayles and Nim heaps: g(3) = 3 in Kayles and g(5) = 5 in Nim,
// 3 ^ 5 = 6, and the winning moves are those that leave 0.
func TestSolveSumNormal(t *testing.T) {
	k, n := kaylesGame(t, "mover"), instance(t, "name = \"Nim\"\npiles = [\"x\"]\nsum = true\nmoves = [\"x - i for i in 1..x\"]\nwinner = \"mover\"\n")
	heaps := append(heapsOf(k, 0, rules.Mover, 3), heapsOf(n, 1, rules.Mover, 5)...)
	s, err := sg.SolveSum(context.Background(), heaps, []*rules.Instance{k, n}, sg.Options{Method: sg.Fast})
	if err != nil {
		t.Fatal(err)
	}
	if s.Grundy == nil || *s.Grundy != 6 || !s.Win || !slices.Equal(s.Values, []uint32{3, 5}) {
		t.Fatalf("sum: %+v", s)
	}
	// Nim 5 -> 3 is the one move to 0 (Kayles 3 has no option of value 5).
	if len(s.Moves) != 1 || s.Moves[0].Index != 1 || !slices.Equal(s.Moves[0].To, []int64{3}) {
		t.Errorf("moves %v", s.Moves)
	}
	// 3 + 3 in Kayles is lost: no moves.
	s, err = sg.SolveSum(context.Background(), heapsOf(k, 0, rules.Mover, 3, 3), []*rules.Instance{k}, sg.Options{})
	if err != nil || s.Win || len(s.Moves) != 0 {
		t.Errorf("3 + 3: %+v, %v", s, err)
	}
}

// Misère Nim with every heap of 1 is won by the player to move exactly when
// the number of heaps is even; with a larger heap, as in normal play.
func TestSolveSumMisere(t *testing.T) {
	in := instance(t, misereNim)
	for _, c := range []struct {
		sizes []int64
		win   bool
	}{{[]int64{1, 1, 1}, false}, {[]int64{1, 1}, true}, {[]int64{2, 2, 1}, true}, {[]int64{2, 2}, false}} {
		s, err := sg.SolveSum(context.Background(), heapsOf(in, 0, rules.Other, c.sizes...), []*rules.Instance{in}, sg.Options{MisereCap: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if s.Win != c.win || s.Grundy != nil || s.Collections == 0 {
			t.Errorf("%v: %+v, want win %v", c.sizes, s, c.win)
		}
	}
	_, err := sg.SolveSum(context.Background(), heapsOf(in, 0, rules.Other, 9, 9, 9, 9), []*rules.Instance{in}, sg.Options{MisereCap: 10})
	if !errors.Is(err, sg.ErrMisereCap) {
		t.Errorf("cap 10: %v", err)
	}
}

// Normal and misère heaps in one sum have no winner at the end.
func TestSolveSumMixed(t *testing.T) {
	k, m := kaylesGame(t, "mover"), kaylesGame(t, "other")
	heaps := append(heapsOf(k, 0, rules.Mover, 3), heapsOf(m, 1, rules.Other, 4)...)
	if _, err := sg.SolveSum(context.Background(), heaps, []*rules.Instance{k, m}, sg.Options{}); !errors.Is(err, sg.ErrMixedPlay) {
		t.Errorf("mixed: %v", err)
	}
}
