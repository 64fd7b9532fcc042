package retrotest

import (
	"testing"

	"retro/rules"
	"retro/rules/rulestest"
)

// Parse reads the game src as the file named file; a game that does not
// read fails the test, saying the file and the error (rulestest.Parse).
func Parse(t testing.TB, file, src string) *rules.Game {
	t.Helper()
	return rulestest.Parse(t, file, src)
}

// BuiltinText is the text of the built-in game name; a name of none
// fails the test.
func BuiltinText(t testing.TB, name string) string {
	t.Helper()
	src, ok := rules.Builtin(name)
	if !ok {
		t.Fatalf("no built-in game %s", name)
	}
	return string(src)
}

// Builtin reads the built-in game name, as the file NAME.toml.
func Builtin(t testing.TB, name string) *rules.Game {
	t.Helper()
	return Parse(t, name+".toml", BuiltinText(t, name))
}

// Instances are the instances of g (rulestest.Instances).
func Instances(t testing.TB, g *rules.Game) []*rules.Instance {
	t.Helper()
	return rulestest.Instances(t, g)
}
