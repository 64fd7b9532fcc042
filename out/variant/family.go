package variant

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"retro/out/query"
	"retro/rules"
	"retro/rules/lang"
)

// Range is an inclusive range of integers; Open: no upper end (Hi is
// not used).
type Range struct {
	Lo, Hi int64
	Open   bool
}

// String is "3", "1..4" or "31..".
func (r Range) String() string {
	switch {
	case r.Open:
		return fmt.Sprintf("%d..", r.Lo)
	case r.Lo == r.Hi:
		return strconv.FormatInt(r.Lo, 10)
	}
	return fmt.Sprintf("%d..%d", r.Lo, r.Hi)
}

// draw is a value of a closed range, uniformly.
func (r Range) draw(rng *rand.Rand) int64 { return r.Lo + rng.Int64N(r.Hi-r.Lo+1) }

// Task19 is how a family words task 19, and which variants it keeps.
type Task19 uint8

// The wordings of task 19.
const (
	// Agree: the exam's wording ("…after Petya's unlucky first move; the
	// least S for which this is possible"), kept only where its two
	// readings, possible and guaranteed, give the same least S.
	Agree Task19 = iota
	// Possible: the exam's wording, answered in the possible reading
	// (can-lose 1), the guaranteed one stated beside it in the key.
	Possible
	// Guaranteed: the wording of the guaranteed reading ("Petya cannot
	// win with his first move, and Vanya wins with his first move
	// whatever Petya does"), answered by lose =1.
	Guaranteed
)

var task19Names = [...]string{Agree: "agree", Possible: "possible", Guaranteed: "guaranteed"}

func (t Task19) String() string { return task19Names[t] }

// Task20 is how a family words task 20.
type Task20 uint8

// The wordings of task 20.
const (
	Smallest Task20 = iota // "the two smallest S": two or more qualify
	Exactly                // "two such S": exactly two qualify
)

var task20Names = [...]string{Smallest: "smallest", Exactly: "exactly"}

func (t Task20) String() string { return task20Names[t] }

// Wording is how a variant's tasks are worded, which decides what a
// well-posed answer is.
type Wording struct {
	Task19 Task19
	Task20 Task20
}

// Family is what may vary between the variants of one exam game, and in
// what range (cmd/retro/README.md describes its file).
type Family struct {
	Name   string // the worksheet's title
	NameEn string // the title in English; "": Name
	File   string // where it was read from: a file, or NAME.toml of a built-in one
	Piles  Range  // 1..2
	Down   bool   // the piles shrink to the end; false: they grow
	// Entries are the moves a variant has, one per entry, each drawn
	// from its choices; no two moves of a variant are the same.
	Entries [][]Move
	End     Range  // the threshold
	Fixed   Range  // two piles: the start of the first pile
	S       Range  // the range of S, before it is cut to where the game is not over at the start
	Over    *Range // the overshoot rule's margin above End; nil: the player who ends the game wins
	// NoRepeat: a player may not make the move the opponent has just
	// made.
	NoRepeat bool
	Wording  Wording
	Tries    int    // candidates drawn at most for a batch; 0: DefaultTries
	exclude  string // the key of a game no variant may be (Like)
	likeOf   string // Like: the name of the game the family is made of
}

// Title is the family's title in language l: the worksheet's, and the
// start of its games' names.
func (f *Family) Title(l query.Lang) string {
	if l == query.En && f.NameEn != "" {
		return f.NameEn
	}
	return f.Name
}

// The limits of a family's numbers: thresholds, starts and operands.
const (
	maxNumber  = 100_000
	maxOperand = 1000
	maxTries   = 10_000_000
	maxEntries = 8 // the moves of a variant: the exam's games have two or three
)

// rawFamily is a family file as toml decodes it.
type rawFamily struct {
	Name      string `toml:"name"`
	NameEn    string `toml:"name_en"`
	Piles     any    `toml:"piles"`
	Direction string `toml:"direction"`
	Moves     []any  `toml:"moves"`
	End       any    `toml:"end"`
	Fixed     any    `toml:"fixed"`
	S         any    `toml:"s"`
	Overshoot any    `toml:"overshoot"`
	NoRepeat  bool   `toml:"no_repeat"`
	Task19    string `toml:"task19"`
	Task20    string `toml:"task20"`
	Tries     any    `toml:"tries"`
}

// familyKeys are the keys of a family file, in the order its reference
// lists them.
var familyKeys = []string{"name", "name_en", "piles", "direction", "moves", "end", "fixed", "s", "overshoot", "no_repeat", "task19", "task20", "tries"}

