package main

import (
	"fmt"
	"strings"

	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// parsePosition reads a position as "17,28", "(17, 28)" or "a=17,b=28".
// A position that does not read is a bad command line.
func parsePosition(g *rules.Game, s string) ([]int64, error) {
	piles, err := readPosition(g, s)
	if err != nil {
		return nil, &usageError{err: err}
	}
	return piles, nil
}

func readPosition(g *rules.Game, s string) ([]int64, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(strings.TrimPrefix(t, "("), ")")
	parts := strings.Split(t, ",")
	piles := make([]int64, len(g.Piles))
	named := strings.Contains(t, "=")
	if !named && len(parts) != len(g.Piles) {
		return nil, fmt.Errorf("position %q: want %d values (%s)", s, len(g.Piles), strings.Join(g.Piles, ","))
	}
	seen := make([]bool, len(g.Piles))
	for k, part := range parts {
		part = strings.TrimSpace(part)
		idx := k
		if named {
			name, val, ok := strings.Cut(part, "=")
			if !ok {
				return nil, fmt.Errorf("position %q: %q is not NAME=VALUE", s, part)
			}
			idx = pileIndex(g, strings.TrimSpace(name))
			if idx < 0 {
				return nil, fmt.Errorf("position %q: no pile named %q (piles: %s)", s, name, strings.Join(g.Piles, ", "))
			}
			if seen[idx] {
				return nil, fmt.Errorf("position %q: pile %s given twice", s, name)
			}
			part = strings.TrimSpace(val)
		}
		v, err := parseInt(part)
		if err != nil {
			return nil, fmt.Errorf("position %q: %v", s, err)
		}
		if v < 0 && !g.Signed {
			return nil, fmt.Errorf("position %q: pile %s is %d, and piles are never negative unless the game says signed = true", s, g.Piles[idx], v)
		}
		piles[idx], seen[idx] = v, true
	}
	for k, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("position %q: pile %s is missing", s, g.Piles[k])
		}
	}
	return piles, nil
}

func pileIndex(g *rules.Game, name string) int {
	for k, p := range g.Piles {
		if p == name {
			return k
		}
	}
	return -1
}

// parseCommand reads a history part: "none", a command's name, or its
// number from 1.
func parseCommand(g *rules.Game, flag, s string) (int, error) {
	if s == "" || s == "none" {
		return 0, nil
	}
	for k, c := range g.Commands {
		if c.Name == s {
			return k + 1, nil
		}
	}
	names := make([]string, len(g.Commands))
	for k, c := range g.Commands {
		names[k] = fmt.Sprintf("%q", c.Name)
	}
	return 0, &usageError{err: fmt.Errorf("--%s %q: no such command (commands: %s)", flag, s, strings.Join(names, ", "))}
}

// singleInstance is the one instance of a game a position belongs to: a
// game with parameters in its rules needs each of them fixed by --param.
func singleInstance(g *rules.Game) (*rules.Instance, error) {
	insts, err := g.Instances()
	if err != nil {
		return nil, &sourceError{err: err, src: g.Source}
	}
	if len(insts) != 1 {
		var names, flags []string
		for _, p := range g.RuleParams() {
			if p.Lo != p.Hi {
				names = append(names, p.Name)
				flags = append(flags, fmt.Sprintf("--param %s=VALUE", p.Name))
			}
		}
		return nil, fmt.Errorf("the rules of %s depend on %s: fix %s with %s",
			g.File, strings.Join(names, ", "), strings.Join(names, ", "), strings.Join(flags, " "))
	}
	return insts[0], nil
}

// solveAt enumerates and solves one instance with a position added to its
// starts, so that any position can be looked at.
func (gf *gameFlags) solveAt(in *rules.Instance, piles []int64, hist int) (*retro.Result, int, error) {
	popt := gf.options(in.Game)
	popt.Extra = []positions.Seed{{Piles: piles, Hist: hist}}
	res, err := retro.SolveInstance(in, popt, retro.Options{})
	if err != nil {
		return nil, 0, &sourceError{err: err, src: in.Game.Source}
	}
	i, ok := res.Space.Index(piles, hist)
	if !ok {
		return nil, 0, fmt.Errorf("position %s is not in the table", positions.Format(in.Game, piles, hist))
	}
	return res, i, nil
}

// gameOver says why a position without moves is final: its end condition
// holds, or no move is legal there.
func gameOver(m *rules.Machine, piles []int64) string {
	if end, err := m.End(piles); err == nil && end {
		if l, op, r, ok, err := m.EndSides(piles); err == nil && ok {
			return fmt.Sprintf("the game is over: end holds (%d %s %d)", l, op, r)
		}
		return "the game is over: end holds"
	}
	return "the game is over: no legal moves"
}
