package main

import (
	"strings"

	"github.com/spf13/pflag"

	"retro/out/query"
)

// langFlag is --lang of the commands that write words for people: ege,
// query, show and tree. Unset, the language is the locale's (env.lang).
type langFlag struct {
	arg   string
	lang  query.Lang // chosen by choose
	codes bool       // --codes: the engine's codes in Russian too
}

// add defines --lang, and --codes where the command writes moves and
// values in words; of says what it is the language of.
func (f *langFlag) add(fs *pflag.FlagSet, of string, codes bool) {
	fs.StringVar(&f.arg, "lang", "", "the language of "+of+": en or ru (default: from LC_ALL, LC_MESSAGES or LANG)")
	if codes {
		fs.BoolVar(&f.codes, "codes", false, "in Russian, write the engine's codes (W 3, L 2, commands, the question language) instead of words")
	}
}

// words reports whether moves and values are written in words: in
// Russian, unless --codes asks for the engine's codes.
func (f *langFlag) words() bool { return f.lang == query.Ru && !f.codes }

// choose sets the language: --lang, or the locale's. It is the language
// of the command's errors too.
func (f *langFlag) choose(c *command, e *env) error {
	f.lang = e.lang
	if f.arg != "" {
		l, ok := parseLang(f.arg)
		if !ok {
			return usagef(c, "--lang %q: want en or ru", f.arg)
		}
		f.lang = l
	}
	e.lang = f.lang
	return nil
}

// parseLang reads --lang: "en" or "ru".
func parseLang(s string) (query.Lang, bool) {
	for _, l := range query.Langs {
		if string(l) == strings.ToLower(s) {
			return l, true
		}
	}
	return query.En, false
}
