package retro_test

import (
	"errors"
	"fmt"
	"retro/retro/internal/core"
	"strings"
	"testing"

	"retro/positions"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// withTier declares a tier in a game's text, and optionally adds a command
// that moves a stone from pile a to pile b, so that moves stay inside a
// tier of a + b and can make cycles there.
func withTier(src, tier string, transfer string) string {
	at := strings.Index(src, "\npiles") + 1
	src = src[:at] + fmt.Sprintf("tier = %q\n", tier) + src[at:]
	if transfer != "" {
		src = strings.Replace(src, "[commands]\n", "[commands]\n"+transfer+"\n", 1)
	}
	return src
}

// TestTiersAgreeWithGeneral declares tiers in built-in games, and checks
// that the tier path gives the tables and CSV of the general path, which
// checks the tier too (the random games with tiers are in
// TestEveryPathOnRandomGames).
func TestTiersAgreeWithGeneral(t *testing.T) {
	builtin := map[string]string{
		"ege-2027-demo":      "a + b",
		"ege-two-piles-77":   "a + b",
		"ege-bank-one-pile":  "-x",
		"lebedev-commands":   "x",
		"lebedev-operations": "x",
	}
	for name, tier := range builtin {
		src, ok := rules.Builtin(name)
		if !ok {
			t.Fatalf("no built-in game %s", name)
		}
		bothPathsTiered(t, name+".toml", withTier(string(src), tier, ""))
	}
}

// bothPathsTiered is everyPath for a game that the tier path must take;
// it returns the tier path's result of the game's first instance.
func bothPathsTiered(t *testing.T, name, src string) *retro.Result {
	t.Helper()
	g := retrotest.Parse(t, name, src)
	r, err := retro.SolveInstance(retrotest.Instances(t, g)[0], positions.DefaultOptions(g), retro.Options{Path: "tiers"})
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, src)
	}
	if !strings.HasPrefix(r.Path, "tiers by ") {
		t.Fatalf("%s: path %q, want the tier path", name, r.Path)
	}
	everyPath(t, name, src)
	return r
}

// TestTierLoweredIsAnError declares a tier that a move lowers: both paths
// refuse the game, naming the move and the two positions.
func TestTierLoweredIsAnError(t *testing.T) {
	src, _ := rules.Builtin("up-and-down")
	g, err := rules.Parse("up-and-down.toml", []byte(withTier(string(src), "x", "")))
	if err != nil {
		t.Fatal(err)
	}
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"", "general"} {
		_, err := retro.SolveInstance(insts[0], positions.DefaultOptions(g), core.Options{Path: path})
		if !errors.Is(err, positions.ErrNotATier) {
			t.Fatalf("path %q: %v, want %v", path, err, positions.ErrNotATier)
		}
		msg := err.Error()
		if !strings.Contains(msg, "the move `down` lowers `x` from ") || !strings.Contains(msg, " at (") {
			t.Errorf("path %q: %q does not name the move and the positions", path, msg)
		}
	}
}

// TestTierKeyErrors: a tier that is not a number of the piles, or in a
// heap game, is an error at the key.
func TestTierKeyErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"piles = [\"x\"]\nmoves = [\"x - 1\"]\ntier = \"x > 2\"\n[start]\nx = 5\n", "3:"},
		{"piles = [\"x\"]\nmoves = [\"x - 1\"]\ntier = \"y\"\n[start]\nx = 5\n", "unknown name y"},
		{"piles = [\"x\"]\nmoves = [\"x - 1\"]\ntier = 3\n[start]\nx = 5\n", "tier must be a string"},
		{"piles = [\"x\"]\nmoves = [\"x - 1\"]\nsum = true\ntier = \"x\"\n", "has no tier"},
	} {
		_, err := rules.Parse("t.toml", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error with %q", c.src, err, c.want)
		}
	}
}
