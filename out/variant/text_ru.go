package variant

import (
	"fmt"
	"strconv"
	"strings"
)

// The Russian text, in the wording of the exam's tasks 19–21 (ФИПИ):
// small operands in words ("четыре камня", "в два раза"), the other
// numbers in figures.

var ruWords = [...]string{1: "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять", "десять"}

// ruGenitive are the numbers of the example's positions in the genitive:
// "любую из четырёх позиций".
var ruGenitive = [...]string{2: "двух", "трёх", "четырёх", "пяти", "шести", "семи", "восьми", "девяти", "десяти"}

// ruNumber is n in words up to ten, in figures above.
func ruNumber(n int64) string {
	if n >= 1 && n < int64(len(ruWords)) {
		return ruWords[n]
	}
	return strconv.FormatInt(n, 10)
}

// ruForm is the form of a noun after n: one (1, 21, …), few (2–4, 22–24,
// …) or many (0, 5–20, 25–30, …).
func ruForm(n int64, one, few, many string) string {
	switch n10, n100 := n%10, n%100; {
	case n10 == 1 && n100 != 11:
		return one
	case n10 >= 2 && n10 <= 4 && (n100 < 12 || n100 > 14):
		return few
	}
	return many
}

// ruStones is "один камень", "четыре камня", "12 камней".
func ruStones(n int64) string {
	return ruNumber(n) + " " + ruForm(n, "камень", "камня", "камней")
}

// ruTimes is "в два раза", "в пять раз".
func ruTimes(n int64) string {
	return "в " + ruNumber(n) + " " + ruForm(n, "раз", "раза", "раз")
}

// ruClause is what a move of one operation does, as the list of moves
// says it: "добавить в кучу один камень или четыре камня"; first: the
// first of the list, where the pile of two is "одна из куч (по своему
// выбору)".
func ruClause(g opGroup, two, first bool) string {
	items := make([]string, len(g.ks))
	for k, n := range g.ks {
		if g.op == Add || g.op == Take {
			items[k] = ruStones(n)
		} else {
			items[k] = ruTimes(n)
		}
	}
	list := joinOr(items, "или")
	in, from, of := "в кучу", "из кучи", "в куче"
	if two {
		in, from, of = "в одну из куч", "из одной из куч", "в одной из куч"
		if first {
			in, from, of = in+" (по своему выбору)", from+" (по своему выбору)", of+" (по своему выбору)"
		} else {
			of = "в куче"
		}
	}
	switch g.op {
	case Add:
		return "добавить " + in + " " + list
	case Mul:
		return "увеличить количество камней " + of + " " + list
	case Take:
		return "убрать " + from + " " + list
	}
	return "уменьшить количество камней " + of + " " + list + " (количество камней, полученное при делении, округляется до меньшего)"
}

var ruText = phrases{
	or:  "или",
	lay: [3]string{1: "Перед игроками лежит куча камней.", 2: "Перед игроками лежат две кучи камней."},
	intro: "Два игрока, Петя и Ваня, играют в следующую игру. %s Игроки ходят по очереди, первый ход делает Петя. " +
		"За один ход игрок может %s.",
	unlimited: "Для того чтобы делать ходы, у каждого игрока есть неограниченное количество камней.",
	strategy: "Будем говорить, что игрок имеет выигрышную стратегию, если он может выиграть при любых ходах противника. " +
		"Описать стратегию игрока — значит описать, какой ход он должен сделать в любой ситуации, которая ему может встретиться при различной игре противника. " +
		"В описание выигрышной стратегии не следует включать ходы играющего по этой стратегии игрока, не являющиеся для него безусловно выигрышными, " +
		"т. е. не являющиеся выигрышными независимо от игры противника.",
	clause: ruClause, example: ruExample, end: ruEnd, repeat: ruRepeat, start: ruStart, tasks: ruTasks,
}

// ruRepeat is the no-repeat rule, a move of Petya's and the same refused
// to Vanya its example.
func ruRepeat(m Move, two bool) string {
	did, cannot := ruDid(m, two)
	return "При этом игрок не может сделать ход того же вида, что и предыдущий ход противника: например, если Петя " +
		did + ", то Ваня следующим ходом не может " + cannot + "."
}

// ruDid is a move of the no-repeat example, made ("Петя добавил …") and
// refused ("Ваня … не может добавить …").
func ruDid(m Move, two bool) (did, cannot string) {
	one := "в кучу"
	if two {
		one = "в одну из куч"
	}
	switch m.Op {
	case Add:
		if two {
			return "добавил " + ruStones(m.K) + " в одну из куч", "добавить " + ruStones(m.K) + " ни в одну из куч"
		}
		return "добавил " + one + " " + ruStones(m.K), "добавить " + one + " " + ruStones(m.K)
	case Take:
		if two {
			return "убрал " + ruStones(m.K) + " из одной из куч", "убрать " + ruStones(m.K) + " ни из одной из куч"
		}
		return "убрал из кучи " + ruStones(m.K), "убрать из кучи " + ruStones(m.K)
	}
	verb, inf := "увеличил", "увеличить"
	if m.Op == Div {
		verb, inf = "уменьшил", "уменьшить"
	}
	if two {
		return verb + " количество камней в одной из куч " + ruTimes(m.K), inf + " " + ruTimes(m.K) + " количество камней ни в одной из куч"
	}
	return verb + " количество камней в куче " + ruTimes(m.K), inf + " количество камней в куче " + ruTimes(m.K)
}

