package explorer

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The harness of the end-to-end tests (page_e2e_test.go): a headless
// Chromium with a page of the explorer open, served or static, and retro
// built from this source tree for what they compare with the command line.

var shotsFlag = flag.Bool("shots", false, "TestExplorerE2E: save a screenshot of every step under artifacts/e2e/, not only of a failed one")

// chromiumPath finds a Chromium: $CHROMIUM, /usr/bin/chromium, or one on
// the PATH.
func chromiumPath() string {
	for _, p := range []string{os.Getenv("CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if p == "" {
			continue
		}
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p
		}
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser is one headless Chromium with a page of the explorer open.
type browser struct {
	t      *testing.T
	ctx    context.Context
	url    string
	shots  string
	lang   string // the page's language: en, ru
	opened bool   // the page was opened (open)
	mu     sync.Mutex
	errors []string // exceptions and console errors of the page
}

// needChromium skips the test without a chromium, or fails it under CI,
// and skips it under -short.
func needChromium(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the end-to-end tests take minutes of a browser's time")
	}
	path := chromiumPath()
	if path == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI=true but no chromium was found (/usr/bin/chromium): .ci/install-browser should have installed it")
		}
		t.Skip("no chromium found (/usr/bin/chromium, $CHROMIUM or the PATH): run .ci/install-browser to run the end-to-end tests")
	}
	return path
}

// servedURL serves the explorer as retro serve does.
func servedURL(t *testing.T) string {
	srv := httptest.NewServer(Handler(context.Background(), testOptions()))
	t.Cleanup(srv.Close)
	return srv.URL
}

// built is retro, built once for the tests that compare the page with the
// command line, and the static explorer it writes (retro site).
var built struct {
	once, siteOnce sync.Once
	root           string // the temporary folder, removed by TestMain
	retro, site    string
	err, siteErr   error
}

// retroBinary returns the path of retro, built from this source tree.
func retroBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.root, built.err = os.MkdirTemp("", "retro-e2e-"); built.err != nil {
			return
		}
		built.retro = filepath.Join(built.root, "retro")
		if out, err := exec.Command("go", "build", "-o", built.retro, "retro/cmd/retro").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build retro/cmd/retro: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.retro
}

// runRetro runs retro with the arguments.
func runRetro(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb strings.Builder
	cmd := exec.Command(retroBinary(t), args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

// staticURL is the static explorer, written once by retro site, opened
// from disk.
func staticURL(t *testing.T) string {
	t.Helper()
	retro := retroBinary(t)
	built.siteOnce.Do(func() {
		built.site = filepath.Join(built.root, "explorer")
		if out, err := exec.Command(retro, "site", built.site).CombinedOutput(); err != nil {
			built.siteErr = fmt.Errorf("retro site: %v: %s", err, out)
		}
	})
	if built.siteErr != nil {
		t.Fatal(built.siteErr)
	}
	return "file://" + filepath.ToSlash(built.site) + "/index.html"
}

// TestMain runs the tests, then removes what they built.
func TestMain(m *testing.M) {
	code := m.Run()
	if built.root != "" {
		os.RemoveAll(built.root)
	}
	os.Exit(code)
}

func newBrowser(t *testing.T, url, lang string) *browser {
	t.Helper()
	path := needChromium(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
		chromedp.Flag("lang", lang),
		chromedp.Flag("accept-lang", lang),
		// Baseline-compiled WebAssembly only: each page load of the static
		// explorer would otherwise spend seconds of CPU optimising the
		// whole engine in the background, which the tests do not need.
		chromedp.Flag("js-flags", "--liftoff-only"),
		chromedp.Env("LANGUAGE="+lang, "LANG="+lang+".UTF-8"),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 240*time.Second)
	t.Cleanup(func() { cancelT(); cancelB(); cancelA() })

	b := &browser{t: t, ctx: ctx, url: url, lang: lang, shots: artifactsDir(t)}
	if err := chromedp.Listen(ctx, b.listen); err != nil {
		t.Fatalf("chromium %s does not start: %v", path, err)
	}
	return b
}

// word is a word of the page in its language.
func (b *browser) word(en string) string {
	if b.lang == "ru" {
		if w, ok := ruWords[en]; ok {
			return w
		}
		b.t.Fatalf("no Russian for %q in the test", en)
	}
	return en
}

// ruWords are the words the tests look for, in Russian.
var ruWords = map[string]string{"Petya": "Петя", "Vanya": "Ваня", "Petya wins": "Побеждает Петя", "Stopped": "Остановлено"}

func (b *browser) listen(ev any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch ev := ev.(type) {
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		msg := d.Text
		if d.Exception != nil {
			msg += " " + d.Exception.Description
		}
		b.errors = append(b.errors, fmt.Sprintf("exception at %s:%d:%d: %s", d.URL, d.LineNumber+1, d.ColumnNumber+1, msg))
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError {
			var parts []string
			for _, a := range ev.Args {
				parts = append(parts, string(a.Value)+a.Description)
			}
			b.errors = append(b.errors, "console error: "+strings.Join(parts, " "))
		}
	}
}

// checkErrors fails the test for every error the page reported.
func (b *browser) checkErrors() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, e := range b.errors {
		b.t.Errorf("page: %s", e)
	}
	b.errors = nil
}

// artifactsDir is artifacts/e2e/ at the module's root (gitignored).
func artifactsDir(t *testing.T) string {
	dir, _ := os.Getwd()
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			dir = d
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	out := filepath.Join(dir, "artifacts", "e2e")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Logf("no screenshots: %v", err)
		return ""
	}
	return out
}

