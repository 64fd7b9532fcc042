package explorer

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// The explorer in a real browser: Debian's chromium, driven over the
// DevTools protocol. Without chromium the test is skipped, unless CI=true,
// where .ci/install-browser should have installed it and its absence is a
// failure. Screenshots go to artifacts/e2e/ at the module's root: of the
// step that failed, and with -shots of every step (each one costs the
// browser a full-page render and a PNG, a third of the CPU of a run).

// twoParamGame starts at (K, S): one ribbon row for each K.
const twoParamGame = `name  = "Two parameters"
piles = ["a", "b"]
moves = ["each +1", "each *2"]
end    = "a + b >= 30"
winner = "mover"

[start]
a = "K"
b = "S"

[params]
K = "1..3"
S = "1..20"
`

// horizonGame is analysed within two moves of its starts: far starts are ?.
const horizonGame = `name  = "Within two moves"
piles = ["x"]
moves = ["x + 1", "x * 2"]
end    = "x >= 40"
winner = "mover"
horizon = 2

[start]
x = "S"

[params]
S = "1..39"
`

// slowGame takes the static engine seconds: 1.8 million positions, 32
// moves from each.
const slowGame = `name  = "Slow"
piles = ["a", "b"]
moves = ["a = a + k for k in 1..16", "b = b + k for k in 1..16"]
end    = "a + b >= 1900"
winner = "mover"

[start]
a = 0
b = "S"

[params]
S = "0..5"
`

const answerLabels = `[...document.querySelectorAll('#ribbon .cell.answer')].map(c => c.dataset.label).join(' ')`

// TestExplorerE2E runs the scenarios on the served page and on the static
// explorer opened from disk, in English and in Russian.
func TestExplorerE2E(t *testing.T) {
	needChromium(t)
	for _, target := range []struct {
		name string
		url  func(*testing.T) string
	}{{"served", servedURL}, {"static", staticURL}} {
		for _, lang := range []string{"en", "ru"} {
			t.Run(target.name+"-"+lang, func(t *testing.T) {
				start := time.Now()
				b := newBrowser(t, target.url(t), lang)
				explorerScenarios(t, b)
				t.Logf("%s: %v", t.Name(), time.Since(start).Round(time.Millisecond))
			})
		}
	}
}

