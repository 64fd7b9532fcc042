package variant

import (
	"fmt"
	"retro/rules/lang"
	"slices"
	"strconv"
	"strings"
)

// Op is what a move does to the one pile it changes.
type Op uint8

// The operations.
const (
	Add  Op = iota // x + k
	Mul            // x * k
	Take           // x - k
	Div            // x // k, rounded down
)

// opSigns are the operations as a family writes them: "+4", "*2", "-3",
// "//4".
var opSigns = [...]string{Add: "+", Mul: "*", Take: "-", Div: "//"}

// grows reports whether the operation makes a pile larger.
func (o Op) grows() bool { return o == Add || o == Mul }

// Move is one move of a variant: an operation with its operand, on any
// one pile of the player's choice.
type Move struct {
	Op Op
	K  int64
}

// String is the move as a family writes it: "+4", "//2".
func (m Move) String() string { return opSigns[m.Op] + strconv.FormatInt(m.K, 10) }

// apply is the pile x after the move.
func (m Move) apply(x int64) int64 {
	switch m.Op {
	case Add:
		return x + m.K
	case Mul:
		return x * m.K
	case Take:
		return x - m.K
	}
	return x / m.K // x ≥ 0: rounded down
}

// Spec is one game a family can give: its rules and its starts.
type Spec struct {
	Piles int    // 1 or 2
	Down  bool   // the piles shrink to the end; false: they grow to it
	Moves []Move // in the order of the family's entries
	// End is the threshold: the game is over when the piles hold at
	// least End stones together (growing) or at most End (shrinking).
	End int64
	// Limit, when not 0, is the overshoot rule: the player who ends the
	// game wins only when the piles then hold at most Limit stones, and
	// loses otherwise. 0: the player who ends the game wins.
	Limit    int64
	NoRepeat bool  // a player may not make the move the opponent has just made
	Fixed    int64 // two piles: the first pile's start; the second holds S
	Lo, Hi   int64 // the range of S
}

// final reports whether the game is over when the piles hold total
// stones.
func (sp *Spec) final(total int64) bool {
	if sp.Down {
		return total <= sp.End
	}
	return total >= sp.End
}

// naturalRange is the range of S where the game is not over at the
// start, within lo..hi.
func (sp *Spec) naturalRange(lo, hi int64) (int64, int64) {
	lo = max(lo, 1)
	if sp.Down {
		return max(lo, sp.End+1-sp.Fixed), hi
	}
	return lo, min(hi, sp.End-1-sp.Fixed)
}

// alwaysMoves reports whether every position before the end has a move,
// the no-repeat rule kept: a game stuck before its end would be over
// without its end having come, which the exam's wording does not
// foresee. It counts the moves that can be made from every such
// position: every move of piles that grow (they hold a stone or more), a
// division, a take of at most what the larger pile holds before the end;
// the no-repeat rule needs two of them.
func (sp *Spec) alwaysMoves() bool {
	need := 1
	if sp.NoRepeat {
		need = 2
	}
	// Before the end the piles hold End+1 stones or more, the larger one
	// at least half of them, rounded up.
	larger := (sp.End + int64(sp.Piles)) / int64(sp.Piles)
	always := 0
	for _, m := range sp.Moves {
		if !sp.Down || m.Op == Div || m.K <= larger {
			always++
		}
	}
	return always >= need
}

// key tells two specs of the same game apart from two different ones: the
// order of the moves does not matter.
func (sp *Spec) key() string {
	ms := make([]string, len(sp.Moves))
	for k, m := range sp.Moves {
		ms[k] = m.String()
	}
	slices.Sort(ms)
	return fmt.Sprintf("%d %t %s %d %d %t %d %d..%d", sp.Piles, sp.Down, strings.Join(ms, ","), sp.End, sp.Limit, sp.NoRepeat, sp.Fixed, sp.Lo, sp.Hi)
}

// brief names the spec's game in an error: "(5, S), +3 *2, the end at
// 71", in either language (a lang.Sayer).
type brief struct{ sp *Spec }

func (b brief) String() string { return b.In(lang.En) }

// In names the game in l.
func (b brief) In(l lang.Lang) string {
	sp := b.sp
	ms := make([]string, len(sp.Moves))
	for k, m := range sp.Moves {
		ms[k] = m.String()
	}
	start := "(S)"
	if sp.Piles == 2 {
		start = fmt.Sprintf("(%d, S)", sp.Fixed)
	}
	return mBrief.Msg(start, strings.Join(ms, " "), sp.End, sp.Lo, sp.Hi).In(l)
}

// pileNames are the names of the piles in the game files of one and two
// piles.
var pileNames = [...][]string{1: {"x"}, 2: {"a", "b"}}

// GameText is the spec as a game file (GAME-FORMAT.md), with a comment
// of the lines given first and the name given.
func (sp *Spec) GameText(comment []string, name string) string {
	return sp.gameText(comment, name, "")
}

// gameText is GameText with the game's count of a losing move (GAME-FORMAT.md:
// "exam" or "lebedev"; "": the default, written as nothing).
func (sp *Spec) gameText(comment []string, name, count string) string {
	var b strings.Builder
	for _, c := range comment {
		fmt.Fprintf(&b, "# %s\n", c)
	}
	piles := pileNames[sp.Piles]
	total := strings.Join(piles, " + ")
	moves := make([]string, len(sp.Moves))
	for k, m := range sp.Moves {
		if sp.Piles == 1 {
			moves[k] = strconv.Quote(fmt.Sprintf("x %s %d", opSigns[m.Op], m.K))
		} else {
			moves[k] = strconv.Quote("each " + m.String())
		}
	}
	cmp := ">="
	if sp.Down {
		cmp = "<="
	}
	winner := "mover"
	if sp.Limit != 0 {
		winner = fmt.Sprintf("mover if %s <= %d else other", total, sp.Limit)
	}
	fmt.Fprintf(&b, "name  = %s\n", strconv.Quote(name))
	fmt.Fprintf(&b, "piles = [%s]\n", strings.Join(quoteAll(piles), ", "))
	fmt.Fprintf(&b, "moves = [%s]\n", strings.Join(moves, ", "))
	fmt.Fprintf(&b, "end    = \"%s %s %d\"\n", total, cmp, sp.End)
	fmt.Fprintf(&b, "winner = %s\n", strconv.Quote(winner))
	if count != "" {
		fmt.Fprintf(&b, "count  = %s\n", strconv.Quote(count))
	}
	if sp.NoRepeat {
		b.WriteString("allow  = \"no-repeat-opponent\"\n")
	}
	b.WriteString("\n[start]\n")
	if sp.Piles == 2 {
		fmt.Fprintf(&b, "a = %d\nb = \"S\"\n", sp.Fixed)
	} else {
		b.WriteString("x = \"S\"\n")
	}
	fmt.Fprintf(&b, "\n[params]\nS = \"%d..%d\"\n", sp.Lo, sp.Hi)
	return b.String()
}

func quoteAll(ss []string) []string {
	q := make([]string, len(ss))
	for k, s := range ss {
		q[k] = strconv.Quote(s)
	}
	return q
}
