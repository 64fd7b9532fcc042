package rules

import (
	"sort"

	"retro/rules/lang"
)

// loadCommands reads the moves of the game from the one of moves,
// [commands] and octal the file has, and reports the others.
func (l *loader) loadCommands() {
	var present []string
	for _, k := range []string{"moves", "commands", "octal"} {
		if _, ok := l.raw[k]; ok {
			present = append(present, k)
		}
	}
	sort.SliceStable(present, func(i, j int) bool { return l.keyOff(present[i]) < l.keyOff(present[j]) })
	switch {
	case len(present) == 0:
		l.errorFile(mNoMoves.Msg())
		return
	case len(present) > 1:
		for _, k := range present[1:] {
			l.errorKey(mOnlyOneOf.Msg(k, present[0]), k)
		}
		return
	}
	switch present[0] {
	case "moves":
		l.loadMoves()
	case "commands":
		l.loadCommandTable()
	case "octal":
		l.loadOctal()
	}
}

// keyOff is the offset of top-level key name in the file.
func (l *loader) keyOff(name string) int {
	if lc := l.loc(name); lc != nil {
		return lc.key
	}
	return 0
}

func (l *loader) loadMoves() {
	lc := l.loc("moves")
	arr, ok := l.raw["moves"].([]any)
	if !ok {
		l.errorValue(lc, mustBe(keyMsg("moves"), mKindStrings.Msg(), l.raw["moves"]))
		return
	}
	if len(arr) == 0 {
		l.errorValue(lc, mMovesEmpty.Msg())
		return
	}
	for i, x := range arr {
		el := elem(lc, i)
		s, ok := x.(string)
		if !ok {
			l.errorValue(el, mustBe(mAMove.Msg(), mKindString.Msg(), x))
			continue
		}
		if hasKey(l.cmdIndex, s) {
			l.errorValue(el, mMoveTwice.Msg(lang.Quote(s)))
			continue
		}
		l.addCommand(s, []string{s}, []*text{l.textOf(el, s)})
	}
}

func (l *loader) loadCommandTable() {
	tbl, ok := l.table("commands")
	if !ok {
		return
	}
	names := l.subKeys("commands")
	if len(names) == 0 {
		l.errorValue(l.loc("commands"), mCommandsEmpty.Msg())
		return
	}
	for _, name := range names {
		lc := l.loc("commands", name)
		var texts []*text
		var moves []string
		switch v := tbl[name].(type) {
		case string:
			moves, texts = []string{v}, []*text{l.textOf(lc, v)}
		case []any:
			for i, x := range v {
				s, ok := x.(string)
				if !ok {
					l.errorValue(elem(lc, i), mustBe(mAMove.Msg(), mKindString.Msg(), x))
					continue
				}
				moves = append(moves, s)
				texts = append(texts, l.textOf(elem(lc, i), s))
			}
			if len(v) == 0 {
				l.errorValue(lc, mCommandNoMoves.Msg(keyName(name)))
			}
		default:
			l.errorValue(lc, mustBe(mCommandKey.Msg(keyName(name)), mKindMoves.Msg(), v))
		}
		l.addCommand(name, moves, texts)
	}
}

// addCommand adds a command and parses and checks its entries.
func (l *loader) addCommand(name string, moves []string, texts []*text) {
	l.cmdIndex[name] = len(l.g.Commands)
	l.g.Commands = append(l.g.Commands, Command{Name: name, Moves: moves})
	var es []parsedEntry
	for _, t := range texts {
		e, se := parseEntryText(t.s)
		if se != nil {
			l.syntaxError(t, se)
			continue
		}
		l.checkEntry(e, t)
		es = append(es, parsedEntry{e: e, t: t})
	}
	l.entries = append(l.entries, es)
}

func (l *loader) loadOctal() {
	lc := l.loc("octal")
	s, ok := l.raw["octal"].(string)
	if !ok {
		l.errorValue(lc, mustBe(keyMsg("octal"), mKindOctal.Msg(), l.raw["octal"]))
		return
	}
	o, err := ParseOctal(s)
	if err != nil {
		l.errorValue(lc, mVerbatim.Msg(err))
		return
	}
	if !l.g.Sum {
		l.errorKey(mOctalNeedsSum.Msg(), "octal")
	}
	l.g.Octal, l.g.octal = s, o
}