func (b *browser) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		b.shot("failed")
		b.t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression.
func eval[T any](b *browser, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.shot("failed")
		b.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// wait polls a JavaScript condition until it holds.
func (b *browser) wait(what, cond string) {
	b.t.Helper()
	if _, err := chromedp.Run(b.ctx, chromedp.Poll[chromedp.Void](cond, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		b.shot("failed")
		b.t.Fatalf("waiting for %s (%s): %v", what, cond, err)
	}
}

// waitReload waits for a condition across a reload of the page: the
// page's context may go and come back meanwhile.
func (b *browser) waitReload(what, cond string) {
	b.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		v, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`(() => { try { return !!(`+cond+`); } catch (e) { return false; } })()`))
		if err == nil && v {
			return
		}
		if time.Now().After(deadline) {
			b.shot("failed")
			b.t.Fatalf("waiting for %s (%s): %v", what, cond, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (b *browser) click(sel string) {
	b.t.Helper()
	b.do("click "+sel, chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible))
}

// set gives a form field a value and tells the page, as typing would.
func (b *browser) set(sel, value string) {
	b.t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q;
		e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`, sel, value)
	eval[bool](b, js)
}

// shot saves a screenshot of the page: always when the step failed,
// otherwise with -shots.
func (b *browser) shot(name string) {
	if b.shots == "" || name != "failed" && !*shotsFlag {
		return
	}
	buf, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Logf("screenshot %s: %v", name, err)
		return
	}
	path := filepath.Join(b.shots, strings.ReplaceAll(strings.TrimPrefix(b.t.Name(), "TestExplorerE2E/"), "/", "-")+"-"+name+".png")
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		b.t.Logf("screenshot %s: %v", name, err)
	}
}

// open loads the page and waits for the demo preset, which it opens with.
func (b *browser) open() {
	b.opened = true
	start := time.Now()
	b.do("open the page", chromedp.Navigate(b.url))
	// The page before it (a reload the last step started, say) may still
	// be going away: its context can vanish under a first look.
	b.waitReload("the page", `document.body.dataset.ready === 'true'`)
	b.wait("the first ribbon", `document.getElementById('ribbon-section').dataset.state === 'ready'`)
	b.t.Logf("the first answer %v after opening the page", time.Since(start).Round(time.Millisecond))
}

// carryOn goes on from the page as the scenario before left it, and opens
// it only when there is none yet (a scenario run alone, with -run): for a
// scenario whose checks do not need a fresh page, since each load of the
// static explorer unpacks and compiles its engine again.
func (b *browser) carryOn() {
	if !b.opened {
		b.open()
	}
}

// useOwnGame writes a game into the game file and, once it is checked,
// chooses it as one's own game.
func (b *browser) useOwnGame(text string) {
	b.t.Helper()
	b.set(`#source`, text)
	b.wait("the game checked", `state.ownText === document.getElementById('source').value && !document.getElementById('own-game').disabled`)
	b.click(`#own-game`)
}

// ownGame chooses a game of one's own and waits for its ribbon.
func (b *browser) ownGame(text string) {
	b.t.Helper()
	b.useOwnGame(text)
	b.wait("its ribbon", `document.getElementById('ribbon-section').dataset.state === 'ready' && document.getElementById('own-game').getAttribute('aria-pressed') === 'true'`)
}

// ask chooses a task and waits for its ribbon.
func (b *browser) ask(task string) {
	b.click(fmt.Sprintf(`input[name="task"][value=%q]`, task))
	b.wait("the ribbon of task "+task, fmt.Sprintf(
		`(s => s.dataset.state === 'ready' && s.dataset.task === %q)(document.getElementById('ribbon-section'))`, task))
}
