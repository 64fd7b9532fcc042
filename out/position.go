package out

import (
	"fmt"
	"io"
	"strings"

	"retro/out/query"
	"retro/retro"
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
	// Words writes the moves in words and the values as who wins, the
	// player to move at the position being Petya (query.Lang.Winner).
	Words bool
}

// The words of a position.
var (
	txtEndOfGame = query.Text{En: " (end of the game)", Ru: " (конец игры)"}
	txtOverSides = query.Text{En: "the game is over: end holds (%d %s %d)", Ru: "игра окончена: условие end выполнено (%d %s %d)"}
	txtOverEnd   = query.Text{En: "the game is over: end holds", Ru: "игра окончена: условие end выполнено"}
	txtOverStuck = query.Text{En: "the game is over: no legal moves", Ru: "игра окончена: ходов нет"}
	txtToMove    = query.Text{En: "%s to move", Ru: "ходит %s"}
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
	if opt.Words {
		return writePositionWords(w, res, piles, hist, o, layer, moves, opt.Lang)
	}
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

// writePositionWords is WritePosition in words: "(17, 29), Petya to move:
// Petya wins in 4 moves", then each move, "* doubles the second pile →
// (17, 58): Petya wins in 1 move".
func writePositionWords(w io.Writer, res *retro.Probed, piles []int64, hist int, o retro.Outcome, layer int, moves []retro.Move, l query.Lang) error {
	g := res.Instance.Game
	fmt.Fprintf(w, "%s; %s: %s\n", l.PositionWithHistory(g, piles, hist), l.Say(txtToMove, l.Player(0, query.Nom)), l.Winner(o, layer, 0))
	if len(moves) == 0 {
		fmt.Fprintln(w, GameOver(l, res.Instance.NewMachine(), piles))
		return nil
	}
	for _, mv := range moves {
		mark := " "
		if mv.Best {
			mark = "*"
		}
		words, _ := l.MoveWords(g, mv, piles, -1)
		fmt.Fprintf(w, "  %s %s → %s: %s\n", mark, words, rules.Tuple(mv.To), l.Winner(mv.Outcome, mv.Layer, 1))
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
