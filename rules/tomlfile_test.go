package rules_test

import (
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"retro/rules"
	"retro/rules/lang"
)

func TestTOMLFile(t *testing.T) {
	src := []byte("name = \"x\"\nmoves = [\"+1\", \"*1\"]\n\n[start]\na = 7\n")
	f := rules.LocateTOML("f.toml", src)
	for _, c := range []struct {
		err  *rules.Error
		want string
	}{
		{f.KeyError(rules.Verbatim("k"), "moves"), "f.toml:2:1: k"},
		{f.ValueError(rules.Verbatim("v"), "name"), "f.toml:1:8: v"},
		{f.ValueError(rules.Verbatim("v"), "moves"), "f.toml:2:9: v"},
		{f.ElemError(1, rules.Verbatim("e"), "moves"), "f.toml:2:16: e"},
		{f.KeyError(rules.Verbatim("k"), "start", "a"), "f.toml:5:1: k"},
		{f.KeyError(rules.Verbatim("absent"), "end"), "f.toml: absent"},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
	if r := f.ElemError(1, rules.Verbatim("e"), "moves").Render(lang.En); !strings.Contains(r, "moves = [\"+1\", \"*1\"]\n") || !strings.Contains(r, "^^^^") {
		t.Errorf("%q", r)
	}
	bad := []byte("a = [1,\n")
	_, err := toml.Decode(string(bad), new(map[string]any))
	if e := rules.DecodeError("bad.toml", bad, err); !strings.HasPrefix(e.Error(), "bad.toml:") || !strings.Contains(e.Error(), "toml: ") {
		t.Errorf("%q", e)
	}
}
