package retro_test

import (
	"context"
	"errors"
	"fmt"
	"retro/retro/internal/core"
	"sync/atomic"
	"testing"
	"time"

	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// countingContext is a context whose Err counts its calls, and reports
// the context cancelled from the stop-th call on (never, when stop is 0).
type countingContext struct {
	context.Context
	calls, stop int64
}

func (c *countingContext) Err() error {
	if n := atomic.AddInt64(&c.calls, 1); c.stop > 0 && n >= c.stop {
		return context.Canceled
	}
	return nil
}

// fanOut is one pile that gains 1 to k stones a move, over at end: a
// game of few positions and many moves each, all on the compiled path.
func fanOut(t *testing.T, k, end int) *rules.Instance {
	t.Helper()
	_, in := firstInstance(t, fmt.Sprintf("piles = [\"x\"]\nmoves = [\"x + k for k in 1..%d\"]\nend = \"x >= %d\"\n[start]\nx = 1\n", k, end))
	return in
}

// TestCompiledChecksContextByMoves solves a game of 3 000 moves a
// position and 20 000 positions: the compiled sweep must ask its context
// every 65 536 moves or so, not only every 65 536 positions (which it
// would not reach), and the preparation of its 4.5 million pairs of moves
// must ask too.
func TestCompiledChecksContextByMoves(t *testing.T) {
	in := fanOut(t, 3000, 20000)
	ctx := &countingContext{Context: context.Background()}
	popt := positions.DefaultOptions(in.Game)
	popt.Context = ctx
	r, err := retro.SolveInstance(in, popt, core.Options{Context: ctx})
	if err != nil {
		t.Fatal(err)
	}
	if r.Path[:8] != "compiled" {
		t.Fatalf("path %q, want compiled", r.Path)
	}
	// 3 000·2 999/2 pairs and about 20 000·3 000 moves, a check every 2^16
	want := int64(3000*2999/2+20000*3000) >> 16 * 9 / 10
	if ctx.calls < want {
		t.Errorf("the context was asked %d times, want at least %d", ctx.calls, want)
	}
	// Cancelled at the 10th question: the solve stops there.
	ctx = &countingContext{Context: context.Background(), stop: 10}
	popt.Context = ctx
	if _, err := retro.SolveInstance(in, popt, core.Options{Context: ctx}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled solve: %v, want context.Canceled", err)
	}
	if ctx.calls > 10 {
		t.Errorf("the solve asked its context %d times after it was cancelled", ctx.calls-10)
	}
}

// TestCompiledHonoursMoveCap solves the same game with a cap of a million
// moves: it stops at the cap, having asked its context a few dozen times
// (the pairs of moves, then the moves up to the cap), not after all
// 60 million moves.
func TestCompiledHonoursMoveCap(t *testing.T) {
	in := fanOut(t, 3000, 20000)
	ctx := &countingContext{Context: context.Background()}
	popt := positions.DefaultOptions(in.Game)
	popt.Context, popt.MaxMoves = ctx, 1_000_000
	_, err := retro.SolveInstance(in, popt, core.Options{Context: ctx})
	if !errors.Is(err, positions.ErrTooManyMoves) {
		t.Fatalf("capped solve: %v, want ErrTooManyMoves", err)
	}
	if max := int64(3000*2999/2+2_000_000) >> 16; ctx.calls > max {
		t.Errorf("the context was asked %d times before the cap stopped the solve, want at most %d", ctx.calls, max)
	}
}

// TestCompiledStopsOnDeadline is the whole game of the report: 3 000
// moves a position, 1.9 million positions, minutes to solve; with a
// deadline of half a second it must stop within a few seconds.
func TestCompiledStopsOnDeadline(t *testing.T) {
	if testing.Short() {
		t.Skip("a game of 5.7 billion moves")
	}
	in := fanOut(t, 3000, 1_900_000)
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	popt := positions.DefaultOptions(in.Game)
	popt.Context = ctx
	began := time.Now()
	_, err := retro.SolveInstance(in, popt, core.Options{Context: ctx})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("solve: %v, want context.DeadlineExceeded", err)
	}
	if took := time.Since(began); took > 10*time.Second {
		t.Errorf("the solve stopped %v after it began, its deadline 0.5 s", took)
	}
}
