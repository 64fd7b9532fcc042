package main

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"retro/out/query"
)

// runLang runs a command line with the locale's language set to l.
func runLang(t *testing.T, l query.Lang, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), &env{stdout: &out, stderr: &errb, lang: l}, args)
	return out.String(), errb.String(), code
}

// english finds the words of an English explanation left in a Russian one.
var english = regexp.MustCompile(`\b(Petya|Vanya|whatever|wins?|moves?|pile|answer|after|first|second|the|makes|making|leaving|doubles|takes|adds|start|open|widened)\b`)

// --color auto colours the ribbon when standard output is a terminal.
func TestQueryColorAuto(t *testing.T) {
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, ttyOut: true}
	if code := run(context.Background(), e, []string{"query", "ege-2027-demo", "win =2"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "\x1b[1;32m[28:W3]\x1b[0m") {
		t.Errorf("no colour on a terminal:\n%q", out.String())
	}
	out.Reset()
	run(context.Background(), e, []string{"query", "--color", "never", "ege-2027-demo", "win =2"})
	if strings.Contains(out.String(), "\x1b[") {
		t.Errorf("--color never:\n%q", out.String())
	}
}
