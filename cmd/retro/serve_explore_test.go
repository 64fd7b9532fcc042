package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"retro/retro/query"
)

// A game analysed over a [bounds] box and without starts: a one-pile box is
// offered as starts x = S over it, any other gets a message before the
// explorer tries to ask about it.
func TestServeCheckBoxWithoutStarts(t *testing.T) {
	_, ts := newTestServer(t, defaultServeOptions())
	var c checkResponse
	if st := post(t, ts, "/api/check", map[string]string{"game": builtinText(t, "up-and-down")}, &c); st != 200 {
		t.Fatalf("check: status %d", st)
	}
	if c.NoStart != "" || !strings.Contains(c.Explore, "[start]\nx = \"S\"") || !strings.Contains(c.Explore, `S = "0..19"`) {
		t.Errorf("up-and-down: explore %q, noStart %q", c.Explore, c.NoStart)
	}
	// The text offered is a game whose questions have answers: up-and-down
	// has draws, and a draw is never "lose".
	var q queryResponse
	if st := post(t, ts, "/api/query", map[string]string{"game": c.Explore, "question": "draw", "aggregate": "count"}, &q); st != 200 {
		t.Fatalf("query the offered text: status %d", st)
	}
	if q.Answer.Text == "0" {
		t.Errorf("up-and-down offered as starts: no draw among %d starts", len(q.Answer.Cells))
	}

	c = checkResponse{}
	if st := post(t, ts, "/api/check", map[string]string{"game": builtinText(t, "wythoff")}, &c); st != 200 {
		t.Fatalf("check: status %d", st)
	}
	if c.Explore != "" || !strings.Contains(c.NoStart, "no [start]") {
		t.Errorf("wythoff: explore %q, noStart %q", c.Explore, c.NoStart)
	}

	c = checkResponse{}
	post(t, ts, "/api/check", map[string]string{"game": builtinText(t, "ege-2027-demo")}, &c)
	if c.Explore != "" || c.NoStart != "" {
		t.Errorf("the demo: explore %q, noStart %q", c.Explore, c.NoStart)
	}
}

// The page's explanations are retro ege's, in both languages.
func TestServeQueryExplains(t *testing.T) {
	_, ts := newTestServer(t, defaultServeOptions())
	for _, key := range []string{"19", "20", "21"} {
		var q queryResponse
		if st := post(t, ts, "/api/query", map[string]string{"game": builtinText(t, "ege-2027-demo"), "task": key}, &q); st != 200 {
			t.Fatalf("task %s: status %d", key, st)
		}
		for _, l := range query.Langs {
			out, _, _ := runCmd(t, "ege", "--lang", string(l), "ege-2027-demo")
			x := q.Explain[l]
			if x.Reason == "" || !strings.Contains(out, "    "+x.Reason+"\n") {
				t.Errorf("task %s, %s: the reason %q is not retro ege's", key, l, x.Reason)
			}
			if x.Ranges != "S = 1..115" || !strings.Contains(out, x.Meaning) {
				t.Errorf("task %s, %s: meaning %q, ranges %q", key, l, x.Meaning, x.Ranges)
			}
		}
	}
	var tasks []serveTask
	getJSON(t, ts, "/api/tasks", &tasks)
	if got := tasks[0].Lang[query.Ru].Wording; !strings.Contains(got, "после неудачного первого хода Пети") {
		t.Errorf("task 19 in Russian: %q", got)
	}
}

func getJSON(t *testing.T, ts *httptest.Server, path string, v any) {
	t.Helper()
	resp, err := http.Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