// ruStart is the start and the range of S.
func ruStart(sp *Spec) string {
	if sp.Piles == 2 {
		return fmt.Sprintf("В начальный момент в первой куче было %d %s, во второй куче — S камней; %d ≤ S ≤ %d.",
			sp.Fixed, ruForm(sp.Fixed, "камень", "камня", "камней"), sp.Lo, sp.Hi)
	}
	return fmt.Sprintf("В начальный момент в куче было S камней; %d ≤ S ≤ %d.", sp.Lo, sp.Hi)
}

// ruExample is the example of the moves from one position.
func ruExample(sp *Spec) string {
	from, tos := sp.examplePiles(), sp.exampleMoves()
	if sp.Piles == 1 {
		items := make([]string, len(tos))
		for k, to := range tos {
			items[k] = strconv.FormatInt(to[0], 10)
		}
		last := tos[len(tos)-1][0]
		return fmt.Sprintf("Например, имея кучу из %d %s, за один ход можно получить кучу из %s %s.",
			from[0], ruForm(from[0], "камня", "камней", "камней"), joinOr(items, "или"), ruForm(last, "камня", "камней", "камней"))
	}
	items := make([]string, len(tos))
	for k, to := range tos {
		items[k] = position(to)
	}
	count := strconv.Itoa(len(tos))
	if len(tos) < len(ruGenitive) {
		count = ruGenitive[len(tos)]
	}
	return fmt.Sprintf("Например, пусть в одной куче %d %s, а в другой %d %s; такую позицию в игре будем обозначать %s. "+
		"Тогда за один ход можно получить любую из %s позиций: %s.",
		from[0], ruForm(from[0], "камень", "камня", "камней"), from[1], ruForm(from[1], "камень", "камня", "камней"),
		position(from), count, strings.Join(items, ", "))
}

// ruEnd is the end of the game and who wins.
func ruEnd(sp *Spec) string {
	amount, in, got := "количество камней в куче", "в куче", "кучу, в которой будет"
	if sp.Piles == 2 {
		amount, in, got = "суммарное количество камней в кучах", "в кучах", "такую позицию, при которой в кучах будет"
	}
	bound, more := "не менее", "или больше"
	if sp.Down {
		bound, more = "не более", "или меньше"
	}
	s := fmt.Sprintf("Игра завершается в тот момент, когда %s становится %s %d. ", amount, bound, sp.End)
	if sp.Limit != 0 {
		return s + fmt.Sprintf("Если при этом %s оказалось не более %d %s, то победителем считается игрок, сделавший последний ход. "+
			"В противном случае победителем становится его противник.", in, sp.Limit, ruForm(sp.Limit, "камня", "камней", "камней"))
	}
	return s + fmt.Sprintf("Победителем считается игрок, сделавший последний ход, то есть первым получивший %s %d %s камней.", got, sp.End, more)
}

func ruTasks(w Wording) [3]TaskText {
	t19 := TaskText{Number: 19, Lead: "Известно, что Ваня выиграл своим первым ходом после неудачного первого хода Пети. " +
		"Укажите минимальное значение S, когда такая ситуация возможна."}
	if w.Task19 == Guaranteed {
		t19.Lead = "Укажите минимальное значение S, при котором Петя не может выиграть за один ход, " +
			"но при любом ходе Пети Ваня может выиграть своим первым ходом."
	}
	which := "два наименьших значения S"
	if w.Task20 == Exactly {
		which = "два таких значения S"
	}
	return [3]TaskText{t19,
		{Number: 20, Lead: "Для игры, описанной в задании 19, найдите " + which + ", при которых у Пети есть выигрышная стратегия, " +
			"причём одновременно выполняются два условия:",
			Items: []string{"Петя не может выиграть за один ход;", "Петя может выиграть своим вторым ходом независимо от того, как будет ходить Ваня."},
			Tail:  "Найденные значения запишите в ответе в порядке возрастания."},
		{Number: 21, Lead: "Для игры, описанной в задании 19, найдите минимальное значение S, при котором одновременно выполняются два условия:",
			Items: []string{"у Вани есть выигрышная стратегия, позволяющая ему выиграть первым или вторым ходом при любой игре Пети;",
				"у Вани нет стратегии, которая позволит ему гарантированно выиграть первым ходом."}},
	}
}
