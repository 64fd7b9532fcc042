package query

import "retro/rules/lang"

// The messages of questions in both languages: a question's errors and
// the refusals of Run. In Russian the question language's words stand in
// «quotes».

var (
	// Errors of a question, after "question, column N: ".
	mQuestionAt      = lang.NewForm("question, column %d: %s", "вопрос, столбец %d: %s")
	mEmptyQuestion   = lang.NewForm(`empty question: ask e.g. "win =2" or "lose 1 and not win"`, "вопрос пуст: спросите, например, «win =2» или «lose 1 and not win»")
	mExpectedAndOr   = lang.NewForm("expected and, or or the end of the question, found %s", "ожидается «and», «or» или конец вопроса, а здесь %s")
	mQuestionLong    = lang.NewForm("the question is longer than %d words and signs", "в вопросе больше %d слов и знаков")
	mQuestionNested  = lang.NewForm("parentheses and not nested more than %d deep", "скобки и «not» вложены глубже %d")
	mNeverClosed     = lang.NewForm("this ( is never closed", "эта «(» нигде не закрыта")
	mExpectedParen   = lang.NewForm("expected ), and or or, found %s", "ожидается «)», «and» или «or», а здесь %s")
	mDrawNoNumber    = lang.NewForm("draw takes no number of moves", "у «draw» не бывает числа ходов")
	mUnknownWordMean = lang.NewForm("unknown word %s; did you mean %s?", "неизвестное слово %s; может быть, %s?")
	mUnknownWord     = lang.NewForm("unknown word %s (the words are win, lose, can-lose, draw, and, or, not)", "неизвестное слово %s (слова вопроса: «win», «lose», «can-lose», «draw», «and», «or», «not»)")
	mUnexpectedChar  = lang.NewForm("unexpected character %s", "недопустимый символ %s")
	mExpectedPred    = lang.NewForm("expected win, lose, can-lose, draw, not or (, found %s", "ожидается «win», «lose», «can-lose», «draw», «not» или «(», а здесь %s")
	mExpectedCount   = lang.NewForm("expected a number of moves after =, found %s", "после «=» ожидается число ходов, а здесь %s")
	mTooManyQMoves   = lang.NewForm("%s moves is too many (at most %d)", "ходов %s — слишком много (можно не больше %d)")
	mAtLeastOne      = lang.NewForm("the number of moves must be at least 1, not %d", "число ходов должно быть не меньше 1, а не %d")
	mEndOfQuestion   = lang.NewForm("the end of the question", "конец вопроса")

	// The refusals of Run.
	mNoStarts      = lang.NewForm("no start positions", "нет начальных позиций")
	mOpenRange     = lang.NewForm("needs a closed range", "нужен закрытый диапазон")
	mWidenCap      = lang.NewForm("widening cap reached", "диапазон расширен до предела")
	mBeyondHorizon = lang.NewForm("the answer depends on positions beyond the horizon", "ответ зависит от позиций за горизонтом")
	mBadAggregate  = lang.NewForm("bad aggregate", "такой итог не взять")
	mOpenRangeOf   = lang.NewForm("%s %s: %s is open (%d..)", "«%[1]s» — %[2]s: «%[3]s» открыт (%[4]d..)")
	mWidenUndecid  = lang.NewForm("%s: %s of %s undecided with %s (%d values, the cap)", "%[1]s: «%[2]s» для %[3]s не решён при %[4]s (значений: %[5]d, это предел)")
	mWidenMaybe    = lang.NewForm("; some starts are ? (beyond the horizon)", "; некоторые начальные позиции — «?» (за горизонтом)")
	mOverBudget    = lang.NewForm("%s: the answers at %d starts, with the results they are read from, would take about %s, more than the budget of %s (narrow the starts with --param, or raise the budget)", "ответы для начальных позиций (их %[2]d) вместе с результатами заняли бы около %[3]s, больше бюджета памяти %[4]s (сузьте начальные позиции ключом «--param» или увеличьте бюджет)")
	mUndecided     = lang.NewForm("%s: %s of %s; undecided at %s (raise the horizon)", "%[1]s: «%[2]s» для %[3]s; не решено при %[4]s (увеличьте горизонт)")
	mOneVarying    = lang.NewForm("%s: %s needs a game with one parameter, or all but one fixed to a value; this one has %d (%s)", "%[1]s: «%[2]s» берётся в игре с одним параметром или со всеми, кроме одного, заданными одним значением; здесь параметров: %[3]d (%[4]s)")
	mSumOverflows  = lang.NewForm("%s: the %s of %d values overflows int64", "%[1]s: «%[2]s» по значениям (их %[3]d) не помещается в 64 бита")
	mTaskError     = lang.NewForm("task %s: %s", "задание %s: %s")
)
