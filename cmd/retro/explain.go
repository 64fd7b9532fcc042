package main

import (
	"strings"

	"retro/retro/query"
)

// The language of explanations (retro/query words them): --lang, or the
// locale's.

// parseLang reads --lang: "en" or "ru".
func parseLang(s string) (query.Lang, bool) {
	for _, l := range query.Langs {
		if string(l) == strings.ToLower(s) {
			return l, true
		}
	}
	return query.En, false
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
