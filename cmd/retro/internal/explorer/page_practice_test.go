package explorer

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/chromedp/chromedp"
)

// hiddenNow lists which of the parts that give an answer away the page
// hides: the ribbon, the answer line, the reason, the tree.
const hiddenNow = `['ribbon', 'answer', 'reason', 'tree-section'].filter(id => getComputedStyle(document.getElementById(id)).display === 'none').join(' ')`

// answerPractice types an answer into the practice box and checks it,
// returning the verdict the page gives.
func (b *browser) answerPractice(answer string) string {
	b.t.Helper()
	b.set(`#practice-answer`, answer)
	b.click(`#practice-check`)
	return eval[string](b, `document.getElementById('practice-verdict').dataset.verdict || ''`)
}

// practiceScenario practises the demo's task 20: the answer, its reason
// and the tree stay hidden while a wrong answer is refused and show once
// a right one (in another order, spaced otherwise) is accepted; then task
// 21, answered "none" and then shown on request; then another variant,
// whose key stays hidden; then its practice link, which holds the game,
// the language and the flag, no start of the tree, and opens as it was;
// and the link in the other language opens in that language, the page's
// own staying as it was, where a task without a value is answered «none».
func practiceScenario(b *browser) {
	t := b.t
	b.open()
	b.click(`button[data-id="ege-2027-demo"]`)
	b.wait("the demo's ribbon", `document.getElementById('ribbon-section').dataset.state === 'ready' && state.game.id === 'ege-2027-demo'`)
	if got := eval[string](b, hiddenNow); got != "" {
		t.Fatalf("before practice the page hides %q", got)
	}
	b.practiseTask20()
	none := b.practiseTask21()
	b.practiseVariant()
	other := b.practiceLink(none)
	b.practiseNoValue(other)
	b.checkErrors()
	b.open() // in the browser's language again, for the scenarios after
}

// practiseTask20 practises the demo's task 20: the answer, its reason and
// the tree stay hidden while a wrong answer is refused, and show once a
// right one (in another order, spaced otherwise) is accepted.
func (b *browser) practiseTask20() {
	t := b.t
	b.click(`#practice-toggle`)
	b.ask("20")
	// The demo's file says its answers in a comment: hidden while practising.
	if got := eval[string](b, `['source', 'source-hidden'].map(id => getComputedStyle(document.getElementById(id)).display).join(' ')`); got != "none block" {
		t.Errorf("practising, the game file and its notice are %q, want hidden and shown", got)
	}
	if got := eval[string](b, hiddenNow); got != "ribbon answer reason tree-section" {
		t.Errorf("practising task 20, the page hides %q", got)
	}
	b.shot("asked")
	if got := b.answerPractice("28"); got != "wrong" {
		t.Errorf("the answer 28 (of 28 48): verdict %q", got)
	}
	if got := b.answerPractice("twenty eight"); got != "unread" {
		t.Errorf("words for numbers: verdict %q", got)
	}
	if got := eval[string](b, hiddenNow); got != "ribbon answer reason tree-section" {
		t.Errorf("after a wrong answer, the page hides %q", got)
	}
	b.shot("wrong")
	if got := b.answerPractice(" 48,  28 "); got != "right" {
		t.Errorf("the answer 48, 28: verdict %q", got)
	}
	if got := eval[string](b, hiddenNow); got != "" {
		t.Errorf("after the right answer, the page hides %q", got)
	}
	// The reason, one line a value of the answer.
	reason := eval[string](b, `document.getElementById('reason').textContent`)
	if lines := strings.Split(reason, "\n"); len(lines) != 2 || !strings.HasPrefix(lines[0], "S = 28: ") || !strings.HasPrefix(lines[1], "S = 48: ") ||
		!strings.Contains(reason, b.word("Petya")) {
		t.Errorf("the reason of task 20: %q", reason)
	}
	b.shot("right")
}

