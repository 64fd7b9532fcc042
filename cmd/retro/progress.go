package main

import (
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"retro/rules"
)

// logEvery is how often a long run writes a progress line to a stderr
// that is not a terminal (a file, a pipe, the log of a batch job).
const logEvery = 5 * time.Second

// progress shows what a long run (a solve, an export, a table of Grundy
// values, the build of the static explorer's engine) is doing. On a
// terminal it is one line on stderr, rewritten in place at most ten times
// a second once the run has taken a second, and cleared at the end.
// Elsewhere it is a plain line of its own, "retro: 10s: STATE", every
// env.logEvery, from the first such interval on: a run that ends sooner
// writes nothing. --quiet silences both. The engine may report from
// several goroutines at once.
type progress struct {
	mu    sync.Mutex
	e     *env
	mode  progressMode
	start time.Time
	// On a terminal.
	last  time.Time
	shown bool
	width int // of the line shown
	// Elsewhere: the latest state, formatted when a line is due.
	format string
	args   []any
	quit   chan struct{} // closed by done: the ticker stops
	ended  chan struct{} // closed when the ticker has stopped
	// stopped: done has been called; nothing is shown after it.
	stopped bool
}

type progressMode int

const (
	progressOff  progressMode = iota // --quiet, or no terminal and no log interval
	progressLine                     // a terminal: one line rewritten in place
	progressLog                      // not a terminal: a line every env.logEvery
)

// quietFlag is --quiet, of every command that shows progress.
type quietFlag bool

func (q *quietFlag) add(fs *pflag.FlagSet) {
	fs.BoolVar((*bool)(q), "quiet", false, "print no progress on stderr (shown on a terminal after a second, elsewhere as a line every "+logEvery.String()+")")
}

// newProgress starts the progress of a run that started at start; quiet
// (--quiet) shows nothing.
func newProgress(e *env, quiet bool, start time.Time) *progress {
	p := &progress{e: e, start: start}
	switch {
	case quiet:
	case e.tty:
		p.mode = progressLine
	case e.logEvery > 0:
		p.mode = progressLog
		p.quit, p.ended = make(chan struct{}), make(chan struct{})
		go p.tick(e.logEvery)
	}
	return p
}

// show sets what the run is doing: shown at once on a terminal (within
// the limits above), written at the next line due elsewhere.
func (p *progress) show(format string, a ...any) {
	switch p.mode {
	case progressOff:
		return
	case progressLog:
		p.mu.Lock()
		p.format, p.args = format, a
		p.mu.Unlock()
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if p.stopped || now.Sub(p.start) < time.Second || now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.shown, p.last = true, now
	text := fmt.Sprintf(format, a...)
	fmt.Fprint(p.e.stderr, p.clearLine()+text)
	p.width = utf8.RuneCountInString(text)
}

// tick writes a line every interval until done.
func (p *progress) tick(every time.Duration) {
	defer close(p.ended)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-p.quit:
			return
		case now := <-t.C:
			p.logLine(now)
		}
	}
}

// logLine writes the line of a log: the time the run has taken and the
// state last shown ("working" before any).
func (p *progress) logLine(now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
		return
	}
	state := "working"
	if p.format != "" {
		state = fmt.Sprintf(p.format, p.args...)
	}
	fmt.Fprintf(p.e.stderr, "retro: %s: %s\n", now.Sub(p.start).Round(time.Second), state)
}

func (p *progress) prefix(in *rules.Instance) string {
	if l := in.Label(); l != "" {
		return strings.ReplaceAll(l, ",", " ") + " "
	}
	return ""
}

func (p *progress) stage(in *rules.Instance, stage string, n int64) {
	if p.mode == progressOff {
		return
	}
	p.show("%s%s: %d", p.prefix(in), stage, n)
}

func (p *progress) layer(in *rules.Instance, layer, coloured, total int) {
	if p.mode == progressOff {
		return
	}
	p.show("%s", countLine(fmt.Sprintf("%slayer %d", p.prefix(in), layer), int64(coloured), int64(total), "positions coloured"))
}

// done clears the progress line, or stops the log's lines; nothing is
// shown after it. It may be called more than once.
func (p *progress) done() {
	p.mu.Lock()
	if p.shown {
		fmt.Fprint(p.e.stderr, p.clearLine())
	}
	already := p.stopped
	p.shown, p.stopped = false, true
	p.mu.Unlock()
	if p.quit != nil && !already {
		close(p.quit)
		<-p.ended
	}
}

// clearLine returns what takes the cursor back over the progress line shown
// and blanks it: an escape sequence, or spaces on a dumb terminal.
func (p *progress) clearLine() string {
	if p.e.dumb {
		return "\r" + strings.Repeat(" ", p.width) + "\r"
	}
	return "\r\033[K"
}

// countLine writes a progress count, with its total and a percentage
// when the total is known (total > 0): "export: 16384 of 40001 rows (40%)".
func countLine(stage string, n, total int64, what string) string {
	if total <= 0 {
		return fmt.Sprintf("%s: %d %s", stage, n, what)
	}
	return fmt.Sprintf("%s: %d of %d %s (%d%%)", stage, n, total, what, n*100/total)
}
