package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
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
	p := newProgress(e, false, time.Now().Add(-2*time.Second))
	p.show("layer %d: %d coloured", 3, 120)
	p.done()
	want := "\r\rlayer 3: 120 coloured\r                     \r"
	if errb.String() != want {
		t.Errorf("%q, want %q", errb.String(), want)
	}
	errb.Reset()
	e.dumb = false
	p = newProgress(e, false, time.Now().Add(-2*time.Second))
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
	p := newProgress(e, false, time.Now().Add(-2*time.Second))
	p.layer(insts[1], 4, 50, 200)
	if want := "\r\rk=3 layer 4: 50 of 200 positions coloured (25%)"; errb.String() != want {
		t.Errorf("%q, want %q", errb.String(), want)
	}
}

// Where stderr is not a terminal, a line of its own gives the time taken
// and the state last shown, "working" before any; nothing after done.
func TestProgressLogLine(t *testing.T) {
	var errb bytes.Buffer
	p := newProgress(&env{stderr: &errb, logEvery: time.Hour}, false, time.Now())
	p.logLine(p.start.Add(4 * time.Second))
	p.show("%s", countLine("layer 3", 50, 200, "positions coloured"))
	p.logLine(p.start.Add(65 * time.Second))
	p.done()
	p.logLine(p.start.Add(70 * time.Second))
	p.done() // twice is fine
	if want := "retro: 4s: working\nretro: 1m5s: layer 3: 50 of 200 positions coloured (25%)\n"; errb.String() != want {
		t.Errorf("%q, want %q", errb.String(), want)
	}
}

// slowGame takes a while to solve: half a million positions, nearly all
// drawn (a third of a second here).
const slowGame = `piles = ["a", "b"]
moves = ["each +1", "each -2"]
end = "a + b >= 1000"
[start]
a = 0
b = 0
`

// A solve longer than the log's interval writes progress lines to a
// stderr that is not a terminal; --quiet writes none, and a solve shorter
// than the interval writes none either.
func TestProgressLogSolve(t *testing.T) {
	game := filepath.Join(t.TempDir(), "slow.toml")
	if err := os.WriteFile(game, []byte(slowGame), 0o644); err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`^retro: [0-9hms]+: (working|solving|positions: \d+|moves: \d+|outcomes: \d+|layer \d+: \d+ of \d+ positions coloured \(\d+%\)|writing the table: \d+ of \d+ blocks)$`)
	solve := func(every time.Duration, args ...string) string {
		var out, errb bytes.Buffer
		if code := run(context.Background(), &env{stdout: &out, stderr: &errb, logEvery: every}, append([]string{"solve"}, args...)); code != 0 {
			t.Fatalf("solve %v: exit %d: %s", args, code, errb.String())
		}
		return errb.String()
	}
	errs := solve(time.Millisecond, game, "-o", filepath.Join(t.TempDir(), "slow.rtb"))
	lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	if errs == "" || !strings.HasSuffix(errs, "\n") {
		t.Fatalf("no progress lines: %q", errs)
	}
	for _, l := range lines {
		if !line.MatchString(l) {
			t.Errorf("a progress line %q", l)
		}
	}
	if errs := solve(time.Millisecond, game, "--quiet"); errs != "" {
		t.Errorf("--quiet: %q", errs)
	}
	if errs := solve(logEvery, "nim"); errs != "" {
		t.Errorf("a quick solve: %q", errs)
	}
}

// A solve cut into ranks shows rank 0's progress, what it is doing and
// its counts, and no other rank's; --quiet none.
func TestProgressLogRanks(t *testing.T) {
	game := filepath.Join(t.TempDir(), "slow.toml")
	if err := os.WriteFile(game, []byte(slowGame), 0o644); err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`^retro: [0-9hms]+: (working|rank 0 of 2, (finding the positions|going through the moves|making the outcomes|colouring \(layer \d+\)|writing the table|summing the counts)(: \d+|: \d+ of \d+ blocks)?)$`)
	for _, quiet := range []bool{false, true} {
		args := []string{"solve", game, "--ranks", "2", "-o", filepath.Join(t.TempDir(), "slow.rtb")}
		if quiet {
			args = append(args, "--quiet")
		}
		var out, errb bytes.Buffer
		if code := run(context.Background(), &env{stdout: &out, stderr: &errb, logEvery: time.Millisecond}, args); code != 0 {
			t.Fatalf("solve %v: exit %d: %s", args, code, errb.String())
		}
		errs := errb.String()
		if quiet {
			if errs != "" {
				t.Errorf("--quiet: %q", errs)
			}
			continue
		}
		if !strings.Contains(errs, "rank 0 of 2, ") {
			t.Fatalf("no rank's progress: %q", errs)
		}
		for _, l := range strings.Split(strings.TrimSuffix(errs, "\n"), "\n") {
			if !line.MatchString(l) {
				t.Errorf("a progress line %q", l)
			}
		}
	}
}

// --quiet silences the line of a terminal too.
func TestProgressQuietTerminal(t *testing.T) {
	var errb bytes.Buffer
	p := newProgress(&env{stderr: &errb, tty: true}, true, time.Now().Add(-time.Hour))
	p.show("layer %d", 3)
	p.stage(&rules.Instance{}, "positions", 5)
	p.done()
	if errb.Len() != 0 {
		t.Errorf("%q", errb.String())
	}
}
