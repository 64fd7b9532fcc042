package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"retro/rules"
)

func TestColorEnv(t *testing.T) {
	for _, c := range []struct {
		noColor, term string
		wantNo, dumb  bool
	}{
		{"", "xterm-256color", false, false},
		{"1", "xterm", true, false},
		{"", "dumb", true, true},
		{"0", "", true, false}, // any value but empty: no-color.org
	} {
		env := map[string]string{"NO_COLOR": c.noColor, "TERM": c.term}
		no, dumb := colorEnv(func(k string) string { return env[k] })
		if no != c.wantNo || dumb != c.dumb {
			t.Errorf("NO_COLOR=%q TERM=%q: no colour %v, dumb %v", c.noColor, c.term, no, dumb)
		}
	}
	// On a terminal, NO_COLOR keeps the ribbon plain; --color always
	// still colours it.
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, ttyOut: true, noColor: true}
	run(context.Background(), e, []string{"query", "ege-2027-demo", "win =2"})
	if strings.Contains(out.String(), "\x1b[") || !strings.Contains(out.String(), "[28:W3]") {
		t.Errorf("NO_COLOR on a terminal:\n%q", out.String())
	}
	out.Reset()
	run(context.Background(), e, []string{"query", "--color", "always", "ege-2027-demo", "win =2"})
	if !strings.Contains(out.String(), "\x1b[1;32m[28:W3]\x1b[0m") {
		t.Errorf("--color always under NO_COLOR:\n%q", out.String())
	}
}

// On a dumb terminal the progress line is overwritten with spaces, not an
// escape sequence.
func TestProgressDumb(t *testing.T) {
	var errb bytes.Buffer
	e := &env{stderr: &errb, tty: true, dumb: true}
	p := newProgress(e, time.Now().Add(-2*time.Second))
	p.show("layer %d: %d coloured", 3, 120)
	p.done()
	want := "\r\rlayer 3: 120 coloured\r                     \r"
	if errb.String() != want {
		t.Errorf("%q, want %q", errb.String(), want)
	}
	errb.Reset()
	e.dumb = false
	p = newProgress(e, time.Now().Add(-2*time.Second))
	p.show("layer %d", 3)
	p.done()
	if want := "\r\x1b[Klayer 3\r\x1b[K"; errb.String() != want {
		t.Errorf("%q, want %q", errb.String(), want)
	}
}

// A solve's layer line gives the positions coloured of all there are.
func TestProgressLayerTotal(t *testing.T) {
	var errb bytes.Buffer
	e := &env{stderr: &errb, tty: true, dumb: true}
	g, err := rules.Parse("k.toml", []byte("piles = [\"x\"]\nmoves = [\"x - i for i in 1..k\"]\n[bounds]\nx = \"0..9\"\n[params]\nk = \"2..3\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	p := newProgress(e, time.Now().Add(-2*time.Second))
	p.layer(insts[1], 4, 50, 200)
	if want := "\r\rk=3 layer 4: 50 of 200 positions coloured (25%)"; errb.String() != want {
		t.Errorf("%q, want %q", errb.String(), want)
	}
}
