package main

import (
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"retro/rules"
)

// progress shows on a terminal what a long solve is doing. The engine may
// report from several goroutines at once.
type progress struct {
	mu    sync.Mutex
	e     *env
	start time.Time
	last  time.Time
	shown bool
	width int // of the line shown
	// stopped: done has cleared the line.
	stopped bool
}

func newProgress(e *env, start time.Time) *progress { return &progress{e: e, start: start} }

func (p *progress) show(format string, a ...any) {
	if !p.e.tty {
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

func (p *progress) prefix(in *rules.Instance) string {
	if l := in.Label(); l != "" {
		return strings.ReplaceAll(l, ",", " ") + " "
	}
	return ""
}

func (p *progress) stage(in *rules.Instance, stage string, n int64) {
	if !p.e.tty {
		return
	}
	p.show("%s%s: %d", p.prefix(in), stage, n)
}

func (p *progress) layer(in *rules.Instance, layer, coloured, total int) {
	if !p.e.tty {
		return
	}
	p.show("%s", countLine(fmt.Sprintf("%slayer %d", p.prefix(in), layer), int64(coloured), int64(total), "positions coloured"))
}

// done clears the progress line; nothing is shown after it.
func (p *progress) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.e.stderr, p.clearLine())
	}
	p.shown, p.stopped = false, true
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
