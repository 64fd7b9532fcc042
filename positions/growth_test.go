package positions

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"retro/rules"
)

// A game whose positions never end stops the search at UnboundedDepth,
// with the rules' proof, on one core and on all: x - 1 and x + 4 from 1,
// where the end x < 0 never holds, gains a few positions a level and ran
// for minutes towards the position cap.
func TestSearchStopsUnbounded(t *testing.T) {
	g, err := rules.Parse("g.toml", []byte("piles = [\"x\"]\nmoves = [\"x - 1\", \"x + 4\"]\nend = \"x < 0\"\n[start]\nx = 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	for _, procs := range []int{1, runtime.GOMAXPROCS(0)} {
		old := runtime.GOMAXPROCS(procs)
		t0 := time.Now()
		_, err := Enumerate(insts[0], DefaultOptions(g))
		runtime.GOMAXPROCS(old)
		if !errors.Is(err, ErrUnbounded) || !strings.Contains(err.Error(), "`x + 4` raises it") {
			t.Errorf("%d cores: %v", procs, err)
		}
		t.Logf("%d cores: stopped in %v", procs, time.Since(t0))
	}
	// Under a horizon the search ends as it is.
	opt := DefaultOptions(g)
	opt.Horizon = 3
	if _, err := Enumerate(insts[0], opt); err != nil {
		t.Errorf("horizon 3: %v", err)
	}
}

// A game that ends is searched however deep it goes: a chain of 100 000
// moves goes past UnboundedDepth.
func TestSearchDeepChain(t *testing.T) {
	g, err := rules.Parse("g.toml", []byte("piles = [\"x\"]\nmoves = [\"x + 1\"]\nend = \"x >= 100000\"\n[start]\nx = 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	insts, _ := g.Instances()
	for _, procs := range []int{1, runtime.GOMAXPROCS(0)} {
		old := runtime.GOMAXPROCS(procs)
		gr, err := Enumerate(insts[0], DefaultOptions(g))
		runtime.GOMAXPROCS(old)
		if err != nil || gr.Space.Len() != 100000 {
			t.Errorf("%d cores: %v", procs, err)
		}
	}
}
