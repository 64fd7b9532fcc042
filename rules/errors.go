package rules

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"retro/rules/lang"
)

// Sentinel errors of evaluation. Machine methods, Instance.Starts and
// Instance.Bounds return them wrapped in an *Error that says where.
var (
	// ErrDivByZero: the right operand of // or % is zero.
	ErrDivByZero = lang.Errorf(mDivByZero)
	// ErrOverflow: a result does not fit in an int64.
	ErrOverflow = lang.Errorf(mOverflow)
	// ErrNegativeExponent: the right operand of ** is negative.
	ErrNegativeExponent = lang.Errorf(mNegExponent)
	// ErrTooManyMoves: one position has more than MaxMovesPerPosition
	// moves, or its generators take more than MaxStepsPerPosition steps.
	ErrTooManyMoves = lang.Errorf(mTooManyMoves)
)

// MaxErrors is how many errors an ErrorList from Parse keeps.
const MaxErrors = 10

// Pos is a place in a game file. Line and Col are 1-based; Col counts
// characters (runes), not bytes. The zero Pos means "no place".
type Pos struct {
	File      string
	Line, Col int
}

// IsValid reports whether p names a line.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String returns "file:line:col", "file" when p has no line, or "-".
func (p Pos) String() string { return p.In(lang.En) }

// In writes the place in l: "file:line:col" in English, «file, строка 3,
// столбец 9» in Russian; "file" when p has no line, or "-".
func (p Pos) In(l lang.Lang) string {
	s := p.File
	if p.IsValid() {
		if l == lang.Ru {
			if s != "" {
				s += ", "
			}
			s += fmt.Sprintf("строка %d, столбец %d", p.Line, p.Col)
		} else {
			if s != "" {
				s += ":"
			}
			s += fmt.Sprintf("%d:%d", p.Line, p.Col)
		}
	}
	if s == "" {
		s = "-"
	}
	return s
}

// Error is one error in a game file, or one failure while evaluating it.
type Error struct {
	Pos Pos
	// Msg is what is wrong, in either language (Message renders it).
	Msg lang.Msg
	// Len is the length of the offending text in characters, for the
	// caret line of Render; 0 and 1 both give one caret.
	Len int
	// Err is the sentinel behind a run-time error (ErrDivByZero, ...);
	// nil for errors found while loading.
	Err error
	// Source is the text Pos points into (the Game's Source), so that the
	// error renders itself; nil gives the error line alone.
	Source []byte
}

// Error returns "file:line:col: msg" on one line, in English.
func (e *Error) Error() string { return e.In(lang.En) }

// In returns "file:line:col: msg" on one line in l (the place as
// Pos.In writes it).
func (e *Error) In(l lang.Lang) string {
	if !e.Pos.IsValid() && e.Pos.File == "" {
		return e.Message(l)
	}
	return e.Pos.In(l) + ": " + e.Message(l)
}

// Message is what is wrong in l, without the place, its long words
// clipped (ClipMessage).
func (e *Error) Message(l lang.Lang) string { return ClipMessage(e.Msg.In(l)) }

// Unwrap returns the sentinel, so errors.Is(err, ErrDivByZero) works.
func (e *Error) Unwrap() error { return e.Err }

// Render returns the error line in l, then the line of its Source it
// points at, then a line with carets under the offending text. Every line
// ends in a newline. When the position is not in the Source only the
// error line is given.
func (e *Error) Render(l lang.Lang) string {
	line, ok := sourceLine(e.Source, e.Pos.Line)
	if !ok || e.Pos.Col < 1 {
		return e.In(l) + "\n"
	}
	return e.In(l) + "\n" + Excerpt(line, e.Pos.Col, e.Len)
}

