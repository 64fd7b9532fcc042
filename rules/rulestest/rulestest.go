// Package rulestest holds the helpers that the tests of every floor use
// to read a game: the rules' own, the index's, the solver's internal
// packages' (which cannot use retro/retrotest, as it imports the solver),
// and through retro/retrotest the floors above. A game that does not read
// fails the test with the file's name and the error.
package rulestest

import (
	"testing"

	"retro/rules"
)

// Parse reads the game src as the file named file.
func Parse(t testing.TB, file, src string) *rules.Game {
	t.Helper()
	g, err := rules.Parse(file, []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return g
}

// Instances are the instances of g.
func Instances(t testing.TB, g *rules.Game) []*rules.Instance {
	t.Helper()
	insts, err := g.Instances()
	if err != nil {
		t.Fatal(err)
	}
	return insts
}

// Instance is the first instance of the game src read as the file named
// file.
func Instance(t testing.TB, file, src string) *rules.Instance {
	t.Helper()
	return Instances(t, Parse(t, file, src))[0]
}
