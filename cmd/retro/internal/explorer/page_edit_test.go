package explorer

import (
	"fmt"
	"strings"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// editScenarios change the game and the question: in the constructor, by
// keys, by an edit of the game, by Lebedev's game and by a free question.
func editScenarios() []scenario {
	return []scenario{
		{name: "constructor-one-pile", run: constructorScenario},
		{name: "keyboard", on: servedOnly, run: keyboardScenario},
		{name: "edit-answers-the-edit", run: editScenario},
		{name: "lebedev", on: servedOnly, run: lebedevScenario},
		{name: "free-question", on: servedOnly, run: freeQuestionScenario},
	}
}

// constructorScenario makes a game of one pile in the constructor and asks
// it task 21; an error in its file is marked, and said in the page's
// language, served and static alike.
func constructorScenario(b *browser) {
	t := b.t
	b.carryOn()
	b.set(`#f-piles`, "1")
	b.wait("one pile", `document.querySelectorAll('.f-start').length === 1`)
	b.set(`#f-moves li:nth-child(1) .m-op`, "-")
	b.set(`#f-moves li:nth-child(1) .m-k`, "3")
	b.set(`#f-moves li:nth-child(2) .m-op`, "-")
	b.set(`#f-moves li:nth-child(2) .m-k`, "5")
	b.click(`#f-add-move`)
	b.set(`#f-moves li:nth-child(3) .m-op`, "//")
	b.set(`#f-moves li:nth-child(3) .m-k`, "4")
	b.set(`#f-end-kind`, "total")
	b.set(`#f-end-op`, "<=")
	b.set(`#f-end-n`, "30")
	b.set(`#f-winner`, "mover")
	b.set(`#f-allow`, "")
	b.set(`.f-start`, "S")
	b.set(`#f-lo`, "31")
	b.set(`#f-hi`, "")
	b.set(`#f-name`, "One pile")
	src := eval[string](b, `document.getElementById('source').value`)
	for _, want := range []string{`moves = ["x - 3", "x - 5", "x // 4"]`, `end    = "x <= 30"`, `x = "S"`, `S = "31.."`} {
		if !strings.Contains(src, want) {
			t.Errorf("the game file lacks %s:\n%s", want, src)
		}
	}
	b.wait("the game checked", `state.ownText === document.getElementById('source').value && !document.getElementById('own-game').disabled`)
	b.click(`#own-game`)
	b.wait("the own game chosen", `document.getElementById('own-game').getAttribute('aria-pressed') === 'true'`)
	b.ask("21")
	if got := eval[string](b, `document.getElementById('answer').dataset.answer`); got != "132" {
		t.Errorf("task 21 answers %q, want 132", got)
	}
	if got := eval[string](b, answerLabels); got != "132" {
		t.Errorf("answer cells %q, want 132", got)
	}
	b.shot("constructor")

	// An error in the file is shown with its spot marked.
	b.set(`#source`, strings.Replace(src, `"x // 4"`, `"x // "`, 1))
	b.wait("the error", `document.getElementById('check').dataset.state === 'error'`)
	mark := eval[string](b, `(document.querySelector('#check mark') || {}).textContent || ''`)
	if mark == "" {
		t.Error("no spot marked in the game file")
	}
	if !eval[bool](b, `document.getElementById('own-game').disabled`) {
		t.Error("the own game is still offered with an error in the file")
	}
	b.shot("error")

	// The engine says what is wrong in the page's language, served and
	// static alike.
	b.set(`#source`, strings.Replace(src, `"x // 4"`, `"x × 4"`, 1))
	said := map[string]string{"en": "unexpected character '×': write *", "ru": "недопустимый символ «×»: пишите «*»"}[b.lang]
	b.wait("the error in the page's language", fmt.Sprintf(`document.getElementById('check').dataset.state === 'error' && document.getElementById('check').textContent.includes(%q)`, said))
	if b.lang == "ru" {
		if text := eval[string](b, `[...document.querySelectorAll('#check p.error, #check button.error')].map(p => p.textContent).join('\n')`); !strings.Contains(text, "строка ") || strings.Contains(text, "unexpected") {
			t.Errorf("the error of the game file in Russian reads %q", text)
		}
	}
	b.shot("error-in-words")
	b.checkErrors()
}

// keyboardScenario chooses a game, a task and the tree's nodes by keys alone.
func keyboardScenario(b *browser) {
	t := b.t
	b.open()
	key := func(sel, keys string) {
		t.Helper()
		b.do("keys on "+sel, chromedp.Focus(chromedp.CSS(sel), chromedp.NodeVisible), chromedp.KeyEvent(keys))
	}
	key(`button[data-id="ege-bank-one-pile"]`, "\r")
	b.wait("the one-pile game", `document.querySelector('button[data-id="ege-bank-one-pile"]').getAttribute('aria-pressed') === 'true'`)
	key(`input[name="task"][value="19"]`, kb.ArrowRight+kb.ArrowRight)
	b.wait("task 20", `(s => s.dataset.state === 'ready' && s.dataset.task === '20')(document.getElementById('ribbon-section'))`)
	if got := eval[string](b, `document.getElementById('answer').dataset.answer`); got != "127 128" {
		t.Errorf("task 20 of the one-pile game: %q", got)
	}
	b.wait("the tree", `document.getElementById('tree-section').dataset.state === 'ready' && document.querySelector('#tree .node[data-position]')`)
	key(`#tree li li > .node-row > .toggle:not(.none)`, kb.ArrowLeft)
	b.wait("collapsed", `document.querySelector('#tree li li').getAttribute('aria-expanded') === 'false'`)
	key(`#tree li li > .node-row > .toggle:not(.none)`, kb.ArrowRight)
	b.wait("expanded", `document.querySelector('#tree li li').getAttribute('aria-expanded') === 'true'`)
	pos := eval[string](b, `document.querySelector('#tree .node[data-position]').dataset.position`)
	key(`#tree .node[data-position]`, "\r")
	b.wait("the new start", fmt.Sprintf(`document.getElementById('tree-start').textContent === %q`, pos))
	b.checkErrors()
}

// editScenario checks that an edit of the game, in the constructor or in the
// file's text, is the game answered once it is checked; until then the
// answers shown are marked as the game's before the edit.
func editScenario(b *browser) {
	t := b.t
	b.open()
	b.click(`button[data-id="ege-2027-demo"]`)
	b.ask("19")
	demoAnswered := `document.getElementById('ribbon-section').dataset.state === 'ready' && document.getElementById('answer').dataset.answer === '29'`
	b.wait("the demo's answer", demoAnswered)
	ownAnswered := `document.getElementById('own-game').getAttribute('aria-pressed') === 'true' &&
		!document.getElementById('ribbon-section').dataset.stale &&
		document.getElementById('ribbon-section').dataset.state === 'ready' && document.getElementById('answer').dataset.answer === '1'`
	b.set(`#f-moves li:nth-child(2) .m-k`, "3")
	if got := eval[string](b, `document.getElementById('ribbon-section').dataset.stale || ''`); got != "true" {
		t.Errorf("right after the edit the answers are not marked stale (%q)", got)
	}
	b.wait("the edited game's answer", ownAnswered)
	if got := eval[string](b, `document.getElementById('game-status').textContent`); strings.Contains(got, "ЕГЭ") {
		t.Errorf("the page answers the edited game, but says %q", got)
	}
	b.shot("edited")
	b.click(`button[data-id="ege-2027-demo"]`)
	b.wait("the demo again", demoAnswered+` && document.querySelector('#f-moves li:nth-child(2) .m-k').value === '2'`)
	// The same edit typed into the game file: the constructor shows it.
	b.set(`#source`, strings.Replace(eval[string](b, `document.getElementById('source').value`), "each *2", "each *3", 1))
	b.wait("the typed game's answer", ownAnswered+` && document.querySelector('#f-moves li:nth-child(2) .m-k').value === '3'`)
	b.checkErrors()
}

// lebedevScenario chooses Lebedev's game: its answer to win =1, and its
// commands, allow and count in the constructor.
func lebedevScenario(b *browser) {
	t := b.t
	b.click(`button[data-id="lebedev-operations"]`)
	b.wait("the game in the constructor", `document.querySelectorAll('#f-moves li').length === 4`)
	b.ask("win1")
	if got := eval[string](b, `document.getElementById('answer').dataset.answer`); got != "36" {
		t.Errorf("Lebedev, win =1: %q, want 36", got)
	}
	if got := eval[string](b, `[...document.querySelectorAll('#f-moves .m-cmd')].map(i => i.value).join(' ')`); got != "add add mul mul" {
		t.Errorf("the commands in the constructor: %q", got)
	}
	if got := eval[string](b, `document.getElementById('f-allow').value + ' ' + document.getElementById('f-count').value`); got != "no-repeat-opponent lebedev" {
		t.Errorf("allow and count: %q", got)
	}
	b.shot("ribbon")
	b.checkErrors()
}

// freeQuestionScenario asks a free question on Lebedev's game, then one
// with a typo, which is marked while the tree stays.
func freeQuestionScenario(b *browser) {
	t := b.t
	b.set(`#free-q`, "lose 1")
	b.set(`#free-agg`, "count")
	b.click(`#free-ask`)
	b.wait("the count", `(s => s.dataset.state === 'ready' && s.dataset.task === 'free')(document.getElementById('ribbon-section'))`)
	if got := eval[string](b, `document.getElementById('answer').dataset.answer`); got != "23" {
		t.Errorf("count of lose 1 on Lebedev's game: %q, want 23", got)
	}
	b.set(`#free-q`, "lose 1 adn win")
	b.click(`#free-ask`)
	b.wait("the error", `document.getElementById('ribbon-section').dataset.state === 'error'`)
	if got := eval[string](b, `(document.querySelector('#answer mark') || {}).textContent || ''`); got != "adn" {
		t.Errorf("marked %q, want adn", got)
	}
	if got := eval[string](b, `document.getElementById('tree-start').textContent + ' ' + document.querySelectorAll('#tree .node').length`); strings.HasPrefix(got, "—") || strings.HasSuffix(got, " 0") {
		t.Errorf("a typo in the question wiped the tree: %q", got)
	}
	b.checkErrors()
}
