package variant

import "retro/rules/lang"

// The errors of a family file in both languages, each a lang.Form: its
// keys, its ranges and its entries of moves, and a family named that is
// neither a file nor built in. In Russian the file's own words (keys,
// values, moves) stand in «quotes».

var (
	// A key's error: the key, then what is wrong with it.
	mAtKey = lang.NewForm("%s: %s", "«%s»: %s")

	// The keys.
	mDirection  = lang.NewForm(`direction %s: want "up" (the piles grow to the end) or "down" (they shrink to it)`, "«direction» не может быть %s: нужно «up» (кучи растут к концу игры) или «down» (кучи уменьшаются к нему)")
	mTries      = lang.NewForm("tries: want a whole number from 1 to %d", "«tries»: нужно целое число от 1 до %d")
	mChoice     = lang.NewForm("%s %s: want %s", "«%s» не может быть %s: нужно %s")
	mOr         = lang.NewForm("%s or %s", "%s или %s")
	mEndMissing = lang.NewForm(`end: missing: the threshold of the end, such as end = "50..100"`, "нет ключа «end»: задайте порог, на котором кончается игра, например «end = \"50..100\"»")
	mFixedNeed  = lang.NewForm(`fixed: missing: a family of two piles needs the start of the first pile, such as fixed = "3..12"`, "нет ключа «fixed»: семейству с двумя кучами нужно начальное число камней в первой куче, например «fixed = \"3..12\"»")
	mFixedOne   = lang.NewForm("fixed: a family of one pile has no fixed pile (piles = 2 for two)", "«fixed» здесь лишний: в семействе с одной кучей нет заданной первой кучи (для двух куч пишите «piles = 2»)")
	mOvershoot  = lang.NewForm(`overshoot: only piles that grow can overshoot the end (direction = "up")`, "«overshoot»: перейти через порог конца игры могут только растущие кучи («direction = \"up\"»)")
	mSDown      = lang.NewForm(`s: a family whose piles shrink needs the largest S too, such as s = "31..150"`, "«s»: семейству, где кучи уменьшаются, нужно и наибольшее S, например «s = \"31..150\"»")

	// The ranges.
	mNotRange    = lang.NewForm(`%s: want a whole number or a range "LO..HI"`, "%s: нужно целое число или диапазон «LO..HI»")
	mEmptyRange  = lang.NewForm("%s is an empty range", "%s — пустой диапазон")
	mWantRange   = lang.NewForm(`want a whole number or a range "LO..HI"`, "нужно целое число или диапазон «LO..HI»")
	mOpenRange   = lang.NewForm(`%s: want a range with both ends, "LO..HI"`, "%s: нужен диапазон с обоими концами, «LO..HI»")
	mValuesFrom  = lang.NewForm("%s: want values from %d to %d", "%s: значения должны быть от %d до %d")
	mNoStartUp   = lang.NewForm("no variant has a start with S in %s: the game is over at the start for every S of it (with the end at most %d%s, S is at most %d)", "ни в одном варианте нет начальной позиции с S из %s: при каждом таком S игра окончена с самого начала (если порог не больше %d%s, то S не больше %d)")
	mNoStartDown = lang.NewForm("no variant has a start with S in %s: the game is over at the start for every S of it (with the end at least %d%s, S is at least %d)", "ни в одном варианте нет начальной позиции с S из %s: при каждом таком S игра окончена с самого начала (если порог не меньше %d%s, то S не меньше %d)")
	mFirstLeast  = lang.NewForm(" and the first pile at least %d", ", а первая куча не меньше %d")
	mFirstMost   = lang.NewForm(" and the first pile at most %d", ", а первая куча не больше %d")

	// The entries of moves.
	mMovesEmpty    = lang.NewForm(`moves: the pool of moves is empty: give at least one entry, such as "+1" or "*2"`, "«moves»: список ходов пуст: задайте хотя бы один ход, например «+1» или «*2»")
	mTooManyMoves  = lang.NewForm("moves: at most %d entries: a variant has one move per entry", "«moves»: ходов может быть не больше %d: в варианте на каждый элемент списка по одному ходу")
	mMovesStrings  = lang.NewForm(`moves: want strings such as "+1", "*2..3" or "+1|*2"`, "«moves»: нужны строки вроде «+1», «*2..3» или «+1|*2»")
	mSameMoves     = lang.NewForm("moves: entries %d and %d, with those before them, leave no move for entry %d that differs from the others", "«moves»: элементы списка %d и %d вместе с теми, что перед ними, не оставляют элементу %d ни одного хода, не совпадающего с другими")
	mNoOperation   = lang.NewForm("%s: want an operation and its operand: +K (add), *K (multiply), -K (take) or //K (divide, rounding down)", "%s: нужно действие и число: «+K» (прибавить), «*K» (умножить), «-K» (убрать) или «//K» (разделить нацело)")
	mNoOperand     = lang.NewForm("%s: want an operand or a range of them after %s, such as %s2 or %s1..3", "%[1]s: после «%[2]s» нужно число или диапазон чисел, например «%[2]s2» или «%[2]s1..3»")
	mNeverEnds     = lang.NewForm("%s never ends the game: %s%d leaves the pile as it was or moves it away from the end (want %s%d or more)", "ход %[1]s не приведёт к концу игры: «%[2]s%[3]d» оставляет кучу прежней или уводит её от порога (нужно «%[4]s%[5]d» или больше)")
	mOperandMax    = lang.NewForm("%s: operands are at most %d", "%s: число в ходе может быть не больше %d")
	mAddsStones    = lang.NewForm(`%s never ends the game: it adds stones, and the piles must shrink to the end (direction = "down")`, "ход %s не приведёт к концу игры: он добавляет камни, а кучи должны уменьшаться к концу игры («direction = \"down\"»)")
	mTakesStones   = lang.NewForm(`%s never ends the game: it takes stones, and the piles must grow to the end (direction = "up"; "down" for a game that shrinks)`, "ход %s не приведёт к концу игры: он убирает камни, а кучи должны расти к концу игры («direction = \"up\"»; для игры, где кучи уменьшаются, — «\"down\"»)")
	mNoFamily      = lang.NewForm("no family file or built-in family named %s%s: run 'retro make --list' for the built-in ones", "нет ни файла семейства, ни встроенного семейства с именем %s%s: встроенные семейства перечисляет «retro make --list»")
	mFamilyMeaning = lang.NewForm(" (did you mean %s?)", " (может быть, %s?)")
)

