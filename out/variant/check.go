package variant

import (
	"slices"

	"retro/rules/lang"
)

// The checks of a family read from its file, before anything is drawn:
// the keys a family needs, the keys that mean nothing for it, entries
// that can never give distinct moves, and ranges in which no variant has
// a start.

func (p *familyParser) check(f *Family) error {
	two := f.Piles.Hi == 2
	switch {
	case !p.md.IsDefined("end"):
		return p.tf.KeyError(mEndMissing.Msg())
	case two && !p.md.IsDefined("fixed"):
		return p.tf.KeyError(mFixedNeed.Msg(), "piles")
	case !two && p.md.IsDefined("fixed"):
		return p.tf.KeyError(mFixedOne.Msg(), "fixed")
	case f.Down && f.Over != nil:
		return p.tf.KeyError(mOvershoot.Msg(), "overshoot")
	case f.Down && f.S.Open:
		at := p.tf.KeyError
		if p.md.IsDefined("s") {
			at = p.tf.ValueError
		}
		return at(mSDown.Msg(), "s")
	}
	if i, j, ok := distinctMoves(f.Entries); !ok {
		return p.tf.ElemError(j, mSameMoves.Msg(i+1, j+1, j+1), "moves")
	}
	return p.checkStarts(f)
}

// checkStarts refuses the ranges where no variant has a start: where the
// game is over at the start for every S of s, whatever is drawn.
func (p *familyParser) checkStarts(f *Family) error {
	at := func(msg lang.Msg) error {
		if p.md.IsDefined("s") {
			return p.tf.ValueError(mAtKey.Msg("s", msg), "s")
		}
		return p.tf.ValueError(mAtKey.Msg("end", msg), "end")
	}
	lo := max(f.S.Lo, 1)
	if !f.Down {
		// The most S can be: the largest end, the smallest first pile.
		two := f.Piles.Lo == 2 // a variant of one pile has the more
		hi := f.End.Hi - 1
		if two {
			hi -= f.Fixed.Lo
		}
		if hi < lo {
			return at(mNoStartUp.Msg(f.S, f.End.Hi, firstPile(two, mFirstLeast, f.Fixed.Lo), hi))
		}
		return nil
	}
	// The least S can be: the smallest end, the largest first pile.
	two := f.Piles.Hi == 2 // a variant of two piles has the least
	least := f.End.Lo + 1
	if two {
		least -= f.Fixed.Hi
	}
	if max(least, lo) > f.S.Hi {
		return at(mNoStartDown.Msg(f.S, f.End.Lo, firstPile(two, mFirstMost, f.Fixed.Hi), max(least, 1)))
	}
	return nil
}

// firstPile is what the first pile is, n at least or at most (form),
// when there are two piles; nothing for one.
func firstPile(two bool, form *lang.Form, n int64) lang.Msg {
	if !two {
		return lang.Msg{}
	}
	return form.Msg(n)
}

// distinctMoves reports whether the entries can give moves all different
// (a matching of entries to moves); when not, i and j are two entries
// that cannot, j the first that finds no move left.
func distinctMoves(entries [][]Move) (i, j int, ok bool) {
	owner := map[Move]int{} // move → the entry it is given to
	var try func(e int, seen map[Move]bool) bool
	try = func(e int, seen map[Move]bool) bool {
		for _, m := range entries[e] {
			if seen[m] {
				continue
			}
			seen[m] = true
			o, taken := owner[m]
			if !taken || try(o, seen) {
				owner[m] = e
				return true
			}
		}
		return false
	}
	for e := range entries {
		if !try(e, map[Move]bool{}) {
			first := 0
			for k := range e {
				if overlaps(entries[k], entries[e]) {
					first = k
					break
				}
			}
			return first, e, false
		}
	}
	return 0, 0, true
}

func overlaps(a, b []Move) bool {
	in := make(map[Move]bool, len(a))
	for _, m := range a {
		in[m] = true
	}
	return slices.ContainsFunc(b, func(m Move) bool { return in[m] })
}
