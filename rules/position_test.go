package rules

import (
	"slices"
	"strings"
	"testing"
)

// TestParsePosition reads positions in each way a user writes them, and
// refuses the ways that are wrong with the reason.
func TestParsePosition(t *testing.T) {
	g, err := Parse("t.toml", []byte("piles = [\"a\", \"b\"]\nmoves = [\"a = a - 1\"]\n[start]\na = 3\nb = 4\n"))
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string][]int64{"17,28": {17, 28}, "(17, 28)": {17, 28}, "b=28,a=17": {17, 28}, " a = 1 , b = 0 ": {1, 0}} {
		got, err := g.ParsePosition(in)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%q: %v %v, want %v", in, got, err, want)
		}
	}
	for in, want := range map[string]string{
		"17":                     "want 2 values (a,b)",
		"a=1":                    "pile b is missing",
		"a=1,a=2":                "pile a given twice",
		"a=1,c=2":                `no pile named "c"`,
		"a:1,b=2":                "is not NAME=VALUE",
		"1,-2":                   "never negative",
		"1,x":                    `"x" is not an integer`,
		"1,99999999999999999999": "overflows int64",
	} {
		if _, err := g.ParsePosition(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error with %q", in, err, want)
		}
	}
	if c, err := g.ParseCommand("none"); c != 0 || err != nil {
		t.Errorf("none: %d %v", c, err)
	}
	if c, err := g.ParseCommand("a = a - 1"); c != 1 || err != nil {
		t.Errorf("the command: %d %v", c, err)
	}
	if _, err := g.ParseCommand("up"); err == nil || !strings.Contains(err.Error(), `no such command (commands: "a = a - 1")`) {
		t.Errorf("up: %v", err)
	}
}
