// retro explorer: the page's words in English and Russian. English is the
// key; RU holds the Russian of every phrase the page shows (app.js through
// t(), index.html through data-i18n). A phrase may hold {0}, {1}, … for
// what t() is given; nMoves writes a number of moves, the noun in the form
// the number takes. The language is a link's (l= in its fragment), or the
// one chosen on the page (kept in localStorage), or else the browser's:
// Russian when it prefers Russian.
'use strict';

/* eslint-disable quote-props */
const RU = /* BEGIN RU */ {
  "retro — the explorer": "retro — исследователь игр",
  "Practice": "Тренировка",
  "the tasks asked first: the answer, its reason and the tree show once your answer is checked": "сначала вопрос: ответ, его объяснение и дерево видны, когда ваш ответ проверен",
  "Your answer": "Ваш ответ",
  "numbers, or none": "числа или «нет»",
  "Check": "Проверить",
  "Show the answer": "Показать ответ",
  "Practice asks the tasks; your own question is answered as usual.": "Тренировка спрашивает задания; свой вопрос получает ответ как обычно.",
  "{0}: your answer is checked first; the ribbon, the answer, the reason and the tree show after.": "{0}: сначала проверяется ваш ответ, потом видны лента, ответ, объяснение и дерево.",
  "Wait: the engine is still solving.": "Подождите: движок ещё решает.",
  "Write the numbers, separated by spaces, or «none».": "Запишите числа через пробел или «нет».",
  "Not right: {0} is not the answer. Try again, or show the answer.": "Неверно: {0} — не ответ. Попробуйте ещё раз или покажите ответ.",
  "Right: {0}.": "Верно: {0}.",
  "The answer: {0}.": "Ответ: {0}.",
  "a move restriction other than no-repeat-opponent and no-repeat-own (allow)": "ограничение ходов, кроме no-repeat-opponent и no-repeat-own (allow)",
  "a winner rule other than mover, other or «mover if CONDITION else other» on the piles": "правило победителя, кроме mover, other и «mover if УСЛОВИЕ else other» по кучам",
  "Skip to the ribbon": "К ленте ответов",
  "the explorer": "исследователь игр",
  "Pick a game or build one, choose a question, read the answer off the ribbon, and play from any position. Petya moves first, Vanya second.": "Выберите игру или соберите свою, выберите вопрос, прочитайте ответ на ленте и сыграйте из любой позиции. Первым ходит Петя, вторым — Ваня.",
  "Stop": "Остановить",
  "The game": "Игра",
  "Games": "Игры",
  "Build a valid game in the constructor first": "Сначала соберите в конструкторе правильную игру",
  "Your own game": "Своя игра",
  "Constructor": "Конструктор",
  "Piles": "Кучи",
  "How many": "Сколько",
  "Name of the game": "Название игры",
  "Moves": "Ходы",
  "+ Add a move": "+ Добавить ход",
  "An operation on any pile (the player chooses the pile), on one pile, or any move of the game format (<code>a = a + b</code>, <code>x - k for k in 1..3</code>). Moves with the same command name form one command (for the restriction).": "Действие с любой кучей (кучу выбирает игрок), с одной кучей или любой ход формата игры (<code>a = a + b</code>, <code>x - k for k in 1..3</code>). Ходы с одним именем команды образуют одну команду (для ограничения).",
  "End and winner": "Конец и победитель",
  "The game ends when": "Игра заканчивается, когда",
  "the total of the piles": "сумма куч",
  "this condition:": "выполнено условие:",
  "comparison": "сравнение",
  "threshold": "порог",
  "end condition": "условие конца",
  "Then": "Тогда",
  "the player who made the last move wins": "побеждает игрок, сделавший последний ход",
  "the player who made the last move loses": "проигрывает игрок, сделавший последний ход",
  "the winner is:": "побеждает:",
  "winner expression": "выражение победителя",
  "A losing last move counts": "Проигрышный последний ход считается",
  "as in the exam": "как в ЕГЭ",
  "as in Lebedev's tables": "как в таблицах Лебедева",
  "Restriction": "Ограничение",
  "Allowed": "Разрешено",
  "every move, always": "любой ход, всегда",
  "no repeat of the opponent's last command": "нельзя повторять последнюю команду соперника",
  "no repeat of one's own last command": "нельзя повторять свою последнюю команду",
  "when this holds:": "когда выполнено:",
  "allow condition": "условие разрешения",
  "Start": "Старт",
  "from": "от",
  "to": "до",
  "open": "без конца",
  "The game file": "Файл игры",
  "Load the file into the constructor": "Загрузить файл в конструктор",
  "Copy the file": "Копировать файл",
  "Copy as Python": "Копировать как Python",
  "Copy a link to this view": "Копировать ссылку на этот вид",
  "Another variant like this": "Другой вариант такого же вида",
  "Making another variant…": "Составляю другой вариант…",
  "Another variant like this: 19 — {0}, 20 — {1}, 21 — {2}; S that qualify: {3}, {4}, {5}.": "Другой вариант такого же вида: 19 — {0}, 20 — {1}, 21 — {2}; подходящих S: {3}, {4}, {5}.",
  "Task 19 as the exam words it, in its possible reading; the guaranteed reading gives {0}.": "Задание 19 в формулировке экзамена, чтение «возможно»; чтение «гарантированно» даёт {0}.",
  "The tasks in the exam's words": "Задания в формулировке экзамена",
  "Task {0}.": "Задание {0}.",
  "none": "нет",
  "The question": "Вопрос",
  "Questions": "Вопросы",
  "Question": "Вопрос",
  "Answer": "Ответ",
  "the least value": "наименьшее значение",
  "the largest value": "наибольшее значение",
  "the k least values": "k наименьших значений",
  "the k largest values": "k наибольших значений",
  "how many values": "сколько значений",
  "every value": "все значения",
  "Ask": "Спросить",
  "Free questions: <code>win N</code>, <code>win =N</code>, <code>lose N</code>, <code>lose =N</code>, <code>can-lose N</code>, <code>draw</code>, with <code>and</code>, <code>or</code>, <code>not</code> and parentheses.": "Свои вопросы: <code>win N</code> (выигрыш не более чем за N ходов), <code>win =N</code> (ровно за N), <code>lose N</code>, <code>lose =N</code> (проигрыш), <code>can-lose N</code> (неудачный ход), <code>draw</code> (ничья), с <code>and</code> (и), <code>or</code> (или), <code>not</code> (не) и скобками.",
  "The ribbon": "Лента",
  "Legend": "Обозначения",
  "the player to move wins, 3 moves in all": "Петя, который ходит, выигрывает своим вторым ходом",
  "the player to move loses": "Ваня выигрывает своим первым ходом, как бы ни ходил Петя",
  "draw": "ничья",
  "beyond the horizon: not analysed": "за горизонтом: не исследовано",
  "faded: more than 6 moves to the end": "бледные: больше 6 ходов до конца",
  "the question holds": "вопрос выполнен",
  "the answer": "ответ",
  "The tree": "Дерево",
  "Start at": "Старт при",
  "Show": "Показать",
  "Back": "Назад",
  "Start:": "Старт:",
  "Tree or play": "Дерево или игра",
  "Explore": "Дерево",
  "Play": "Играть",
  "every move (unchecked: the winner's strategy only)": "все ходы (без отметки: только выигрышная стратегия)",
  "Depth": "Глубина",
  "Depth (the winner's moves)": "Глубина (ходы победителя)",
  "▸ expands, ▾ collapses; a position's button makes it the start. ★ marks the optimal moves. Each move is labelled with the player who makes it, and each position with who wins from it with best play and in how many moves of his own (Petya's wins blue, Vanya's vermilion). Keys: Tab to move, Enter to choose, → and ← to expand and collapse.": "▸ раскрывает, ▾ сворачивает; кнопка позиции делает её стартом. ★ — оптимальные ходы. У каждого хода указан игрок, который его делает, у каждой позиции — кто из неё выигрывает при правильной игре и за сколько своих ходов (выигрыши Пети синие, Вани — красные). Клавиши: Tab — переход, Enter — выбор, → и ← — раскрыть и свернуть.",
  "Your side": "Ваша сторона",
  "You play": "Вы играете",
  "second (Vanya)": "вторым (Ваня)",
  "first (Petya)": "первым (Петя)",
  "New game from the start": "Новая партия со старта",
  "Take back my move": "Вернуть мой ход",
  "show what each move leads to": "показывать, к чему ведёт каждый ход",
  "Your moves": "Ваши ходы",
  "retro serve — the engine runs on this machine; nothing is fetched from elsewhere.": "retro serve — движок работает на этом компьютере; ничего не загружается извне.",
  "the static explorer — the engine runs in this browser; nothing is fetched from elsewhere.": "статическая версия — движок работает в этом браузере; ничего не загружается извне.",

  "Petya": "Петя",
  "Vanya": "Ваня",
  "My game": "Моя игра",
  "Exam demo: two piles, +4 or ×2": "Демо ЕГЭ: две кучи, +4 или ×2",
  "One pile: −3, −5 or //4": "Одна куча: −3, −5 или //4",
  "Lebedev: add or multiply": "Лебедев: сложение или умножение",
  "add": "прибавить",
  "subtract": "вычесть",
  "multiply by": "умножить на",
  "divide by (rounding down)": "разделить нацело на",
  "any move:": "любой ход:",
  "positions found": "позиций найдено",
  "moves counted": "ходов подсчитано",
  "outcomes made": "исходов найдено",
  "moves linked": "ходов связано",
  "layers coloured": "слоёв раскрашено",
  "✗ The game: {0}": "✗ Ошибка в игре: {0}",
  "✗ The question: {0}": "✗ Ошибка в вопросе: {0}",
  "✗ Too big: {0}": "✗ Слишком большая игра: {0}",
  "✗ Too slow: {0}": "✗ Слишком долго: {0}",
  "✗ Busy: {0}": "✗ Занято: {0}",
  "✗ Stopped: {0}": "✗ Остановлено: {0}",
  "✗ No answer: {0}": "✗ Нет ответа: {0}",
  "✗ Error: {0}": "✗ Ошибка: {0}",

  "(open)": "(без конца)",
  ", optimal": ", оптимальный",
  ", part of the answer": ", входит в ответ",
  ", the question holds": ", вопрос выполнен",
  ", undecided": ", не решено",
  ": good for you": ": хорошо для вас",
  ": good for {0}": ": хорошо для {0.gen}",
  "Answer: ": "Ответ: ",
  "Choose a game.": "Выберите игру.",
  "Choose a side and start a game from {0}.": "Выберите сторону и начните партию из {0}.",
  "Choose a side and start a game.": "Выберите сторону и начните партию.",
  "Copied": "Скопировано",
  "Game over: {0}. {1} wins — ": "Партия окончена: {0}. Побеждает {1} — ",
  "Game: {0}.": "Игра: {0}.",
  "The game was edited: the answers below are for the game before the edit until the edit is checked.": "Игра изменена: ответы ниже относятся к игре до изменения, пока изменение не проверено.",
  "The edited game has errors (see the constructor): the answers below are for the game before the edit.": "В изменённой игре есть ошибки (см. конструктор): ответы ниже относятся к игре до изменения.",
  "It has a [bounds] box and no start: the explorer asks about it as starts {0} = S over the box, S taking every value of the box.": "В игре есть область [bounds] и нет старта: исследователь задаёт вопросы при старте {0} = S, где S пробегает все значения области.",
  "Looking at the start…": "Смотрю на старт…",
  "Make it the start.": "Сделать стартом.",
  "Make this position the start": "Сделать эту позицию стартом",
  "Position {0}, {1} to move: ": "Позиция {0}, ходит {1}: ",
  "Position {0}: the game is over.": "Позиция {0}: игра окончена.",
  "Show its tree.": "Показать её дерево.",
  "Solving: {0} {1}, {2} s": "Решаю: {0} {1}, {2} с",
  "Solving…": "Решаю…",
  "Solving… {0} s": "Решаю… {0} с",
  "Task {0}": "Задание {0}",
  "{0} — answer: ": "{0} — ответ: ",
  "{0}: {1}.": "{0}: {1}.",
  "The constructor cannot show this game ({0}); it can still be used as your own game as written.": "Конструктор не может показать эту игру ({0}); её всё равно можно взять как свою игру в том виде, как она записана.",
  "The constructor's game cannot be used: {0}": "Игру конструктора нельзя взять: {0}",
  "The engine ({0}) is thinking…": "Движок ({0}) думает…",
  "The question «{0}» means {1} at the start; {2}.": "Вопрос «{0}» означает {1} в стартовой позиции; {2}.",
  "Use the game of the constructor": "Взять игру из конструктора",
  "Your move, {0}.": "Ваш ход, {0}.",
  "Your question": "Свой вопрос",
  "a draw: neither side can force a win": "ничья: никто не может гарантированно выиграть",
  "a question of your own": "свой вопрос",
  "an optimal move": "оптимальный ход",
  "below": "ниже",
  "beyond the horizon": "за горизонтом",
  "collapse": "свернуть",
  "command": "команда",
  "{0} has won, the game is over": "{0} выиграл, игра окончена",
  "{0} wins whatever {1} does": "{0} выигрывает при любом ходе {1.gen}",
  "{0} wins in {1}": "{0} выигрывает за {1}",
  "ends the game: you lose": "заканчивает игру: вы проигрываете",
  "ends the game: you win": "заканчивает игру: вы выигрываете",
  "expand": "раскрыть",
  "line {0}, column {1}: ": "строка {0}, столбец {1}: ",
  "move {0}: command name (optional)": "ход {0}: имя команды (необязательно)",
  "move {0}: operand": "ход {0}: число",
  "move {0}: operation": "ход {0}: действие",
  "move {0}: pile": "ход {0}: куча",
  "move {0}: the move": "ход {0}: ход",
  "no value of {0} in the range": "нет подходящих значений {0} в диапазоне",
  "on any pile": "с любой кучей",
  "on pile {0}": "с кучей {0}",
  "remove move {0}": "удалить ход {0}",
  "repeats": "повтор",
  "start of pile {0}": "старт кучи {0}",
  "stopped: the solve was ended by the Stop button": "решение прервано кнопкой «Остановить»",
  "strategy tree": "дерево стратегии",
  "the engine does not load: {0}": "движок не загружается: {0}",
  "the engine does not start: {0}": "движок не запускается: {0}",
  "the engine stopped": "движок остановился",
  "the engine wins.": "выигрывает движок.",
  "the game file with the errors marked": "файл игры с отмеченными ошибками",
  "the server does not answer (is retro serve still running?)": "сервер не отвечает (retro serve ещё работает?)",
  "the server sent no JSON (status {0})": "сервер прислал не JSON (статус {0})",
  "you win!": "вы выиграли!",
  "your own game": "своя игра",
  "{0} ends the game": "{0} заканчивает игру",
  "{0} for {1}": "{0} для {1.gen}",
  "{0} has lost": "{0} проиграл",
  "{0} is final": "{0} — конечная позиция",
  "{0} to move": "ходит {0}",
  "{0} wins, with at most {1} more moves of his": "у {0.gen} выигрышная стратегия: не более {1} его ходов",
  "{0} wins, with at most one more move of his": "у {0.gen} выигрышная стратегия: одним своим ходом",
  "{0} wins, with at most {1} moves of his, whatever {2} does": "у {0.gen} выигрышная стратегия: не более {1} его ходов при любом ходе {2.gen}",
  "{0} wins, with at most one move of his, whatever {2} does": "у {0.gen} выигрышная стратегия: одним своим ходом при любом ходе {2.gen}",
  "… and {0} more starts, not shown": "… и ещё {0} стартов, не показаны",
  "✓ A valid game: {0} pile(s), {1} command(s)": "✓ Правильная игра: куч — {0}, команд — {1}",
  "✗ Not for the explorer as it is: {0}.": "✗ В таком виде не для исследователя: {0}.",
  "✗ {0} error(s) in the game file:": "✗ Ошибок в файле игры: {0}:",
  "Copied: the game as a Python program.": "Скопировано: игра как программа на Python.",
  "Copied: a link to this view.": "Скопировано: ссылка на этот вид.",
  "Copy it from here:": "Скопируйте отсюда:",
  "The Python program of this game": "Программа этой игры на Python",
  "This game cannot be written as Python: it has {0}.": "Эту игру нельзя записать на Python: в ней есть {0}.",
  "an end condition with more than the piles, numbers and operators": "условие конца не только из куч, чисел и операций",
  "a move given by an expression, not an operation and a number": "ход, заданный выражением, а не операцией и числом",
  "a start other than numbers and the parameter {0}": "старт не только из чисел и параметра {0}",
  "This game cannot be written as Python: its file says more than the constructor's fields do.": "Эту игру нельзя записать на Python: в её файле больше, чем в полях конструктора.",
  "The map": "Карта",
  "Every position of a slice of the game, a cell each: who wins from there, the player to move (W, blue) or the other (L, orange), darker the sooner. Hover a cell to read it, click it for its tree.": "Каждая позиция среза игры — своя клетка: кто из неё выигрывает — ходящий (W, синий) или соперник (L, оранжевый); чем темнее, тем скорее. Наведите на клетку, чтобы прочитать её, щёлкните — чтобы увидеть её дерево.",
  "Across": "По горизонтали",
  "Down": "По вертикали",
  "Draw the map": "Нарисовать карту",
  "Zoom out": "Уменьшить",
  "Zoom in": "Увеличить",
  "Compare with another game (B):": "Сравнить с другой игрой (B):",
  "B = the game this one started from": "B = игра, с которой начали",
  "the game compared with": "игра для сравнения",
  "Drawing the map…": "Рисую карту…",
  "{0} × {1} positions": "{0} × {1} позиций",
  "— (one row)": "— (одна строка)",
  "no value": "нет значения",
  "the game never reaches this position": "игра не доходит до этой позиции",
  "the game is over here": "здесь игра окончена",
  "positions by change": "позиции по изменениям",
  "change": "изменение",
  "positions": "позиций",
  "the tasks of both games": "задания обеих игр",
  "task": "задание",
  "same": "без изменений",
  "W→L": "W→L",
  "L→W": "L→W",
  "to D or ?": "в D или ?",
  "from D or ?": "из D или ?",
  "D↔?": "D↔?",
  "layer only": "только слой",
  "only in A": "только в A",
  "only in B": "только в B",
  "no move yet": "ходов ещё не было",
  "the last move {0}": "последний ход — {0}",
  "no own move yet": "своих ходов ещё не было",
  "one's own last move {0}": "свой последний ход — {0}",
  "Loading…": "Загрузка…",
  "▲W3": "П2",
  "▼L2": "В1",
  "●D": "Н",
  "▲W9": "П5",
  "The game file is hidden while you practise: its comments may tell the answers. The constructor above says the rules.": "Файл игры скрыт, пока вы тренируетесь: в его комментариях могут быть ответы. Правила игры — в конструкторе выше."
} /* END RU */;

