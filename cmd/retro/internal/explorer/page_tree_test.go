package explorer

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"retro/cmd/retro/internal/history"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// The words of the page's strategy tree, checked in the browser against
// the solver's values of the positions its nodes show (page_e2e_test.go
// calls it on the tree on show).

// treeNode is a node of the tree as the page draws it.
type treeNode struct {
	Depth  int    `json:"depth"`  // moves below the root
	What   string `json:"what"`   // the move and the position: "adds 4 stones to the first pile → (21, 28)"
	Code   string `json:"code"`   // the position as the engine writes it: "(21, 28)", "(5) last=up"
	Winner string `json:"winner"` // the winner the node names: 0 (Petya), 1 (Vanya), D, ?
	Words  string `json:"words"`  // and how it says so
}

const treeNodes = `[...document.querySelectorAll('#tree .node')].map(n => {
	let depth = -1;
	for (let li = n.closest('li'); li; li = li.parentElement.closest('li')) depth++;
	const w = n.querySelector('.win');
	return {depth, what: n.querySelector('.mv').textContent, code: n.querySelector('.mv').dataset.code, winner: w ? w.dataset.winner : '', words: w ? w.textContent : ''};
})`

// nodePosition reads the position of a node as the engine writes it (its
// data-code): "(21, 28)", "(5) last=up".
var nodePosition = regexp.MustCompile(`^(\([^)]*\))(?: last=(\S+))?(?: mylast=(\S+))?$`)

// checkTreeWinners checks every node of the tree on show: it names the
// winner from its position, and in how many moves of his own, as the
// solver's outcome and layer of that position say (solved here from the
// game's text), for the player to move there (Petya at an even number of
// moves from the start, Vanya at an odd one); where the game is over, as
// its rules say. It returns the outcomes the nodes had, for the player to
// move (where the game is over, L: the end's value is not kept).
func (b *browser) checkTreeWinners() map[retro.Outcome]int {
	b.t.Helper()
	text := eval[string](b, `state.game.text`)
	ply := eval[int](b, `state.tree.ply`)
	inst := eval[int](b, `state.tree.instance`)
	width := eval[int64](b, `state.width`)
	nodes := eval[[]treeNode](b, treeNodes)
	g := retrotest.Parse(b.t, "game.toml", text)
	sv, err := retro.SolveLoaded(context.Background(), g, retro.GameOptions{OpenWidth: width})
	if err != nil {
		b.t.Fatal(err)
	}
	r := sv.Results[inst]
	m := r.Instance.NewMachine()
	seen := map[retro.Outcome]int{}
	for _, n := range nodes {
		p := nodePosition.FindStringSubmatch(n.Code)
		if p == nil || !strings.Contains(n.What, p[1]) {
			b.t.Fatalf("a node shows %q (%q): no position", n.What, n.Code)
		}
		piles, err := g.ParsePosition(p[1])
		if err != nil {
			b.t.Fatal(err)
		}
		hist, err := history.Parse(g, p[2], p[3])
		if err != nil {
			b.t.Fatal(err)
		}
		mover := (ply + n.Depth) % 2
		over, err := m.End(piles)
		if err != nil {
			b.t.Fatal(err)
		}
		var who, words, value string
		if over {
			// The game is over: its rules say who has won, the player
			// who made the last move (mover) or the other.
			rule, err := m.Winner(piles)
			if err != nil {
				b.t.Fatal(err)
			}
			winner := 1 - mover
			if rule == rules.Other {
				winner = mover
			}
			who, words = b.hasWon(winner)
			value = "over, winner = " + rule.String()
			seen[retro.Lose]++
		} else {
			i, ok := r.Space.Index(piles, hist)
			if !ok {
				b.t.Fatalf("%s: not among the positions the solver found", n.What)
			}
			o, layer := r.Outcome(i), r.Layer(i)
			seen[o]++
			who, words = b.winsWords(o, layer, mover)
			value = fmt.Sprint(o, " ", layer)
		}
		if n.Winner != who || n.Words != words {
			b.t.Errorf("%s, %d moves from the start, %s: the page says %s %q, the solver %s %q", n.What, n.Depth, value, n.Winner, n.Words, who, words)
		}
	}
	if len(nodes) == 0 {
		b.t.Error("no node in the tree")
	}
	return seen
}

// say is a phrase in the page's language.
func (b *browser) say(en, ru string, a ...any) string {
	if b.lang == "ru" {
		return fmt.Sprintf(ru, a...)
	}
	return fmt.Sprintf(en, a...)
}

// players are the players' names in the page's language: 0 Petya, 1 Vanya.
func (b *browser) players() []string { return []string{b.word("Petya"), b.word("Vanya")} }

// hasWon is what a node says where the game is over, won by winner.
func (b *browser) hasWon(winner int) (who, words string) {
	return fmt.Sprint(winner), b.say("%s has won, the game is over", "%s выиграл, игра окончена", b.players()[winner])
}

// winsWords is what a node says of a position of outcome o and layer with
// mover to move there (0 Petya, 1 Vanya), in the page's language: the
// winner (the mover at a W, the other at an L) and in how many moves of
// his own, the layer counting the moves of both sides (the winner makes
// the first, last and every other at a W, the second, last and every
// other at an L); a draw; beyond the horizon.
func (b *browser) winsWords(o retro.Outcome, layer int, mover int) (who, words string) {
	say := b.say
	switch o {
	case retro.Draw:
		return "D", say("draw", "ничья")
	case retro.Unknown:
		return "?", say("beyond the horizon", "за горизонтом")
	}
	name := b.players()
	winner, moves := mover, (layer+1)/2
	if o == retro.Lose {
		winner, moves = 1-mover, layer/2
	}
	who = fmt.Sprint(winner)
	if moves == 0 {
		return who, say("%s wins whatever %s does", "%s выигрывает при любом ходе игрока %s", name[winner], name[mover])
	}
	return who, say("%s wins in %s", "%s выигрывает за %s", name[winner], movesWords(b.lang == "ru", moves))
}

// movesWords is a number of moves with its noun: 1 move, 2 moves; in
// Russian the noun takes the form of the number's last digits: 1 ход,
// 21 ход, 2–4 хода, 22 хода, 5–20 ходов, 111–114 ходов.
func movesWords(ru bool, n int) string {
	switch {
	case !ru && n == 1:
		return "1 move"
	case !ru:
		return fmt.Sprintf("%d moves", n)
	case n%10 == 1 && n%100 != 11:
		return fmt.Sprintf("%d ход", n)
	case n%10 >= 2 && n%10 <= 4 && (n%100 < 12 || n%100 > 14):
		return fmt.Sprintf("%d хода", n)
	}
	return fmt.Sprintf("%d ходов", n)
}

// checkMovesWords checks the page's numbers of moves (nMoves) against
// forms written down by hand.
func (b *browser) checkMovesWords() {
	b.t.Helper()
	want := map[string]string{"en": "1 move, 2 moves, 5 moves, 11 moves, 21 moves",
		"ru": "1 ход, 2 хода, 4 хода, 5 ходов, 11 ходов, 12 ходов, 14 ходов, 21 ход, 22 хода, 25 ходов, 101 ход, 111 ходов, 112 ходов, 122 хода"}[b.lang]
	var ns []string
	for _, form := range strings.Split(want, ", ") {
		n, _, _ := strings.Cut(form, " ")
		ns = append(ns, n)
	}
	if got := eval[string](b, `[`+strings.Join(ns, ", ")+`].map(nMoves).join(', ')`); got != want {
		b.t.Errorf("numbers of moves: %q, want %q", got, want)
	}
}
