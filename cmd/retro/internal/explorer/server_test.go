package explorer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"retro/retro/retrotest"
)

// The API of retro serve, over HTTP with httptest.

// testOptions are the default options, with 4 GiB for all solves at once.
func testOptions() Options { return DefaultOptions(4 << 30) }

func newTestServer(t *testing.T, opt Options) (*server, *httptest.Server) {
	t.Helper()
	s := newServer(context.Background(), opt)
	ts := httptest.NewServer(s.handler())
	t.Cleanup(ts.Close)
	return s, ts
}

// post sends a JSON body and decodes the answer into v (when not nil); it
// returns the status.
func post(t *testing.T, ts *httptest.Server, path string, body any, v any) int {
	t.Helper()
	var raw []byte
	switch b := body.(type) {
	case string:
		raw = []byte(b)
	default:
		var err error
		if raw, err = json.Marshal(body); err != nil {
			t.Fatal(err)
		}
	}
	resp, err := http.Post(ts.URL+path, "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("%s: Content-Type %q", path, ct)
	}
	if v != nil {
		if err := json.Unmarshal(data, v); err != nil {
			t.Fatalf("%s: %v in %s", path, err, data)
		}
	}
	return resp.StatusCode
}

// apiErr is the error form of every endpoint.
type apiErr struct {
	Error errorJSON `json:"error"`
}

// wantError posts and checks the status and the error code.
func wantError(t *testing.T, ts *httptest.Server, path string, body any, status int, code string) errorJSON {
	t.Helper()
	var e apiErr
	if got := post(t, ts, path, body, &e); got != status || e.Error.Code != code {
		t.Errorf("%s %.60v: status %d code %q (%s), want %d %q", path, body, got, e.Error.Code, e.Error.Message, status, code)
	}
	if e.Error.Message == "" {
		t.Errorf("%s: an error without a message", path)
	}
	return e.Error
}

func TestServeStatic(t *testing.T) {
	_, ts := newTestServer(t, testOptions())
	for path, want := range map[string]string{"/": "<title>retro", "/app.js": "use strict", "/style.css": "--w:",
		"/favicon.svg": "<svg", "/favicon.ico": "<svg"} {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("GET %s: %d, lacks %q", path, resp.StatusCode, want)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("GET %s: CSP %q", path, csp)
		}
	}
	// The page loads nothing from elsewhere.
	for _, f := range []string{"web/index.html", "web/app.js", "web/style.css"} {
		b, _ := webFS.ReadFile(f)
		if bytes.Contains(b, []byte("http://")) || bytes.Contains(b, []byte("https://")) {
			t.Errorf("%s names an address", f)
		}
	}
	resp, _ := http.Get(ts.URL + "/no-such-file")
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("GET /no-such-file: %d", resp.StatusCode)
	}
	resp, _ = http.Get(ts.URL + "/api/query")
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET /api/query: %d, want 405", resp.StatusCode)
	}
}

// On loopback, a request addressed to a name other than localhost is
// refused: a foreign page cannot reach the server by rebinding its name.
func TestServeHost(t *testing.T) {
	s, ts := newTestServer(t, testOptions())
	s.localOnly = true
	for host, want := range map[string]int{"evil.example:80": 421, "evil.example": 421, "localhost:8080": 200,
		"127.0.0.1:8080": 200, "[::1]:8080": 200} {
		req, _ := http.NewRequest("GET", ts.URL+"/api/tasks", nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Host %s: %d, want %d", host, resp.StatusCode, want)
		}
	}
}

