// Package lang holds what the messages retro writes for people are made
// of, in English and Russian, below every other package: a game file's
// errors (package rules) and a question's (package out/query) use it
// alike.
//
// The words:
//
//   - Lang: a language, en or ru.
//   - Form: one message's wording in both languages, a format of package
//     fmt in each. Every form is registered (Forms) so that a test can read
//     every message in both languages.
//   - Msg: a message kept as its form and arguments, rendered in either
//     language on request (In); an argument that renders itself (a Sayer:
//     a Msg, a Noun count, a quotation, an *Error) is rendered in the same
//     language first.
//   - Error: a Msg as an error; Error() is its English, In its Russian. An
//     argument that is an error is what it unwraps to, as with %w.
//   - RuForm: the form of a Russian noun after a number (1 камень,
//     2 камня, 5 камней).
package lang
