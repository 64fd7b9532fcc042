package rules

import (
	"strings"
	"testing"
)

// A view of more heaps than a position holds is refused in the user's
// words, naming the game, not the function.
func TestHeapViewTooManyHeaps(t *testing.T) {
	src, _ := Builtin("kayles")
	g, err := Parse("kayles.toml", src)
	if err != nil {
		t.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	_, err = insts[0].HeapView(536870912)
	want := "kayles.toml: the heaps asked about can split into as many as 536870912 heaps, and a position of the engine holds at most 65536: ask about smaller heaps"
	if err == nil || err.Error() != want || strings.Contains(err.Error(), "HeapView") {
		t.Errorf("err = %v", err)
	}
	if _, err := insts[0].HeapView(MaxHeaps); err != nil {
		t.Errorf("%d heaps: %v", MaxHeaps, err)
	}
}