// Load reads the family file at path.
func Load(path string) (*Family, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, rules.ReadError(err)
	}
	return Parse(path, src)
}

// FromArg is the family file at arg when there is one, and the built-in
// family named arg otherwise.
func FromArg(arg string) (*Family, error) {
	src, err := os.ReadFile(arg)
	if err == nil {
		return Parse(arg, src)
	}
	if f, ok := Builtin(arg); ok {
		return f, nil
	}
	if os.IsNotExist(err) {
		var mean lang.Msg
		if near := rules.Suggest(arg, BuiltinNames()); near != "" {
			mean = mFamilyMeaning.Msg(lang.Quote(near))
		}
		return nil, lang.Errorf(mNoFamily, lang.Quote(arg), mean)
	}
	return nil, rules.ReadError(err)
}

// Parse reads a family file; file is the name its errors give. Every
// error says where it is (a *rules.Error, which renders itself).
func Parse(file string, src []byte) (*Family, error) {
	var raw rawFamily
	md, err := toml.Decode(string(src), &raw)
	if err != nil {
		return nil, rules.DecodeError(file, src, err)
	}
	p := &familyParser{tf: rules.LocateTOML(file, src), md: md}
	for _, k := range md.Undecoded() {
		return nil, p.tf.KeyError(rules.UnknownKey(k.String(), familyKeys), k...)
	}
	name := raw.Name
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	}
	f := &Family{Name: name, NameEn: raw.NameEn, File: file, NoRepeat: raw.NoRepeat}
	if err := p.read(f, &raw); err != nil {
		return nil, err
	}
	if err := p.check(f); err != nil {
		return nil, err
	}
	return f, nil
}

// familyParser reads the keys of a family file, each error at its key.
type familyParser struct {
	tf *rules.TOMLFile
	md toml.MetaData
}

func (p *familyParser) read(f *Family, raw *rawFamily) error {
	var err error
	if f.Piles, err = p.rangeKey("piles", raw.Piles, Range{Lo: 1, Hi: 1}, 1, 2); err != nil {
		return err
	}
	switch raw.Direction {
	case "", "up":
	case "down":
		f.Down = true
	default:
		return p.tf.ValueError(mDirection.Msg(lang.Quote(raw.Direction)), "direction")
	}
	if err := p.entries(f, raw.Moves); err != nil {
		return err
	}
	if f.End, err = p.rangeKey("end", raw.End, Range{}, 0, maxNumber); err != nil {
		return err
	}
	if f.Fixed, err = p.rangeKey("fixed", raw.Fixed, Range{}, 1, maxNumber); err != nil {
		return err
	}
	defaultS := Range{Lo: 1, Open: true}
	if f.S, err = p.rangeKey("s", raw.S, defaultS, 0, maxNumber); err != nil {
		return err
	}
	if p.md.IsDefined("overshoot") {
		over, err := p.rangeKey("overshoot", raw.Overshoot, Range{}, 0, maxNumber)
		if err != nil {
			return err
		}
		f.Over = &over
	}
	if f.Wording.Task19, err = choice[Task19](p, "task19", raw.Task19, task19Names[:]); err != nil {
		return err
	}
	if f.Wording.Task20, err = choice[Task20](p, "task20", raw.Task20, task20Names[:]); err != nil {
		return err
	}
	if p.md.IsDefined("tries") {
		n, ok := raw.Tries.(int64)
		if !ok || n < 1 || n > maxTries {
			return p.tf.ValueError(mTries.Msg(maxTries), "tries")
		}
		f.Tries = int(n)
	}
	return nil
}

// choice reads a key whose value is one of names ("" the first).
func choice[T ~uint8](p *familyParser, key, v string, names []string) (T, error) {
	if v == "" {
		return 0, nil
	}
	for k, n := range names {
		if v == n {
			return T(k), nil
		}
	}
	return 0, p.tf.ValueError(mChoice.Msg(key, lang.Quote(v), orList(names)), key)
}

// orList is `"a", "b" or "c"`, «a», «b» или «c» in Russian.
func orList(names []string) lang.Msg {
	q := make(lang.List, len(names))
	for i, n := range names {
		q[i] = lang.Quote(n)
	}
	return mOr.Msg(q[:len(q)-1], q[len(q)-1])
}

