package retro_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// TestEveryPathOnRandomGames runs every path on random games of each fast
// shape (everyPath: each path that takes a game against the general path,
// the table files included): games whose moves all raise or all
// lower the piles (the compiled shape), games of line moves (`a = a - j
// for j in 1..a`, windows, the diagonal, a param in the range) beside
// moves that lower a pile (the lines shape), games whose moves go both ways in
// a box (the un-move shape: cycles and draws), many-pile games of shifts,
// and games with a declared tier and moves inside tiers. Half the games
// of the first three shapes have an allow (no repeat of the opponent's
// command, or of one's own), half of all of them Lebedev's count.
// The lines shape's games are the one-way shape's with line moves.
func TestEveryPathOnRandomGames(t *testing.T) {
	rng := newRand(t)
	games := randomGames(500, 60)
	for _, shape := range []struct {
		name, path string
		cycles     bool
		game       func(k int) string
	}{
		{"one-way", "compiled", false, func(k int) string { return oneWayGame(rng, k) }},
		{"line moves", "lines", false, func(k int) string { return lineGame(rng, k) }},
		{"both ways in a box", "unmoves", true, func(k int) string { return twoWayGame(rng, k) }},
		{"shifts", "shifts", true, func(int) string { return shiftGame(rng, 20+rng.Intn(5)) }},
		{"tiers", "tiers", true, func(k int) string { return tierGame(rng, k) }},
	} {
		took, allow, lebedev, draws := 0, 0, 0, 0
		for k := range games {
			src := shape.game(k)
			name := fmt.Sprintf("%s-%d.toml", strings.ReplaceAll(shape.name, " ", "-"), k)
			paths := everyPath(t, name, src)
			if paths[shape.path] > 0 {
				took++
			}
			if strings.Contains(src, "\nallow") {
				allow++
			}
			if strings.Contains(src, "lebedev") {
				lebedev++
			}
			if paths["draws"] > 0 {
				draws++
			}
		}
		t.Logf("%s: %d of %d games took the %s path (%d with allow, %d by Lebedev's count, %d with draws)",
			shape.name, took, games, shape.path, allow, lebedev, draws)
		if took < games*3/4 {
			t.Errorf("%s: only %d of %d games took the %s path", shape.name, took, games, shape.path)
		}
		if shape.cycles && draws < games/20 {
			t.Errorf("%s: only %d of %d games have draws: the cycles are not exercised", shape.name, draws, games)
		}
	}
}

// oneWayGame is a random game whose moves all raise the piles (with an
// end) or all lower them; odd k give it an allow.
func oneWayGame(rng *rand.Rand, k int) string {
	rg := randomGame(rng)
	oneWay(&rg, rng)
	withAllow(&rg, rng, k)
	return rg.toml()
}

// twoWayGame is a random game with an end whose moves go both ways, in a
// [bounds] box or from [start] in the box its end leaves; odd k give it an
// allow.
func twoWayGame(rng *rand.Rand, k int) string {
	for {
		rg := randomGame(rng)
		if rg.end == 0 {
			continue
		}
		up, down := false, false
		for _, cmd := range rg.cmds {
			for _, m := range cmd {
				up = up || m.op == "+" || m.op == "*"
				down = down || m.op == "-" || m.op == "//"
			}
		}
		if !up || !down {
			continue
		}
		withAllow(&rg, rng, k)
		return rg.toml()
	}
}

// withAllow gives a random game an allow for odd k, and none for even k.
func withAllow(rg *rgame, rng *rand.Rand, k int) {
	switch {
	case k%2 == 0:
		rg.allow = 0
	case rg.allow == 0:
		rg.allow = 1 + rng.Intn(2)
	}
}

// tierGame is a random one-way game with its tier declared (the sum of its
// piles, or its negation), and for most k a command that moves a stone
// from pile a to pile b (and back for even k): moves inside a tier, cycles
// there, and draws.
func tierGame(rng *rand.Rand, k int) string {
	rg := randomGame(rng)
	oneWay(&rg, rng)
	up := rg.end > 0
	for _, cmd := range rg.cmds {
		up = up && (cmd[0].op == "+" || cmd[0].op == "*")
	}
	names := pileNames[:rg.piles]
	tier := strings.Join(names, " + ")
	if !up {
		tier = "-(" + tier + ")"
	}
	transfer := ""
	if rg.piles > 1 && k%3 != 0 {
		transfer = fmt.Sprintf("t0 = [\"a = a - 1, b = b + 1 if b < %d\"]", rg.box)
		if k%2 == 0 {
			transfer += fmt.Sprintf("\nt1 = [\"b = b - 1, a = a + 1 if a < %d\"]", rg.box)
		}
	}
	return withTier(rg.toml(), tier, transfer)
}
