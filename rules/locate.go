package rules

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// BurntSushi/toml reports positions only in its syntax errors: its MetaData
// keeps the position of every key in an unexported field. This file scans
// the raw TOML itself (after toml.Decode has accepted it) to find where
// every key and value starts, and for string values where every byte of the
// decoded string came from, so that an error inside an expression points at
// the character in the file.

// lineIndex turns byte offsets of a file into positions, in time
// independent of the length of the line: every markStep bytes it keeps how
// many characters come before, so that a column is counted from the mark
// before it, not from the start of its line.
type lineIndex struct {
	file   string
	src    []byte
	starts []int      // byte offset of the start of every line
	marks  []runeMark // marks[k]: the first character boundary at or after k*markStep
}

// runeMark is a character boundary of the file and the characters before it.
type runeMark struct{ off, runes int }

const markStep = 256

func newLineIndex(file string, src []byte) *lineIndex {
	x := &lineIndex{file: file, src: src, starts: []int{0}}
	n := 0
	for i := 0; i < len(src); n++ {
		for len(x.marks)*markStep <= i {
			x.marks = append(x.marks, runeMark{i, n})
		}
		if src[i] == '\n' {
			x.starts = append(x.starts, i+1)
		}
		_, size := utf8.DecodeRune(src[i:])
		i += size
	}
	for len(x.marks)*markStep <= len(src) {
		x.marks = append(x.marks, runeMark{len(src), n})
	}
	return x
}

// runesBefore returns how many characters src[:off] holds. A line starts
// at a character boundary (after a newline, which no character contains),
// so the difference of two counts is the characters between.
func (x *lineIndex) runesBefore(off int) int {
	k := off / markStep
	if x.marks[k].off > off { // off is within the character the mark follows
		k--
	}
	m := x.marks[k]
	return m.runes + utf8.RuneCount(x.src[m.off:off])
}

// pos returns the position of byte offset off.
func (x *lineIndex) pos(off int) Pos {
	off = min(max(off, 0), len(x.src))
	line := sort.SearchInts(x.starts, off+1) - 1
	col := x.runesBefore(off) - x.runesBefore(x.starts[line]) + 1
	return Pos{File: x.file, Line: line + 1, Col: col}
}

// runes returns how many characters src[from:to] holds.
func (x *lineIndex) runes(from, to int) int {
	from = min(max(from, 0), len(x.src))
	to = min(max(to, from), len(x.src))
	return x.runesBefore(to) - x.runesBefore(from)
}

// A text is the decoded value of one TOML string, with the file offset each
// of its bytes came from: off[i] for byte i, and off[len(s)] for the end
// (the closing quote).
type text struct {
	s   string
	off []int
}

// src returns the file offset of byte i of the decoded string.
func (t *text) src(i int) int {
	i = min(max(i, 0), len(t.off)-1)
	return t.off[i]
}

// flatText is a text whose bytes cannot be mapped one by one: every byte
// maps to the given file offset.
func flatText(s string, at int) *text {
	off := make([]int, len(s)+1)
	for i := range off {
		off[i] = at
	}
	return &text{s: s, off: off}
}

// A loc says where one key and its value are in the file.
type loc struct {
	key, keyEnd int   // the key (its last dotted part)
	val, valEnd int   // the value
	str         *text // string values, decoded
	elems       []*loc
}

// locate scans TOML source that toml.Decode accepted and returns the
// locations of its keys, by path joined with pathSep. Locations of array
// elements are in the elems of the array's loc. Array-of-table entries get
// a "#n" path part. When the scan meets something it does not understand
// it stops and returns what it has.
func locate(src []byte) map[string]*loc {
	s := &tomlScan{src: src, locs: map[string]*loc{}, arrays: map[string]int{}}
	defer func() {
		if r := recover(); r != nil && r != errLocate {
			panic(r)
		}
	}()
	s.document()
	return s.locs
}

const pathSep = "\x00"

func pathKey(parts ...string) string { return strings.Join(parts, pathSep) }

type locateError struct{}

var errLocate = &locateError{}

type tomlScan struct {
	src    []byte
	i      int
	locs   map[string]*loc
	arrays map[string]int
}

func (s *tomlScan) peek(k int) byte {
	if s.i+k < len(s.src) {
		return s.src[s.i+k]
	}
	return 0
}

func (s *tomlScan) stop() { panic(errLocate) }

func (s *tomlScan) skipWS() {
	for s.i < len(s.src) && (s.src[s.i] == ' ' || s.src[s.i] == '\t') {
		s.i++
	}
}

