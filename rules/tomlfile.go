package rules

import (
	"errors"

	"github.com/BurntSushi/toml"

	"retro/rules/lang"
)

// TOMLFile is a TOML file that is not a game (a family of variants, say)
// with where its keys and values are, so that its errors say where and
// render with their line and carets as a game's do.
type TOMLFile struct {
	lines *lineIndex
	locs  map[string]*loc
}

// LocateTOML finds the keys and values of src, a TOML file that
// toml.Decode has accepted; file is the name its errors give.
func LocateTOML(file string, src []byte) *TOMLFile {
	return &TOMLFile{lines: newLineIndex(file, src), locs: locate(src)}
}

// DecodeError is an error of toml.Decode on file's text at its place; an
// error without one names the file.
func DecodeError(file string, src []byte, err error) *Error {
	f := &TOMLFile{lines: newLineIndex(file, src)}
	var pe toml.ParseError
	if errors.As(err, &pe) {
		off := pe.Position.Start
		return f.at(off, off+max(pe.Position.Len, 1), tomlMsg(pe.Message))
	}
	return f.at(-1, -1, tomlMsg(err.Error()))
}

// UnknownKey is the message of a key the file does not know, with the
// nearest of keys when one is near, worded as a game file's.
func UnknownKey(key string, keys []string) lang.Msg {
	var mean lang.Msg
	if near := Suggest(key, keys); near != "" {
		mean = mDidYouMean.Msg(near)
	}
	return mUnknownKey.Msg(key, mean)
}

// KeyError is an error at the key of path ("name", or "start", "a").
func (f *TOMLFile) KeyError(msg lang.Msg, path ...string) *Error {
	if lc := f.locs[pathKey(path...)]; lc != nil {
		return f.at(lc.key, lc.keyEnd, msg)
	}
	return f.at(-1, -1, msg)
}

// ValueError is an error at the value of path: the whole of a scalar,
// the opening bracket of an array or a table.
func (f *TOMLFile) ValueError(msg lang.Msg, path ...string) *Error {
	return f.value(f.locs[pathKey(path...)], msg)
}

// ElemError is an error at element i of the array at path.
func (f *TOMLFile) ElemError(i int, msg lang.Msg, path ...string) *Error {
	return f.value(elem(f.locs[pathKey(path...)], i), msg)
}

func (f *TOMLFile) value(lc *loc, msg lang.Msg) *Error {
	if lc == nil {
		return f.at(-1, -1, msg)
	}
	end := lc.valEnd
	if lc.elems != nil || lc.val < len(f.lines.src) && (f.lines.src[lc.val] == '{' || f.lines.src[lc.val] == '[') {
		end = lc.val + 1
	}
	return f.at(lc.val, end, msg)
}

// at is an error at offsets off..end of the file; off < 0: the file
// alone.
func (f *TOMLFile) at(off, end int, msg lang.Msg) *Error {
	if off < 0 {
		return &Error{Pos: Pos{File: f.lines.file}, Msg: msg, Source: f.lines.src}
	}
	return &Error{Pos: f.lines.pos(off), Len: f.lines.runes(off, end), Msg: msg, Source: f.lines.src}
}
