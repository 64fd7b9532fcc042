package query_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"retro/rules"
)

// The replay TestReasonsReplay checks the reasons by: the game played by
// its rules, each claim decided by a depth-bounded minimax written from
// the definitions of the game format, never by the solver.

// state is a position: the piles, and the last commands of both players
// (0: none, 1+c: command c).
type state struct {
	piles        []int64
	last, mylast int
}

// move is a legal move: its name, its command and where it leads.
type move struct {
	name string
	cmd  int
	to   state
}

// replay plays a game by its rules.
type replay struct {
	g    *rules.Game
	m    *rules.Machine
	memo map[string]bool
}

func newReplay(in *rules.Instance) *replay {
	return &replay{g: in.Game, m: in.NewMachine(), memo: map[string]bool{}}
}

// format writes a position as the reasons do: "(17, 58)", with the history
// the game keeps: "(12) last=c".
// piles writes a position as a sentence does: its piles, "(17, 58)".
func (c *replay) piles(s state) string {
	piles := make([]string, len(s.piles))
	for k, v := range s.piles {
		piles[k] = strconv.FormatInt(v, 10)
	}
	return "(" + strings.Join(piles, ", ") + ")"
}

// format writes a position with its history, for the checker's messages.
func (c *replay) format(s state) string {
	piles := make([]string, len(s.piles))
	for k, v := range s.piles {
		piles[k] = strconv.FormatInt(v, 10)
	}
	var b strings.Builder
	b.WriteString("(" + strings.Join(piles, ", ") + ")")
	name := func(h int) string {
		if h == 0 {
			return "none"
		}
		return c.g.Commands[h-1].Name
	}
	if c.g.History != rules.NoHistory {
		b.WriteString(" last=" + name(s.last))
	}
	if c.g.History == rules.BothHistory {
		b.WriteString(" mylast=" + name(s.mylast))
	}
	return b.String()
}

// moves lists the legal moves of a position that is not final.
func (c *replay) moves(s state) []move {
	list, names, err := c.m.MovesWithNames(s.piles, s.last, s.mylast)
	if err != nil {
		panic(err)
	}
	out := make([]move, list.Len())
	for k := range out {
		to := slices.Clone(list.To(k, len(s.piles)))
		cmd := int(list.Cmd[k])
		out[k] = move{name: names[k], cmd: cmd, to: state{to, cmd + 1, s.last}}
	}
	return out
}

// final reports whether the game is over at s: end holds, or no move is
// legal.
func (c *replay) final(s state) bool {
	end, err := c.m.End(s.piles)
	if err != nil {
		panic(err)
	}
	return end || len(c.moves(s)) == 0
}

// moverWon reports, at a final position, whether the player who made the
// last move has won.
func (c *replay) moverWon(s state) bool {
	w, err := c.m.Winner(s.piles)
	if err != nil {
		panic(err)
	}
	return w == rules.Mover
}

// winIn reports whether the player to move at s wins within n of his
// moves whatever the opponent does. At a final position he has won only
// if the last mover lost; the exam count takes that as won in 0 moves,
// Lebedev's as the opponent's losing move answered by one more, winning
// move of the player to move.
func (c *replay) winIn(s state, n int) bool {
	key := fmt.Sprint("w", n, c.format(s))
	if v, ok := c.memo[key]; ok {
		return v
	}
	var v bool
	switch {
	case c.final(s):
		v = !c.moverWon(s) && (n >= 1 || c.g.Count == rules.Exam)
	case n >= 1:
		for _, mv := range c.moves(s) {
			if c.loseIn(mv.to, n-1) {
				v = true
				break
			}
		}
	}
	c.memo[key] = v
	return v
}

// loseIn reports whether the player to move at s loses within n moves of
// the opponent whatever he does: he has lost already, or every move lets
// the opponent win within n moves.
func (c *replay) loseIn(s state, n int) bool {
	key := fmt.Sprint("l", n, c.format(s))
	if v, ok := c.memo[key]; ok {
		return v
	}
	var v bool
	if c.final(s) {
		v = c.moverWon(s)
	} else {
		v = true
		for _, mv := range c.moves(s) {
			if !c.winIn(mv.to, n) {
				v = false
				break
			}
		}
	}
	c.memo[key] = v
	return v
}

// taskHolds decides a task at a start by the minimax: 19 some move, not
// ending the game, after which the opponent wins with his first move; 19g
// and 21 the opponent wins with exactly his first, his second move; 20 and
// win1 the player to move wins with exactly his second, his first move.
func (c *replay) taskHolds(t *testing.T, key string, s state) bool {
	switch key {
	case "19":
		if c.final(s) {
			return false
		}
		for _, mv := range c.moves(s) {
			if !c.final(mv.to) && c.winIn(mv.to, 1) {
				return true
			}
		}
		return false
	case "19g":
		return c.loseIn(s, 1) && !c.loseIn(s, 0)
	case "21":
		return c.loseIn(s, 2) && !c.loseIn(s, 1)
	case "20":
		return c.winIn(s, 2) && !c.winIn(s, 1)
	case "win1":
		return c.winIn(s, 1) && !c.winIn(s, 0)
	}
	t.Fatalf("no task %s", key)
	return false
}
