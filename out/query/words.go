package query

import (
	"strconv"
	"strings"

	"retro/positions"
	"retro/retro"
	"retro/rules"
	"retro/rules/lang"
)

// The words every sentence about a game is built of, once, in both
// languages: the players' names in the case a sentence needs, numbers with
// their noun's form, the exam's notation of a value, and a move in words
// (which pile, what is done to it), from the game's own moves.

// Case is a grammatical case of a Russian noun; English has one form.
type Case int

// The cases a sentence about the players needs.
const (
	Nom Case = iota // Петя ходит
	Gen             // у Пети, для Пети, ход Пети
	Dat             // Пете
	Acc             // за Петю
	Ins             // с Петей
)

var ruPlayers = [2][5]string{
	{"Петя", "Пети", "Пете", "Петю", "Петей"},
	{"Ваня", "Вани", "Ване", "Ваню", "Ваней"},
}

// Player is the name of player k (0 Petya, who moves first, 1 Vanya) in
// case c.
func (l Lang) Player(k int, c Case) string {
	if l == Ru {
		return ruPlayers[k&1][c]
	}
	return [2]string{"Petya", "Vanya"}[k&1]
}

// Stones writes a number of stones: "1 stone", "4 stones"; «1 камень»,
// «2 камня», «5 камней».
func (l Lang) Stones(n int64) string {
	if l == Ru {
		return strconv.FormatInt(n, 10) + " " + lang.RuForm(n, "камень", "камня", "камней")
	}
	if n == 1 || n == -1 {
		return strconv.FormatInt(n, 10) + " stone"
	}
	return strconv.FormatInt(n, 10) + " stones"
}

// Moves writes a number of moves: "1 move", "3 moves"; «1 ход», «3 хода».
func (l Lang) Moves(n int) string {
	if l == Ru {
		return strconv.Itoa(n) + " " + ruMoves(n)
	}
	if n == 1 {
		return "1 move"
	}
	return strconv.Itoa(n) + " moves"
}

// Exam writes a value for the player to move as the exam's tables mark
// it, the player to move being Petya: П2 (P2) when he wins with his second
// move, В1 (V1) when Vanya wins with his first; a draw Н (D), and ? beyond
// a horizon.
func (l Lang) Exam(o retro.Outcome, layer int) string {
	p, v := "P", "V"
	if l == Ru {
		p, v = "П", "В"
	}
	switch {
	case o == retro.Draw && l == Ru:
		return "Н" // ничья
	case layer < 0 || (o != retro.Win && o != retro.Lose):
		return o.String()
	case o == retro.Win:
		return p + strconv.Itoa((layer+1)/2)
	}
	return v + strconv.Itoa(layer/2)
}

// Winner writes who wins from a position where player mover (0 Petya, 1
// Vanya) is to move, and in how many of his own moves: "Vanya wins in 2
// moves", «Ваня выигрывает за 2 хода»; "Petya has won" where the game is
// over (L 0), "a draw", "beyond the horizon".
func (l Lang) Winner(o retro.Outcome, layer, mover int) string {
	switch {
	case o == retro.Draw:
		return l.Say(txtDrawWord)
	case o != retro.Win && o != retro.Lose:
		return l.Say(txtBeyond)
	case o == retro.Lose && layer == 0:
		return l.Say(txtHasWon, l.Player(1-mover, Nom))
	case o == retro.Win:
		return l.Say(txtWinsIn, l.Player(mover, Nom), l.Moves((layer+1)/2))
	}
	return l.Say(txtWinsIn, l.Player(1-mover, Nom), l.Moves(layer/2))
}

var (
	txtDrawWord = Text{"a draw", "ничья"}
	txtBeyond   = Text{"beyond the horizon", "за горизонтом анализа"}
	txtHasWon   = Text{"%s has won", "%s выиграл"}
	txtWinsIn   = Text{"%s wins in %s", "%s выигрывает за %s"}
)

// The phrases of a move in words.
var (
	txtAdds       = Text{"adds %[1]s to %[2]s", "добавляет %[1]s %[3]s %[2]s"} // %[3]s: в or во
	txtTakes      = Text{"takes %[1]s from %[2]s", "убирает %[1]s из %[2]s"}
	txtDoubles    = Text{"doubles %s", "удваивает %s"}
	txtTriples    = Text{"triples %s", "утраивает %s"}
	txtMultiplies = Text{"multiplies %s by %d", "умножает %s на %d"}
	txtHalves     = Text{"halves %s", "делит %s пополам"}
	txtDivides    = Text{"divides %s by %d", "делит %s на %d"}
	txtPlaysMove  = Text{"plays %s", "делает ход %s"}
	txtPile       = Text{"the pile", "кучу"}
	txtPileFrom   = Text{"the pile", "кучи"}
	txtIt         = Text{"it", "её"}
	txtItFrom     = Text{"it", "неё"}
	txtNamedPile  = Text{"pile %s", "кучу %s"}
	txtNamedFrom  = Text{"pile %s", "кучи %s"}
)

