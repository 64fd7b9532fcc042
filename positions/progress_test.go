package positions

import (
	"strings"
	"sync"
	"testing"

	"retro/rules"
)

// The move graph's progress counts moves, not positions: Wythoff's game
// on 0..100 has 10 201 positions and 1.36 million moves, and its first
// pass shows them (it showed "moves: 0" while it made 86 million of them
// on 0..400).
func TestGraphProgressCountsMoves(t *testing.T) {
	src, ok := rules.Builtin("wythoff")
	if !ok {
		t.Fatal("no built-in wythoff")
	}
	text := string(src)
	for _, r := range []string{"0..200"} {
		text = strings.ReplaceAll(text, `"`+r+`"`, `"0..100"`)
	}
	g, err := rules.Parse("wythoff.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	most := map[string]int64{}
	opt := DefaultOptions(g)
	opt.Progress = func(stage string, n int64) {
		mu.Lock()
		most[stage] = max(most[stage], n)
		mu.Unlock()
	}
	gr, err := Enumerate(insts[0], opt)
	if err != nil {
		t.Fatal(err)
	}
	if gr.Held() != 101*101 {
		t.Fatalf("%d positions: the box is not 0..100", gr.Held())
	}
	if most["moves"] < 1<<20 || most["edges"] < 1<<20 || most["moves"] > gr.Moves {
		t.Errorf("progress shown %v, for %d moves", most, gr.Moves)
	}
}
