package rules

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"retro/rules/lang"
)

// item is one scanned token. off and end are byte offsets in the text.
type item struct {
	tok      token
	off, end int
	lit      string // identifier, string contents, number text
	val      int64  // value of a number
}

// scanAll splits s into tokens, ending with tEOF. A lexical error panics
// with a syntaxError (recovered by the parser's entry points).
func scanAll(s string) []item {
	var items []item
	i := 0
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
		if i >= len(s) {
			return append(items, item{tok: tEOF, off: len(s), end: len(s)})
		}
		it := scanOne(s, i)
		if len(items) == MaxExprTokens {
			fail(it.off, it.end, mTooManyTokens.Msg(MaxExprTokens))
		}
		items = append(items, it)
		i = it.end
	}
}

// scanOne scans the token that starts at byte i of s.
func scanOne(s string, i int) item {
	r, size := utf8.DecodeRuneInString(s[i:])
	switch {
	case isLetter(r):
		j := i + size
		for j < len(s) {
			r, n := utf8.DecodeRuneInString(s[j:])
			if !isLetter(r) && !unicode.IsDigit(r) {
				break
			}
			j += n
		}
		word := s[i:j]
		if t, ok := keywords[word]; ok {
			return item{tok: t, off: i, end: j, lit: word}
		}
		return item{tok: tIdent, off: i, end: j, lit: word}
	case r >= '0' && r <= '9':
		return scanNumber(s, i)
	case r == '"' || r == '\'':
		j := strings.IndexByte(s[i+1:], byte(r))
		if j < 0 {
			fail(i, len(s), mUnterminated.Msg())
		}
		return item{tok: tString, off: i, end: i + 1 + j + 1, lit: s[i+1 : i+1+j]}
	}
	two := ""
	if i+1 < len(s) {
		two = s[i : i+2]
	}
	op := func(t token, n int) item { return item{tok: t, off: i, end: i + n} }
	switch two {
	case "//":
		return op(tFloorDiv, 2)
	case "**":
		return op(tPow, 2)
	case "==":
		return op(tEql, 2)
	case "!=":
		return op(tNeq, 2)
	case "<=":
		return op(tLeq, 2)
	case ">=":
		return op(tGeq, 2)
	case "->":
		return op(tArrow, 2)
	case "..":
		return op(tRange, 2)
	case "&&":
		fail(i, i+2, mUseAndNotAnd2.Msg())
	case "||":
		fail(i, i+2, mUseOrNotOr2.Msg())
	}
	switch r {
	case '+':
		return op(tAdd, 1)
	case '-':
		return op(tSub, 1)
	case '*':
		return op(tMul, 1)
	case '%':
		return op(tMod, 1)
	case '<':
		return op(tLss, 1)
	case '>':
		return op(tGtr, 1)
	case '(':
		return op(tLParen, 1)
	case ')':
		return op(tRParen, 1)
	case ',':
		return op(tComma, 1)
	case '=':
		return op(tAssign, 1)
	case '/':
		fail(i, i+1, mUseFloorDiv.Msg())
	case '!':
		fail(i, i+1, mUseNot.Msg())
	case '&':
		fail(i, i+1, mUseAnd.Msg())
	case '|':
		fail(i, i+1, mUseOr.Msg())
	case '^':
		fail(i, i+1, mUsePow.Msg())
	case '.':
		fail(i, i+1, mUnexpectedDot.Msg())
	}
	if hint, ok := map[rune]string{'≥': ">=", '≤': "<=", '≠': "!=", '−': "-", '×': "*", '÷': "//"}[r]; ok {
		fail(i, i+size, mUnexpectedHint.Msg(lang.QuoteRune(r), hint))
	}
	if r == utf8.RuneError && size <= 1 {
		fail(i, i+1, mInvalidUTF8.Msg())
	}
	fail(i, i+size, mUnexpectedChar.Msg(lang.QuoteRune(r)))
	panic("unreachable")
}

// scanNumber scans a decimal integer; underscores may separate digits.
func scanNumber(s string, i int) item {
	j := i
	for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '_') {
		j++
	}
	if j < len(s) {
		if r, _ := utf8.DecodeRuneInString(s[j:]); isLetter(r) {
			k := j
			for k < len(s) && (isLetter(rune(s[k])) || s[k] >= '0' && s[k] <= '9') {
				k++
			}
			fail(i, max(k, j+1), mInvalidNumber.Msg(lang.Quote(s[i:max(k, j+1)])))
		}
	}
	lit := s[i:j]
	if strings.HasSuffix(lit, "_") || strings.Contains(lit, "__") {
		fail(i, j, mMisplacedUnder.Msg())
	}
	digits := strings.ReplaceAll(lit, "_", "")
	if len(digits) > 1 && digits[0] == '0' && strings.Trim(digits, "0") != "" {
		fail(i, j, mLeadingZero.Msg())
	}
	v, err := strconv.ParseInt(digits, 10, 64)
	if err != nil {
		fail(i, j, mNumberTooBig.Msg(lit))
	}
	return item{tok: tInt, off: i, end: j, lit: lit, val: v}
}

func isLetter(r rune) bool {
	return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80 && unicode.IsLetter(r)
}

// isIdent reports whether s is a valid name: a letter or _, then letters,
// digits and _.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !isLetter(r) && (i == 0 || !unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}
