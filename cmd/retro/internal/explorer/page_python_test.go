package explorer

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"retro/rules"
)

// Copy as Python against retro ege --plain: the program the page writes
// for a game, run by python3, prints what retro ege --plain prints, for
// the built-in games it can write and for random games of the kinds it
// covers: one or two piles, a restriction (no-repeat-opponent or
// no-repeat-own) or none, the exam's count or Lebedev's, the last mover
// winning, losing (misère) or winning at some totals only (the overshoot
// rule, Lebedev's "multiple of 4"), commands of one move or grouped.

// needPython is python3's path: the test is skipped without it, unless
// CI=true, where its absence is a failure.
func needPython(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI=true but python3 is not on PATH")
		}
		t.Skip("no python3 on PATH")
	}
	return path
}

// pythonOf asks the page for the Python program of a game file, as Copy
// as Python writes it from the constructor: the program, or "refused:"
// and why.
const pythonOf = `(async (text) => {
  let c;
  try {
    c = await api('/api/check', {game: text});
    // A [bounds] box without a start: the page asks about its starts.
    if (c.explore) c = await api('/api/check', {game: c.explore});
  } catch (e) { return 'refused: ' + (e.message || e.code); }
  if (!c.form) return 'refused: the constructor cannot show it: ' + c.why;
  const r = pythonProgram(formFromServer(c.form));
  return r.prog || 'refused: ' + r.why;
})(%q)`

// randomPythonGame is a game of the kinds Copy as Python covers, drawn
// from rng.
func randomPythonGame(rng *rand.Rand) string {
	between := func(lo, hi int) int { return lo + rng.IntN(hi-lo+1) }
	piles := between(1, 2)
	total, names := "x", []string{"x"}
	if piles == 2 {
		total, names = "a + b", []string{"a", "b"}
	}
	var moves []string
	for len(moves) < 3 {
		m := fmt.Sprintf("+%d", between(1, 4))
		if rng.IntN(2) == 0 {
			m = fmt.Sprintf("*%d", between(2, 3))
		}
		if piles == 1 {
			m = "x " + m[:1] + " " + m[1:]
		} else {
			m = "each " + m
		}
		if q := fmt.Sprintf("%q", m); !slices.Contains(moves, q) {
			moves = append(moves, q)
		}
	}
	moves = moves[:between(2, 3)]
	end := between(20, 60)
	var b strings.Builder
	fmt.Fprintf(&b, "name  = \"random\"\npiles = [%q", names[0])
	if piles == 2 {
		fmt.Fprintf(&b, ", %q", names[1])
	}
	b.WriteString("]\n")
	grouped := len(moves) == 3 && rng.IntN(2) == 0
	if !grouped {
		fmt.Fprintf(&b, "moves = [%s]\n", strings.Join(moves, ", "))
	}
	fmt.Fprintf(&b, "end    = \"%s >= %d\"\n", total, end)
	winner := []string{"mover", "other", fmt.Sprintf("mover if %s <= %d else other", total, end+between(0, 20)),
		fmt.Sprintf("mover if %s %% 4 == 0 else other", total)}[rng.IntN(4)]
	fmt.Fprintf(&b, "winner = %q\n", winner)
	if allow := []string{"", "no-repeat-opponent", "no-repeat-own"}[rng.IntN(3)]; allow != "" {
		fmt.Fprintf(&b, "allow  = %q\n", allow)
	}
	if rng.IntN(2) == 0 {
		b.WriteString("count  = \"lebedev\"\n")
	}
	if grouped {
		fmt.Fprintf(&b, "\n[commands]\nfirst = [%s, %s]\nsecond = [%s]\n", moves[0], moves[1], moves[2])
	}
	hi := end - 1
	if piles == 2 {
		fixed := between(1, 9)
		fmt.Fprintf(&b, "\n[start]\na = %d\nb = \"S\"\n", fixed)
		hi = end - fixed - 1
	} else {
		b.WriteString("\n[start]\nx = \"S\"\n")
	}
	fmt.Fprintf(&b, "\n[params]\nS = \"1..%d\"\n", hi)
	return b.String()
}

