package sg_test

import (
	"context"
	"errors"
	"testing"

	"retro/rules"
	"retro/rules/sg"
)

// askedContext counts the questions to its Err, and answers cancelled
// from the stop-th on (never when stop is 0).
type askedContext struct {
	context.Context
	asked, stop int
}

func (c *askedContext) Err() error {
	if c.asked++; c.stop > 0 && c.asked >= c.stop {
		return context.Canceled
	}
	return nil
}

// The naive methods ask their context by the options they look at, not
// every so many heaps: a heap of n has about n/2 splits, so a table of
// 20 000 heaps of Kayles looks at 10^8 options, and one of 5 000 heaps of
// Grundy's game (by its moves, every option scanned) 6·10^6.
func TestNaiveAsksByWork(t *testing.T) {
	kayles, err := rules.ParseOctal("0.77")
	if err != nil {
		t.Fatal(err)
	}
	grundy, err := rules.Parse("grundy.toml", []byte("piles = [\"x\"]\nsum = true\nmoves = [\"x -> i, x - i for i in 1..x-1 if 2 * i != x\"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	insts, err := grundy.Instances()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		upto int
		run  func(ctx context.Context, upto int) error
	}{
		{"kayles", 20000, func(ctx context.Context, upto int) error {
			_, err := sg.OctalGrundy(ctx, kayles, upto, sg.Naive)
			return err
		}},
		{"grundy", 5000, func(ctx context.Context, upto int) error {
			_, err := sg.Grundy(ctx, insts[0].NewMachine(), upto)
			return err
		}},
	} {
		name, upto := c.name, c.upto
		run := func(ctx context.Context) error { return c.run(ctx, upto) }
		ctx := &askedContext{Context: context.Background()}
		if err := run(ctx); err != nil {
			t.Fatal(err)
		}
		// about upto²/4 options, a question every 2^20
		if want := upto*upto/4>>20 - 1; ctx.asked < want {
			t.Errorf("%s: the context was asked %d times, want at least %d", name, ctx.asked, want)
		}
		ctx = &askedContext{Context: context.Background(), stop: 5}
		if err := run(ctx); !errors.Is(err, context.Canceled) || ctx.asked != 5 {
			t.Errorf("%s cancelled: %v after %d questions, want context.Canceled after 5", name, err, ctx.asked)
		}
	}
}
