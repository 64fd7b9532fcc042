package main

import (
	"strings"
	"testing"
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
