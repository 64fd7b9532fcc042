package main

import (
	"fmt"
	"strings"
)

// colorEnv reads the environment's say on colour: NO_COLOR set to
// anything but "" (no-color.org) or TERM=dumb turns colour off unless
// --color always asks for it; TERM=dumb also keeps escape sequences out
// of the progress line.
func colorEnv(getenv func(string) string) (noColor, dumb bool) {
	dumb = getenv("TERM") == "dumb"
	return getenv("NO_COLOR") != "" || dumb, dumb
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
