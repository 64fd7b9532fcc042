package out

import (
	"bytes"
	"encoding/json"
	"fmt"

	"retro/out/query"
	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// The JSON forms of results for the web page (retro serve). Field names are
// stable: the page and other programs read them. A layer is null for D and
// ?; last and mylast are present only in games whose positions carry them.

// TaskJSON is one of the exam's questions, offered by key (GET
// /api/tasks, and each task of retro ege --json): its question, the
// aggregate asked of it, and its title and wording in English and in
// every language.
type TaskJSON struct {
	Key       string                      `json:"key"`
	Title     string                      `json:"title"`
	Question  string                      `json:"question"`
	Aggregate string                      `json:"aggregate"`
	K         int                         `json:"k,omitempty"`
	Wording   string                      `json:"wording"`
	Lang      map[query.Lang]TaskTextJSON `json:"lang"`
}

// TaskTextJSON is a task's title and wording in one language.
type TaskTextJSON struct {
	Title   string `json:"title"`
	Wording string `json:"wording"`
}

// NewTaskJSON is the JSON of a task.
func NewTaskJSON(t *query.Task) *TaskJSON {
	j := &TaskJSON{Key: t.Key, Question: t.Question, Aggregate: t.Aggregate.Kind.String(), K: t.Aggregate.K,
		Title: t.Title(query.En), Wording: t.Wording(query.En), Lang: map[query.Lang]TaskTextJSON{}}
	for _, l := range query.Langs {
		j.Lang[l] = TaskTextJSON{Title: t.Title(l), Wording: t.Wording(l)}
	}
	return j
}

// AnswerJSON is a question's answer over the start positions: the ribbon
// (one cell per start, ascending by parameter tuple) and the values the
// aggregate picked.
type AnswerJSON struct {
	Question  string      `json:"question"`  // canonical form: "win =2"
	Meaning   string      `json:"meaning"`   // in outcomes and layers: "W 3"
	Aggregate string      `json:"aggregate"` // "min", "first 2", …
	Names     []string    `json:"names"`     // the tuple's components
	Params    []ParamJSON `json:"params"`    // their ranges
	Cells     []CellJSON  `json:"cells"`
	Omitted   int         `json:"omitted,omitempty"` // cells left out after the first maxCells
	Values    [][]int64   `json:"values"`            // the tuples picked, ascending
	Number    *int64      `json:"number,omitempty"`  // count, sum and product
	Text      string      `json:"text"`              // the answer line: "28 48", "none", "yes"
}

// ParamJSON is a component of the parameter tuple and the range it took.
type ParamJSON struct {
	Name string `json:"name"`
	Lo   int64  `json:"lo"`
	Hi   int64  `json:"hi"`
	Open bool   `json:"open,omitempty"` // widened from an open range up to hi
	Rule bool   `json:"rule,omitempty"` // read by the rules: one game per value
}

// CellJSON is one start on the ribbon.
type CellJSON struct {
	Params   []int64 `json:"params"`          // the tuple
	Label    string  `json:"label"`           // the last component's value
	Group    string  `json:"group,omitempty"` // the other components: "K = 3"
	Instance int     `json:"instance"`        // the instance (result) the start belongs to
	Position []int64 `json:"position"`        // the start's piles
	Outcome  string  `json:"outcome"`         // W, L, D or ?
	Layer    *int    `json:"layer"`
	Holds    string  `json:"holds"`            // yes, no or maybe
	Answer   bool    `json:"answer,omitempty"` // among the values picked
}

// NewAnswerJSON converts an answer, keeping at most maxCells cells (0: all).
func NewAnswerJSON(a *query.Answer, maxCells int) *AnswerJSON {
	j := &AnswerJSON{Question: a.Question.String(), Meaning: a.Question.Meaning(),
		Aggregate: a.Aggregate.String(), Names: a.Names, Values: a.Values, Text: a.Text()}
	if j.Values == nil {
		j.Values = [][]int64{}
	}
	if a.Aggregate.Numeric() {
		n := a.Number
		j.Number = &n
	}
	for _, p := range a.Params {
		j.Params = append(j.Params, ParamJSON{Name: p.Name, Lo: p.Lo, Hi: p.Hi, Open: p.Open, Rule: p.Rule})
	}
	picked := map[string]bool{}
	for _, v := range a.Values {
		picked[query.FormatTuple(v)] = true
	}
	cells := a.Cells
	if maxCells > 0 && len(cells) > maxCells {
		j.Omitted = len(cells) - maxCells
		cells = cells[:maxCells]
	}
	j.Cells = make([]CellJSON, len(cells))
	n := len(a.Names)
	for k, c := range cells {
		r := a.Results[c.Result]
		pos := make([]int64, r.Space.Piles())
		r.Space.Position(c.Index, pos)
		cj := CellJSON{Params: c.Params, Label: "start", Instance: c.Result, Position: pos,
			Outcome: c.Outcome.String(), Layer: layerJSON(c.Layer), Holds: c.Holds.String(),
			Answer: picked[query.FormatTuple(c.Params)]}
		if n > 0 {
			cj.Label = fmt.Sprint(c.Params[n-1])
		}
		for i := 0; i < n-1; i++ {
			if i > 0 {
				cj.Group += ", "
			}
			cj.Group += fmt.Sprintf("%s = %d", a.Names[i], c.Params[i])
		}
		j.Cells[k] = cj
	}
	return j
}

// PositionJSON is one position with its legal moves.
type PositionJSON struct {
	Position []int64    `json:"position"`
	Text     string     `json:"text"` // "(17, 29)", with its history when it has one
	Last     *string    `json:"last,omitempty"`
	Mylast   *string    `json:"mylast,omitempty"`
	Outcome  string     `json:"outcome"`
	Layer    *int       `json:"layer"`
	Final    bool       `json:"final"` // no moves: the game is over here
	Moves    []MoveJSON `json:"moves"`
}

// MoveJSON is a legal move and what it leads to (for the player to move
// there; an end of the game is L 0 when the mover has won there).
type MoveJSON struct {
	Move     string  `json:"move"` // the command's name
	Position []int64 `json:"position"`
	Text     string  `json:"text"`
	Last     *string `json:"last,omitempty"`
	Mylast   *string `json:"mylast,omitempty"`
	Outcome  string  `json:"outcome"`
	Layer    *int    `json:"layer"`
	End      bool    `json:"end,omitempty"`  // the move ends the game
	Best     bool    `json:"best,omitempty"` // an optimal move
	// Words is the move in words, in each language: "doubles the second
	// pile", «удваивает вторую кучу».
	Words map[string]string `json:"words"`
}

// NewPositionJSON converts position i of r and its moves (r.Moves(i, m)).
func NewPositionJSON(g *rules.Game, r *retro.Probed, i int, moves []retro.Move) (*PositionJSON, error) {
	pos := make([]int64, r.Space.Piles())
	h := r.Space.Position(i, pos)
	o, layer, err := r.Values.Value(i)
	if err != nil {
		return nil, err
	}
	j := &PositionJSON{Position: pos, Text: positions.Format(g, pos, h),
		Outcome: o.String(), Layer: layerJSON(layer), Final: len(moves) == 0,
		Moves: make([]MoveJSON, len(moves))}
	j.Last, j.Mylast = historyJSON(g, h)
	for k, mv := range moves {
		m := MoveJSON{Move: mv.Name, Position: mv.To, Text: positions.Format(g, mv.To, mv.Hist),
			Outcome: mv.Outcome.String(), Layer: layerJSON(mv.Layer), End: mv.End, Best: mv.Best}
		m.Last, m.Mylast = historyJSON(g, mv.Hist)
		m.Words = map[string]string{}
		for _, l := range query.Langs {
			m.Words[string(l)], _ = l.MoveWords(g, mv, pos, -1)
		}
		j.Moves[k] = m
	}
	return j, nil
}

// TreeJSON is a strategy tree in the form WriteTreeJSON writes, to be
// embedded in a larger JSON value.
func TreeJSON(g *rules.Game, root *retro.Node, l query.Lang) (json.RawMessage, error) {
	var b bytes.Buffer
	if err := WriteTreeJSON(&b, g, root, l); err != nil {
		return nil, err
	}
	return json.RawMessage(bytes.TrimSpace(b.Bytes())), nil
}

func layerJSON(layer int) *int {
	if layer < 0 {
		return nil
	}
	return &layer
}

// historyJSON names the history parts a game's positions carry.
func historyJSON(g *rules.Game, h int) (last, mylast *string) {
	if g.History == rules.NoHistory {
		return nil, nil
	}
	l, m := positions.SplitHistory(g, h)
	ln := positions.CommandName(g, l)
	last = &ln
	if g.History == rules.BothHistory {
		mn := positions.CommandName(g, m)
		mylast = &mn
	}
	return last, mylast
}
