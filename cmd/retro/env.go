package main

import (
	"io"
	"os"
	"strings"
	"time"

	"retro/out/query"
)

// env is what a command may touch of the outside world.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	tty            bool          // stderr is a terminal: progress may be shown
	logEvery       time.Duration // stderr is not a terminal: a progress line this often (0: none)
	ttyOut         bool          // stdout is a terminal: colour may be used
	noColor        bool          // NO_COLOR is set or TERM is dumb: no colour unless asked for
	dumb           bool          // TERM=dumb: no escape sequences on stderr either
	lang           query.Lang    // of explanations, from the locale ("" is English)
}

// colorEnv reads the environment's say on colour: NO_COLOR set to
// anything but "" (no-color.org) or TERM=dumb turns colour off unless
// --color always asks for it; TERM=dumb also keeps escape sequences out
// of the progress line.
func colorEnv(getenv func(string) string) (noColor, dumb bool) {
	dumb = getenv("TERM") == "dumb"
	return getenv("NO_COLOR") != "" || dumb, dumb
}

// langEnv chooses the language from the locale as POSIX orders it: LC_ALL,
// then LC_MESSAGES, then LANG; a locale of Russian ("ru", "ru_RU.UTF-8")
// gives Russian, any other English.
func langEnv(getenv func(string) string) query.Lang {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(k); v != "" {
			if strings.HasPrefix(strings.ToLower(v), "ru") {
				return query.Ru
			}
			return query.En
		}
	}
	return query.En
}

// isTerminal tells whether f is a terminal (a character device).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
