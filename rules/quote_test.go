package rules

import (
	"strings"
	"testing"
)

// An unquoted key in Cyrillic letters is no TOML key: the error says to
// quote it, and how; a quoted one is read as any key.
func TestUnquotedCyrillicKey(t *testing.T) {
	_, err := Parse("g.toml", []byte("piles = [\"куча\"]\nmoves = [\"куча - 1\"]\nend = \"куча <= 0\"\n[start]\nкуча = 5\n"))
	if err == nil || !strings.Contains(err.Error(), `g.toml:5:1: toml: expected '.' or '=', but got 'к' instead; a key in other letters is written in quotes: "куча" = …`) {
		t.Errorf("unquoted: %v", err)
	}
	if _, err := Parse("g.toml", []byte("piles = [\"куча\"]\nmoves = [\"куча - 1\"]\nend = \"куча <= 0\"\n[start]\n\"куча\" = 5\n")); err != nil {
		t.Errorf("quoted: %v", err)
	}
}
