package sg_test

import (
	"math/rand"
	"testing"

	"retro/rules"
	"retro/rules/sg"
)

// seq makes a table of a preperiod followed by copies of a block, each
// copy raised by saltus, to n values.
func seq(pre, block []uint32, saltus uint32, n int) *sg.Table {
	v := append([]uint32(nil), pre...)
	for k := 0; len(v) < n; k++ {
		for _, b := range block {
			v = append(v, b+uint32(k)*saltus)
		}
	}
	return sg.NewTable(v[:n])
}

func TestFindPeriod(t *testing.T) {
	for _, c := range []struct {
		name     string
		table    *sg.Table
		found    bool
		p, n0    int
		s        int64
		proven   bool
		theorem  sg.Theorem
		wantText string
	}{
		{name: "pure", table: seq([]uint32{5, 5, 5}, []uint32{1, 2, 3}, 0, 60), found: true, p: 3, n0: 3},
		// The preperiod's last value equals the period's: it belongs to
		// the period.
		{name: "pre-shares", table: seq([]uint32{7, 3}, []uint32{1, 2, 3}, 0, 60), found: true, p: 3, n0: 1},
		{name: "arithmetic", table: seq(nil, []uint32{0, 0}, 1, 61), found: true, p: 2, s: 1, n0: 0},
		{name: "constant", table: seq(nil, []uint32{4}, 0, 20), found: true, p: 1, n0: 0},
		{name: "late", table: seq(make([]uint32, 40), []uint32{1, 2}, 0, 60)}, // periodic from 40 of 60: not apparent
		{name: "short", table: sg.NewTable([]uint32{0, 1, 0})},
		{name: "proven", table: seq([]uint32{9}, []uint32{1, 2}, 0, 8), found: true, p: 2, n0: 1, proven: true,
			theorem: sg.Theorem{Kind: sg.SubtractionBound, T: 3}},
		{name: "unproven", table: seq([]uint32{9}, []uint32{1, 2}, 0, 7), found: true, p: 2, n0: 1,
			theorem: sg.Theorem{Kind: sg.SubtractionBound, T: 4}},
		// A proven period is preferred to a shorter apparent one.
		{name: "late-proof", table: seq([]uint32{0, 0, 0, 0, 0, 0, 9}, []uint32{1, 2, 3, 1, 2, 3}, 0, 200), found: true, p: 3, n0: 7,
			proven: true, theorem: sg.Theorem{Kind: sg.OctalBound, T: 1}},
		{name: "saltus-unprovable", table: seq(nil, []uint32{0, 0}, 1, 100), found: true, p: 2, s: 1,
			theorem: sg.Theorem{Kind: sg.OctalBound, T: 1}},
	} {
		c.table.Theorem = c.theorem
		p := sg.FindPeriod(c.table)
		if p.Found != c.found || p.Found && (p.Period != c.p || p.Preperiod != c.n0 || p.Saltus != c.s || p.Proven != c.proven) {
			t.Errorf("%s: %+v", c.name, p)
		}
		if p.String() == "" {
			t.Errorf("%s: no text", c.name)
		}
	}
}

// TestFindPeriodRandom: a random sequence has no apparent period; a random
// block repeated after a random preperiod is found with the least period
// dividing the block's length and a preperiod no later than the block's
// start.
func TestFindPeriodRandom(t *testing.T) {
	seed := sgSeed(t)
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < 300; i++ {
		noise := make([]uint32, 200+rng.Intn(200))
		for k := range noise {
			noise[k] = uint32(rng.Intn(1 << 16))
		}
		if p := sg.FindPeriod(sg.NewTable(noise)); p.Found {
			t.Fatalf("seed %d: a period in noise: %v", seed, p)
		}
		pre := noise[:rng.Intn(50)]
		block := make([]uint32, 1+rng.Intn(40))
		for k := range block {
			block[k] = uint32(rng.Intn(4))
		}
		n := 2*len(pre) + 3*len(block) + rng.Intn(100)
		p := sg.FindPeriod(seq(pre, block, 0, n))
		if !p.Found || len(block)%p.Period != 0 || p.Preperiod > len(pre) || p.Saltus != 0 {
			t.Fatalf("seed %d: pre %d block %v: %v", seed, len(pre), block, p)
		}
	}
}

func TestTheoremBound(t *testing.T) {
	o, _ := rules.ParseOctal("0.77")
	th := sg.OctalTheorem(o)
	if th.Kind != sg.OctalBound || th.T != 2 || th.Bound(71, 12) != 168 {
		t.Errorf("0.77: %+v, bound %d", th, th.Bound(71, 12))
	}
	o, _ = rules.ParseOctal("0.3033")
	th = sg.OctalTheorem(o)
	if th.Kind != sg.SubtractionBound || th.T != 4 || th.Bound(0, 7) != 11 {
		t.Errorf("0.3033: %+v", th)
	}
	o, _ = rules.ParseOctal("4.07")
	if th = sg.OctalTheorem(o); th.Kind != sg.OctalBound || th.T != 2 {
		t.Errorf("4.07: %+v", th)
	}
	if (sg.Theorem{}).Bound(1, 1) != -1 {
		t.Error("no theorem, yet a bound")
	}
}

// TestCodeReading: the moves of a game read as an octal code only when
// they are one.
func TestCodeReading(t *testing.T) {
	for _, c := range []struct {
		moves string
		code  string // "" for none
	}{
		{`["x - 1", "x - 3", "x - 4"]`, "0.3033"},
		{`["x - 2 if x > 2", "x - 1 if x == 1"]`, "0.12"},
		{`["x -> i, x - 1 - i for i in 0..x-1"]`, "0.7"},
		{`["x -> i, x - 2 - i for i in 1..x-3"]`, "0.04"},
		{`["x -> i, x - i for i in 1..x-1", "x - 1"]`, "4.3"},
		{`["x - k for k in 1..x"]`, ""}, // Nim: no last digit
		{`["x -> i, x - 1 - i for i in 1..(x-1)//2"]`, "0.4"},
		{`["x - 1", "x - 7 if x > 50"]`, ""},                    // the rule changes inside the table
		{`["x - 1", "x - 300 if x > 300"]`, ""},                 // ... or beyond it, seen at a probe
		{`["x -> i, x - 1 - i, 1 for i in 1..x-2"]`, ""},        // three heaps
		{`["x -> i, x - 1 - i for i in 1..x-2 if i != 2"]`, ""}, // a split missing
	} {
		src := "piles = [\"x\"]\nsum = true\nmoves = " + c.moves + "\n"
		in := sgInstances(t, c.moves, src)[0]
		tab, err := gtable(t, in, 200)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if tab.Theorem.Kind != sg.NoTheorem {
			got = tab.Theorem.Code.String()
		}
		if got != c.code {
			t.Errorf("%s: read %q, want %q", c.moves, got, c.code)
		}
	}
}
