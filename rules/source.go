package rules

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"syscall"

	"retro/rules/lang"
)

// ErrNoGame: a name that is neither a game file nor a built-in game.
var ErrNoGame = lang.Errorf(mNoGame)

// Source is where the text of a game comes from: a game file, text given
// whole, or a built-in game; FromArg takes a file when one is named so and
// a built-in game otherwise. The zero Source names no game.
type Source struct {
	kind sourceKind
	name string // the path, the built-in name, or the name text goes by
	text []byte // FromText only
}

type sourceKind uint8

const (
	noSource sourceKind = iota
	fileSource
	textSource
	builtinSource
	argSource
)

// FromFile is the game file at path.
func FromFile(path string) Source { return Source{kind: fileSource, name: path} }

// FromText is a game's text; name is the file name used in messages.
func FromText(name string, text []byte) Source {
	return Source{kind: textSource, name: name, text: text}
}

// FromBuiltin is a built-in game by name (see BuiltinNames); its messages
// name the file NAME.toml.
func FromBuiltin(name string) Source { return Source{kind: builtinSource, name: name} }

// FromArg is the game file at arg when there is one, and the built-in game
// named arg otherwise.
func FromArg(arg string) Source { return Source{kind: argSource, name: arg} }

// Load reads and parses the game. A name that is neither a file nor a
// built-in game wraps ErrNoGame; errors in the text are an ErrorList, as
// Parse gives them.
func (s Source) Load() (*Game, error) {
	switch s.kind {
	case fileSource:
		return Load(s.name)
	case textSource:
		return Parse(s.name, s.text)
	case builtinSource:
		src, ok := Builtin(s.name)
		if !ok {
			return nil, noGame(s.name)
		}
		return Parse(s.name+".toml", src)
	case argSource:
		src, err := readGame(s.name)
		if err == nil {
			return Parse(s.name, src)
		}
		if b, ok := Builtin(s.name); ok {
			return Parse(s.name+".toml", b)
		}
		if errors.Is(err, os.ErrNotExist) {
			return nil, noGame(s.name)
		}
		return nil, err
	}
	return nil, lang.Errorf(mNoNameGiven, ErrNoGame)
}

// noGame is the error of a name that is no game, with the built-in game
// it may have been meant to be.
func noGame(name string) error {
	if near := Suggest(name, BuiltinNames()); near != "" {
		return lang.Errorf(mNoGameMeant, ErrNoGame, lang.Quote(name), lang.Quote(near))
	}
	return lang.Errorf(mNoGameNamed, ErrNoGame, lang.Quote(name))
}

// MaxSourceBytes is the largest game file Parse accepts: a game file takes
// a few kilobytes, and the limit keeps a parse within a second.
const MaxSourceBytes = 1 << 20

// readGame reads the file at path, no more of it than Parse needs to see
// that it is too long.
func readGame(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, MaxSourceBytes+1))
}

// readError is a failure to read a file: the system's words in English,
// the usual failures in Russian words.
type readError struct{ err error }

// ReadError is err, a failure to read a file that is not a game (a
// family of variants, say), as it says itself in English and in Russian
// words for the usual failures: no such file, no access, a folder.
func ReadError(err error) error { return readError{err} }

func (e readError) Error() string { return e.err.Error() }
func (e readError) Unwrap() error { return e.err }

// In says the failure in l.
func (e readError) In(l lang.Lang) string {
	if l != lang.Ru {
		return e.err.Error()
	}
	path := ""
	if pe := (*fs.PathError)(nil); errors.As(e.err, &pe) {
		path = pe.Path
	}
	switch {
	case errors.Is(e.err, fs.ErrNotExist):
		return mNoSuchFile.Msg(lang.Quote(path)).In(l)
	case errors.Is(e.err, fs.ErrPermission):
		return mNoAccess.Msg(lang.Quote(path)).In(l)
	case errors.Is(e.err, syscall.EISDIR):
		return mIsDir.Msg(lang.Quote(path)).In(l)
	}
	return mSystemSays.Msg(lang.Quote(e.err.Error())).In(l)
}
