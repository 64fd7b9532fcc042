package rules

import (
	"fmt"
	"os"
	"testing"
)

func TestTry(t *testing.T) {
	show := func(f string, piles []int64, last int) {
		src, _ := os.ReadFile("../../shared/games/" + f)
		g, err := Parse(f, src)
		if err != nil {
			t.Fatal(err)
		}
		ins, err := g.Instances()
		if err != nil {
			t.Fatal(err)
		}
		m := ins[0].NewMachine()
		var ml MoveList
		if g.Sum {
			var ho HeapOptions
			err := m.HeapMoves(piles[0], &ho)
			fmt.Print(f, piles, err, ": ")
			for k := 0; k < ho.Len(); k++ {
				fmt.Print(ho.Option(k), " ")
			}
			fmt.Println()
			return
		}
		err = m.Moves(piles, last, 0, &ml)
		fmt.Print(f, piles, err, ": ")
		for k := 0; k < ml.Len(); k++ {
			fmt.Print(ml.Cmd[k], ml.To(k, len(piles)), " ")
		}
		e, _ := m.End(piles)
		w, _ := m.Winner(piles)
		fmt.Println(" end", e, "winner", w)
		st, err := ins[0].Starts(3)
		fmt.Println(len(st), err)
	}
	show("ege-2027-demo.toml", []int64{17, 28}, 0)
	show("wythoff.toml", []int64{2, 1}, 0)
	show("lebedev-operations.toml", []int64{7}, 1)
	show("lebedev-operations.toml", []int64{7}, 2)
	show("lebedev-operations.toml", []int64{8}, 0)
	show("kayles.toml", []int64{3}, 0)
	show("lasker-nim.toml", []int64{4}, 0)
	show("strip-tiling.toml", []int64{6}, 0)
	show("powers-of-p.toml", []int64{9}, 0)
	show("take-at-least-half.toml", []int64{5}, 0)
	show("ege-bank-one-pile.toml", []int64{40}, 0)
}
