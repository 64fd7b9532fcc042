package out

import (
	"fmt"
	"io"
	"strings"

	"retro/retro"
)

// WritePosition writes position i of a result as retro show prints it:
// the position with its outcome and layer, and every move with what it
// leads to, the optimal ones marked *; pos writes a position (piles and
// history), endNote marks the moves that end the game.
func WritePosition(w io.Writer, res *retro.Result, i int, pos func([]int64, int) string, endNote bool) error {
	moves, err := res.Moves(i, res.Instance.NewMachine())
	if err != nil {
		return err
	}
	piles := make([]int64, res.Space.Piles())
	hist := res.Space.Position(i, piles)
	fmt.Fprintf(w, "%s: %s\n", pos(piles, hist), retro.Describe(res.Outcome(i), res.Layer(i)))
	if len(moves) == 0 {
		fmt.Fprintln(w, retro.DescribeEnd(res.Instance.NewMachine(), piles))
		return nil
	}
	width := 0
	for _, mv := range moves {
		width = max(width, len([]rune(mv.Name)))
	}
	for _, mv := range moves {
		mark := " "
		if mv.Best {
			mark = "*"
		}
		name := mv.Name
		pad := strings.Repeat(" ", width-len([]rune(name)))
		what := retro.Describe(mv.Outcome, mv.Layer)
		if mv.End && endNote {
			what += " (end of the game)"
		}
		fmt.Fprintf(w, "  %s %s%s -> %s  %s\n", mark, name, pad, pos(mv.To, mv.Hist), what)
	}
	return nil
}