// Why a game is not of the exam's shape, for another variant like it
// (SpecOf): the lead, then the reason.
var (
	mNotExam      = lang.NewForm("%v: %v", "%[2]v — «другой вариант» делается только для игры того вида, что в экзамене")
	mLikePiles    = lang.NewForm("it has more than two piles", "в ней больше двух куч")
	mLikeGrouped  = lang.NewForm("its moves are grouped in [commands]", "её ходы собраны в команды («[commands]»)")
	mLikeLebedev  = lang.NewForm("it counts a losing move as Lebedev does", "в ней проигрышный ход считается по Лебедеву")
	mLikeMixed    = lang.NewForm("some moves add stones and others take them", "одни её ходы добавляют камни, а другие убирают")
	mLikeAllow    = lang.NewForm("its restriction is not the no-repeat one (allow = %s)", "её ограничение ходов — не запрет повторять ход соперника («allow = %s»)")
	mLikeEntries  = lang.NewForm("a command has %d moves", "в одной команде ходов: %d")
	mLikeEach     = lang.NewForm("the move %s is not an operation on any pile (each +4)", "ход %s — не действие над любой кучей (как «each +4»)")
	mLikeOne      = lang.NewForm("the move %s is not an operation on the pile with a number", "ход %s — не действие над кучей с числом")
	mLikeNumber   = lang.NewForm("the move %s: its number %s is too large", "в ходе %s слишком большое число %s")
	mLikeOp       = lang.NewForm("the move %s", "ход %s — не сложение, умножение, вычитание или деление")
	mLikeEnd      = lang.NewForm("its end %s is not a threshold of the piles' total", "её конец %s — не порог для суммы камней в кучах")
	mLikeEndNever = lang.NewForm("its end %s is never reached by its moves", "её ходы никогда не приводят к концу %s")
	mLikeWinner   = lang.NewForm("its winner %s is neither the player who ends the game nor the overshoot rule", "её победитель %s — не тот, кто заканчивает игру, и не правило перехода через порог")
	mLikeNobody   = lang.NewForm("its winner %s lets nobody end the game and win", "с победителем %s никто не может закончить игру и выиграть")
	mLikeStart    = lang.NewForm("its start %s is not S (or a number and S)", "её начальная позиция %s — не S (и не число и S)")
	mLikeFixed    = lang.NewForm("its start %s is not a number and S", "её начальная позиция %s — не число и S")
	mLikeOver     = lang.NewForm("the game is over at its start for every S", "игра закончена уже в начальной позиции при любом S")
)

// What drawing and solving the variants of a family came to.
var (
	mTooFew         = lang.NewForm("family %s: %d well-posed variant(s) of %d wanted in %d candidates drawn (dropped: %s)", "семейство «%s»: годных вариантов %d из %d нужных; вытянуто кандидатов: %d (отброшены: %s)")
	mTooFewReadings = lang.NewForm(`; task19 = "possible" keeps the variants whose readings of task 19 differ, answering the exam's wording in its possible reading, and task19 = "guaranteed" words task 19 for the guaranteed one`, "; «task19 = \"possible\"» оставляет варианты, где прочтения задания 19 расходятся, и отвечает на формулировку экзамена в прочтении «может выиграть», а «task19 = \"guaranteed\"» формулирует задание 19 для гарантированного выигрыша")
	mBrief          = lang.NewForm("%s, %s, the end at %d, S = %d..%d", "%s, ходы %s, порог %d, S = %d..%d")
	mCapPositions   = lang.NewForm("too many positions", "слишком много позиций")
	mCapEdges       = lang.NewForm("too many moves between positions", "слишком много ходов между позициями")
	mCapMoves       = lang.NewForm("too many moves to make", "слишком много ходов перебирать")
	mCapMemory      = lang.NewForm("over the memory budget", "не хватает памяти")
	mTooLarge       = lang.NewForm("the game %s is too large for a variant: %s (lower the family's end or its range of S)", "игра %s слишком велика для варианта: %s (уменьшите порог конца игры в семействе или его диапазон S)")
)
