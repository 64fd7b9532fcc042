package rules

import (
	"retro/rules/lang"
)

// The messages of the package in both languages, each a lang.Form: the
// errors of a game file (the TOML, its keys, the expressions) and of
// evaluating it. In Russian the game file's own words (keys, keywords,
// names, operators) stand in «quotes».

var (
	// A name of the file used in a message: as it is in English, quoted
	// in Russian.
	mKey = lang.NewForm("%s", "«%s»")
	// A message with no place in the game file, after the file's name.
	mVerbatim = lang.NewForm("%s", "%s")
	mNoErrors = lang.NewForm("no errors", "ошибок нет")

	// The kinds of TOML values.
	mKindString      = lang.NewForm("a string", "строка")
	mKindInt         = lang.NewForm("an integer", "целое число")
	mKindFloat       = lang.NewForm("a float", "дробное число")
	mKindBool        = lang.NewForm("a boolean", "логическое значение")
	mKindArray       = lang.NewForm("an array", "массив")
	mKindTable       = lang.NewForm("a table", "таблица")
	mKindTables      = lang.NewForm("an array of tables", "массив таблиц")
	mKindDate        = lang.NewForm("a date", "дата")
	mKindOther       = lang.NewForm("a %T", "значение типа «%T»")
	mKindExprOrInt   = lang.NewForm("an integer or a string holding an expression", "целое число или строка с выражением")
	mKindRangeOrInt  = lang.NewForm(`a range "LO..HI" or an integer`, "диапазон «LO..HI» или целое число")
	mKindParamRange  = lang.NewForm(`a range "LO..HI", "LO.." or an integer`, "диапазон «LO..HI», «LO..» или целое число")
	mKindStringNames = lang.NewForm("an array of names", "массив имён")
	mKindStrings     = lang.NewForm("an array of strings", "массив строк")
	mKindMoves       = lang.NewForm("an array of moves", "массив ходов")
	mKindOctal       = lang.NewForm(`a string such as "0.77"`, "строка вроде «0.77»")
	mKindBoolean     = lang.NewForm("true or false", "«true» или «false»")
	mKindHolding     = lang.NewForm("a string holding %s", "строка с выражением: %s")

	// The types of expressions.
	mTypeInt    = lang.NewForm("a number", "число")
	mTypeBool   = lang.NewForm("a condition", "условие")
	mTypePlayer = lang.NewForm("a player (mover or other)", "игрок («mover» или «other»)")
	mTypeCmd    = lang.NewForm("a command", "команда")
	mTypeBad    = lang.NewForm("invalid", "ошибка")

	// What a value must be: "X must be Y, not Z".
	mMustBe      = lang.NewForm("%s must be %s, not %s", "%s: ожидается %s, а не %s")
	mMustBeTable = lang.NewForm("%s must be a table ([%s]), not %s", "«%s»: ожидается таблица («[%s]»), а не %s")

	// The parts of expressions a message names.
	mOperandOf      = lang.NewForm("the operand of %s", "операнд «%s»")
	mLeftOperandOf  = lang.NewForm("the left operand of %s", "левый операнд «%s»")
	mRightOperandOf = lang.NewForm("the right operand of %s", "правый операнд «%s»")
	mArgumentOf     = lang.NewForm("argument %d of %s", "аргумент %d функции «%s»")
	mValueOf        = lang.NewForm("the value of %s", "значение «%s»")
	mPartOfSplit    = lang.NewForm("part %d of the split", "часть %d разбиения")
	mCondAfterIf    = lang.NewForm("the condition after if", "условие после «if»")
	mRangeLo        = lang.NewForm("the lower end of the range", "нижний конец диапазона")
	mRangeHi        = lang.NewForm("the upper end of the range", "верхний конец диапазона")
	mOperandOfEach  = lang.NewForm("the operand of each", "операнд «each»")
	mAMove          = lang.NewForm("a move", "ход")
	mStartValueOf   = lang.NewForm("the start value of %s", "начальное значение «%s»")
	mInAMove        = lang.NewForm("a move", "ходе")
	mGeneratorVar   = lang.NewForm("a generator variable", "переменной перебора")

	// The scanner.
	mTooManyTokens  = lang.NewForm("more than %d tokens in one string", "в одной строке больше %d лексем")
	mUnterminated   = lang.NewForm("string not terminated", "строка не закрыта кавычкой")
	mUseAndNotAnd2  = lang.NewForm("use `and`, not &&", "пишите «and», а не «&&»")
	mUseOrNotOr2    = lang.NewForm("use `or`, not ||", "пишите «or», а не «||»")
	mUseFloorDiv    = lang.NewForm("use // for division (numbers are integers)", "деление пишется «//» (числа целые)")
	mUseNot         = lang.NewForm("use `not`, not !", "пишите «not», а не «!»")
	mUseAnd         = lang.NewForm("use `and`, not &", "пишите «and», а не «&»")
	mUseOr          = lang.NewForm("use `or`, not |", "пишите «or», а не «|»")
	mUsePow         = lang.NewForm("use ** for powers, not ^", "степень пишется «**», а не «^»")
	mUnexpectedDot  = lang.NewForm("unexpected . (numbers are integers; a range is LO..HI)", "лишняя точка (числа целые; диапазон пишется «LO..HI»)")
	mUnexpectedHint = lang.NewForm("unexpected character %s: write %s", "недопустимый символ %s: пишите «%s»")
	mInvalidUTF8    = lang.NewForm("invalid UTF-8", "текст не в кодировке UTF-8")
	mUnexpectedChar = lang.NewForm("unexpected character %s", "недопустимый символ %s")
	mInvalidNumber  = lang.NewForm("invalid number %s (numbers are decimal integers)", "неверное число %s (числа пишутся десятичными цифрами)")
	mMisplacedUnder = lang.NewForm("misplaced _ in number", "знак «_» не на месте в числе")
	mLeadingZero    = lang.NewForm("a number may not start with 0", "число не может начинаться с 0")
	mNumberTooBig   = lang.NewForm("number %s does not fit in an int64", "число %s не помещается в 64 бита")

	// The parser.
	mNestedTooDeep  = lang.NewForm("nested more than %d deep (parentheses, signs, not, ** and if-else)", "вложенность глубже %d (скобки, знаки, «not», «**» и «if-else»)")
	mExpectedFound  = lang.NewForm("expected %s, found %s", "ожидается %s, а здесь %s")
	mEndOfText      = lang.NewForm("end of text", "конец текста")
	mFoundName      = lang.NewForm("name %s", "имя «%s»")
	mFoundNumber    = lang.NewForm("number %s", "число %s")
	mFoundString    = lang.NewForm("string %s", "строка %s")
	mFoundToken     = lang.NewForm("`%s`", "«%s»")
	mAName          = lang.NewForm("a name", "имя")
	mEndOfExpr      = lang.NewForm("end of expression", "конец выражения")
	mRangeOrEnd     = lang.NewForm("`..` or end of range", "«..» или конец диапазона")
	mUpperEnd       = lang.NewForm("the upper end of the range", "верхний конец диапазона")
	mElse           = lang.NewForm("`else`", "«else»")
	mNotParens      = lang.NewForm("`not` needs parentheses here: (not ...)", "здесь «not» нужно взять в скобки: «(not ...)»")
	mAnExpression   = lang.NewForm("an expression", "выражение")
	mCommaOrParen   = lang.NewForm("`,` or `)`", "«,» или «)»")
	mEachOperator   = lang.NewForm("an operator after each (+ - * // % **)", "знак действия после «each» («+ - * // % **»)")
	mAnotherAssign  = lang.NewForm("another assignment NAME = ...", "ещё одно присваивание «ИМЯ = ...»")
	mUnexpectedComm = lang.NewForm("unexpected `,`: write assignments as NAME = ..., NAME = ...", "лишняя «,»: присваивания пишутся «ИМЯ = ..., ИМЯ = ...»")
	mIfForOrEnd     = lang.NewForm("`if`, `for` or the end of the move", "«if», «for» или конец хода")
	mOneIf          = lang.NewForm("one `if` only: join conditions with `and`", "«if» может быть только один: соедините условия через «and»")
	mRangeDots      = lang.NewForm("`..` (a range is LO..HI)", "«..» (диапазон пишется «LO..HI»)")

	// The checker.
	mConstOverflow  = lang.NewForm("this overflows int64 (the values lie in %d..%d)", "здесь переполнение 64 бит (значения лежат в %d..%d)")
	mConstDivZero   = lang.NewForm("this divides by zero", "здесь деление на ноль")
	mConstNegPow    = lang.NewForm("this raises to a negative power", "здесь возведение в отрицательную степень")
	mQuotedCommand  = lang.NewForm("a quoted string names a command, and only in allow", "строка в кавычках — имя команды, и только в «allow»")
	mNoCommand      = lang.NewForm("no command is named %s", "нет команды с именем %s")
	mPileNotIn      = lang.NewForm("pile %s cannot be used in %s", "кучу «%s» нельзя использовать в %s")
	mParamNotIn     = lang.NewForm("param %s cannot be used in %s", "параметр «%s» нельзя использовать в %s")
	mPlayerOnly     = lang.NewForm("%s names a player: it can be used only in winner", "«%s» — это игрок: его можно использовать только в «winner»")
	mAllowOnly      = lang.NewForm("%s can be used only in allow", "«%s» можно использовать только в «allow»")
	mIsFunction     = lang.NewForm("%s is a function: write %s(...)", "«%s» — это функция: пишите «%s(...)»")
	mUnknownName    = lang.NewForm("unknown name %s%s", "неизвестное имя «%s»%s")
	mNoNamesIn      = lang.NewForm(" (no names can be used in %s)", " (в %s имена использовать нельзя)")
	mNamesIn        = lang.NewForm(" (names in %s: %s)", " (имена в %s: %s)")
	mCannotCompare  = lang.NewForm("cannot compare %s with %s", "нельзя сравнивать: %s и %s")
	mComparesNums   = lang.NewForm("%s compares numbers; %s can only be compared with == and !=", "«%s» сравнивает числа; %s сравнивается только через «==» и «!=»")
	mTwoArgs        = lang.NewForm("%s needs at least two arguments", "функции «%s» нужно не меньше двух аргументов")
	mOneArg         = lang.NewForm("%s needs one argument, not %d", "функции «%s» нужен один аргумент, а не %d")
	mUnknownFunc    = lang.NewForm("unknown function %s (functions: abs, isprime, max, min)", "неизвестная функция «%s» (функции: «abs», «isprime», «max», «min»)")
	mBranchesDiffer = lang.NewForm("the two branches of if-else differ: %s and %s", "у «if-else» ветви разного вида: %s и %s")
	mGenDefined     = lang.NewForm("generator variable %s is already defined", "переменная перебора «%s» уже задана")
	mBareNeedsOne   = lang.NewForm("a move without NAME = needs a single pile; write %s = ...", "ход без «ИМЯ =» возможен только при одной куче; пишите «%s = ...»")
	mNotAPile       = lang.NewForm("%s is not a pile (piles: %s)", "«%s» — не куча (кучи: %s)")
	mAssignedTwice  = lang.NewForm("pile %s is assigned twice", "куче «%s» значение присвоено дважды")
	mSplitNeedsSum  = lang.NewForm("a split (->) needs sum = true", "разбиению («->») нужно «sum = true»")
	mSplitReplaces  = lang.NewForm("a split replaces the heap %s, not %s", "разбиение заменяет кучу «%s», а не «%s»")
	mReservedAs     = lang.NewForm("%s is a reserved word and cannot be %s", "«%s» — служебное слово и не может быть именем %s")
	mPileAs         = lang.NewForm("%s is a pile and cannot be %s", "«%s» — куча и не может быть именем %s")
	mParamAs        = lang.NewForm("%s is a param and cannot be %s", "«%s» — параметр и не может быть именем %s")
	mParamRangeNums = lang.NewForm("cannot evaluate this: a param's range must be made of numbers", "это не вычислить: диапазон параметра состоит только из чисел")

	// The keys of the file.
	mTooLarge       = lang.NewForm("the game file is larger than %d MiB, the most a game file may take", "файл игры больше %d МиБ — больше, чем можно")
	mTOMLNested     = lang.NewForm("toml: arrays and inline tables nested more than %d deep", "TOML: массивы и таблицы вложены глубже %d")
	mTOML           = lang.NewForm("toml: %s", "ошибка в записи TOML (сообщение разборщика: %s)")
	mTOMLQuoteKey   = lang.NewForm(`%s; a key in other letters is written in quotes: "%s" = …`, "%s; ключ не латинскими буквами пишется в кавычках: «\"%s\" = …»")
	mUnknownKey     = lang.NewForm("unknown key %s%s", "неизвестный ключ «%s»%s")
	mDidYouMean     = lang.NewForm(" (did you mean %s?)", " (может быть, «%s»?)")
	mMissingPiles   = lang.NewForm(`missing key piles: name the piles, e.g. piles = ["x"]`, "нет ключа «piles»: назовите кучи, например «piles = [\"x\"]»")
	mPilesEmpty     = lang.NewForm("piles is empty: name at least one pile", "«piles» пуст: назовите хотя бы одну кучу")
	mAPileName      = lang.NewForm("a pile name", "имя кучи")
	mPileNotName    = lang.NewForm("pile name %s is not a name (letters, digits and _, not starting with a digit)", "имя кучи %s — не имя (буквы, цифры и «_», не с цифры)")
	mPileReserved   = lang.NewForm("%s is a reserved word and cannot name a pile", "«%s» — служебное слово и не может быть именем кучи")
	mPileTwice      = lang.NewForm("pile %s is named twice", "куча «%s» названа дважды")
	mHorizonRange   = lang.NewForm("horizon must be between 0 and %d", "«horizon» должен быть от 0 до %d")
	mCountValue     = lang.NewForm(`count must be "exam" or "lebedev"`, "«count» может быть только «exam» или «lebedev»")
	mParamNotName   = lang.NewForm("param name %s is not a name (letters, digits and _, not starting with a digit)", "имя параметра %s — не имя (буквы, цифры и «_», не с цифры)")
	mParamReserved  = lang.NewForm("%s is a reserved word and cannot name a param", "«%s» — служебное слово и не может быть именем параметра")
	mParamIsPile    = lang.NewForm("%s is a pile and cannot be a param", "«%s» — куча и не может быть параметром")
	mParamKey       = lang.NewForm("param %s", "параметр «%s»")
	mParamEmpty     = lang.NewForm("param %s: the range %d..%d is empty", "параметр «%s»: диапазон %d..%d пуст")
	mNoMoves        = lang.NewForm("the game has no moves: give moves, [commands] or octal", "в игре нет ходов: задайте «moves», «[commands]» или «octal»")
	mOnlyOneOf      = lang.NewForm("%s: give only one of moves, [commands] and octal (%s is given already)", "«%s»: задайте что-то одно из «moves», «[commands]» и «octal» («%s» уже задан)")
	mMovesEmpty     = lang.NewForm("moves is empty", "«moves» пуст")
	mMoveTwice      = lang.NewForm("move %s is given twice", "ход %s задан дважды")
	mCommandsEmpty  = lang.NewForm("[commands] is empty", "«[commands]» пуст")
	mCommandNoMoves = lang.NewForm("command %s has no moves", "у команды «%s» нет ходов")
	mCommandKey     = lang.NewForm("command %s", "команда «%s»")
	mOctalNeedsSum  = lang.NewForm("an octal code needs sum = true", "восьмеричному коду нужно «sum = true»")
	mHeapNoTier     = lang.NewForm("a heap game (sum = true) has no tier: its positions are collections of heaps", "у игры с кучами-слагаемыми («sum = true») нет «tier»: её позиции — наборы куч")
	mStartUnknown   = lang.NewForm("unknown pile %s in [start] (piles: %s)", "неизвестная куча «%s» в «[start]» (кучи: %s)")
	mStartNegative  = lang.NewForm("the start value of %s is %d: a pile is never negative unless the game says signed = true", "начальное значение «%s» равно %d: куча не бывает отрицательной, если в игре нет «signed = true»")
	mNotGiven       = lang.NewForm("[%s] does not give pile %s", "«[%s]» не задаёт кучу «%s»")
	mBoundsUnknown  = lang.NewForm("unknown pile %s in [bounds] (piles: %s)", "неизвестная куча «%s» в «[bounds]» (кучи: %s)")
	mBoundsOf       = lang.NewForm("the bounds of %s", "границы «%s»")
	mParamUnused    = lang.NewForm("param %s is not used", "параметр «%s» нигде не используется")
	mNeedsStart     = lang.NewForm("a game needs [start], [bounds] or sum = true", "игре нужно «[start]», «[bounds]» или «sum = true»")
	mHeapOnePile    = lang.NewForm("a heap game (sum = true) has exactly one pile", "у игры с кучами-слагаемыми («sum = true») ровно одна куча")
	mHeapHasNo      = lang.NewForm("a heap game (sum = true) has no %s", "у игры с кучами-слагаемыми («sum = true») нет «%s»")
	mHeapNotSigned  = lang.NewForm("a heap game (sum = true) cannot be signed", "игра с кучами-слагаемыми («sum = true») не может быть «signed»")

	// The octal codes.
	mOctalOneDigit = lang.NewForm("octal code %s: one digit before the point", "восьмеричный код %s: до точки одна цифра")
	mOctalNoDigits = lang.NewForm("octal code %s: no digits", "восьмеричный код %s: нет цифр")
	mOctalDigit    = lang.NewForm("octal code %s: %s is not a digit 0-7", "восьмеричный код %s: %s — не цифра от 0 до 7")

	// Evaluation.
	mDivByZero     = lang.NewForm("division by zero", "деление на ноль")
	mOverflow      = lang.NewForm("int64 overflow", "переполнение 64 бит")
	mNegExponent   = lang.NewForm("negative exponent", "отрицательная степень")
	mTooManyMoves  = lang.NewForm("too many moves", "слишком много ходов")
	mFaultWhere    = lang.NewForm("%s %s", "%s %s")
	mAtPosition    = lang.NewForm("at %s", "в позиции %s")
	mMoreThanAt    = lang.NewForm("(more than %d) at %s", "(больше %d) в позиции %s")
	mWithParams    = lang.NewForm("with %s", "при %s")
	mHeapMovesOnly = lang.NewForm("the moves of a heap game with splits or an octal code are given by HeapMoves", "ходы игры с разбиениями или восьмеричным кодом даёт «HeapMoves»")
	mRowGrows      = lang.NewForm("a split leaves a part not smaller than the heap", "разбиение оставляет часть не меньше самой кучи")
	mRowGrowsSum   = lang.NewForm("%s (a heap of %d splits into parts summing to %d)", "%s (куча из %d разбивается на части с суммой %d)")
	mTooManyHeaps  = lang.NewForm("too many heaps", "слишком много куч")
	mHeapsLeft     = lang.NewForm("%s: a move from %s leaves %d heaps; the view holds %d", "%s: ход из %s оставляет куч: %d, а помещается %d")

	// Parameters, positions and games by name.
	mParamEmptySet = lang.NewForm("param %s: empty range %d..%d", "параметр «%s»: пустой диапазон %d..%d")
	mNoParams      = lang.NewForm("%s has no params; there is no param %s", "в %s нет параметров; параметра «%s» нет")
	mNoParam       = lang.NewForm("%s has no param %s (params: %s)", "в %s нет параметра «%s» (параметры: %s)")
	mRuleParamOpen = lang.NewForm("%s: rule param %s needs a closed range: pass --param %s=LO..HI", "%s: параметру правил «%s» нужен закрытый диапазон: задайте «--param %s=LO..HI»")
	mBoundsEmpty   = lang.NewForm("%s: [bounds] %s = %d..%d is empty", "%s: «[bounds]» «%s = %d..%d» пуст")
	mStartOpen     = lang.NewForm("%s: start param %s is open and the width is %d", "%s: параметр старта «%s» открыт, а ширина равна %d")
	mStartSigned   = lang.NewForm("%s: [start] %s = %d%s: a pile is never negative unless the game says signed = true", "%s: «[start]» «%s» = %d%s: куча не бывает отрицательной, если в игре нет «signed = true»")
	mWithValues    = lang.NewForm(" with %s", " при %s")
	mPosCount      = lang.NewForm("position %s: want %d values (%s)", "позиция %s: нужно значений: %d (%s)")
	mPosNotNamed   = lang.NewForm("position %s: %s is not NAME=VALUE", "позиция %s: %s — не «ИМЯ=ЗНАЧЕНИЕ»")
	mPosNoPile     = lang.NewForm("position %s: no pile named %s (piles: %s)", "позиция %s: нет кучи с именем %s (кучи: %s)")
	mPosTwice      = lang.NewForm("position %s: pile %s given twice", "позиция %s: куча «%s» задана дважды")
	mPosBad        = lang.NewForm("position %s: %s", "позиция %s: %s")
	mPosNegative   = lang.NewForm("position %s: pile %s is %d, and piles are never negative unless the game says signed = true", "позиция %s: куча «%s» равна %d, а кучи не бывают отрицательными, если в игре нет «signed = true»")
	mPosMissing    = lang.NewForm("position %s: pile %s is missing", "позиция %s: не задана куча «%s»")
	mNoSuchCommand = lang.NewForm("%s: no such command (commands: %s)", "%s: такой команды нет (команды: %s)")
	mIntOverflows  = lang.NewForm("%s overflows int64 (the values lie in %d..%d)", "%s не помещается в 64 бита (значения лежат в %d..%d)")
	mNotInteger    = lang.NewForm("%s is not an integer", "%s — не целое число")
	mNoGame        = lang.NewForm("no game file or built-in game", "нет ни файла игры, ни встроенной игры")
	mNoNameGiven   = lang.NewForm("%s: no name given", "%s: имя не задано")
	mNoGameNamed   = lang.NewForm("%s named %s", "%s с именем %s")
	mNoGameMeant   = lang.NewForm("%s named %s (did you mean %s?)", "%s с именем %s (может быть, %s?)")
	mReadError     = lang.NewForm("game file read error: %s", "файл игры не читается: %s")
	mNoSuchFile    = lang.NewForm("%s", "нет такого файла %s")
	mNoAccess      = lang.NewForm("%s", "нет доступа к файлу %s")
	mIsDir         = lang.NewForm("%s", "%s — это папка, а не файл")
	mSystemSays    = lang.NewForm("%s", "система сообщает: %s")
	mHeapViewBig   = lang.NewForm("%s: the heaps asked about can split into as many as %d heaps, and a position of the engine holds at most %d: ask about smaller heaps", "%s: число куч при таких кучах может дойти до %d, а позиция движка вмещает не больше %d: спросите о кучах поменьше")
	mHeapWinner    = lang.NewForm("%s: the winner of a heap game must not depend on the heap (%s at a heap of 0, %s at %d): a sum ends with several heaps", "%s: победитель игры с кучами-слагаемыми не должен зависеть от кучи («%s» при куче 0, «%s» при %d): сумма заканчивается несколькими кучами")

	// Why the constructor cannot show a game.
	mFormPiles   = lang.NewForm("it has more than three piles", "в ней больше трёх куч")
	mFormBounds  = lang.NewForm("it has a [bounds] box", "в ней есть коробка «[bounds]»")
	mFormNoStart = lang.NewForm("it has no [start]", "в ней нет «[start]»")
	mFormWhere   = lang.NewForm("it has a where condition", "в ней есть условие «where»")
	mFormHorizon = lang.NewForm("it has a horizon", "в ней есть «horizon»")
	mFormSigned  = lang.NewForm("its piles are signed", "её кучи могут быть отрицательными («signed»)")
	mFormParam   = lang.NewForm("the constructor has one parameter, read only by [start]", "в конструкторе один параметр, и читает его только «[start]»")

	// The size of a game's parameters.
	mSizeError      = lang.NewForm("%s: %s %s %s %s, more than the %d allowed", "%[1]s: при %[2]s %[5]s: %[4]s, а допустимо не больше %[6]d")
	mSizeAnd        = lang.NewForm(" and ", " и ")
	mInstances      = lang.NewForm("instances", "экземпляров")
	mStartPositions = lang.NewForm("start positions", "начальных позиций")
	mCombinations   = lang.NewForm("parameter combinations", "сочетаний параметров")
)

// keyMsg is a name of the file in a message: as it is in English, quoted
// in Russian.
func keyMsg(s string) lang.Msg { return mKey.Msg(s) }

// nameList lists names of the file for a message: "a, b" in English,
// «a», «b» in Russian.
func nameList(names []string) lang.List {
	l := make(lang.List, len(names))
	for i, n := range names {
		l[i] = keyMsg(n)
	}
	return l
}