// Excerpt shows a line of text with carets under n characters from
// column col (1-based), both lines indented and ending in a newline: how
// an error points at what it is about, in a game file or in a question.
// The carets stay within the line (one at its end at least); a tab before
// them is kept, so that they line up. A line longer than ExcerptWidth
// characters is shown as a window of that width around the column, each
// cut end marked with an ellipsis.
func Excerpt(line string, col, n int) string {
	rs := []rune(line)
	col = max(col, 1)
	n = max(n, 1)
	if left := len(rs) - (col - 1); n > left {
		n = max(left, 1)
	}
	from, to := 0, len(rs)
	if len(rs) > ExcerptWidth {
		from = max(min(col-1-ExcerptWidth/3, len(rs)-ExcerptWidth), 0)
		to = from + ExcerptWidth
		n = min(n, max(to-(col-1), 1))
	}
	var b strings.Builder
	const indent = "    "
	b.WriteString(indent)
	lead := ""
	if from > 0 {
		lead = "…"
	}
	b.WriteString(lead)
	b.WriteString(printable(string(rs[from:to])))
	if to < len(rs) {
		b.WriteString("…")
	}
	b.WriteByte('\n')
	b.WriteString(indent)
	if lead != "" {
		b.WriteByte(' ')
	}
	for i := from; i < col-1; i++ {
		if i < len(rs) && rs[i] == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteString(strings.Repeat("^", n))
	b.WriteByte('\n')
	return b.String()
}

// ExcerptWidth is the most characters of a line Excerpt shows.
const ExcerptWidth = 160

// ClipMessage shortens the long words of an error message, such as a
// name, number or string of the text quoted in it, to their first and
// last characters around an ellipsis, and the message to at most
// MaxMessage characters: a message says what is wrong and where, it does
// not echo the input.
func ClipMessage(msg string) string {
	if utf8.RuneCountInString(msg) <= ClipWord {
		return msg
	}
	var b strings.Builder
	word := func(w string) {
		if rs := []rune(w); len(rs) > ClipWord {
			w = string(rs[:ClipWord/2]) + "…" + string(rs[len(rs)-ClipWord/4:])
		}
		b.WriteString(w)
	}
	start := -1
	for i, r := range msg {
		if r == ' ' {
			if start >= 0 {
				word(msg[start:i])
				start = -1
			}
			b.WriteRune(r)
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		word(msg[start:])
	}
	if rs := []rune(b.String()); len(rs) > MaxMessage {
		return string(rs[:MaxMessage*3/4]) + "…" + string(rs[len(rs)-MaxMessage/5:])
	}
	return b.String()
}

// ClipWord is the longest word ClipMessage keeps whole, MaxMessage the
// longest message.
const (
	ClipWord   = 80
	MaxMessage = 2000
)

// sourceLine returns line n (1-based) of src without its line ending.
func sourceLine(src []byte, n int) (string, bool) {
	if n < 1 {
		return "", false
	}
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(src, '\n')
		if j < 0 {
			return "", false
		}
		src = src[j+1:]
	}
	if j := bytes.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	return strings.TrimSuffix(string(src), "\r"), true
}

// printable replaces control characters other than tab by U+FFFD, rune for
// rune, so that the caret line stays aligned and a terminal is not upset.
func printable(s string) string {
	if !strings.ContainsFunc(s, isControl) && utf8.ValidString(s) {
		return s
	}
	rs := []rune(s)
	for i, r := range rs {
		if isControl(r) {
			rs[i] = utf8.RuneError
		}
	}
	return string(rs)
}

func isControl(r rune) bool { return r != '\t' && (r < ' ' || r == 0x7f) }

// ErrorList is a list of errors in one file. Parse returns it sorted by
// position, with at most one error per line and at most MaxErrors errors.
type ErrorList []*Error

// Len, Swap and Less sort an ErrorList by file, line and column.
func (l ErrorList) Len() int { return len(l) }

// Swap swaps two errors.
func (l ErrorList) Swap(i, j int) { l[i], l[j] = l[j], l[i] }

// Less orders errors by file, line and column.
func (l ErrorList) Less(i, j int) bool {
	a, b := l[i].Pos, l[j].Pos
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Col < b.Col
}

// Sort sorts the list by position; errors at one position keep their order.
func (l ErrorList) Sort() { sort.Stable(l) }

// Normalize sorts the list, keeps the first error of every line and at
// most MaxErrors errors.
func (l *ErrorList) Normalize() {
	l.Sort()
	var out ErrorList
	for _, e := range *l {
		if n := len(out); n > 0 && out[n-1].Pos.File == e.Pos.File && out[n-1].Pos.Line == e.Pos.Line {
			continue
		}
		out = append(out, e)
	}
	if len(out) > MaxErrors {
		out = out[:MaxErrors]
	}
	*l = out
}

// Error returns the errors one per line, in English.
func (l ErrorList) Error() string { return l.In(lang.En) }

// In returns the errors one per line in lg.
func (l ErrorList) In(lg lang.Lang) string {
	if len(l) == 0 {
		return mNoErrors.Msg().In(lg)
	}
	s := make([]string, len(l))
	for i, e := range l {
		s[i] = e.In(lg)
	}
	return strings.Join(s, "\n")
}

// Err returns l as an error, or nil when l is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Render renders every error in lg with its source line and carets.
func (l ErrorList) Render(lg lang.Lang) string {
	var b strings.Builder
	for _, e := range l {
		b.WriteString(e.Render(lg))
	}
	return b.String()
}

// Positioned returns the errors in err that say where they are: the
// ErrorList or the *Error err wraps; nil when it wraps neither.
func Positioned(err error) ErrorList {
	var l ErrorList
	if errors.As(err, &l) {
		return l
	}
	var e *Error
	if errors.As(err, &e) {
		return ErrorList{e}
	}
	return nil
}

// RenderError is RenderErrorIn in English.
func RenderError(err error) string { return RenderErrorIn(err, lang.En) }

// RenderErrorIn renders err in l with source context when it wraps an
// *Error or an ErrorList, and as lang.Say(err, l) plus a newline
// otherwise. It is the one renderer of an error in a game file.
func RenderErrorIn(err error, l lang.Lang) string {
	if list := Positioned(err); list != nil {
		return list.Render(l)
	}
	return lang.Say(err, l) + "\n"
}
