package compiled

import (
	"errors"
	"fmt"
	"retro/positions"
	"retro/positions/cluster"
	"retro/retro/internal/shape"
	"retro/rules/rulestest"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// TestCompileOverCap: a compiled sweep that counts more positions than
// the cap ends with ErrTooManyPositions and the count, in one process and
// cut among peers, however the positions were found, rather than decline
// and leave the game to the general path, which would find the same
// positions one by one up to the cap (a game of 2·10^8 positions took 250
// s and 9 GiB to be refused so at the default cap).
func TestCompileOverCap(t *testing.T) {
	for _, tc := range []struct{ src, found string }{
		{"piles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"each *2\"]\nend = \"a + b >= 90\"\n[start]\na = 1\nb = 1\n",
			"every tuple above a start (each pile has a move + 1)"},
		{"piles = [\"a\", \"b\"]\nmoves = [\"each - 2\", \"each // 3\"]\n[start]\na = 70\nb = 50\n",
			"found in one sweep of the box in the order of play"},
		{"piles = [\"x\", \"y\"]\nmoves = [\"x = x - 1\", \"y = y - 2\"]\nend = \"x + y <= 1\"\n[bounds]\nx = \"0..59\"\ny = \"0..49\"\n[start]\nx = 59\ny = 49\n",
			"every tuple of [bounds], the moves that leave it checked where they do"},
	} {
		in := rulestest.Instance(t, "t.toml", tc.src)
		opt := positions.DefaultOptions(in.Game)
		whole, why, err := Compile(in, opt, nil)
		if err != nil || whole == nil {
			t.Fatalf("%s: not compiled: %s %v", tc.src, why, err)
		}
		if whole.Found != tc.found {
			t.Fatalf("%s: positions %s, want %s", tc.src, whole.Found, tc.found)
		}
		n := whole.Space.Len()
		opt.MaxPositions = n - 1
		want := fmt.Sprintf("the game has %d, more than %d", n, n-1)
		if strings.HasPrefix(tc.found, "every tuple of [bounds]") {
			want = fmt.Sprintf("the box holds more than %d", n-1)
		}
		check := func(who string, c *shape.Compiled, why string, err error) {
			t.Helper()
			if c != nil || why != "" || !errors.Is(err, positions.ErrTooManyPositions) || !strings.Contains(err.Error(), want) {
				t.Errorf("%s, %s, cap %d: %v, %q, %v; want %q", tc.found, who, n-1, c != nil, why, err, want)
			}
		}
		c, why, err := Compile(in, opt, nil)
		check("one process", c, why, err)
		for size := 2; size <= 3; size++ {
			peers := cluster.Local(size)
			var wg sync.WaitGroup
			for r := range peers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					c, why, err := CompileShard(in, opt, peers[r], nil)
					check(fmt.Sprintf("peer %d of %d", r, size), c, why, err)
				}()
			}
			wg.Wait()
		}
		opt.MaxPositions = n
		if c, why, err := Compile(in, opt, nil); c == nil || err != nil {
			t.Errorf("%s, cap %d: %s %v", tc.found, n, why, err)
		}
	}
}

// TestFillOverCapCounts: a filled game whose box is far larger than the
// cap allows is still refused with its count, found from the rows'
// ranges before any bit of the box is made, not declined for its box and
// left to the general path: the exam-style game with its end at 12 000,
// 71 982 001 positions (a, b ≥ 1, a + b ≤ 11 999: 11 998 · 11 999 / 2) in
// a box of 1.4·10^8 cells.
func TestFillOverCapCounts(t *testing.T) {
	in := rulestest.Instance(t, "t.toml", "piles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"each *2\"]\nend = \"a + b >= 12000\"\n[start]\na = 1\nb = 1\n")
	opt := positions.DefaultOptions(in.Game)
	opt.MaxPositions = 1000000
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	c, why, err := Compile(in, opt, nil)
	runtime.ReadMemStats(&after)
	if c != nil || why != "" || !errors.Is(err, positions.ErrTooManyPositions) || !strings.Contains(err.Error(), "the game has 71982001, more than 1000000") {
		t.Fatalf("%v, %q, %v", c != nil, why, err)
	}
	if d := after.TotalAlloc - before.TotalAlloc; d > 1<<20 {
		t.Errorf("%d bytes allocated to refuse it", d)
	}
}
