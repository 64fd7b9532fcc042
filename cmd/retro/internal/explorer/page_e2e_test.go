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
	groups := [][]scenario{demoScenarios(), editScenarios(), viewScenarios(), toolScenarios(), pageScenarios()}
	for _, group := range groups {
		for _, s := range group {
			if s.on != nil && !s.on(b) {
				continue
			}
			t.Run(s.name, func(t *testing.T) {
				b.t = t
				s.run(b)
			})
		}
	}
}

// scenario is a browser scenario: its name, the pages it runs on (nil:
// every page) and its steps, which report to b.t.
type scenario struct {
	name string
	on   func(b *browser) bool
	run  func(b *browser)
}

// servedOnly is the served page: the paths of the page only (keys,
// Lebedev's constructor, free questions, a phone's screen) run on it, in
// both languages.
func servedOnly(b *browser) bool { return !strings.HasPrefix(b.url, "file:") }

// staticOnly is the static explorer opened from disk.
func staticOnly(b *browser) bool { return strings.HasPrefix(b.url, "file:") }

// russianOnly is the page in Russian: a scenario goes from it to English
// and back, on each target.
func russianOnly(b *browser) bool { return b.lang == "ru" }

// pageScenarios check the page itself: its language across a reload, Stop,
// and a phone's screen.
func pageScenarios() []scenario {
	return []scenario{
		{name: "language-kept", on: russianOnly, run: languageScenario},
		{name: "stop", on: staticOnly, run: stopScenario},
		{name: "phone", on: servedOnly, run: phoneScenario},
	}
}

// languageScenario goes from the page's language to the other and back: the
// same view in the other language, kept across a reload.
func languageScenario(b *browser) {
	t := b.t
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
}

// stopScenario stops a slow solve of the static engine; the next question
// starts another engine.
func stopScenario(b *browser) {
	t := b.t
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
}

// phoneScenario shows task 21 of the one-pile game on a phone's screen:
// nothing wider than the screen.
func phoneScenario(b *browser) {
	t := b.t
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
