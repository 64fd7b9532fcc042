package retro_test

import (
	"context"
	"fmt"
	"retro/retro/internal/core"
	"slices"
	"strings"
	"testing"

	"retro/positions"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
	"retro/rules/sg"
)

// heapEngine solves the collections reachable from the given heap
// positions in the engine's view of a heap game.
func heapEngine(t *testing.T, in *rules.Instance, starts [][]int64, k int) *retro.Result {
	t.Helper()
	view, err := in.HeapView(k)
	if err != nil {
		t.Fatal(err)
	}
	opt := positions.DefaultOptions(view.Game)
	for _, s := range starts {
		opt.Extra = append(opt.Extra, positions.Seed{Piles: positions.HeapTuple(s, k)})
	}
	res, err := retro.SolveInstance(view, opt, core.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func engineWins(t *testing.T, res *retro.Result, heaps []int64, k int) bool {
	t.Helper()
	p := positions.HeapTuple(heaps, k)
	i, ok := res.Space.Index(p, 0)
	if !ok {
		t.Fatalf("%v not in the table", p)
	}
	switch res.Outcome(i) {
	case core.Win:
		return true
	case core.Lose:
		return false
	}
	t.Fatalf("%v: %v", p, res.Outcome(i))
	return false
}

// TestEngineAgrees: solve (the engine's view of the heaps) and sg agree
// on single heaps and on sums, for every shared heap game.
func TestEngineAgrees(t *testing.T) {
	for _, name := range []string{"nim", "kayles", "lasker-nim", "strip-tiling", "subtraction-1-3-4", "take-at-least-half", "fibonacci-subtraction"} {
		insts, err := retrotest.Builtin(t, name).Instances()
		if err != nil {
			t.Fatal(err)
		}
		in := insts[0]
		const top = 12
		tab, err := sg.Grundy(context.Background(), in.NewMachine(), top)
		if err != nil {
			t.Fatal(err)
		}
		most, err := positions.MaxHeaps(in.NewMachine(), top)
		if err != nil {
			t.Fatal(err)
		}
		var starts [][]int64
		for n := int64(0); n <= top; n++ {
			starts = append(starts, []int64{n})
		}
		starts = append(starts, [][]int64{{9, 10, 12}, {3, 5, 6}, {7, 7}, {1, 2, 3}, {12, 11}}...)
		k := 3 * slices.Max(most)
		res := heapEngine(t, in, starts, k)
		for _, s := range starts {
			var x uint32
			for _, h := range s {
				x ^= tab.G(int(h))
			}
			if w := engineWins(t, res, s, k); w != (x != 0) {
				t.Errorf("%s %v: engine says win = %v, xor %d", name, s, w, x)
			}
		}
	}
}

// TestMisereEngineAgrees: misère sums solved by enumeration agree with the
// engine's view of the same heaps.
func TestMisereEngineAgrees(t *testing.T) {
	for _, src := range []string{
		"piles = [\"x\"]\nsum = true\noctal = \"0.77\"\nwinner = \"other\"\n",
		"piles = [\"x\"]\nsum = true\nmoves = [\"x - 1\", \"x - 2\", \"x -> i, x - 2 - i for i in 1..x-3\"]\nwinner = \"other\"\n",
	} {
		insts, err := retrotest.Parse(t, "misere.toml", src).Instances()
		if err != nil {
			t.Fatal(err)
		}
		in := insts[0]
		starts := [][]int64{{5, 4, 3}, {8, 2}, {1, 1, 1}, {6, 6}, {9}, {10, 3}}
		res := heapEngine(t, in, starts, 12)
		x := sg.NewExact(1 << 20)
		m := in.NewMachine()
		for _, s := range starts {
			var heaps []sg.Heap
			for _, h := range s {
				heaps = append(heaps, sg.Heap{Size: h, Mover: m, Win: rules.Other})
			}
			w, _, err := x.Outcome(heaps)
			if err != nil {
				t.Fatal(err)
			}
			if e := engineWins(t, res, s, 12); e != w {
				t.Errorf("%v: engine win = %v, enumeration %v", s, e, w)
			}
		}
	}
}

// TestHeapViewMoves: the engine's view of Kayles lists each resulting
// collection once, sorted, under the code's name.
func TestHeapViewMoves(t *testing.T) {
	insts, _ := retrotest.Builtin(t, "kayles").Instances()
	view, err := insts[0].HeapView(4)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(view.Game.Piles, ","); got != "x1,x2,x3,x4" {
		t.Errorf("piles %s", got)
	}
	var list rules.MoveList
	if err := view.NewMachine().Moves([]int64{4, 4, 0, 0}, 0, 0, &list); err != nil {
		t.Fatal(err)
	}
	var got []string
	for k := 0; k < list.Len(); k++ {
		got = append(got, fmt.Sprint(view.Game.Commands[list.Cmd[k]].Name, list.To(k, 4)))
	}
	want := "0.77[4 3 0 0] 0.77[4 2 1 0] 0.77[4 2 0 0] 0.77[4 1 1 0]"
	if strings.Join(got, " ") != want {
		t.Errorf("moves of 4 + 4:\n got %s\nwant %s", strings.Join(got, " "), want)
	}
	err = view.NewMachine().Moves([]int64{1, 3, 0, 0}, 0, 0, &list)
	if err == nil {
		t.Error("an unsorted tuple gave no error")
	}
	full, _ := insts[0].HeapView(2)
	if err := full.NewMachine().Moves([]int64{5, 3}, 0, 0, &list); err == nil {
		t.Error("no error when a move needs a third heap")
	}
}
