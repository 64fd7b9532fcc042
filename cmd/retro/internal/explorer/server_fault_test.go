package explorer

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A game that starts with a control character is a game error (422) on
// every endpoint that reads one, and the server goes on answering: the
// request {"game":"\u0001 "} to /api/query stopped the process (a panic in
// the goroutine that solves), and dropped the connection on the others.
func TestServeControlCharacterGame(t *testing.T) {
	_, ts := newTestServer(t, testOptions())
	for _, game := range []string{"\u0001 ", "\u0001\f", "\ufeff\u0001", "name = \"x\"\n\u007f"} {
		wantError(t, ts, "/api/query", map[string]any{"game": game, "question": "win 1"}, http.StatusUnprocessableEntity, "game")
		wantError(t, ts, "/api/check", map[string]any{"game": game}, http.StatusUnprocessableEntity, "game")
		wantError(t, ts, "/api/variant", map[string]any{"game": game}, http.StatusUnprocessableEntity, "game")
		wantError(t, ts, "/api/tree", map[string]any{"game": game, "start": []int64{1}}, http.StatusUnprocessableEntity, "game")
	}
	resp, err := http.Get(ts.URL + "/api/presets")
	if err != nil {
		t.Fatalf("after the bad games: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("after the bad games: /api/presets %d", resp.StatusCode)
	}
}

// A handler that panics answers an internal error, and the server serves
// the next request.
func TestServeRecoversFromAPanic(t *testing.T) {
	calls := 0
	h := recovering(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		if calls == 1 {
			panic("a bug")
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	ts := httptest.NewServer(h)
	defer ts.Close()
	for k, want := range []int{http.StatusInternalServerError, http.StatusNoContent} {
		resp, err := http.Get(ts.URL)
		if err != nil {
			t.Fatalf("request %d: %v", k, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != want || k == 0 && !strings.Contains(string(body), "internal error: a bug") {
			t.Errorf("request %d: %d %s, want %d", k, resp.StatusCode, body, want)
		}
	}
	if err := safely(func() error { panic("in a goroutine") }); err == nil || !strings.Contains(err.Error(), "in a goroutine") {
		t.Errorf("safely: %v", err)
	}
}

// FuzzServeBody posts any body to every endpoint: each answers with a
// status and a JSON body, and the server stays up for the next.
func FuzzServeBody(f *testing.F) {
	for _, s := range []string{`{"game":"\u0001 ","question":"win 1"}`, `{"game":"nim"}`, `{}`, `[`, `{"game":"piles = [\"x\"]\nmoves = [\"x - 1\"]\nend = \"x <= 0\"\n[start]\nx = 5\n","task":"19"}`,
		`{"game":"piles = [\"x\"]\nmoves = [\"x - 1\"]\nend = \"x <= 0\"\n[start]\nx = 5\n","start":[3]}`,
		`{"game":"piles = [\"x\"]\nmoves = [\"x - 1\"]\nend = \"x <= 0\"\n[start]\nx = 5\n","x":"x=-9223372036854775808..9223372036854775807","compare":"nim"}`} {
		f.Add(s)
	}
	opt := testOptions()
	opt.MaxPositions = 100_000
	s := newServer(context.Background(), opt)
	h := s.handler()
	f.Fuzz(func(t *testing.T, body string) {
		for _, path := range []string{"/api/check", "/api/query", "/api/tree", "/api/position", "/api/variant", "/api/map"} {
			r := httptest.NewRequest(http.MethodPost, "http://localhost"+path, bytes.NewReader([]byte(body)))
			r.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code == http.StatusInternalServerError || !json.Valid(w.Body.Bytes()) {
				t.Fatalf("%s %q: %d %s", path, body, w.Code, w.Body.Bytes())
			}
		}
	})
}