// checkPython runs the page's program of a game file with python3 and
// compares what it prints with retro ege --plain; refused is whether the
// page declined to write it.
func (b *browser) checkPython(python, name, text string) (refused bool) {
	t := b.t
	prog, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](fmt.Sprintf(pythonOf, text), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if strings.HasPrefix(prog, "refused: ") {
		t.Logf("%s: %s", name, prog)
		return true
	}
	dir := t.TempDir()
	game, py := filepath.Join(dir, "game.toml"), filepath.Join(dir, "game.py")
	if err := os.WriteFile(game, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(py, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := exec.Command(python, py).CombinedOutput()
	if err != nil {
		t.Errorf("%s: python3: %v\n%s\n%s", name, err, got, prog)
		return false
	}
	want, errs, code := runRetro(t, "ege", "--plain", game)
	if code != 0 {
		t.Fatalf("%s: retro ege: %s\n%s", name, errs, text)
	}
	if string(got) != want {
		t.Errorf("%s: the Python program prints\n%s\nretro ege --plain:\n%s\n%s\n%s", name, got, want, text, prog)
	}
	return false
}

// pythonScenario copies the built-in games that fit as Python, by the
// button for two of them; checks the program of every built-in game and of
// random games against retro ege; and checks the refusal of a game it
// cannot write.
func pythonScenario(b *browser) {
	t := b.t
	python := needPython(t)
	b.carryOn()
	for _, game := range []string{"ege-2027-demo", "ege-bank-one-pile"} {
		b.click(fmt.Sprintf(`button[data-id=%q]`, game))
		b.wait("the game in the constructor", fmt.Sprintf(`state.formText === state.game.text && state.game.id === %q`, game))
		b.click(`#copy-python`)
		prog := eval[string](b, `state.copied || ''`)
		eval[bool](b, `(state.copied = '', true)`)
		if !strings.Contains(prog, "def win(") {
			t.Fatalf("%s: the button copied %q", game, prog)
		}
	}
	written := 0
	for _, name := range rules.BuiltinNames() {
		src, _ := rules.Builtin(name)
		if !b.checkPython(python, name, string(src)) {
			written++
		}
	}
	// The exam's three games, Lebedev's two (no-repeat-opponent, his count)
	// and up-and-down (no-repeat-opponent, a box).
	if written < 6 {
		t.Errorf("only %d built-in games written as Python", written)
	}
	seed := rand.Uint64()
	if os.Getenv("CI") == "true" {
		seed = 1 // the same games in every run of CI
	}
	t.Logf("random games: seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 7))
	for k := range 10 {
		text := randomPythonGame(rng)
		if b.checkPython(python, fmt.Sprintf("random game %d", k), text) {
			t.Errorf("random game %d: the page refused a game it covers:\n%s", k, text)
		}
	}
	// A game the functions cannot say: the refusal names what it has, and
	// goes when the game is edited.
	b.useOwnGame("name  = \"Own restriction\"\npiles = [\"x\"]\nmoves = [\"x + 1\", \"x * 2\"]\nend    = \"x >= 30\"\nwinner = \"mover\"\n" +
		"allow  = \"cmd != last or last == none\"\n\n[start]\nx = \"S\"\n\n[params]\nS = \"1..29\"\n")
	b.wait("the game in the constructor", `state.formText === state.game.text && state.game.id === "own"`)
	b.click(`#copy-python`)
	if got := eval[string](b, `document.getElementById('copied').textContent`); !strings.Contains(got, "Python") || !strings.Contains(got, "(allow)") {
		t.Errorf("the refusal of copy as Python: %q", got)
	}
	eval[bool](b, `(e => (e.value += '\n', e.dispatchEvent(new Event('input')), true))(document.getElementById('source'))`)
	if got := eval[string](b, `document.getElementById('copied').textContent`); got != "" {
		t.Errorf("after an edit, the page still says %q", got)
	}
	b.checkErrors()
}