func TestServeCaps(t *testing.T) {
	opt := testOptions()
	opt.MaxPositions = 1000
	_, ts := newTestServer(t, opt)
	big := "piles = [\"x\"]\nmoves = [\"x - 1\"]\nend = \"x <= 0\"\n[start]\nx = \"S\"\n[params]\nS = \"1..5000\"\n"
	e := wantError(t, ts, "/api/query", map[string]any{"game": big, "task": "20"}, 422, "too-big")
	if !strings.Contains(e.Message, "1000 positions") {
		t.Errorf("message %q", e.Message)
	}
	// Under the position cap, but with 999·1000/2 moves between its positions:
	// the cap of the moves generated stops it first.
	dense := "piles = [\"x\"]\nmoves = [\"x - k for k in 1..x\"]\n[start]\nx = \"S\"\n[params]\nS = \"1..999\"\n"
	e = wantError(t, ts, "/api/query", map[string]any{"game": dense, "question": "win"}, 422, "too-big")
	if !strings.Contains(e.Message, "more than 192000 moves") {
		t.Errorf("message %q", e.Message)
	}
	endless := "piles = [\"x\"]\nmoves = [\"x + 1\"]\n[start]\nx = \"S\"\n[params]\nS = \"1..5\"\n"
	wantError(t, ts, "/api/tree", map[string]any{"game": endless, "position": "1"}, 422, "too-big")
	// Too many instances: one game per value of n.
	wantError(t, ts, "/api/query", map[string]any{"game": retrotest.BuiltinText(t, "multiplication-game"), "question": "win"}, 422, "too-big")
	// Ranges too wide are refused before anything is made of them.
	huge := "piles = [\"x\"]\nmoves = [\"x - k for k in 1..n\"]\nend = \"x <= 0\"\n[start]\nx = \"S\"\n[params]\nn = \"1..4000000\"\nS = \"1..3\"\n"
	wantError(t, ts, "/api/query", map[string]any{"game": huge, "question": "win"}, 422, "too-big")
	wide := "piles = [\"x\"]\nmoves = [\"x - 1\"]\nend = \"x <= 0\"\n[start]\nx = \"S\"\n[params]\nS = \"1..4000000000000\"\n"
	wantError(t, ts, "/api/query", map[string]any{"game": wide, "question": "win"}, 422, "too-big")
	// Several instances share the cap.
	shared := "piles = [\"x\"]\nmoves = [\"x - 1\"]\nend = \"x <= n\"\n[start]\nx = \"S\"\n[params]\nn = \"0..9\"\nS = \"1..150\"\n"
	wantError(t, ts, "/api/query", map[string]any{"game": shared, "question": "win"}, 422, "too-big")

	// The time limit.
	opt = testOptions()
	opt.Timeout = time.Nanosecond
	_, ts = newTestServer(t, opt)
	var e2 apiErr
	if st := post(t, ts, "/api/query", map[string]any{"game": retrotest.BuiltinText(t, "ege-2027-demo"), "task": "20"}, &e2); st != 503 ||
		(e2.Error.Code != "timeout" && e2.Error.Code != "busy") {
		t.Errorf("1ns: status %d, %+v", st, e2.Error)
	}
}

// Many requests at once, on few games: the answers agree, each game is
// solved once, and the cache keeps to its budget.
func TestServeConcurrent(t *testing.T) {
	opt := testOptions()
	opt.cacheBudget = 3000
	s, ts := newTestServer(t, opt)
	games := []string{retrotest.BuiltinText(t, "ege-2027-demo"), retrotest.BuiltinText(t, "ege-bank-one-pile")}
	want := []string{"28 48", "127 128"}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for k := 0; k < 16; k++ {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			var q queryResp
			g := k % 2
			if st := post(t, ts, "/api/query", map[string]string{"game": games[g], "task": "20"}, &q); st != 200 || q.Answer.Text != want[g] {
				errs <- fmt.Sprintf("request %d: %d %q", k, st, q.Answer.Text)
			}
			var p PositionResponse
			if st := post(t, ts, "/api/position", map[string]any{"game": games[g], "start": q.Answer.Values[0], "width": q.Width}, &p); st != 200 || p.Position.Outcome != "W" {
				errs <- fmt.Sprintf("position %d: %d %+v", k, st, p.Position)
			}
		}(k)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.held > opt.cacheBudget && s.lru.Len() > 1 {
		t.Errorf("the cache holds %d positions in %d games, over its budget %d", s.held, s.lru.Len(), opt.cacheBudget)
	}
	if s.lru.Len() != len(s.cache) {
		t.Errorf("lru %d, map %d", s.lru.Len(), len(s.cache))
	}
}