// practiseTask21 practises task 21: hidden again; "none" is refused, and
// the answer shown on request. It returns none in the page's language.
func (b *browser) practiseTask21() string {
	t := b.t
	b.ask("21")
	if got := eval[string](b, hiddenNow); got != "ribbon answer reason tree-section" {
		t.Errorf("practising task 21, the page hides %q", got)
	}
	none := map[string]string{"en": "none", "ru": "нет"}[b.lang]
	if got := b.answerPractice(none); got != "wrong" {
		t.Errorf("the answer %q to task 21: verdict %q", none, got)
	}
	b.click(`#practice-show`)
	if got := eval[string](b, `document.getElementById('practice-verdict').dataset.verdict + ' ' + document.getElementById('answer').dataset.answer`); got != "shown 44" {
		t.Errorf("shown on request: %q", got)
	}
	if got := eval[string](b, hiddenNow); got != "" {
		t.Errorf("after the answer is shown, the page hides %q", got)
	}
	return none
}

// practiseVariant asks for another variant while practising: its key
// waits until 19, 20 and 21 are checked; the tasks in words show.
func (b *browser) practiseVariant() {
	t := b.t
	b.click(`#another-variant`)
	b.wait("the variant", `document.getElementById('variant').dataset.state === 'ready' && state.game.id === 'own' && `+
		`state.game.text === state.variantText && document.getElementById('ribbon-section').dataset.state === 'ready'`)
	if got := eval[string](b, `[...document.querySelectorAll('#variant .variant-key')].map(e => getComputedStyle(e).display).join(' ') + ' / ' + getComputedStyle(document.querySelector('#variant details')).display`); !strings.HasPrefix(got, "none") || strings.Contains(got, "/ none") {
		t.Errorf("the variant's key and tasks display as %q", got)
	}
	if got := eval[string](b, hiddenNow); got != "ribbon answer reason tree-section" {
		t.Errorf("practising the variant's task 21, the page hides %q", got)
	}
	b.shot("variant")
}

// practiceLink opens the variant's practice link, which holds the game,
// the language, the task and the flag, and no start of the tree, which is an
// answer: it opens as it was, none (in the page's language) the right
// answer; then it opens the link in the other language, which it returns.
func (b *browser) practiceLink(none string) string {
	t := b.t
	b.click(`#copy-link`)
	link := eval[string](b, `state.copied`)
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := url.ParseQuery(u.Fragment)
	if h.Get("pr") != "1" || h.Get("l") != b.lang || h.Get("g") == "" || h.Get("q") != "21" || h.Has("s") {
		t.Errorf("the practice link's fragment %q", u.Fragment)
	}
	want := eval[string](b, `state.query.answer.text`)
	b.do("open the link", chromedp.Navigate("about:blank"), chromedp.Navigate(link))
	b.waitReload("the page", `document.body.dataset.ready === 'true' && document.getElementById('ribbon-section').dataset.state === 'ready'`)
	if got := eval[string](b, hiddenNow); got != "ribbon answer reason tree-section" {
		t.Errorf("the practice link opens hiding %q", got)
	}
	if got := b.answerPractice(strings.ReplaceAll(want, "none", none)); got != "right" {
		t.Errorf("the answer %q on the practice link: verdict %q", want, got)
	}
	// The link in the other language opens in it.
	other := map[string]string{"en": "ru", "ru": "en"}[b.lang]
	h.Set("l", other)
	u.Fragment = h.Encode()
	b.do("open the link in the other language", chromedp.Navigate("about:blank"), chromedp.Navigate(u.String()))
	b.waitReload("the page", fmt.Sprintf(`document.body.dataset.ready === 'true' && document.documentElement.lang === %q`, other))
	b.shot("other-language")
	return other
}

// practiseNoValue practises an answer of no value, the page in the
// language other: «none» in the page's language is right.
func (b *browser) practiseNoValue(other string) {
	t := b.t
	b.ownGame("name  = \"One step\"\npiles = [\"x\"]\nmoves = [\"x + 1\"]\nend    = \"x >= 2\"\nwinner = \"mover\"\n\n[start]\nx = \"S\"\n\n[params]\nS = \"1..1\"\n")
	b.ask("19")
	if got := b.answerPractice("1"); got != "wrong" {
		t.Errorf("the answer 1 where none qualifies: verdict %q", got)
	}
	noneOther := map[string]string{"en": "none", "ru": "нет"}[other]
	if got := b.answerPractice(strings.ToUpper(noneOther)); got != "right" {
		t.Errorf("the answer %q where none qualifies: verdict %q", noneOther, got)
	}
	if got := eval[string](b, `document.getElementById('practice-verdict').textContent`); !strings.Contains(got, noneOther) {
		t.Errorf("the verdict %q does not say %q", got, noneOther)
	}
}
