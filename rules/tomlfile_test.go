package rules_test

import (
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"retro/rules"
	"retro/rules/lang"
)

// verbatim is a message of the test, the same in both languages.
var verbatim = lang.NewForm("%s", "%s")

func TestTOMLFile(t *testing.T) {
	src := []byte("name = \"x\"\nmoves = [\"+1\", \"*1\"]\n\n[start]\na = 7\n")
	f := rules.LocateTOML("f.toml", src)
	for _, c := range []struct {
		err  *rules.Error
		want string
	}{
		{f.KeyError(verbatim.Msg("k"), "moves"), "f.toml:2:1: k"},
		{f.ValueError(verbatim.Msg("v"), "name"), "f.toml:1:8: v"},
		{f.ValueError(verbatim.Msg("v"), "moves"), "f.toml:2:9: v"},
		{f.ElemError(1, verbatim.Msg("e"), "moves"), "f.toml:2:16: e"},
		{f.KeyError(verbatim.Msg("k"), "start", "a"), "f.toml:5:1: k"},
		{f.KeyError(verbatim.Msg("absent"), "end"), "f.toml: absent"},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
	if r := f.ElemError(1, verbatim.Msg("e"), "moves").Render(lang.En); !strings.Contains(r, "moves = [\"+1\", \"*1\"]\n") || !strings.Contains(r, "^^^^") {
		t.Errorf("%q", r)
	}
	bad := []byte("a = [1,\n")
	_, err := toml.Decode(string(bad), new(map[string]any))
	if e := rules.DecodeError("bad.toml", bad, err); !strings.HasPrefix(e.Error(), "bad.toml:") || !strings.Contains(e.Error(), "toml: ") {
		t.Errorf("%q", e)
	}
}