// The explorer's limits: what one request may cost the server.

// A position the starts do not reach, however large, is answered or
// refused with a message; it never makes the index allocate the box
// between it and the starts (one such request killed the server).
func TestServeHugePositions(t *testing.T) {
	opt := testOptions()
	opt.MaxPositions = 200000
	_, ts := newTestServer(t, opt)
	demo, bank := retrotest.BuiltinText(t, "ege-2027-demo"), retrotest.BuiltinText(t, "ege-bank-one-pile")
	cases := []struct {
		game, position string
		status         int
		want           string // in the message, or the position's text
	}{
		{demo, "1000000,1000000", 200, "(1000000, 1000000)"}, // final: the game is over there
		{demo, "17,1000000000000", 200, "(17, 1000000000000)"},
		{demo, "17,9223372036854775807", 422, "overflow"},
		{bank, "9223372036854775807", 422, "200000 positions"}, // every x below it: the cap
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for _, c := range cases {
		for _, path := range []string{"/api/position", "/api/tree"} {
			var e apiErr
			var p PositionResponse
			body := map[string]any{"game": c.game, "position": c.position}
			if c.status == 200 {
				if st := post(t, ts, path, body, nil); st != 200 {
					t.Errorf("%s %s: status %d", path, c.position, st)
				}
				if path == "/api/position" {
					post(t, ts, path, body, &p)
					if p.Position == nil || p.Position.Text != c.want {
						t.Errorf("%s %s: %+v", path, c.position, p.Position)
					}
				}
				continue
			}
			if st := post(t, ts, path, body, &e); st != c.status || !strings.Contains(e.Error.Message, c.want) {
				t.Errorf("%s %s: status %d, %q; want %d and %q", path, c.position, st, e.Error.Message, c.status, c.want)
			}
		}
	}
	runtime.ReadMemStats(&after)
	if d := after.TotalAlloc - before.TotalAlloc; d > 4<<30 {
		t.Errorf("%d bytes allocated by 8 requests", d)
	}
}

// Games of a huge fan-out are refused within the server's limits, and free
// their solving slot: x + k for k in 1..10^6 got 503 after 37 s (the limit
// 20 s), (x + k) % 1000 no answer for minutes while it held a slot.
func TestServeFanOut(t *testing.T) {
	fan := "piles = [\"x\"]\nmoves = [\"x + k for k in 1..1000000\"]\nend = \"x >= 10**9\"\n[start]\nx = \"S\"\n[params]\nS = \"1..3\"\n"
	mod := "piles = [\"x\"]\nmoves = [\"(x + k) % 1000 for k in 1..1000000\"]\n[start]\nx = \"S\"\n[params]\nS = \"1..3\"\n"
	// The move cap: 20 000 positions allow 3 840 000 moves generated.
	opt := testOptions()
	opt.MaxPositions = 20000
	_, ts := newTestServer(t, opt)
	// The first passes the position cap after a few of its positions; the
	// second has 1000 positions and a thousand million moves.
	for g, want := range map[string]string{fan: "more than 20000 positions", mod: "more than 3840000 moves"} {
		e := wantError(t, ts, "/api/query", map[string]any{"game": g, "task": "20"}, 422, "too-big")
		if !strings.Contains(e.Message, want) {
			t.Errorf("message %q, want %q", e.Message, want)
		}
	}
	// The time limit, checked within the moves of a level: two requests at
	// once hold both slots until their deadline, then a game is solved.
	opt = testOptions()
	opt.Timeout = 300 * time.Millisecond
	s, ts := newTestServer(t, opt)
	var wg sync.WaitGroup
	for _, g := range []string{fan, mod} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			var e apiErr
			st := post(t, ts, "/api/query", map[string]any{"game": g, "task": "20"}, &e)
			if st != 503 && st != 422 {
				t.Errorf("status %d, %+v", st, e.Error)
			}
			if d := time.Since(start); d > 10*opt.Timeout {
				t.Errorf("answered after %v, the limit %v", d, opt.Timeout)
			}
		}()
	}
	wg.Wait()
	// The requests have answered by their limit; their solves, cancelled
	// then, free their slots within moments.
	for gaveUp := time.Now(); len(s.sem) > 0; time.Sleep(10 * time.Millisecond) {
		if time.Since(gaveUp) > 10*time.Second {
			t.Fatalf("%d solving slots still held 10 s after their requests answered", len(s.sem))
		}
	}
	small := "piles = [\"x\"]\nmoves = [\"x - 1\", \"x - 2\"]\nend = \"x <= 0\"\n[start]\nx = \"S\"\n[params]\nS = \"1..20\"\n"
	var q QueryResponse
	if st := post(t, ts, "/api/query", map[string]any{"game": small, "question": "win"}, &q); st != 200 {
		t.Errorf("a small game after the slow ones: status %d", st)
	}
}