// rangeKey reads a range key: a whole number, or a string "LO..HI" (or
// "LO.." where the key allows it, s only), its values within lo..hi;
// def when the key is absent (check refuses a required key absent).
func (p *familyParser) rangeKey(key string, v any, def Range, lo, hi int64) (Range, error) {
	if !p.md.IsDefined(key) {
		return def, nil
	}
	bad := func(msg any) (Range, error) { // a lang.Msg, or an error of parseRange
		return Range{}, p.tf.ValueError(mAtKey.Msg(key, msg), key)
	}
	var r Range
	switch v := v.(type) {
	case int64:
		r = Range{Lo: v, Hi: v}
	case string:
		var err error
		if r, err = parseRange(v); err != nil {
			return bad(err)
		}
	default:
		return bad(mWantRange.Msg())
	}
	switch {
	case r.Open && key != "s":
		return bad(mOpenRange.Msg(lang.Quote(v.(string))))
	case r.Lo < lo || !r.Open && r.Hi > hi:
		return bad(mValuesFrom.Msg(r, lo, hi))
	}
	return r, nil
}

// parseRange reads "N", "LO..HI" or "LO..". Its errors are *lang.Error.
func parseRange(s string) (Range, error) {
	a, b, isRange := strings.Cut(s, "..")
	lo, err := strconv.ParseInt(strings.TrimSpace(a), 10, 64)
	if err != nil {
		return Range{}, lang.Errorf(mNotRange, lang.Quote(s))
	}
	if !isRange {
		return Range{Lo: lo, Hi: lo}, nil
	}
	if strings.TrimSpace(b) == "" {
		return Range{Lo: lo, Open: true}, nil
	}
	hi, err := strconv.ParseInt(strings.TrimSpace(b), 10, 64)
	if err != nil {
		return Range{}, lang.Errorf(mNotRange, lang.Quote(s))
	}
	if lo > hi {
		return Range{}, lang.Errorf(mEmptyRange, lang.Quote(s))
	}
	return Range{Lo: lo, Hi: hi}, nil
}

// entries reads the moves: each a string of choices joined by "|", a
// choice an operation and its operand or a range of them ("+1..4").
func (p *familyParser) entries(f *Family, moves []any) error {
	if len(moves) == 0 {
		at := p.tf.KeyError
		if p.md.IsDefined("moves") {
			at = p.tf.ValueError
		}
		return at(mMovesEmpty.Msg(), "moves")
	}
	if len(moves) > maxEntries {
		return p.tf.ElemError(maxEntries, mTooManyMoves.Msg(maxEntries), "moves")
	}
	for i, v := range moves {
		s, ok := v.(string)
		if !ok {
			return p.tf.ElemError(i, mMovesStrings.Msg(), "moves")
		}
		var choices []Move
		seen := map[Move]bool{}
		for _, alt := range strings.Split(s, "|") {
			ms, err := parseChoice(strings.TrimSpace(alt), f.Down)
			if err != nil {
				return p.tf.ElemError(i, mAtKey.Msg("moves", err), "moves")
			}
			for _, m := range ms {
				if !seen[m] {
					seen[m] = true
					choices = append(choices, m)
				}
			}
		}
		f.Entries = append(f.Entries, choices)
	}
	return nil
}

// parseChoice reads one choice of an entry, "+4" or "*2..3", and refuses
// a move that never ends the game of its direction. Its errors are
// *lang.Error.
func parseChoice(s string, down bool) ([]Move, error) {
	var op Op
	var rest string
	switch {
	case strings.HasPrefix(s, "//"):
		op, rest = Div, s[2:]
	case strings.HasPrefix(s, "+"):
		op, rest = Add, s[1:]
	case strings.HasPrefix(s, "*"):
		op, rest = Mul, s[1:]
	case strings.HasPrefix(s, "-"):
		op, rest = Take, s[1:]
	default:
		return nil, lang.Errorf(mNoOperation, lang.Quote(s))
	}
	r, err := parseRange(rest)
	if err != nil || r.Open {
		return nil, lang.Errorf(mNoOperand, lang.Quote(s), opSigns[op], opSigns[op], opSigns[op])
	}
	least := int64(1)
	if op == Mul || op == Div {
		least = 2
	}
	switch {
	case r.Lo < least:
		return nil, lang.Errorf(mNeverEnds, lang.Quote(s), opSigns[op], r.Lo, opSigns[op], least)
	case r.Hi > maxOperand:
		return nil, lang.Errorf(mOperandMax, lang.Quote(s), maxOperand)
	case op.grows() && down:
		return nil, lang.Errorf(mAddsStones, lang.Quote(s))
	case !op.grows() && !down:
		return nil, lang.Errorf(mTakesStones, lang.Quote(s))
	}
	var ms []Move
	for k := r.Lo; k <= r.Hi; k++ {
		ms = append(ms, Move{Op: op, K: k})
	}
	return ms, nil
}
