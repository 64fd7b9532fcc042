package rules

import (
	"bytes"
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"

	"retro/rules/lang"
)

// tomlError reports an error of the TOML decoder at its place in the
// file, in the decoder's words.
func (l *loader) tomlError(err error) {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		// The decoder gives no offset (-1) for some errors, such as a
		// control character before the first key: the line and column
		// then, or the start of the file.
		off := pe.Position.Start
		if off < 0 || off > len(l.src) {
			off = offsetOf(l.src, pe.Position.Line, pe.Position.Col)
		}
		if strings.Contains(pe.Message, "control character") {
			// The decoder points before the character, or nowhere.
			if c := controlAt(l.src); c >= 0 {
				off = c
			}
		}
		msg := tomlMsg(pe.Message)
		if r, _ := utf8.DecodeRune(l.src[min(off, len(l.src)):]); r >= utf8.RuneSelf && unicode.IsLetter(r) {
			// TOML's bare keys are A-Z, a-z, 0-9, _ and -: куча = 5 is not one
			msg = mTOMLQuoteKey.Msg(msg, bareWord(l.src[off:]))
		}
		l.errorSrc(off, off+max(pe.Position.Len, 1), msg)
		return
	}
	l.errorFile(tomlMsg(err.Error()))
}

// controlAt is the offset of the first control character TOML forbids
// (any but tab and line feed, and a carriage return not before a line
// feed), -1 when there is none.
func controlAt(src []byte) int {
	for i, b := range src {
		switch {
		case b == '\t' || b == '\n':
		case b == '\r' && i+1 < len(src) && src[i+1] == '\n':
		case b < 0x20 || b == 0x7f:
			return i
		}
	}
	return -1
}

// offsetOf is the byte offset of a 1-based line and column (in
// characters) of src, 0 where they do not point into it.
func offsetOf(src []byte, line, col int) int {
	off := 0
	for ln := 1; ln < line; ln++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return 0
		}
		off += i + 1
	}
	for c := 1; c < col && off < len(src) && src[off] != '\n'; c++ {
		_, size := utf8.DecodeRune(src[off:])
		off += size
	}
	return off
}

// bareWord is the word src starts with: its letters, digits, _ and -.
func bareWord(src []byte) string {
	end := len(src)
	for i, r := range string(src) {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' {
			end = i
			break
		}
	}
	return string(src[:end])
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// tomlMsg is a message of the TOML decoder, on one line: its words are
// the decoder's, quoted in Russian.
func tomlMsg(s string) lang.Msg { return mTOML.Msg(tomlWords(oneLine(s))) }

// tomlWords are the TOML decoder's words: as they are in English, in
// quotes in Russian.
type tomlWords string

func (w tomlWords) In(l lang.Lang) string {
	if l == lang.Ru {
		return "«" + string(w) + "»"
	}
	return string(w)
}