// skipAll skips white space, newlines and comments.
func (s *tomlScan) skipAll() {
	for s.i < len(s.src) {
		switch c := s.src[s.i]; c {
		case ' ', '\t', '\r', '\n':
			s.i++
		case '#':
			for s.i < len(s.src) && s.src[s.i] != '\n' {
				s.i++
			}
		default:
			return
		}
	}
}

func (s *tomlScan) document() {
	var table []string
	for {
		s.skipAll()
		if s.i >= len(s.src) {
			return
		}
		if s.peek(0) != '[' {
			s.keyval(table)
			continue
		}
		start := s.i
		arr := s.peek(1) == '['
		if arr {
			s.i += 2
		} else {
			s.i++
		}
		s.skipWS()
		parts, spans := s.keyPath()
		s.skipWS()
		s.expect(']')
		if arr {
			s.expect(']')
		}
		table = parts
		s.record(parts, spans, start, s.i)
		if arr {
			k := pathKey(parts...)
			n := s.arrays[k]
			s.arrays[k]++
			table = append(append([]string{}, parts...), "#"+strconv.Itoa(n))
		}
	}
}

func (s *tomlScan) expect(c byte) {
	if s.peek(0) != c {
		s.stop()
	}
	s.i++
}

// record notes the location of every prefix of prefix+parts that has none.
func (s *tomlScan) record(parts []string, spans [][2]int, val, valEnd int) *loc {
	var l *loc
	for k := range parts {
		key := pathKey(parts[:k+1]...)
		if old, ok := s.locs[key]; ok {
			l = old
			continue
		}
		l = &loc{key: spans[k][0], keyEnd: spans[k][1], val: val, valEnd: valEnd}
		s.locs[key] = l
	}
	return l
}

// keyPath reads a dotted key and returns its parts and their spans.
func (s *tomlScan) keyPath() ([]string, [][2]int) {
	var parts []string
	var spans [][2]int
	for {
		s.skipWS()
		start := s.i
		var name string
		switch s.peek(0) {
		case '"', '\'':
			t := s.str()
			name = t.s
		default:
			for s.i < len(s.src) && isBareKeyByte(s.src[s.i]) {
				s.i++
			}
			if s.i == start {
				s.stop()
			}
			name = string(s.src[start:s.i])
		}
		parts = append(parts, name)
		spans = append(spans, [2]int{start, s.i})
		s.skipWS()
		if s.peek(0) != '.' {
			return parts, spans
		}
		s.i++
	}
}

func isBareKeyByte(c byte) bool {
	return c >= 0x80 || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// keyval reads "key = value" inside the table prefix.
func (s *tomlScan) keyval(prefix []string) {
	parts, spans := s.keyPath()
	s.skipWS()
	s.expect('=')
	s.skipWS()
	full := append(append([]string{}, prefix...), parts...)
	v := s.value(full)
	for k := range parts {
		key := pathKey(full[:len(prefix)+k+1]...)
		if k == len(parts)-1 {
			v.key, v.keyEnd = spans[k][0], spans[k][1]
			s.locs[key] = v
		} else if _, ok := s.locs[key]; !ok {
			s.locs[key] = &loc{key: spans[k][0], keyEnd: spans[k][1], val: v.val, valEnd: v.valEnd}
		}
	}
}

// value reads one value; path is its key path (for inline tables).
func (s *tomlScan) value(path []string) *loc {
	l := &loc{val: s.i}
	switch s.peek(0) {
	case '"', '\'':
		l.str = s.str()
	case '[':
		s.i++
		for {
			s.skipAll()
			if s.peek(0) == ']' {
				s.i++
				break
			}
			sub := append(append([]string{}, path...), "#"+strconv.Itoa(len(l.elems)))
			e := s.value(sub)
			e.key, e.keyEnd = e.val, e.valEnd
			l.elems = append(l.elems, e)
			s.skipAll()
			if s.peek(0) == ',' {
				s.i++
			}
		}
	case '{':
		s.i++
		for {
			s.skipAll()
			if s.peek(0) == '}' {
				s.i++
				break
			}
			s.keyval(path)
			s.skipAll()
			if s.peek(0) == ',' {
				s.i++
			}
		}
	default:
		s.scalar()
	}
	l.valEnd = s.i
	return l
}

// scalar skips a number, boolean or date.
func (s *tomlScan) scalar() {
	start := s.i
	for s.i < len(s.src) {
		c := s.src[s.i]
		if c == ' ' && s.i-start == 10 && s.peek(1) >= '0' && s.peek(1) <= '9' {
			s.i++ // "1979-05-27 07:32:00"
			continue
		}
		if c == ',' || c == ']' || c == '}' || c == '#' || c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			break
		}
		s.i++
	}
	if s.i == start {
		s.stop()
	}
}