// Paths that are not UTF-8, overlong encodings among them, or that no file
// can have, are a bad request or not found, never an internal error.
func TestServeBadPaths(t *testing.T) {
	_, ts := newTestServer(t, testOptions())
	for path, want := range map[string]int{"/%ff%fe": 400, "/%c0%af": 400, "/%c0%ae%c0%ae/": 400, "/%e0%80%af": 400,
		"/app.js%00": 404, "/style.css": 200} {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("GET %s: %d, want %d", path, resp.StatusCode, want)
		}
	}
}

// A solve of the compiled path (3 000 moves a position, 1.9 million
// positions) ends with the requests that wait for it: a request given up
// by its client frees the solving slot within moments, not at the
// server's limit (it held one for over 300 s), and a request answers by
// its limit.
func TestServeSolveEndsWithRequest(t *testing.T) {
	big := "piles = [\"x\"]\nmoves = [\"x + k for k in 1..3000\"]\nend = \"x >= 1900000\"\n[start]\nx = 1\n"
	opt := testOptions()
	opt.MaxPositions = 40_000_000 // a move cap of 7.7·10^9: not what stops it
	s, ts := newTestServer(t, opt)
	raw, err := json.Marshal(map[string]any{"game": big, "position": "1", "depth": 1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/tree", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
		t.Fatalf("the tree of a game of minutes answered %s in 0.3 s", resp.Status)
	}
	gaveUp := time.Now()
	for len(s.sem) > 0 || s.cacheLen() > 0 {
		if time.Since(gaveUp) > 10*time.Second {
			t.Fatalf("the solve still holds %d slots 10 s after its request was given up", len(s.sem))
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The limit: the answer comes when it passes, whatever the solve does.
	opt.Timeout = time.Second
	_, ts = newTestServer(t, opt)
	began := time.Now()
	wantError(t, ts, "/api/tree", map[string]any{"game": big, "position": "1", "depth": 1}, 503, "timeout")
	if d := time.Since(began); d > 3*opt.Timeout {
		t.Errorf("answered after %v, the limit %v", d, opt.Timeout)
	}
}

// cacheLen is the number of games cached or being solved.
func (s *server) cacheLen() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.cache)
}

// A refusal says where it is shown: on the server it names the flag of
// retro serve that sets the cap, on the static page (RunEngine) the page's
// cap and what runs the game on a machine instead; otherwise the two say
// the same. Each cap is met by a request to a server of each place.
func TestRefusalsSayWhere(t *testing.T) {
	big := "piles = [\"x\"]\nmoves = [\"x - 1\"]\nend = \"x <= 0\"\n[start]\nx = \"S\"\n[params]\nS = \"1..5000\"\n"
	// 999 positions, 39 moves from most: over 32 a position on average.
	fan := "piles = [\"x\"]\nmoves = [\"x - k for k in 1..40\"]\nend = \"x <= 0\"\n[start]\nx = \"S\"\n[params]\nS = \"1..999\"\n"
	dense := "piles = [\"x\"]\nmoves = [\"x - k for k in 1..x\"]\n[start]\nx = \"S\"\n[params]\nS = \"1..999\"\n"
	demo := retrotest.BuiltinText(t, "ege-2027-demo")
	cases := []struct {
		name  string
		opt   func(*Options)
		path  string
		body  map[string]any
		flag  string // the flag of retro serve the server names, "" none
		instd string // the flag, with its argument, the page names for a machine, "" none
	}{
		{"positions", func(o *Options) { o.MaxPositions = 1000 }, "/api/query", map[string]any{"game": big, "task": "20"}, "--max-positions", "--max-positions N"},
		{"edges", func(o *Options) { o.MaxPositions = 1000 }, "/api/query", map[string]any{"game": fan, "question": "win"}, "--max-positions", "--max-positions N"},
		{"moves", func(o *Options) { o.MaxPositions = 1000 }, "/api/query", map[string]any{"game": dense, "question": "win"}, "--max-positions", "--max-positions N"},
		{"memory", func(o *Options) { o.MaxMemory = 4 << 10 }, "/api/query", map[string]any{"game": demo, "task": "20"}, "--max-memory", "--max-memory SIZE"},
		{"instances", func(*Options) {}, "/api/query", map[string]any{"game": retrotest.BuiltinText(t, "multiplication-game"), "question": "win"}, "", ""},
		{"tree nodes", func(*Options) {}, "/api/tree", map[string]any{"game": demo, "start": []int64{1}, "allMoves": true}, "", ""},
	}
	for _, c := range cases {
		said := map[bool]string{}
		for _, static := range []bool{false, true} {
			opt := testOptions()
			c.opt(&opt)
			s, ts := newTestServer(t, opt)
			s.static = static
			said[static] = wantError(t, ts, c.path, c.body, 422, "too-big").Message
		}
		checkPlaces(t, c.name, said[false], said[true], c.flag, c.instd)
	}
	for _, static := range []bool{false, true} {
		s := newServer(context.Background(), testOptions())
		s.static = static
		e := s.timeoutError(context.DeadlineExceeded).(*apiError)
		if !strings.Contains(e.msg, "more than 20s") {
			t.Errorf("the time limit: %q", e.msg)
		}
		if static {
			checkPlaces(t, "the time limit", newServer(context.Background(), testOptions()).timeoutError(context.DeadlineExceeded).Error(),
				e.msg, "--timeout", "--timeout DURATION")
		}
	}
}

// checkPlaces checks a refusal as the server says it and as the static
// page says it: each names its place; the server names the flag that
// sets the cap (flag), the page none of its own, but what runs the game
// on a machine (instead, a flag with its argument); apart from that the
// two are the same.
func checkPlaces(t *testing.T, what, served, static, flag, instead string) {
	t.Helper()
	if !strings.Contains(served, "this server") || strings.Contains(served, "this page") {
		t.Errorf("%s: the server says %q", what, served)
	}
	if !strings.Contains(static, "this page") || strings.Contains(static, "server") && instead == "" {
		t.Errorf("%s: the static page says %q", what, static)
	}
	gist := served
	if flag != "" {
		if !strings.Contains(served, "retro serve "+flag+")") || strings.Contains(served, "retro solve") {
			t.Errorf("%s: the server does not name retro serve %s: %q", what, flag, served)
		}
		gist = strings.Replace(strings.Replace(gist, " (retro serve "+flag+")", "", 1), ", retro serve "+flag+")", ")", 1)
	}
	gist = strings.ReplaceAll(gist, "this server", "this page")
	if instead != "" {
		suffix := "; on a machine, beyond this page's limits: retro solve GAME.toml, or this page served by retro serve " + instead
		if !strings.HasSuffix(static, suffix) {
			t.Errorf("%s: the static page does not end with what to run on a machine: %q", what, static)
		}
		if strings.Count(static, "retro serve") != 1 || strings.Contains(static, "this server") {
			t.Errorf("%s: the static page names the server's flags: %q", what, static)
		}
		gist += suffix
	}
	if gist != static {
		t.Errorf("%s: the static page says\n%q\nthe server\n%q", what, static, served)
	}
}
