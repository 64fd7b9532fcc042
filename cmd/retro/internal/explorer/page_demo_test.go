package explorer

import (
	"fmt"
	"strings"

	"retro/retro"
)

// demoScenarios ask the demo, walk its tree and play a game from it.
func demoScenarios() []scenario {
	return []scenario{
		{name: "demo-task-20", run: demoTask20Scenario},
		{name: "tree-click", run: treeClickScenario},
		{name: "play-from-29", run: playScenario},
	}
}

// demoTask20Scenario asks task 20 of the demo: its two answers on the ribbon, the
// first green cell and the answer's words.
func demoTask20Scenario(b *browser) {
	t := b.t
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
}

// treeClickScenario walks the demo's tree: every node names the winner the
// solver's values say, a click on a child makes it the start, and Back
// goes back.
func treeClickScenario(b *browser) {
	t := b.t
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
}

// playScenario plays the demo from S = 29 against the engine, resisting with
// the moves marked optimal and taking one back: the engine wins, and the
// position line shows where the last move went.
func playScenario(b *browser) {
	t := b.t
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
}
