package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"retro/out/query"
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

func TestLangEnv(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want query.Lang
	}{
		{map[string]string{}, query.En},
		{map[string]string{"LANG": "ru_RU.UTF-8"}, query.Ru},
		{map[string]string{"LANG": "en_GB.UTF-8"}, query.En},
		{map[string]string{"LANG": "ru_RU.UTF-8", "LC_ALL": "C"}, query.En},
		{map[string]string{"LANG": "C", "LC_MESSAGES": "ru_UA"}, query.Ru},
		{map[string]string{"LC_ALL": "ru"}, query.Ru},
	}
	for _, c := range cases {
		if got := langEnv(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("%v: %q, want %q", c.env, got, c.want)
		}
	}
}
