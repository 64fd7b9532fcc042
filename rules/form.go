package rules

import (
	"fmt"
	"strings"

	"retro/rules/lang"
)

// The game read back in the words of its file: the fields of the
// explorer's constructor (Form), and a one-pile box written as starts
// (BoxAsStarts). Both read what Parse kept of the file (the decoded TOML
// and where each key is), never the text again.

// Form is a game as a constructor of simple games shows it: at most three
// piles, a [start] read by one start param, and the move entries, end,
// winner and allow as written in the file.
type Form struct {
	Grouped bool     // the moves are in [commands], not in `moves`
	End     string   // as written; "" when absent
	Winner  string   // as written; "mover" when absent
	Allow   string   // as written; "" when absent
	Start   []string // the start value of each pile, as written
	Param   Param    // the start param
}

// Form returns the game as a constructor shows it, or an error saying why
// it does not fit one.
func (g *Game) Form() (*Form, error) {
	switch {
	case len(g.Piles) > 3:
		return nil, lang.Errorf(mFormPiles)
	case g.HasBounds:
		return nil, lang.Errorf(mFormBounds)
	case !g.HasStart:
		return nil, lang.Errorf(mFormNoStart)
	case g.HasWhere:
		return nil, lang.Errorf(mFormWhere)
	case g.Horizon >= 0:
		return nil, lang.Errorf(mFormHorizon)
	case g.Signed:
		return nil, lang.Errorf(mFormSigned)
	case len(g.Params) != 1 || g.Params[0].Rule:
		return nil, lang.Errorf(mFormParam)
	}
	text := func(key string) string { s, _ := g.raw[key].(string); return s }
	_, moves := g.raw["moves"]
	f := &Form{Grouped: !moves, End: text("end"), Winner: text("winner"), Allow: text("allow"), Param: g.Params[0]}
	if f.Winner == "" {
		f.Winner = "mover"
	}
	start, _ := g.raw["start"].(map[string]any)
	for _, p := range g.Piles {
		f.Start = append(f.Start, fmt.Sprint(start[p]))
	}
	return f, nil
}

// BoxAsStarts returns the text of a one-pile game analysed over a
// [bounds] box, without starts or params, with the box x = "LO..HI"
// written as the starts x = S, S = LO..HI instead: the same positions,
// and a question about the game is asked at its starts. It is false when
// the game is not of that kind, or its box is not written as a [bounds]
// header on a line of its own followed by the one line x = "LO..HI"
// (integers) and nothing else on it.
func (g *Game) BoxAsStarts() (string, bool) {
	if g.HasStart || !g.HasBounds || len(g.Piles) != 1 || len(g.Params) != 0 {
		return "", false
	}
	src := g.Source
	head, val := g.locs[pathKey("bounds")], g.locs[pathKey("bounds", g.Piles[0])]
	box, _ := g.raw["bounds"].(map[string]any)
	if head == nil || val == nil || val.str == nil || len(box) != 1 {
		return "", false
	}
	// [bounds] at the start of a line, then only blanks and line breaks.
	if (head.val > 0 && src[head.val-1] != '\n') || string(src[head.val:head.valEnd]) != "[bounds]" ||
		!allSpace(src[head.valEnd:val.key]) || !strings.Contains(string(src[head.valEnd:val.key]), "\n") {
		return "", false
	}
	// x = "LO..HI", the string as written, then only blanks on the line.
	key := string(src[val.key:val.keyEnd])
	lo, hi, ok := strings.Cut(val.str.s, "..")
	if !ok || !isWord(key) || !isInteger(lo) || !isInteger(hi) ||
		string(src[val.val:val.valEnd]) != `"`+val.str.s+`"` || strings.TrimFunc(string(src[val.keyEnd:val.val]), isSpaceRune) != "=" {
		return "", false
	}
	end, ok := lineEnd(src, val.valEnd)
	if !ok {
		return "", false
	}
	var b strings.Builder
	b.Write(src[:head.val])
	fmt.Fprintf(&b, "# For the explorer the box x = %s..%s is written as starts x = S, S = %s..%s:\n", lo, hi, lo, hi)
	b.WriteString("# the same positions, and questions are asked at the starts.\n")
	fmt.Fprintf(&b, "[start]\n%s = \"S\"\n\n[params]\nS = \"%s..%s\"", key, lo, hi)
	b.Write(src[end:])
	return b.String(), true
}

// lineEnd returns where the line holding offset off ends, when only
// blanks follow off on it: the last line break of the blanks from off (the
// blank lines after it are the line's), or the end of src.
func lineEnd(src []byte, off int) (int, bool) {
	end, last := off, -1
	for end < len(src) && isSpace(src[end]) {
		if src[end] == '\n' {
			last = end
		}
		end++
	}
	switch {
	case end == len(src):
		return end, true
	case last >= 0:
		return last, true
	}
	return 0, false
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

func isSpaceRune(r rune) bool { return r < 0x80 && isSpace(byte(r)) }

func allSpace(b []byte) bool {
	for _, c := range b {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

// isWord reports whether s is letters, digits and underscores, at least one.
func isWord(s string) bool {
	for _, c := range []byte(s) {
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return s != ""
}

// isInteger reports whether s is decimal digits, at least one, after an
// optional minus sign.
func isInteger(s string) bool {
	s = strings.TrimPrefix(s, "-")
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
