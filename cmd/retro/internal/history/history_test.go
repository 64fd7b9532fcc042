package history

import (
	"errors"
	"strings"
	"testing"

	"retro/retro/retrotest"
	"retro/rules"
)

func game(t *testing.T, history string) *rules.Game {
	t.Helper()
	src := "piles = [\"x\"]\nend = \"x <= 0\"\n[commands]\nsub = [\"x - 1\"]\nhalf = [\"x // 2\"]\n[start]\nx = 9\n"
	if history != "" {
		src = "allow = \"" + history + "\"\n" + src
	}
	return retrotest.Parse(t, "h.toml", src)
}

// Each part is none or a command (1 + its index in the file); the value
// joins them as positions.JoinHistory does; a game that carries no
// history, or only last, refuses the parts it does not carry.
func TestParse(t *testing.T) {
	both := game(t, "no-repeat-own")
	for _, c := range []struct {
		last, mylast string
		want         int
	}{{"", "", 0}, {"none", "none", 0}, {"sub", "none", 3}, {"none", "half", 2}, {"half", "sub", 7}} {
		if got, err := Parse(both, c.last, c.mylast); err != nil || got != c.want {
			t.Errorf("%q %q: %d, %v; want %d", c.last, c.mylast, got, err, c.want)
		}
	}
	_, err := Parse(both, "up", "none")
	var name *NameError
	if !errors.As(err, &name) || name.Part != "last" || !strings.HasPrefix(err.Error(), `--last "up": no such command`) {
		t.Errorf("a name that is no command: %v", err)
	}
	if _, err := Parse(game(t, ""), "sub", ""); err == nil || !strings.Contains(err.Error(), "h.toml carries no history") || errors.As(err, &name) {
		t.Errorf("no history: %v", err)
	}
	if _, err := Parse(game(t, "no-repeat-opponent"), "sub", "half"); err == nil || !strings.Contains(err.Error(), "carries only last") {
		t.Errorf("last only: %v", err)
	}
}
