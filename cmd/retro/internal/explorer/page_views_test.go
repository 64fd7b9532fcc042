package explorer

import (
	"fmt"
	"strings"

	"retro/retro"
	"retro/retro/retrotest"
)

// viewScenarios check what the page shows of an answer: the defaults,
// a strategy, a game of two parameters, draws, a horizon, and the five
// tasks of two games.
func viewScenarios() []scenario {
	return []scenario{
		{name: "defaults", run: defaultsScenario},
		{name: "strategy-depth", run: strategyScenario},
		{name: "two-parameters", run: twoParametersScenario},
		{name: "draws-from-a-box", run: drawsScenario},
		{name: "horizon", run: horizonScenario},
		{name: "five-questions", run: fiveQuestionsScenario},
	}
}

// defaultsScenario checks the page as it opens: task 19 chosen and answered,
// only the demo looking chosen, the legend and the ribbon's cells; then
// what choosing task 20 and three piles change.
func defaultsScenario(b *browser) {
	t := b.t
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
}

// strategyScenario shows the demo's strategy for task 20 two moves deep:
// Petya's moves and Vanya's answers between, to the ends.
func strategyScenario(b *browser) {
	t := b.t
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
}

// twoParametersScenario outlines the one cell clicked on the ribbon of a
// game of two parameters.
func twoParametersScenario(b *browser) {
	t := b.t
	b.carryOn()
	b.ownGame(twoParamGame)
	b.click(`#ribbon .cell[data-key="2,14"]`)
	b.wait("its tree", `document.getElementById('tree-start').textContent === '(2, 14)'`)
	if got := eval[string](b, `[...document.querySelectorAll('#ribbon .cell.current')].map(c => c.dataset.key).join(' ')`); got != "2,14" {
		t.Errorf("outlined cells %q, want the one cell 2,14", got)
	}
	b.shot("two-parameters")
	b.checkErrors()
}

// drawsScenario offers a game of a box as starts x = S and shows its
// draws, on the ribbon and in a draw's tree; a box of two piles, without
// starts, is not offered.
func drawsScenario(b *browser) {
	t := b.t
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
}

// horizonScenario shows the ? cells of a game with a horizon, and the tree
// beyond the horizon.
func horizonScenario(b *browser) {
	t := b.t
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
}

// fiveQuestionsScenario asks the five tasks of the demo and of the bank's
// one-pile game: the answers, and retro ege's reasons in the page's
// language.
func fiveQuestionsScenario(b *browser) {
	t := b.t
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
}
