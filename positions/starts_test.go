package positions

import (
	"context"
	"errors"
	"testing"

	"retro/rules"
)

// The list of a game's starts asks the context as it is made: a signal
// stops a solve of 10^8 starts in the seconds their list takes.
func TestStartsStopWithTheContext(t *testing.T) {
	g, err := rules.Parse("many.toml", []byte("piles = [\"a\", \"b\"]\nmoves = [\"each +1\"]\nend = \"a + b >= 10\"\n[start]\na = 1\nb = \"S\"\n[params]\nS = \"1..1000000\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	opt := DefaultOptions(g)
	opt.Context = ctx
	if _, err := ListStarts(insts[0], opt, rules.MaxStarts); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled list of starts: %v", err)
	}
	opt.Context = context.Background()
	starts, err := ListStarts(insts[0], opt, rules.MaxStarts)
	if err != nil || len(starts) != 1_000_000 || starts[999_999].Piles[1] != 1_000_000 || starts[0].Params[0] != 1 {
		t.Errorf("%d starts, %v", len(starts), err)
	}
}
