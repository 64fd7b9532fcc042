package rules

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestOpenHi(t *testing.T) {
	for _, c := range []struct{ lo, width, want int64 }{
		{31, 100, 130},
		{0, 1, 0},
		{math.MaxInt64 - 57, 100, math.MaxInt64},
		{math.MaxInt64 - 99, 100, math.MaxInt64},
		{math.MaxInt64 - 100, 100, math.MaxInt64 - 1},
		{math.MinInt64, 100, math.MinInt64 + 99},
	} {
		if got := OpenHi(c.lo, c.width); got != c.want {
			t.Errorf("OpenHi(%d, %d) = %d, want %d", c.lo, c.width, got, c.want)
		}
	}
}

func mustParse(t *testing.T, src string) *Game {
	t.Helper()
	g, err := Parse("g.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestCheckSize: the products of the ranges are counted, never made,
// against the caps; the error names the widest parameter.
func TestCheckSize(t *testing.T) {
	const head = "piles = [\"x\"]\nmoves = [\"x - 1\", \"x - K\"]\n"
	for _, c := range []struct {
		name, src, what, widest string
		count                   string
	}{
		{"huge start range", "moves = [\"x - 1\"]\npiles = [\"x\"]\n[start]\nx = \"S\"\n[params]\nS = \"1..1000000000000\"\n",
			"start positions", "S", "1000000000000"},
		{"start range past int64", "moves = [\"x - 1\"]\npiles = [\"x\"]\nsigned = true\n[start]\nx = \"S\"\n[params]\nS = \"-9223372036854775807..9223372036854775807\"\n",
			"start positions", "S", "18446744073709551615"},
		{"rule times start", head + "where = \"S > K\"\n[start]\nx = \"S\"\n[params]\nK = \"1..1000000\"\nS = \"1..1000000\"\n",
			"parameter combinations", "K", "1000000000000"},
		{"instances", head + "[start]\nx = 5\n[params]\nK = \"1..10000000\"\n",
			"instances", "K", "10000000"},
	} {
		g, err := Parse("g.toml", []byte(c.src))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		err = g.CheckSize(100, 100_000_000)
		var se *SizeError
		if !errors.As(err, &se) {
			t.Errorf("%s: %v, want a *SizeError", c.name, err)
			continue
		}
		if se.What != c.what || se.Widest().Name != c.widest || se.Count.String() != c.count {
			t.Errorf("%s: %s %s %s, want %s %s %s", c.name, se.What, se.Widest().Name, se.Count, c.what, c.widest, c.count)
		}
		if !strings.Contains(err.Error(), c.widest+" = ") {
			t.Errorf("%s: %q names no range", c.name, err)
		}
	}
	// Within the caps, and an open range counted at its width.
	g := mustParse(t, "piles = [\"x\"]\nmoves = [\"x - 1\"]\n[start]\nx = \"S\"\n[params]\nS = \"31..\"\n")
	if err := g.CheckSize(100, 100); err != nil {
		t.Error(err)
	}
	if err := g.CheckSize(101, 100); err == nil {
		t.Error("101 values of an open range within a cap of 100")
	}
	// Instances refuses what CheckSize does, before making any.
	g = mustParse(t, head+"[start]\nx = 5\n[params]\nK = \"-9223372036854775807..9223372036854775807\"\n")
	if _, err := g.Instances(); err == nil || !strings.Contains(err.Error(), "18446744073709551615 instances") {
		t.Errorf("Instances: %v", err)
	}
}

// TestStartsUpTo: the cap is checked before any start is made, and an
// open range near the int64 maximum stops there instead of wrapping.
func TestStartsUpTo(t *testing.T) {
	g := mustParse(t, "piles = [\"x\"]\nmoves = [\"x - 1\"]\n[start]\nx = \"S\"\n[params]\nS = \"1..1000000000000\"\n")
	in, err := g.Bind(nil)
	if err != nil {
		t.Fatal(err)
	}
	var se *SizeError
	if _, err := in.StartsUpTo(100, 1000); !errors.As(err, &se) {
		t.Fatalf("StartsUpTo: %v", err)
	}
	if _, err := in.Starts(100); !errors.As(err, &se) || se.Max != MaxStarts {
		t.Fatalf("Starts: %v", err)
	}
	g = mustParse(t, "piles = [\"x\"]\nmoves = [\"x + 1\"]\nend = \"x >= 9223372036854775807\"\n[start]\nx = \"S\"\n[params]\nS = \"9223372036854775750..\"\n")
	in, _ = g.Bind(nil)
	starts, err := in.StartsUpTo(100, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if len(starts) != 58 || starts[57].Piles[0] != math.MaxInt64 {
		t.Errorf("%d starts, the last %v", len(starts), starts[len(starts)-1])
	}
}

// TestNegativeStart: a start with a negative pile needs signed = true,
// whether the number is written or computed from a parameter.
func TestNegativeStart(t *testing.T) {
	const src = "piles = [\"x\"]\nmoves = [\"x - 1\"]\n%s[start]\nx = \"S - 10\"\n[params]\nS = \"1..20\"\n"
	g := mustParse(t, strings.Replace(src, "%s", "", 1))
	in, _ := g.Bind(nil)
	if _, err := in.Starts(100); err == nil || !strings.Contains(err.Error(), "x = -9 with S = 1") {
		t.Errorf("unsigned: %v", err)
	}
	g = mustParse(t, strings.Replace(src, "%s", "signed = true\n", 1))
	in, _ = g.Bind(nil)
	if starts, err := in.Starts(100); err != nil || len(starts) != 20 || starts[0].Piles[0] != -9 {
		t.Errorf("signed: %v %v", starts, err)
	}
}

// FuzzCheckSize: what CheckSize lets through is within the caps when the
// instances and their starts are made.
func FuzzCheckSize(f *testing.F) {
	f.Add("1..1000000000000", "1..5", "S > K")
	f.Add("1..1000000", "1..1000000", "S > K")
	f.Add("9223372036854775750..", "1..3", "S > 0")
	f.Add("-9223372036854775807..9223372036854775807", "1", "K > 0")
	f.Add("31..", "2**10..2**12", "S % K == 0")
	f.Add("1..10**19", "1..-1", "S > K")
	f.Fuzz(func(t *testing.T, s, k, where string) {
		src := "piles = [\"x\"]\nsigned = true\nmoves = [\"x - 1\", \"x - K\"]\nwhere = " + tomlQuote(where) +
			"\n[start]\nx = \"S\"\n[params]\nS = " + tomlQuote(s) + "\nK = " + tomlQuote(k) + "\n"
		g, err := Parse("f.toml", []byte(src))
		if err != nil {
			return
		}
		const max = 10_000
		if err := g.CheckSize(100, max); err != nil {
			return
		}
		insts, err := g.Instances()
		if err != nil {
			return
		}
		total := 0
		for _, in := range insts {
			starts, err := in.StartsUpTo(100, max)
			if err != nil {
				return
			}
			total += len(starts)
		}
		if total > max {
			t.Fatalf("%d starts passed a cap of %d:\n%s", total, max, src)
		}
	})
}