const LANGS = ['en', 'ru'];

// LANG is the page's language.
const LANG = (() => {
  // A link's language first (l= in the fragment: app.js's viewHash).
  const linked = new URLSearchParams(location.hash.replace(/^#/, '')).get('l');
  if (LANGS.includes(linked)) return linked;
  try {
    const kept = localStorage.getItem('retro-lang');
    if (LANGS.includes(kept)) return kept;
  } catch (e) { /* no storage: the browser's language */ }
  const prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
  for (const l of prefs) {
    const base = String(l).toLowerCase().slice(0, 2);
    if (LANGS.includes(base)) return base;
  }
  return 'en';
})();

// t is a phrase in the page's language, {0}, {1}, … filled with a.
function t(en, ...a) {
  const f = LANG === 'ru' && Object.prototype.hasOwnProperty.call(RU, en) ? RU[en] : en;
  return f.replace(/\{(\d+)(?:\.(nom|gen|dat|acc|ins))?\}/g, (m, k, c) => {
    const v = a[+k];
    if (v === undefined) return m;
    return v instanceof Name ? v.forms[c || 'nom'] : String(v);
  });
}

// Name is a player's name in every case a phrase needs: in a phrase {0}
// is its nominative, {0.gen} its genitive («для Пети», «у Вани»), {0.dat},
// {0.acc}, {0.ins}; as a string, its nominative. English has one form.
class Name {
  constructor(forms) { this.forms = forms; }
  toString() { return this.forms.nom; }
}

const RU_NAMES = {
  Petya: {nom: 'Петя', gen: 'Пети', dat: 'Пете', acc: 'Петю', ins: 'Петей'},
  Vanya: {nom: 'Ваня', gen: 'Вани', dat: 'Ване', acc: 'Ваню', ins: 'Ваней'},
};

// playerName is the Name of a player, by its English name.
function playerName(en) {
  if (LANG === 'ru' && RU_NAMES[en]) return new Name(RU_NAMES[en]);
  return new Name({nom: en, gen: en, dat: en, acc: en, ins: en});
}

// applyWords writes the page's own words (data-i18n, data-i18n-html,
// data-i18n-attr) in its language; the English stays in data-en.
function applyWords() {
  document.documentElement.lang = LANG;
  document.title = t('retro — the explorer');
  for (const e of document.querySelectorAll('[data-i18n]')) {
    if (e.dataset.en === undefined) e.dataset.en = e.textContent.replace(/\s+/g, ' ').trim();
    e.textContent = t(e.dataset.en);
  }
  for (const e of document.querySelectorAll('[data-i18n-html]')) {
    // Only the page's own phrases are set as HTML, never what an engine says.
    if (e.dataset.en === undefined) e.dataset.en = e.innerHTML.replace(/\s+/g, ' ').trim();
    e.innerHTML = t(e.dataset.en);
  }
  for (const e of document.querySelectorAll('[data-i18n-attr]')) {
    for (const name of e.dataset.i18nAttr.split(' ')) {
      const key = 'en' + name.replace(/(^|-)(\w)/g, (m, d, c) => c.toUpperCase());
      if (e.dataset[key] === undefined) e.dataset[key] = e.getAttribute(name) || '';
      e.setAttribute(name, t(e.dataset[key]));
    }
  }
  for (const b of document.querySelectorAll('#langs button')) b.setAttribute('aria-pressed', String(b.dataset.lang === LANG));
}

// nMoves is a number of moves in the page's language, the noun agreeing
// with it: 1 move, 4 moves; 1 ход, 4 хода, 5 ходов, 11 ходов, 21 ход.
function nMoves(n) {
  if (LANG !== 'ru') return n + (n === 1 ? ' move' : ' moves');
  const last = n % 10, tens = n % 100;
  if (last === 1 && tens !== 11) return n + ' ход';
  if (last >= 2 && last <= 4 && (tens < 12 || tens > 14)) return n + ' хода';
  return n + ' ходов';
}

// chooseLang keeps the choice and reloads the page in it; the view comes
// back from the link in the address (see app.js, the fragment).
function chooseLang(l) {
  try { localStorage.setItem('retro-lang', l); } catch (e) { /* not kept */ }
  const h = new URLSearchParams(location.hash.replace(/^#/, ''));
  if (h.has('l')) {
    h.set('l', l); // the link's language would otherwise win
    history.replaceState(null, '', '#' + h);
  }
  if (l !== LANG) location.reload();
}