// str reads a string of any of the four kinds and decodes it.
func (s *tomlScan) str() *text {
	q := s.peek(0)
	multi := s.peek(1) == q && s.peek(2) == q
	t := &text{}
	var b []byte
	add := func(at int, bs ...byte) {
		for _, c := range bs {
			b = append(b, c)
			t.off = append(t.off, at)
		}
	}
	if multi {
		s.i += 3
		if s.peek(0) == '\n' {
			s.i++
		} else if s.peek(0) == '\r' && s.peek(1) == '\n' {
			s.i += 2
		}
	} else {
		s.i++
	}
	for {
		if s.i >= len(s.src) {
			s.stop()
		}
		c := s.src[s.i]
		switch {
		case c == q && !multi:
			t.off = append(t.off, s.i)
			s.i++
			t.s = string(b)
			return t
		case c == q && s.peek(1) == q && s.peek(2) == q:
			n := 3
			for n < 5 && s.peek(n) == q {
				n++
			}
			add(s.i, make1(q, n-3)...)
			t.off = append(t.off, s.i+n-3)
			s.i += n
			t.s = string(b)
			return t
		case c == '\\' && q == '"':
			s.escape(add)
		default:
			add(s.i, c)
			s.i++
		}
	}
}

func make1(c byte, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = c
	}
	return b
}

// escape decodes one escape sequence of a basic string.
func (s *tomlScan) escape(add func(int, ...byte)) {
	at := s.i
	c := s.peek(1)
	var r byte
	switch c {
	case 'b':
		r = '\b'
	case 't':
		r = '\t'
	case 'n':
		r = '\n'
	case 'f':
		r = '\f'
	case 'r':
		r = '\r'
	case 'e':
		r = 0x1b
	case '"', '\\':
		r = c
	case 'x', 'u', 'U':
		digits := 2
		if c == 'u' {
			digits = 4
		} else if c == 'U' {
			digits = 8
		}
		if s.i+2+digits > len(s.src) {
			s.stop()
		}
		v, err := strconv.ParseUint(string(s.src[s.i+2:s.i+2+digits]), 16, 32)
		if err != nil {
			s.stop()
		}
		add(at, utf8.AppendRune(nil, rune(v))...)
		s.i += 2 + digits
		return
	}
	if r != 0 || c == 'e' {
		add(at, r)
		s.i += 2
		return
	}
	// A line-ending backslash: skip it and all white space after it.
	j := s.i + 1
	for j < len(s.src) && (s.src[j] == ' ' || s.src[j] == '\t') {
		j++
	}
	if j < len(s.src) && (s.src[j] == '\n' || s.src[j] == '\r') {
		for j < len(s.src) && strings.IndexByte(" \t\r\n", s.src[j]) >= 0 {
			j++
		}
		s.i = j
		return
	}
	s.stop()
}

// MaxTOMLNesting is how deep the arrays and inline tables of a game file
// may nest. A game file needs three levels at most; the TOML decoder takes
// time that grows faster than the nesting (3000 nested inline tables took
// 9 s), so deeper files are refused before it runs.
const MaxTOMLNesting = 16

// tooDeep returns the offset of the first bracket of src that opens more
// than MaxTOMLNesting levels of arrays and inline tables, -1 when none
// does. It reads strings and comments only to skip them, in one pass;
// what else is wrong with the text is the decoder's to say.
func tooDeep(src []byte) int {
	depth := 0
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case '"', '\'':
			i = skipString(src, i)
		case '[', '{':
			if depth++; depth > MaxTOMLNesting {
				return i
			}
		case ']', '}':
			depth = max(depth-1, 0)
		}
	}
	return -1
}

// skipString returns the offset of the last byte of the TOML string that
// starts at src[i] (its closing quote, or the end of the line or the text
// where it is not closed).
func skipString(src []byte, i int) int {
	q := src[i]
	is := func(k int) bool { return k < len(src) && src[k] == q }
	if is(i+1) && is(i+2) { // a multi-line string: up to two quotes may end its contents
		for k := i + 3; k < len(src); k++ {
			switch {
			case q == '"' && src[k] == '\\':
				k++
			case is(k) && is(k+1) && is(k+2):
				k += 2
				for n := 0; n < 2 && is(k+1); n++ {
					k++
				}
				return k
			}
		}
		return len(src) - 1
	}
	for k := i + 1; k < len(src); k++ {
		switch {
		case q == '"' && src[k] == '\\':
			k++
		case src[k] == q || src[k] == '\n':
			return k
		}
	}
	return len(src) - 1
}
