package rules

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"retro/rules/lang"
)

// ParsePosition reads a position of the game's piles as a user writes it:
// "17,28", "(17, 28)" or "a=17,b=28" (named piles in any order, each once).
// A negative pile is refused unless the game is signed.
func (g *Game) ParsePosition(s string) ([]int64, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(strings.TrimPrefix(t, "("), ")")
	parts := strings.Split(t, ",")
	piles := make([]int64, len(g.Piles))
	named := strings.Contains(t, "=")
	if !named && len(parts) != len(g.Piles) {
		return nil, lang.Errorf(mPosCount, lang.Quote(s), len(g.Piles), strings.Join(g.Piles, ","))
	}
	seen := make([]bool, len(g.Piles))
	for k, part := range parts {
		part = strings.TrimSpace(part)
		idx := k
		if named {
			name, val, ok := strings.Cut(part, "=")
			if !ok {
				return nil, lang.Errorf(mPosNotNamed, lang.Quote(s), lang.Quote(part))
			}
			idx = g.PileIndex(strings.TrimSpace(name))
			if idx < 0 {
				return nil, lang.Errorf(mPosNoPile, lang.Quote(s), lang.Quote(name), nameList(g.Piles))
			}
			if seen[idx] {
				return nil, lang.Errorf(mPosTwice, lang.Quote(s), name)
			}
			part = strings.TrimSpace(val)
		}
		v, err := ParseInt(part)
		if err != nil {
			return nil, lang.Errorf(mPosBad, lang.Quote(s), err)
		}
		if v < 0 && !g.Signed {
			return nil, lang.Errorf(mPosNegative, lang.Quote(s), g.Piles[idx], v)
		}
		piles[idx], seen[idx] = v, true
	}
	for k, ok := range seen {
		if !ok {
			return nil, lang.Errorf(mPosMissing, lang.Quote(s), g.Piles[k])
		}
	}
	return piles, nil
}

// ParseCommand reads a history part as a user writes it: "none" (or "")
// for none, else a command's name; it returns 0 for none and 1+the
// command's index otherwise.
func (g *Game) ParseCommand(s string) (int, error) {
	if s == "" || s == "none" {
		return 0, nil
	}
	for k, c := range g.Commands {
		if c.Name == s {
			return k + 1, nil
		}
	}
	names := make(lang.List, len(g.Commands))
	for k, c := range g.Commands {
		names[k] = lang.Quote(c.Name)
	}
	return 0, lang.Errorf(mNoSuchCommand, lang.Quote(s), names)
}

// ParseInt reads a decimal int64 as a user writes one on a command line,
// saying whether a number too large is too large.
func ParseInt(s string) (int64, error) {
	s = strings.TrimSpace(s)
	v, err := strconv.ParseInt(s, 10, 64)
	if errors.Is(err, strconv.ErrRange) {
		return 0, lang.Errorf(mIntOverflows, s, int64(math.MinInt64), int64(math.MaxInt64))
	}
	if err != nil {
		return 0, lang.Errorf(mNotInteger, lang.Quote(s))
	}
	return v, nil
}
