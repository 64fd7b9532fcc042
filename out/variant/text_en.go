package variant

import (
	"fmt"
	"strconv"
	"strings"
)

// The English text: the Russian one's wording put into English, small
// operands in words ("four stones", "by two"), the other numbers in
// figures.

var enWords = [...]string{1: "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}

// enNumber is n in words up to ten, in figures above.
func enNumber(n int64) string {
	if n >= 1 && n < int64(len(enWords)) {
		return enWords[n]
	}
	return strconv.FormatInt(n, 10)
}

// enStones is "one stone", "four stones".
func enStones(n int64) string {
	if n == 1 {
		return "one stone"
	}
	return enNumber(n) + " stones"
}

// enClause is what a move of one operation does: "add one stone or four
// stones to one of the piles (of his choice)".
func enClause(g opGroup, two, first bool) string {
	items := make([]string, len(g.ks))
	for k, n := range g.ks {
		if g.op == Add || g.op == Take {
			items[k] = enStones(n)
		} else {
			items[k] = "by " + enNumber(n)
		}
	}
	list := joinOr(items, "or")
	pile := "the pile"
	if two {
		pile = "a pile"
		if first {
			pile = "one of the piles (of his choice)"
		}
	}
	switch g.op {
	case Add:
		return "add " + list + " to " + pile
	case Mul:
		return "multiply the number of stones in " + pile + " " + list
	case Take:
		return "take " + list + " from " + pile
	}
	return "divide the number of stones in " + pile + " " + list + " (the result is rounded down)"
}

var enText = phrases{
	or:  "or",
	lay: [3]string{1: "In front of them lies a pile of stones.", 2: "In front of them lie two piles of stones."},
	intro: "Two players, Petya and Vanya, play the following game. %s The players move in turn, Petya first. " +
		"In one move a player may %s.",
	unlimited: "Each player has as many stones as his moves need.",
	strategy: "A player has a winning strategy when he can win whatever his opponent does. " +
		"To describe a player's strategy is to say which move he makes in every situation he can meet, however his opponent plays. " +
		"A winning strategy leaves out the moves of its player that do not win whatever the opponent does.",
	clause: enClause, example: enExample, end: enEnd, repeat: enRepeat, start: enStart, tasks: enTasks,
}

// enRepeat is the no-repeat rule, a move of Petya's and the same refused
// to Vanya its example.
func enRepeat(m Move, two bool) string {
	did, cannot := enDid(m, two)
	return "A player may not make a move of the kind his opponent has just made: for example, if Petya " +
		did + ", Vanya may not " + cannot + " with his next move."
}

// enDid is a move of the no-repeat example, made and refused.
func enDid(m Move, two bool) (did, cannot string) {
	pile, either := "the pile", "the pile"
	if two {
		pile, either = "one of the piles", "either pile"
	}
	switch m.Op {
	case Add:
		return "added " + enStones(m.K) + " to " + pile, "add " + enStones(m.K) + " to " + either
	case Take:
		return "took " + enStones(m.K) + " from " + pile, "take " + enStones(m.K) + " from " + either
	case Mul:
		return "multiplied the number of stones in " + pile + " by " + enNumber(m.K), "multiply the number of stones in " + either + " by " + enNumber(m.K)
	}
	return "divided the number of stones in " + pile + " by " + enNumber(m.K), "divide the number of stones in " + either + " by " + enNumber(m.K)
}

// enStart is the start and the range of S.
func enStart(sp *Spec) string {
	if sp.Piles == 2 {
		return fmt.Sprintf("At the start the first pile holds %d stones and the second S stones; %d ≤ S ≤ %d.", sp.Fixed, sp.Lo, sp.Hi)
	}
	return fmt.Sprintf("At the start the pile holds S stones; %d ≤ S ≤ %d.", sp.Lo, sp.Hi)
}

// enExample is the example of the moves from one position.
func enExample(sp *Spec) string {
	from, tos := sp.examplePiles(), sp.exampleMoves()
	if sp.Piles == 1 {
		items := make([]string, len(tos))
		for k, to := range tos {
			items[k] = strconv.FormatInt(to[0], 10)
		}
		return fmt.Sprintf("For example, from a pile of %d stones one move makes a pile of %s stones.", from[0], joinOr(items, "or"))
	}
	items := make([]string, len(tos))
	for k, to := range tos {
		items[k] = position(to)
	}
	return fmt.Sprintf("For example, let one pile hold %d stones and the other %d; such a position is written %s. "+
		"Then one move makes any of the %d positions %s.", from[0], from[1], position(from), len(tos), strings.Join(items, ", "))
}

// enEnd is the end of the game and who wins.
func enEnd(sp *Spec) string {
	holds, in, got := "the pile holds", "the pile holds", "a pile of"
	if sp.Piles == 2 {
		holds, in, got = "the piles hold", "the piles hold", "a position with"
	}
	bound, more := "at least", "or more"
	if sp.Down {
		bound, more = "at most", "or fewer"
	}
	s := fmt.Sprintf("The game ends as soon as %s %s %d stones%s. ", holds, bound, sp.End, together(sp))
	if sp.Limit != 0 {
		return s + fmt.Sprintf("If %s at most %d stones%s then, the player who made the last move wins; otherwise his opponent wins.", in, sp.Limit, together(sp))
	}
	return s + fmt.Sprintf("The winner is the player who made the last move, that is, the first to make %s %d %s stones.", got, sp.End, more)
}

func together(sp *Spec) string {
	if sp.Piles == 2 {
		return " together"
	}
	return ""
}

func enTasks(w Wording) [3]TaskText {
	t19 := TaskText{Number: 19, Lead: "It is known that Vanya won with his first move after an unlucky first move of Petya. " +
		"Find the least S for which this is possible."}
	if w.Task19 == Guaranteed {
		t19.Lead = "Find the least S for which Petya cannot win with his first move, but Vanya can win with his first move whatever Petya's move."
	}
	which := "the two smallest values of S"
	if w.Task20 == Exactly {
		which = "two such values of S"
	}
	return [3]TaskText{t19,
		{Number: 20, Lead: "For the game of task 19, find " + which + " for which Petya has a winning strategy and both of these hold:",
			Items: []string{"Petya cannot win with one move;", "Petya can win with his second move, however Vanya plays."},
			Tail:  "Write the values in ascending order."},
		{Number: 21, Lead: "For the game of task 19, find the least S for which both of these hold:",
			Items: []string{"Vanya has a winning strategy that lets him win with his first or second move whatever Petya does;",
				"Vanya has no strategy that surely wins with his first move."}},
	}
}
