package retrotest

import (
	"testing"

	"retro/rules"
)

// Parse reads the game src as the file named file; a game that does not
// read fails the test, saying the file and the error.
func Parse(t testing.TB, file, src string) *rules.Game {
	t.Helper()
	g, err := rules.Parse(file, []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return g
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

// Instances are the instances of a game, one for each value of its rule
// params (one for a game without them).
func Instances(t testing.TB, g *rules.Game) []*rules.Instance {
	t.Helper()
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	return insts
}
