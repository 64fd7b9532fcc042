package rules

import "retro/rules/lang"

// Game is a checked and compiled game file. Only Parse makes one; the
// exported fields describe it, the unexported ones evaluate it.
type Game struct {
	Name     string // the name key; the file name without .toml when absent
	File     string // the name Parse was given
	Source   []byte // the file text, which its errors carry for Error.Render
	Piles    []string
	Params   []Param   // in file order
	Commands []Command // in file order; each `moves` entry is a command named by its text
	History  History   // what a position carries, from what `allow` reads
	Count    Count     // Exam (the default) or Lebedev
	Signed   bool      // piles may become negative
	Sum      bool      // a heap game, played as a sum
	Octal    string    // the octal code as given; "" when absent
	Horizon  int       // -1 when absent
	// Tier is the declared tier expression as written ("a + b"), "" when
	// absent: a value of the piles that no move lowers.
	Tier string

	HasEnd, HasStart, HasBounds, HasWhere bool

	lines           *lineIndex
	raw             map[string]any  // the decoded file, for Form
	locs            map[string]*loc // where its keys and values are, for BoxAsStarts
	spans           []span          // places of run-time faults, by id
	nslots          int             // size of an evaluation environment
	cmdSlot         int             // env slot of cmd; last and mylast follow; then generator variables
	ruleIdx         []int           // indices in Params of the rule params
	startIdx        []int           // indices in Params of the start params
	moves           [][]*mover
	sparse          *sparseIndex // nil unless the moves are many and mostly take from one pile
	allow           boolFn
	allowReadsPiles bool // allow reads a pile: it is not a table of commands
	end             boolFn
	endSides        *endSides  // nil unless end is one comparison
	endExpr         expr       // the tree of end, for Instance.LinearEnd; nil without end
	tierExpr        expr       // the tree of tier, for Instance.LinearTier; nil without tier
	tier            intFn      // nil without tier
	winner          intFn      // nil when the winner does not depend on the position
	winnerConst     Player     // then: who has won at every final position
	start           []intFn    // per pile
	where           boolFn     // nil without where
	whereRule       bool       // where reads rule params only
	bounds          [][2]intFn // per pile, lo and hi
	octal           Octal
	splitAt         int32 // span id of the first split entry, -1 when none
}

// Command is a named group of move entries. A command is what `allow`
// talks about: cmd, last and mylast are commands.
type Command struct {
	Name  string
	Moves []string // the entry texts, as written
}

// History says what a position carries besides its piles.
type History int

const (
	NoHistory   History = iota // piles only
	LastHistory                // piles and last
	BothHistory                // piles, last and mylast
)

// Size returns how many history values a pile tuple has in a game with
// the given number of commands: 1, C+1 or (C+1)*(C+1). A history value is
// last*(C+1) + mylast, where last and mylast are 0 for none and 1+command
// index otherwise (mylast is always 0 under LastHistory).
func (h History) Size(commands int) int {
	switch h {
	case LastHistory:
		return commands + 1
	case BothHistory:
		return (commands + 1) * (commands + 1)
	}
	return 1
}

// String returns "none", "last" or "last+mylast".
func (h History) String() string {
	switch h {
	case LastHistory:
		return "last"
	case BothHistory:
		return "last+mylast"
	}
	return "none"
}

// Count is how a losing move is counted in layers (see FORMAT.md).
type Count int

const (
	Exam    Count = iota // the losing move is the game's last move
	Lebedev              // the opponent is counted as making one more, winning move
)

// String returns "exam" or "lebedev", as in the game file.
func (c Count) String() string {
	if c == Lebedev {
		return "lebedev"
	}
	return "exam"
}

// Player names a side relative to a final position.
type Player int8

const (
	Mover Player = iota // the player who made the last move has won
	Other               // the player now to move has won
)

// String returns "mover" or "other", as in the game file.
func (p Player) String() string {
	if p == Other {
		return "other"
	}
	return "mover"
}

// RuleParams returns the rule params in file order.
func (g *Game) RuleParams() []Param { return g.pick(g.ruleIdx) }

// StartParams returns the start params in file order.
func (g *Game) StartParams() []Param { return g.pick(g.startIdx) }

func (g *Game) pick(idx []int) []Param {
	ps := make([]Param, len(idx))
	for i, k := range idx {
		ps[i] = g.Params[k]
	}
	return ps
}

// HasSplits reports whether some move entry is a split (x -> ...); such a
// game's moves are only available through HeapMoves.
func (g *Game) HasSplits() bool { return g.splitAt >= 0 }

// PileIndex returns the index of the named pile, or -1.
func (g *Game) PileIndex(name string) int {
	for i, p := range g.Piles {
		if p == name {
			return i
		}
	}
	return -1
}

// span is a place in the file, kept for run-time faults.
type span struct {
	from, to int // byte offsets in the file; its position is found on a fault
}

// errorAt makes the *Error of a run-time fault at span id, saying where
// it was (the zero Msg: nothing).
func (g *Game) errorAt(id int32, err error, where lang.Msg) *Error {
	e := &Error{Msg: mVerbatim.Msg(err), Err: err, Source: g.Source}
	if where.Form != nil {
		e.Msg = mFaultWhere.Msg(err, where)
	}
	if id >= 0 && int(id) < len(g.spans) {
		sp := g.spans[id]
		e.Pos, e.Len = g.lines.pos(sp.from), g.lines.runes(sp.from, sp.to)
	} else {
		e.Pos = Pos{File: g.File}
	}
	return e
}

// OctalCode returns the parsed octal code of a game with `octal`, and the
// zero Octal otherwise.
func (g *Game) OctalCode() Octal { return g.octal }

// MaxShownName is the most characters of a game's name that a line of
// text shows (ShownName).
const MaxShownName = 120

// ShownName is the game's name for a line of text: whole up to
// MaxShownName characters, cut with "…" beyond (a name may be of any
// length; a line that echoed a million characters would be no line).
// JSON and the table keep the name whole.
func (g *Game) ShownName() string {
	n := 0
	for i := range g.Name {
		if n == MaxShownName {
			return g.Name[:i] + "…"
		}
		n++
	}
	return g.Name
}
