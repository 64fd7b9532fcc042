package explorer

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/chromedp/chromedp"
)

// toolScenarios check what the page gives beyond an answer: a link,
// the map, the Python program, practice and another variant.
func toolScenarios() []scenario {
	return []scenario{
		{name: "shared-link", run: sharedLinkScenario},
		{name: "map-and-compare", run: mapScenario},
		{name: "copy-as-python", run: pythonScenario},
		{name: "practice", run: practiceScenario},
		{name: "another-variant", run: anotherVariantScenario},
	}
}

// sharedLinkScenario opens the page's link: the game, the task, the answer
// and the tree's start come back, for a game of one's own too.
func sharedLinkScenario(b *browser) {
	t := b.t
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
}

// anotherVariantScenario asks for another variant like the demo, twice: each a
// new game in the constructor, asked about as one's own, its key what
// retro ege answers on its text, its tasks in the page's language.
func anotherVariantScenario(b *browser) {
	t := b.t
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
}