// explorerScenarios runs the scenarios in order on one page. A scenario
// opens the page afresh (open) when what it checks starts from a fresh
// page: the first answer at load, the defaults, a link or a language kept
// across a reload, the tree's mode, the task another left chosen; the
// others go on from the page the one before left (carryOn).
func explorerScenarios(t *testing.T, b *browser) {
	t.Run("demo-task-20", func(t *testing.T) {
		b.t = t
		b.open()
		b.click(`button[data-id="ege-2027-demo"]`)
		b.ask("20")
		if got := eval[string](b, answerLabels); got != "28 48" {
			t.Errorf("answer cells %q, want \"28 48\"", got)
		}
		if got := eval[string](b, `document.querySelector('#ribbon .cell.holds').dataset.label`); got != "28" {
			t.Errorf("first green cell %q, want 28", got)
		}
		if got := eval[string](b, `document.getElementById('answer').textContent`); !strings.Contains(got, "S = 28 48") {
			t.Errorf("answer %q", got)
		}
		b.shot("ribbon")
		b.checkErrors()
	})

	t.Run("tree-click", func(t *testing.T) {
		b.t = t
		b.wait("the tree", `document.getElementById('tree-section').dataset.state === 'ready' && document.querySelector('#tree .node[data-position]')`)
		// Every node names the winner from its position, as the solver's
		// values say: every move from S = 28, three deep, wins of both.
		if seen := b.checkTreeWinners(); seen[retro.Win] == 0 || seen[retro.Lose] == 0 {
			t.Errorf("the tree of the demo from S = 28 has outcomes %v, want W and L", seen)
		}
		b.checkMovesWords()
		before := eval[string](b, `document.getElementById('tree-start').textContent`)
		pos := eval[string](b, `document.querySelector('#tree .node[data-position]').dataset.position`)
		if pos == before {
			t.Fatalf("the child %s is the start already", pos)
		}
		b.click(`#tree .node[data-position]`)
		b.wait("the new start", fmt.Sprintf(`document.getElementById('tree-start').textContent === %q`, pos))
		root := eval[string](b, `document.querySelector('#tree > ul > li > .node-row .mv').textContent`)
		if root != pos {
			t.Errorf("the tree's root is %q, want %q", root, pos)
		}
		b.click(`#tree-back`)
		b.wait("the old start", fmt.Sprintf(`document.getElementById('tree-start').textContent === %q`, before))
		b.shot("tree")
		b.checkErrors()
	})

	t.Run("play-from-29", func(t *testing.T) {
		b.t = t
		b.set(`#tree-s`, "29")
		b.click(`#tree-go`)
		b.wait("the start S = 29", `document.getElementById('tree-start').textContent === '(17, 29)'`)
		b.click(`#tab-play`)
		b.click(`input[name="side"][value="1"]`)
		b.click(`#play-new`)
		state := `document.getElementById('play-status').dataset.state`
		undone := false
		for moves := 0; ; moves++ {
			if moves > 60 {
				t.Fatal("the game does not end")
			}
			b.wait("my turn or the end", `['your-turn', 'over', 'error'].includes(`+state+`)`)
			st := eval[string](b, state)
			if st != "your-turn" {
				break
			}
			logLen := eval[int](b, `document.querySelectorAll('#play-log li').length`)
			if logLen >= 3 && !undone {
				// Take the last move back once: two plies go.
				b.click(`#play-undo`)
				b.wait("the move taken back", fmt.Sprintf(`document.querySelectorAll('#play-log li').length === %d && %s === 'your-turn'`, logLen-2, state))
				undone = true
				continue
			}
			// Resist as long as possible: the moves marked optimal.
			eval[bool](b, `(() => { const bs = [...document.querySelectorAll('#play-moves button')];
				(bs.find(x => x.textContent.includes('★')) || bs[0]).dataset.pick = 'yes'; return true; })()`)
			b.click(`#play-moves button[data-pick]`)
		}
		if !undone {
			t.Error("no move was taken back")
		}
		if got := eval[string](b, `document.getElementById('play-status').dataset.winner || ''`); got != "engine" {
			t.Errorf("winner %q, want the engine; status %q", got, eval[string](b, `document.getElementById('play-status').textContent`))
		}
		if got := eval[string](b, `document.getElementById('play-status').textContent`); !strings.Contains(got, b.word("Petya wins")) {
			t.Errorf("status %q", got)
		}
		// The position line shows where the last move went.
		last := eval[string](b, `(l => l[l.length - 1].textContent.split('→ ')[1])([...document.querySelectorAll('#play-log li')])`)
		if got := eval[string](b, `document.getElementById('play-position').textContent`); !strings.Contains(got, last) {
			t.Errorf("after the last move to %s the position line says %q", last, got)
		}
		t.Logf("the game: %s", eval[string](b, `[...document.querySelectorAll('#play-log li')].map(l => l.textContent).join('; ')`))
		b.shot("played")
		b.checkErrors()
	})

	t.Run("constructor-one-pile", func(t *testing.T) {
		b.t = t
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
	})

	// Page-only paths (keys, Lebedev's constructor, free questions, a phone's
	// screen) run on the served page, in both languages.
	if !strings.HasPrefix(b.url, "file:") {
		t.Run("keyboard", func(t *testing.T) {
			b.t = t
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
		})
	}

	// An edit of the game, in the constructor or in the file's text, is
	// the game answered once it is checked; until then the answers shown
	// are marked as the game's before the edit.
	t.Run("edit-answers-the-edit", func(t *testing.T) {
		b.t = t
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
	})

	// Served page only: see keyboard.
	if !strings.HasPrefix(b.url, "file:") {
		t.Run("lebedev", func(t *testing.T) {
			b.t = t
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
		})
	}

	// Served page only: see keyboard.
	if !strings.HasPrefix(b.url, "file:") {
		t.Run("free-question", func(t *testing.T) {
			b.t = t
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
		})
	}

	t.Run("defaults", func(t *testing.T) {
		b.t = t
		b.open()
		// Task 19 in the reading the exam needs comes first and is chosen.
		if got := eval[string](b, `document.querySelector('input[name="task"]').value + ' ' + document.querySelector('input[name="task"]:checked').value`); got != "19 19" {
			t.Errorf("the first task and the chosen one: %q, want 19 19", got)
		}
		if got := eval[string](b, `document.getElementById('answer').dataset.answer`); got != "29" {
			t.Errorf("the first answer on the demo: %q, want 29", got)
		}
		// Only the demo looks chosen: "Your own game", enabled, looks like
		// any other button that is not.
		if got := eval[string](b, `(() => { const own = document.getElementById('own-game'), other = document.querySelector('button[data-id="ege-bank-one-pile"]');
			const a = getComputedStyle(own), o = getComputedStyle(other);
			return [own.disabled, own.getAttribute('aria-pressed'), a.backgroundColor === o.backgroundColor, a.borderColor === o.borderColor, a.boxShadow].join(' '); })()`); got != "false false true true none" {
			t.Errorf("your own game at load (disabled, pressed, background and border as an unchosen button, shadow): %q", got)
		}
		// The demo's name fits its field.
		if got := eval[bool](b, `(e => e.scrollWidth <= e.clientWidth)(document.getElementById('f-name'))`); !got {
			t.Errorf("the name field cuts %q", eval[string](b, `document.getElementById('f-name').value`))
		}
		// The legend explains ? and the faded cells; every cell is as tall as the others.
		if got := eval[int](b, `document.querySelectorAll('.legend .o-U, .legend .far').length`); got != 2 {
			t.Errorf("legend entries for ? and faded cells: %d", got)
		}
		if got := eval[string](b, `[...new Set([...document.querySelectorAll('#ribbon .cell')].map(c => c.getBoundingClientRect().height))].join(' ')`); strings.Contains(got, " ") {
			t.Errorf("ribbon cells of different heights: %s", got)
		}
		// Choosing task 20: the tree's start line never shows the old start,
		// and the free question shows the task's.
		b.wait("the tree at 29", `document.getElementById('tree-start').textContent === '(17, 29)'`)
		b.click(`input[name="task"][value="20"]`)
		b.wait("the field at 28", `document.getElementById('tree-s').value === '28'`)
		if got := eval[string](b, `document.getElementById('tree-start').textContent`); got != "…" && got != "(17, 28)" {
			t.Errorf("with S = 28 in the field the tree says %s", got)
		}
		b.wait("the tree at 28", `document.getElementById('tree-start').textContent === '(17, 28)'`)
		// Rows holding answer cells are as tall as the others.
		if got := eval[string](b, `(() => { const tops = [...new Set([...document.querySelectorAll('#ribbon .cell')].map(c => Math.round(c.getBoundingClientRect().top)))].sort((x, y) => x - y);
			const steps = tops.slice(1).map((t, k) => t - tops[k]); return Math.max(...steps) - Math.min(...steps) > 1 ? steps.join(' ') : ''; })()`); got != "" {
			t.Errorf("ribbon rows at different spacings: %s: %s", got, eval[string](b, `[...document.querySelectorAll('#ribbon .cell')].map(c => c.dataset.label + ':' + Math.round(c.getBoundingClientRect().top) + '/' + Math.round(c.getBoundingClientRect().height) + '/' + getComputedStyle(c).marginTop).join(' ')`))
		}
		if got := eval[string](b, `document.getElementById('free-q').value + ' / ' + document.getElementById('free-agg').value`); got != "win =2 / first" {
			t.Errorf("the free question after task 20: %q", got)
		}
		// Three piles make another game: not the preset's name.
		b.set(`#f-piles`, "3")
		if got := eval[string](b, `document.getElementById('f-name').value`); strings.Contains(got, "ЕГЭ") {
			t.Errorf("three piles keep the demo's name %q", got)
		}
		b.checkErrors()
	})

	t.Run("strategy-depth", func(t *testing.T) {
		b.t = t
		b.open()
		b.ask("20")
		b.wait("the tree at 28", `document.getElementById('tree-start').textContent === '(17, 28)' && document.getElementById('tree-section').dataset.state === 'ready'`)
		b.click(`#tree-all`)
		b.set(`#tree-depth`, "2")
		b.wait("the strategy", `document.getElementById('tree-section').dataset.state === 'ready' && !document.getElementById('tree-all').checked && document.querySelectorAll('#tree .node.end').length > 0`)
		// Win in 2: Petya's two moves and Vanya's answers between, to the ends.
		if got := eval[int](b, `[...document.querySelectorAll('#tree .node')].filter(n => n.textContent.includes('…')).length`); got != 0 {
			t.Errorf("%d nodes cut short at depth 2 of a win in 2", got)
		}
		levels := eval[string](b, `[1, 2, 3].map(d => { let sel = '#tree > ul > li'; for (let k = 0; k < d; k++) sel += ' > ul > li';
			return [...new Set([...document.querySelectorAll(sel + ' > .node-row .who')].map(w => w.dataset.player))].join(','); }).join(' ')`)
		if levels != "0 1 0" {
			t.Errorf("the players of the tree's levels: %q, want 0 1 0 (Petya, Vanya, Petya)", levels)
		}
		if got := eval[string](b, `document.querySelector('#tree > ul > li > ul > li .who').textContent`); !strings.Contains(got, b.word("Petya")) {
			t.Errorf("the first level says %q", got)
		}
		b.shot("strategy")
		b.checkErrors()
	})

	t.Run("two-parameters", func(t *testing.T) {
		b.t = t
		b.carryOn()
		b.ownGame(twoParamGame)
		b.click(`#ribbon .cell[data-key="2,14"]`)
		b.wait("its tree", `document.getElementById('tree-start').textContent === '(2, 14)'`)
		if got := eval[string](b, `[...document.querySelectorAll('#ribbon .cell.current')].map(c => c.dataset.key).join(' ')`); got != "2,14" {
			t.Errorf("outlined cells %q, want the one cell 2,14", got)
		}
		b.shot("two-parameters")
		b.checkErrors()
	})

	t.Run("draws-from-a-box", func(t *testing.T) {
		b.t = t
		b.carryOn()
		b.set(`#source`, retrotest.BuiltinText(t, "up-and-down"))
		b.wait("the game checked", `document.getElementById('check').dataset.state === 'ok' && (state.ownText || '').includes('Up or down')`)
		if got := eval[string](b, `state.ownText`); !strings.Contains(got, `x = "S"`) {
			t.Errorf("the box is not offered as starts x = S: %q", got)
		}
		b.click(`#own-game`)
		b.wait("its ribbon", `document.getElementById('ribbon-section').dataset.state === 'ready' && document.getElementById('own-game').getAttribute('aria-pressed') === 'true'`)
		if got := eval[int](b, `document.querySelectorAll('#ribbon .cell[data-outcome="D"]').length`); got == 0 {
			t.Error("no draw on the ribbon of up-and-down")
		}
		// A draw's tree says so at its nodes.
		b.click(`#ribbon .cell[data-outcome="D"]`)
		b.wait("a draw's tree", `document.getElementById('tree-section').dataset.state === 'ready' && state.tree.root.outcome === 'D'`)
		if seen := b.checkTreeWinners(); seen[retro.Draw] == 0 {
			t.Errorf("the tree of a draw has outcomes %v", seen)
		}
		b.shot("draws")
		// A box of two piles, without starts: a message, and nothing lit.
		b.set(`#source`, retrotest.BuiltinText(t, "wythoff"))
		b.wait("the message", `document.getElementById('check').dataset.state === 'no-start'`)
		if !eval[bool](b, `document.getElementById('own-game').disabled`) {
			t.Error("Wythoff, without starts, is offered as your own game")
		}
		b.shot("no-start")
		b.checkErrors()
	})

	t.Run("horizon", func(t *testing.T) {
		b.t = t
		b.open() // task 19: the scenarios before left task 20 chosen, whose answer needs more than the horizon
		b.ownGame(horizonGame)
		if got := eval[int](b, `document.querySelectorAll('#ribbon .cell[data-outcome="?"]').length`); got == 0 {
			t.Error("no ? cell on the ribbon of a game with a horizon")
		}
		b.click(`#ribbon .cell[data-outcome="?"]`)
		b.wait("the tree beyond the horizon", `document.getElementById('tree-section').dataset.state === 'ready' && state.tree.root.outcome === '?'`)
		if seen := b.checkTreeWinners(); seen[retro.Unknown] == 0 {
			t.Errorf("the tree beyond the horizon has outcomes %v", seen)
		}
		b.shot("horizon")
		b.checkErrors()
	})

	t.Run("five-questions", func(t *testing.T) {
		b.t = t
		b.carryOn()
		for _, c := range []struct{ game, task, want string }{
			{"ege-2027-demo", "19", "29"}, {"ege-2027-demo", "19g", "56"}, {"ege-2027-demo", "20", "28 48"},
			{"ege-2027-demo", "21", "44"}, {"ege-2027-demo", "win1", "58"},
			{"ege-bank-one-pile", "19", "34"}, {"ege-bank-one-pile", "19g", "124"}, {"ege-bank-one-pile", "20", "127 128"},
			{"ege-bank-one-pile", "21", "132"}, {"ege-bank-one-pile", "win1", "31"},
		} {
			if eval[string](b, `document.querySelector('.game-button[aria-pressed="true"]').dataset.id`) != c.game {
				b.click(fmt.Sprintf(`button[data-id=%q]`, c.game))
				b.wait("the game "+c.game, fmt.Sprintf(`document.querySelector('button[data-id=%q]').getAttribute('aria-pressed') === 'true'`, c.game))
			}
			b.ask(c.task)
			b.wait("the answer", fmt.Sprintf(`document.getElementById('answer').dataset.answer === %q`, c.want))
			if got := eval[string](b, answerLabels); got != c.want {
				t.Errorf("%s, task %s: answer cells %q, want %q", c.game, c.task, got, c.want)
			}
			// The reason is retro ege's, in the page's language.
			if reason := eval[string](b, `document.getElementById('reason').textContent`); c.task != "win1" && !strings.Contains(reason, b.word("Petya")) && !strings.Contains(reason, b.word("Vanya")) {
				t.Errorf("%s, task %s: the reason %q", c.game, c.task, reason)
			}
		}
		b.shot("bank-21")
		b.checkErrors()
	})

	t.Run("shared-link", func(t *testing.T) {
		b.t = t
		b.carryOn()
		b.click(`button[data-id="ege-bank-one-pile"]`)
		b.ask("20")
		b.click(`#ribbon .cell[data-key="128"]`)
		b.wait("the tree at 128", `document.getElementById('tree-start').textContent === '(128)'`)
		link := eval[string](b, `location.href`)
		b.do("open the link", chromedp.Navigate("about:blank"), chromedp.Navigate(link))
		b.waitReload("the page", `document.body.dataset.ready === 'true' && document.getElementById('ribbon-section').dataset.state === 'ready'`)
		b.wait("the tree at 128", `document.getElementById('tree-start').textContent === '(128)'`)
		if got := eval[string](b, `[document.querySelector('.game-button[aria-pressed="true"]').dataset.id, document.querySelector('input[name="task"]:checked').value,
			document.getElementById('answer').dataset.answer, [...document.querySelectorAll('#ribbon .cell.current')].map(c => c.dataset.key).join(' ')].join(' / ')`); got != "ege-bank-one-pile / 20 / 127 128 / 128" {
			t.Errorf("the link restored %q", got)
		}
		// A game of one's own travels in the link, with its start of two parameters.
		b.carryOn()
		b.ownGame(twoParamGame)
		b.click(`input[name="task"][value="21"]`)
		b.wait("task 21", `(s => s.dataset.state === 'ready' && s.dataset.task === '21')(document.getElementById('ribbon-section'))`)
		b.click(`#ribbon .cell[data-key="2,14"]`)
		b.wait("its tree", `document.getElementById('tree-start').textContent === '(2, 14)'`)
		b.click(`#copy-link`)
		link = eval[string](b, `state.copied`)
		if link != eval[string](b, `location.href`) {
			t.Errorf("copied %q, the address is %q", link, eval[string](b, `location.href`))
		}
		b.do("open the link", chromedp.Navigate("about:blank"), chromedp.Navigate(link))
		b.waitReload("the page", `document.body.dataset.ready === 'true' && document.getElementById('ribbon-section').dataset.state === 'ready'`)
		b.wait("its tree", `document.getElementById('tree-start').textContent === '(2, 14)'`)
		if got := eval[string](b, `[document.querySelector('.game-button[aria-pressed="true"]').id, document.querySelector('input[name="task"]:checked').value,
			document.getElementById('source').value === state.game.text, [...document.querySelectorAll('#ribbon .cell.current')].map(c => c.dataset.key).join(' ')].join(' / ')`); got != "own-game / 21 / true / 2,14" {
			t.Errorf("the link of one's own game restored %q", got)
		}
		b.shot("restored")
		b.checkErrors()
	})

	t.Run("map-and-compare", func(t *testing.T) {
		b.t = t
		mapScenario(b)
	})

	t.Run("copy-as-python", func(t *testing.T) {
		b.t = t
		pythonScenario(b)
	})

	// Another variant like the demo, twice: each a new game in the
	// constructor, asked about as one's own, its key what retro ege answers
	// on its text, its tasks in the page's language.
	t.Run("practice", func(t *testing.T) {
		b.t = t
		practiceScenario(b)
	})

	t.Run("another-variant", func(t *testing.T) {
		b.t = t
		b.carryOn()
		b.click(`button[data-id="ege-2027-demo"]`)
		b.wait("the demo in the constructor", `state.formText === state.game.text && state.game.id === 'ege-2027-demo'`)
		seen := map[string]bool{eval[string](b, `document.getElementById('source').value`): true}
		first := map[string]string{"en": "Two players, Petya and Vanya, play the following game.", "ru": "Два игрока, Петя и Ваня, играют в следующую игру."}[b.lang]
		for k := 1; k <= 2; k++ {
			seed := eval[int](b, `state.variantSeed`) + 1
			b.click(`#another-variant`)
			b.wait("the variant", fmt.Sprintf(`state.variantSeed === %d && document.getElementById('variant').dataset.state === 'ready' && `+
				`state.game.id === 'own' && state.game.text === state.variantText && document.getElementById('ribbon-section').dataset.state === 'ready'`, seed))
			text := eval[string](b, `document.getElementById('source').value`)
			if seen[text] || !strings.Contains(text, `moves = ["each +`) {
				t.Errorf("variant %d is no new game like the demo:\n%s", k, text)
			}
			seen[text] = true
			path := filepath.Join(t.TempDir(), "variant.toml")
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			out, errs, code := runRetro(t, "ege", "--plain", path)
			if code != 0 {
				t.Fatalf("retro ege: exit %d: %s", code, errs)
			}
			ans := map[string]string{}
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				key, a, _ := strings.Cut(line, ": ")
				ans[key] = a
			}
			shown := eval[string](b, `document.querySelector('#variant .ok').textContent`)
			if want := fmt.Sprintf("19 — %s, 20 — %s, 21 — %s;", ans["19"], ans["20"], ans["21"]); !strings.Contains(shown, want) {
				t.Errorf("the page says %q, retro ege %q", shown, want)
			}
			if got := eval[string](b, `document.querySelector('#variant details').textContent`); !strings.Contains(got, first) {
				t.Errorf("the tasks are not in the page's language: %.120q", got)
			}
		}
		b.shot("variant")
		b.checkErrors()
	})

	// From Russian to English and back, on each target.
	if b.lang == "ru" {
		t.Run("language-kept", func(t *testing.T) {
			b.t = t
			b.open()
			b.click(`input[name="task"][value="21"]`)
			b.wait("task 21", `(s => s.dataset.state === 'ready' && s.dataset.task === '21')(document.getElementById('ribbon-section'))`)
			other := map[string]string{"en": "ru", "ru": "en"}[b.lang]
			if got := eval[string](b, `document.documentElement.lang`); got != b.lang {
				t.Errorf("the page's language %q, the browser's %q", got, b.lang)
			}
			b.click(fmt.Sprintf(`#langs button[data-lang=%q]`, other))
			want := fmt.Sprintf(`document.documentElement.lang === %q && document.body.dataset.ready === 'true' && (s => s.dataset.state === 'ready' && s.dataset.task === '21')(document.getElementById('ribbon-section'))`, other)
			b.waitReload("the other language, the same view", want)
			b.shot(other)
			b.do("reload", chromedp.Reload())
			b.waitReload("the other language kept", want)
			b.click(fmt.Sprintf(`#langs button[data-lang=%q]`, b.lang))
			b.waitReload("the language back", fmt.Sprintf(`document.documentElement.lang === %q && document.body.dataset.ready === 'true'`, b.lang))
			b.checkErrors()
		})
	}

	if strings.HasPrefix(b.url, "file:") {
		t.Run("stop", func(t *testing.T) {
			b.t = t
			b.open()
			b.useOwnGame(slowGame)
			b.wait("the progress", `!document.getElementById('progress').hidden`)
			b.shot("progress")
			if !eval[bool](b, `(b => !b.closest('[hidden]') && (b.click(), true))(document.getElementById('progress-stop'))`) {
				t.Fatal("the solve ended before Stop was pressed: the game is too quick for this test")
			}
			b.wait("stopped", `document.getElementById('ribbon-section').dataset.state === 'error' && document.getElementById('progress').hidden`)
			if got := eval[string](b, `document.getElementById('answer').textContent`); !strings.Contains(got, b.word("Stopped")) {
				t.Errorf("after Stop the answer says %q", got)
			}
			// The next question starts another engine.
			b.click(`button[data-id="ege-2027-demo"]`)
			b.wait("the demo's answer", `document.getElementById('ribbon-section').dataset.state === 'ready' && document.getElementById('answer').dataset.answer === '29'`)
			b.checkErrors()
		})
	}

	// Served page only: see keyboard.
	if !strings.HasPrefix(b.url, "file:") {
		t.Run("phone", func(t *testing.T) {
			b.t = t
			b.do("a phone's screen", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
			b.open()
			b.click(`button[data-id="ege-bank-one-pile"]`)
			b.ask("21")
			// Nothing wider than the screen.
			if w := eval[int](b, `document.documentElement.scrollWidth`); w > 390 {
				t.Errorf("the page is %d px wide on a 390 px screen: %s", w, eval[string](b, `[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 391).map(e => e.tagName + '#' + e.id + '.' + e.className + ':' + Math.round(e.getBoundingClientRect().right)).slice(0, 12).join(' ')`))
			}
			b.shot("phone")
			b.checkErrors()
		})
	}
}