// ordinals of the few piles a move names, in the case each verb takes.
var (
	pileOrdinal     = [2][3]string{{"the first pile", "the second pile", "the third pile"}, {"первую кучу", "вторую кучу", "третью кучу"}}
	pileOrdinalFrom = [2][3]string{{"the first pile", "the second pile", "the third pile"}, {"первой кучи", "второй кучи", "третьей кучи"}}
)

// Quote quotes game text inside a sentence: "x = x + y", «x = x + y».
func (l Lang) Quote(s string) string {
	if l == Ru {
		return "«" + s + "»"
	}
	return strconv.Quote(s)
}

// MoveWords says what a move from the piles from does, without where it
// leads: "doubles the second pile", "adds 4 stones to the first pile",
// «убирает 1 камень из кучи»; the move's own text, quoted, where it is not
// one operation with a constant on one pile (plays "x = x + y"). A pile
// equal to it (-1: none) is called "it". It returns the pile the move
// changes, -1 when it is not one.
func (l Lang) MoveWords(g *rules.Game, mv retro.Move, from []int64, it int) (string, int) {
	pile, op, k := operation(g, mv, from)
	return l.opWords(g, mv, len(from), it, pile, op, k), pile
}

// opWords are MoveWords of a move whose operation is found already: op k
// on pile (-1: none, the move is quoted), in a game of piles piles.
func (l Lang) opWords(g *rules.Game, mv retro.Move, piles, it, pile int, op string, k int64) string {
	if pile < 0 {
		return l.Say(txtPlaysMove, l.Quote(mv.Name))
	}
	// what names the pile as an object, whatFrom after "from".
	what, whatFrom := l.Say(txtPile), l.Say(txtPileFrom)
	switch {
	case pile == it:
		what, whatFrom = l.Say(txtIt), l.Say(txtItFrom)
	case piles == 2 || piles == 3:
		what, whatFrom = pileOrdinal[l.index()][pile], pileOrdinalFrom[l.index()][pile]
	case piles > 3:
		what, whatFrom = l.Say(txtNamedPile, l.Quote(g.Piles[pile])), l.Say(txtNamedFrom, l.Quote(g.Piles[pile]))
	}
	switch {
	case op == "+":
		return l.Say(txtAdds, l.Stones(k), what, ruIn(what))
	case op == "-":
		return l.Say(txtTakes, l.Stones(k), whatFrom)
	case op == "*" && k == 2:
		return l.Say(txtDoubles, what)
	case op == "*" && k == 3:
		return l.Say(txtTriples, what)
	case op == "*":
		return l.Say(txtMultiplies, what, k)
	case op == "//" && k == 2:
		return l.Say(txtHalves, what)
	}
	return l.Say(txtDivides, what, k)
}

// ruIn is the preposition в before a word, во before one that starts
// with в or ф and a consonant («во вторую кучу», «в первую кучу»).
func ruIn(word string) string {
	r := []rune(strings.ToLower(word))
	if len(r) >= 2 && (r[0] == 'в' || r[0] == 'ф') && !strings.ContainsRune("аеёиоуыэюя", r[1]) {
		return "во"
	}
	return "в"
}

var (
	txtLastMove  = Text{"the last move %s", "последний ход — %s"}
	txtOwnLast   = Text{"one's own last move %s", "свой последний ход — %s"}
	txtNoMoveYet = Text{"no move yet", "ходов ещё не было"}
	txtNoOwnMove = Text{"no own move yet", "своих ходов ещё не было"}
)

// PositionWithHistory writes a position with the history it carries, in
// words: "(9), the last move "d"", «(9), последний ход — «d»».
func (l Lang) PositionWithHistory(g *rules.Game, piles []int64, hist int) string {
	s := rules.Tuple(piles) // a sentence writes a position by its piles
	if g.History == rules.NoHistory {
		return s
	}
	last, mylast := positions.SplitHistory(g, hist)
	if last == 0 {
		s += ", " + l.Say(txtNoMoveYet)
	} else {
		s += ", " + l.Say(txtLastMove, l.Quote(g.Commands[last-1].Name))
	}
	if g.History == rules.BothHistory {
		if mylast == 0 {
			s += ", " + l.Say(txtNoOwnMove)
		} else {
			s += ", " + l.Say(txtOwnLast, l.Quote(g.Commands[mylast-1].Name))
		}
	}
	return s
}
