package sg_test

import (
	"context"
	"fmt"
	"math/rand"
	"testing"

	"retro/rules"
	"retro/rules/sg"
)

// sgGame loads a built-in heap game.
func sgGame(t testing.TB, name string) *rules.Game {
	t.Helper()
	src, ok := rules.Builtin(name)
	if !ok {
		t.Fatalf("no built-in game %s", name)
	}
	g, err := rules.Parse(name+".toml", src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return g
}

// sgInstances returns the instances of a heap game given by text.
func sgInstances(t testing.TB, name, src string) []*rules.Instance {
	t.Helper()
	g, err := rules.Parse(name, []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	return insts
}

// sgTable computes the Grundy table of a built-in game without rule params.
func sgTable(t testing.TB, name string, upto int) *sg.Table {
	t.Helper()
	insts, err := sgGame(t, name).Instances()
	if err != nil || len(insts) != 1 {
		t.Fatalf("%s: %d instances, %v", name, len(insts), err)
	}
	tab, err := sg.Grundy(context.Background(), insts[0].NewMachine(), upto)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func values(t *sg.Table, n int) []uint32 {
	v := make([]uint32, n)
	for i := range v {
		v[i] = t.G(i)
	}
	return v
}

func TestMex(t *testing.T) {
	for _, c := range []struct {
		in   []uint32
		want uint32
	}{
		{nil, 0},
		{[]uint32{1, 2}, 0},
		{[]uint32{0, 1, 2}, 3},
		{[]uint32{3, 0, 1, 1, 5}, 2},
		{[]uint32{0, 1000}, 1},
	} {
		if got := sg.Mex(c.in); got != c.want {
			t.Errorf("Mex(%v) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestNim(t *testing.T) {
	tab := sgTable(t, "nim", 200)
	for n := 0; n <= 200; n++ {
		if tab.G(n) != uint32(n) {
			t.Fatalf("g(%d) = %d, want %d", n, tab.G(n), n)
		}
	}
	p := sg.FindPeriod(tab)
	if !p.Found || p.Period != 1 || p.Saltus != 1 || p.Preperiod != 0 || p.Proven {
		t.Errorf("period: %+v", p)
	}
}

func TestSubtraction134(t *testing.T) {
	tab := sgTable(t, "subtraction-1-3-4", 500)
	for n := 0; n <= 500; n++ {
		zero := n%7 == 0 || n%7 == 2
		if (tab.G(n) == 0) != zero {
			t.Fatalf("g(%d) = %d", n, tab.G(n))
		}
	}
	p := sg.FindPeriod(tab)
	if !p.Proven || p.Period != 7 || p.Preperiod != 0 || p.Bound != 0+7+4 {
		t.Errorf("period: %v", p)
	}
	if th := tab.Theorem; th.Kind != sg.SubtractionBound || th.Code.String() != "0.3033" || !th.Read {
		t.Errorf("theorem: %v", th)
	}
}

func TestPowersOfP(t *testing.T) {
	insts, err := sgGame(t, "powers-of-p").Instances()
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range insts {
		p := in.Values[0]
		tab, err := sg.Grundy(context.Background(), in.NewMachine(), 300)
		if err != nil {
			t.Fatal(err)
		}
		per := sg.FindPeriod(tab)
		switch {
		case p == 2:
			if fmt.Sprint(values(tab, 6)) != "[0 1 2 0 1 2]" || per.Period != 3 || per.Preperiod != 0 {
				t.Errorf("p = 2: %v, %v", values(tab, 6), per)
			}
		case p%2 == 0:
			if per.Period != int(p)+1 || per.Saltus != 0 {
				t.Errorf("p = %d: %v", p, per)
			}
		default:
			for n := 0; n <= 300; n++ {
				if tab.G(n) != uint32(n%2) {
					t.Fatalf("p = %d: g(%d) = %d", p, n, tab.G(n))
				}
			}
		}
	}
}

func TestLaskerNim(t *testing.T) {
	tab := sgTable(t, "lasker-nim", 200)
	for n := 1; n <= 200; n++ {
		want := uint32(n)
		switch n % 4 {
		case 3:
			want = uint32(n + 1)
		case 0:
			want = uint32(n - 1)
		}
		if tab.G(n) != want {
			t.Fatalf("g(%d) = %d, want %d", n, tab.G(n), want)
		}
	}
	p := sg.FindPeriod(tab)
	if !p.Found || p.Period != 4 || p.Saltus != 4 || p.Preperiod != 1 || p.Proven {
		t.Errorf("period: %v", p)
	}
}

func TestTakeAtLeastHalf(t *testing.T) {
	tab := sgTable(t, "take-at-least-half", 300)
	if got := fmt.Sprint(values(tab, 17)); got != "[0 1 2 2 3 3 3 3 4 4 4 4 4 4 4 4 5]" {
		t.Errorf("values %s", got)
	}
	for n := 1; n <= 300; n++ { // g(n) = 1 + floor(log2 n)
		want := uint32(0)
		for m := n; m > 0; m >>= 1 {
			want++
		}
		if tab.G(n) != want {
			t.Fatalf("g(%d) = %d, want %d", n, tab.G(n), want)
		}
	}
	if p := sg.FindPeriod(tab); p.Found {
		t.Errorf("a period in a logarithm: %v", p)
	}
}

func TestStripTiling(t *testing.T) {
	tab := sgTable(t, "strip-tiling", 60)
	for _, c := range []struct {
		n   int
		win bool
	}{{1, true}, {5, true}, {6, false}} {
		if (tab.G(c.n) != 0) != c.win {
			t.Errorf("strip of %d: g = %d", c.n, tab.G(c.n))
		}
	}
	if th := tab.Theorem; th.Kind != sg.OctalBound || th.Code.String() != "0.70007" {
		t.Errorf("theorem: %v", th)
	}
}

func TestKayles(t *testing.T) {
	tab := sgTable(t, "kayles", 200) // through the machine, octal = "0.77"
	want := "[0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4 7 2 1 8 6 7 4 1 2 3]"
	if got := fmt.Sprint(values(tab, 40)); got != want {
		t.Errorf("values %s", got)
	}
	p := sg.FindPeriod(tab)
	if !p.Proven || p.Period != 12 || p.Preperiod != 71 || p.Bound != 2*(71+12)+2 {
		t.Errorf("period: %v", p)
	}
	short := sg.FindPeriod(sgTable(t, "kayles", 167))
	if short.Proven || !short.Found || short.Preperiod != 71 {
		t.Errorf("below the bound: %v", short)
	}
}

// TestOctalKnown checks codes with known periods, by every method.
func TestOctalKnown(t *testing.T) {
	for _, c := range []struct {
		code       string
		period, n0 int
	}{
		{"0.77", 12, 71},
		{"0.07", 34, 53},
		{"0.137", 34, 52},
		{"4.07", 4, 1},
	} {
		o, err := rules.ParseOctal(c.code)
		if err != nil {
			t.Fatal(err)
		}
		var first *sg.Table
		for _, m := range []sg.OctalMethod{sg.Naive, sg.Sparse, sg.Fast} {
			tab, err := sg.OctalGrundy(context.Background(), o, 3000, m)
			if err != nil {
				t.Fatal(err)
			}
			p := sg.FindPeriod(tab)
			if !p.Proven || p.Period != c.period || p.Preperiod != c.n0 {
				t.Errorf("%s %s: %v", c.code, m, p)
			}
			if first == nil {
				first = tab
				continue
			}
			for n := 0; n < tab.Len(); n++ {
				if tab.G(n) != first.G(n) {
					t.Fatalf("%s %s: g(%d) = %d, naive %d", c.code, m, n, tab.G(n), first.G(n))
				}
			}
		}
	}
}

// TestOctalMachineAgrees: the octal code through the rules machine and the
// octal methods give the same values.
func TestOctalMachineAgrees(t *testing.T) {
	for _, code := range []string{"0.77", "0.07", "0.137", "4.07", "0.51", "0.6", "0.16", "4.37"} {
		in := sgInstances(t, code, fmt.Sprintf("piles = [\"x\"]\nsum = true\noctal = %q\n", code))[0]
		a, err := sg.Grundy(context.Background(), in.NewMachine(), 400)
		if err != nil {
			t.Fatal(err)
		}
		o, _ := rules.ParseOctal(code)
		b, err := sg.OctalGrundy(context.Background(), o, 400, sg.Sparse)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n <= 400; n++ {
			if a.G(n) != b.G(n) {
				t.Fatalf("%s: g(%d): machine %d, octal %d", code, n, a.G(n), b.G(n))
			}
		}
		if a.Theorem.Code.String() != b.Theorem.Code.String() || a.Theorem.Kind != b.Theorem.Kind {
			t.Errorf("%s: read %v, given %v", code, a.Theorem, b.Theorem)
		}
	}
}

// TestKaylesSparseSpace: Kayles has a sparse space (rare values 0, 3, 5,
// 6 die out at 70), so the sparse method scans almost nothing.
func TestKaylesSparseSpace(t *testing.T) {
	o, _ := rules.ParseOctal("0.77")
	tab, err := sg.OctalGrundy(context.Background(), o, 1<<16, sg.Sparse)
	if err != nil {
		t.Fatal(err)
	}
	s := tab.Sparse
	if s == nil || s.Mask != 0xf || s.Domain || s.Last != 70 || s.Scans > 10 {
		t.Errorf("sparse space: %v", s)
	}
	if tab.Bytes() != 1<<16+1 {
		t.Errorf("%d bytes for %d values", tab.Bytes(), tab.Len())
	}
}

func TestLoopyGame(t *testing.T) {
	in := sgInstances(t, "loop.toml", "piles = [\"x\"]\nsum = true\nmoves = [\"x + 1 if x < 3\", \"x - 1\"]\n")[0]
	if _, err := sg.Grundy(context.Background(), in.NewMachine(), 10); err == nil {
		t.Fatal("no error for a game with a cycle")
	}
	// A heap that grows but ends: 1 -> 3 -> 0 and 1 -> 0, so g(3) = 1 and
	// g(1) = 2, found by recursion beyond a table of g(0..1).
	in = sgInstances(t, "grow.toml", "piles = [\"x\"]\nsum = true\nmoves = [\"x + 2 if x == 1\", \"x - 3 if x >= 3\", \"x - 1 if x == 1\"]\n")[0]
	tab, err := sg.Grundy(context.Background(), in.NewMachine(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Len() != 2 || tab.G(1) != 2 {
		t.Errorf("g(0..1) = %v", values(tab, tab.Len()))
	}
	if tab.Theorem.Kind != sg.NoTheorem {
		t.Errorf("a growing heap read as a code: %v", tab.Theorem)
	}
}

// TestOctalMethodsAgree: on random octal codes the three methods give the
// same values well past the point where the sparse method picks a mask.
func TestOctalMethodsAgree(t *testing.T) {
	rng := rand.New(rand.NewSource(sgSeed(t)))
	for round := 0; round < 150; round++ {
		d := []uint8{uint8(rng.Intn(2) * 4)}
		for k := 0; k < 1+rng.Intn(5); k++ {
			d = append(d, uint8(rng.Intn(8)))
		}
		o := rules.Octal{Digits: d}
		var first *sg.Table
		for _, m := range []sg.OctalMethod{sg.Naive, sg.Sparse, sg.Fast} {
			tab, err := sg.OctalGrundy(context.Background(), o, 1500, m)
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = tab
				continue
			}
			for n := 0; n < tab.Len(); n++ {
				if tab.G(n) != first.G(n) {
					t.Fatalf("%s %s: g(%d) = %d, naive %d (%v)", o, m, n, tab.G(n), first.G(n), tab.Sparse)
				}
			}
		}
	}
}