// refusesAsPage asks the static engine for task 19 on a game it refuses,
// and checks that it says what the static page says, which is not what
// retro serve says (TestRefusalsSayWhere checks the words of each).
func (b *browser) refusesAsPage(name, text string) {
	b.t.Helper()
	expr := fmt.Sprintf(`api('/api/query', {game: %q, task: '19'}).then(r => 'answer ' + r.answer.text, e => e.message)`, text)
	got, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
	said := map[bool]error{}
	for _, static := range []bool{false, true} {
		s := newServer(context.Background(), testOptions())
		s.static = static
		_, said[static] = s.query(context.Background(), queryRequest{Game: text, Task: "19"})
	}
	if err != nil || said[true] == nil || said[false] == nil || got != said[true].Error() || got == said[false].Error() {
		b.t.Errorf("%s: the static engine says %q (%v); the static page %v; the server %v", name, got, err, said[true], said[false])
	}
}

// TestStaticEngineAnswersAsCLI asks the static explorer's engine, in the
// browser, the exam's tasks on every built-in game with starts (and every
// one-pile box the explorer writes as starts), and compares each answer
// with retro ege's and retro query's on the same text; a game too large
// it refuses in the words of the static page.
func TestStaticEngineAnswersAsCLI(t *testing.T) {
	needChromium(t)
	b := newBrowser(t, staticURL(t), "en")
	b.open()
	dir := t.TempDir()
	games := 0
	for _, name := range rules.BuiltinNames() {
		src, _ := rules.Builtin(name)
		g, err := rules.Parse(name+".toml", src)
		if err != nil || g.Sum {
			continue
		}
		text := string(src)
		if !g.HasStart {
			var ok bool
			if text, ok = g.BoxAsStarts(); !ok {
				continue
			}
		}
		// The explorer solves at most 64 games of one file: it refuses
		// more, in the page's words, and is asked again with the rules'
		// parameters narrowed to 64 values.
		if p := g.RuleParams(); len(p) == 1 && p[0].Hi-p[0].Lo+1 > int64(testOptions().maxInstances) {
			b.refusesAsPage(name, text)
			wide := fmt.Sprintf("%s = \"%d..%d\"", p[0].Name, p[0].Lo, p[0].Hi)
			narrow := fmt.Sprintf("%s = \"%d..%d\"", p[0].Name, p[0].Lo, p[0].Lo+63)
			if !strings.Contains(text, wide) {
				t.Fatalf("%s: no %s to narrow", name, wide)
			}
			text = strings.Replace(text, wide, narrow, 1)
		}
		games++
		path := filepath.Join(dir, name+".toml")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		out, errs, code := runRetro(t, "ege", "--plain", path)
		if code != 0 {
			t.Errorf("%s: retro ege: exit %d: %s", name, code, errs)
			continue
		}
		want := map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			key, ans, _ := strings.Cut(line, ": ")
			want[key] = ans
		}
		one, errs, code := runRetro(t, "query", "--plain", path, "win =1")
		if code != 0 {
			t.Errorf("%s: retro query: exit %d: %s", name, code, errs)
			continue
		}
		want["win1"] = strings.TrimSpace(one)
		for _, key := range []string{"19", "19g", "20", "21", "win1"} {
			expr := fmt.Sprintf(`api('/api/query', {game: %q, task: %q}).then(r => r.answer.text, e => 'error: ' + e.message)`, text, key)
			got, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatalf("%s, task %s: %v", name, key, err)
			}
			if got != want[key] {
				t.Errorf("%s, task %s: the static engine says %q, retro says %q", name, key, got, want[key])
			}
		}
	}
	if games < 6 {
		t.Errorf("only %d games compared", games)
	}
	// Over the position cap: refused before anything is solved.
	b.refusesAsPage("4·10^12 starts", "piles = [\"x\"]\nmoves = [\"x - 1\"]\nend = \"x <= 0\"\n[start]\nx = \"S\"\n[params]\nS = \"1..4000000000000\"\n")
	t.Logf("%d games, five tasks each: the static engine answers as retro ege and retro query", games)
	b.checkErrors()
}
