package main

import (
	"bytes"
	"testing"
	"time"

	"retro/rules"
)

func TestCountLine(t *testing.T) {
	for _, c := range []struct {
		n, total int64
		want     string
	}{
		{16384, 40001, "export: 16384 of 40001 rows (40%)"},
		{5, 0, "export: 5 rows"},
	} {
		if got := countLine("export", c.n, c.total, "rows"); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
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
