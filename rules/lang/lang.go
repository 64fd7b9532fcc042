package lang

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Lang is a language of the messages.
type Lang string

// The languages.
const (
	En Lang = "en" // English
	Ru Lang = "ru" // Russian
)

// Sayer is what renders itself in a language.
type Sayer interface {
	In(l Lang) string
}

// Form is the wording of one message in both languages: a format of
// package fmt in each, taking the same arguments (a Russian format may
// take them in another order with %[n]s).
type Form struct {
	En, Ru string
}

var forms []*Form

// NewForm registers and returns a form. Forms are made once, as package
// variables, so that Forms lists every message the program can write.
func NewForm(en, ru string) *Form {
	f := &Form{En: en, Ru: ru}
	forms = append(forms, f)
	return f
}

// Forms returns every form made with NewForm, in the order made.
func Forms() []*Form { return forms }

// In returns the format of the form in l.
func (f *Form) In(l Lang) string {
	if l == Ru {
		return f.Ru
	}
	return f.En
}

// Msg returns the message of the form with its arguments.
func (f *Form) Msg(args ...any) Msg { return Msg{Form: f, Args: args} }

// Msg is a message kept as its form and its arguments. The zero Msg is
// empty in both languages.
type Msg struct {
	Form *Form
	Args []any
}

// In renders the message in l: every argument that is a Sayer is rendered
// in l first.
func (m Msg) In(l Lang) string {
	if m.Form == nil {
		return ""
	}
	f := m.Form.In(l)
	if len(m.Args) == 0 {
		return f
	}
	args := make([]any, len(m.Args))
	for i, a := range m.Args {
		if s, ok := a.(Sayer); ok {
			args[i] = s.In(l)
		} else {
			args[i] = a
		}
	}
	return fmt.Sprintf(f, args...)
}

// String is the message in English.
func (m Msg) String() string { return m.In(En) }

// Error is a message as an error: Error() is its English, In renders it
// in any language.
type Error struct {
	Msg Msg
	// Err is what the error unwraps to: its first argument that is an
	// error, as with %w of fmt.Errorf.
	Err error
}

// Errorf returns the message of form with args as an error that unwraps
// to the first of args that is an error.
func Errorf(f *Form, args ...any) error {
	e := &Error{Msg: f.Msg(args...)}
	for _, a := range args {
		if err, ok := a.(error); ok {
			e.Err = err
			break
		}
	}
	return e
}

func (e *Error) Error() string { return e.Msg.In(En) }

// In renders the error in l.
func (e *Error) In(l Lang) string { return e.Msg.In(l) }

// Unwrap returns the error the message wraps, or nil.
func (e *Error) Unwrap() error { return e.Err }

// Say renders err in l when it renders itself (a Sayer). An error that
// wraps one that does, its text ending in the English of the wrapped
// one, keeps its own words and says the wrapped one in l. Any other is
// err.Error().
func Say(err error, l Lang) string {
	if s, ok := err.(Sayer); ok {
		return s.In(l)
	}
	full := err.Error()
	for e := errors.Unwrap(err); e != nil; e = errors.Unwrap(e) {
		if s, ok := e.(Sayer); ok {
			if en := e.Error(); strings.HasSuffix(full, en) {
				return full[:len(full)-len(en)] + s.In(l)
			}
		}
	}
	return full
}

// Quote is a quotation of the input in a message: "x" in English (as %q
// writes it), «x» in Russian, with the same escapes.
type Quote string

// In quotes q in l.
func (q Quote) In(l Lang) string { return quotedIn(strconv.Quote(string(q)), l) }

// QuoteRune is a quoted character of the input: '×' in English (as %q
// writes a rune), «×» in Russian.
type QuoteRune rune

// In quotes r in l.
func (r QuoteRune) In(l Lang) string { return quotedIn(strconv.QuoteRune(rune(r)), l) }

// quotedIn is s, quoted as Go quotes it, in l: in Russian its quotes
// become «».
func quotedIn(s string, l Lang) string {
	if l == Ru {
		return "«" + s[1:len(s)-1] + "»"
	}
	return s
}

// Noun is a counted noun: its English singular and plural, and its
// Russian forms after 1, 2 and 5 (камень, камня, камней).
type Noun struct {
	En1, EnN      string
	Ru1, Ru2, Ru5 string
}

// Count is a number with its noun in the form the number takes.
type Count struct {
	N    int64
	Noun *Noun
}

// In writes "3 values", «3 значения».
func (c Count) In(l Lang) string {
	n := strconv.FormatInt(c.N, 10)
	if l == Ru {
		return n + " " + RuForm(c.N, c.Noun.Ru1, c.Noun.Ru2, c.Noun.Ru5)
	}
	if c.N == 1 || c.N == -1 {
		return n + " " + c.Noun.En1
	}
	return n + " " + c.Noun.EnN
}

// RuForm is the form of a Russian noun after the number n: one (1, 21,
// 101), few (2–4, 22–24) or many (5–20, 25–30, 11–14).
func RuForm(n int64, one, few, many string) string {
	if n < 0 {
		n = -n
	}
	switch {
	case n%10 == 1 && n%100 != 11:
		return one
	case n%10 >= 2 && n%10 <= 4 && (n%100 < 12 || n%100 > 14):
		return few
	}
	return many
}

// List is a list of words joined with ", " in both languages, each
// rendered in the language when it is a Sayer.
type List []any

// In joins the words in l.
func (ls List) In(l Lang) string {
	s := make([]string, len(ls))
	for i, w := range ls {
		if sy, ok := w.(Sayer); ok {
			s[i] = sy.In(l)
		} else {
			s[i] = fmt.Sprint(w)
		}
	}
	return strings.Join(s, ", ")
}
