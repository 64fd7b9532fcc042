package out

import (
	"fmt"
	"io"
	"strings"

	"retro/retro"
	"retro/retro/query"
	"retro/rules"
)

// PositionOptions tune WritePosition.
type PositionOptions struct {
	// Position writes a position (piles and history).
	Position func(piles []int64, hist int) string
	// EndNote marks the moves that end the game.
	EndNote bool
	// Lang is the language of the words.
	Lang query.Lang
}

// The words of a position.
var (
	txtEndOfGame = query.Text{En: " (end of the game)", Ru: " (конец игры)"}
	txtOverSides = query.Text{En: "the game is over: end holds (%d %s %d)", Ru: "игра окончена: условие end выполнено (%d %s %d)"}
	txtOverEnd   = query.Text{En: "the game is over: end holds", Ru: "игра окончена: условие end выполнено"}
	txtOverStuck = query.Text{En: "the game is over: no legal moves", Ru: "игра окончена: ходов нет"}
)

// WritePosition writes position i of a result as retro show prints it:
// the position with its outcome and layer, and every move with what it
// leads to, the optimal ones marked *.
func WritePosition(w io.Writer, res *retro.Probed, i int, opt PositionOptions) error {
	moves, err := res.Moves(i, res.Instance.NewMachine())
	if err != nil {
		return err
	}
	o, layer, err := res.Values.Value(i)
	if err != nil {
		return err
	}
	piles := make([]int64, res.Space.Piles())
	hist := res.Space.Position(i, piles)
	fmt.Fprintf(w, "%s: %s\n", opt.Position(piles, hist), retro.Describe(o, layer))
	if len(moves) == 0 {
		fmt.Fprintln(w, GameOver(opt.Lang, res.Instance.NewMachine(), piles))
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
		if mv.End && opt.EndNote {
			what += opt.Lang.Say(txtEndOfGame)
		}
		fmt.Fprintf(w, "  %s %s%s -> %s  %s\n", mark, name, pad, opt.Position(mv.To, mv.Hist), what)
	}
	return nil
}

// GameOver says why a position without moves is final: its end condition
// holds (with its two sides, when it compares two), or no move is legal
// there.
func GameOver(l query.Lang, m *rules.Machine, piles []int64) string {
	if end, err := m.End(piles); err == nil && end {
		if left, op, right, ok, err := m.EndSides(piles); err == nil && ok {
			return l.Say(txtOverSides, left, op, right)
		}
		return l.Say(txtOverEnd)
	}
	return l.Say(txtOverStuck)
}
