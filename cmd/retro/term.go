package main

import "strings"

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
