package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// The explorer's limits: what one request may cost the server.

// A position the starts do not reach, however large, is answered or
// refused with a message; it never makes the index allocate the box
// between it and the starts (one such request killed the server).
func TestServeHugePositions(t *testing.T) {
	opt := defaultServeOptions()
	opt.maxPositions = 200000
	_, ts := newTestServer(t, opt)
	demo, bank := builtinText(t, "ege-2027-demo"), builtinText(t, "ege-bank-one-pile")
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
			var p positionResponse
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
	opt := defaultServeOptions()
	opt.maxPositions = 20000
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
	opt = defaultServeOptions()
	opt.timeout = 300 * time.Millisecond
	_, ts = newTestServer(t, opt)
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
			if d := time.Since(start); d > 10*opt.timeout {
				t.Errorf("answered after %v, the limit %v", d, opt.timeout)
			}
		}()
	}
	wg.Wait()
	small := "piles = [\"x\"]\nmoves = [\"x - 1\", \"x - 2\"]\nend = \"x <= 0\"\n[start]\nx = \"S\"\n[params]\nS = \"1..20\"\n"
	var q queryResponse
	if st := post(t, ts, "/api/query", map[string]any{"game": small, "question": "win"}, &q); st != 200 {
		t.Errorf("a small game after the slow ones: status %d", st)
	}
}

// Paths that are not UTF-8, overlong encodings among them, or that no file
// can have, are a bad request or not found, never an internal error.
func TestServeBadPaths(t *testing.T) {
	_, ts := newTestServer(t, defaultServeOptions())
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

// The address printed opens the page: on every interface, at localhost;
// only a loopback address counts as local.
func TestListenURL(t *testing.T) {
	for _, c := range []struct {
		ip    string
		url   string
		local bool
	}{
		{"::", "http://localhost:8080/", false},
		{"0.0.0.0", "http://localhost:8080/", false},
		{"127.0.0.1", "http://127.0.0.1:8080/", true},
		{"::1", "http://[::1]:8080/", true},
		{"192.0.2.7", "http://192.0.2.7:8080/", false},
	} {
		url, local := listenURL(&net.TCPAddr{IP: net.ParseIP(c.ip), Port: 8080})
		if url != c.url || local != c.local {
			t.Errorf("%s: %s %v, want %s %v", c.ip, url, local, c.url, c.local)
		}
	}
}

// retro serve on a loopback port picked for it prints where to open the
// page, and no warning.
func TestServeCommandLoopback(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	var errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, &env{stdout: pw, stderr: &errb}, []string{"serve", "--addr", "127.0.0.1:0"})
		pw.Close()
	}()
	line := make([]byte, 200)
	n, _ := pr.Read(line)
	got := string(line[:n])
	if !strings.HasPrefix(got, "retro explorer: http://127.0.0.1:") || strings.Contains(got, "[::]") {
		t.Errorf("printed %q", got)
	}
	url := strings.TrimSpace(strings.TrimPrefix(got, "retro explorer: "))
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET %s: %d", url, resp.StatusCode)
	}
	cancel()
	go io.Copy(io.Discard, pr)
	select {
	case code := <-done:
		if code != 0 || errb.Len() != 0 {
			t.Errorf("exit %d, stderr %q", code, errb.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}
