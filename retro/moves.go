package retro

import (
	"retro/positions"
	"retro/retro/internal/core"
	"retro/rules"
)

// Move is one legal move of a position with what it leads to.
type Move struct {
	Cmd   int     // the command's index in the game
	Name  string  // the move's name: its command, and a generator's values (rules.NamedMoves)
	To    []int64 // the piles after the move
	Hist  int     // the history after the move
	Index int     // the position it leads to, -1 for an end of the game
	// Outcome and Layer of the position reached, for the player to move
	// there. An end of the game is L 0 when the mover has won there, and W
	// when he has lost (layer 0 under the exam count, 1 under Lebedev's).
	Outcome core.Outcome
	Layer   int
	End     bool // the move ends the game
	Best    bool // an optimal move (see Best)
}

// Moves lists the legal moves of position i, in the game's order, each with
// the outcome and layer it leads to, the optimal ones marked:
//
//   - from a W position of layer n, the moves to an L position of layer n-1
//     (the fastest wins);
//   - from an L position of layer n, the moves to a W position of layer n-1
//     (the longest resistance);
//   - from a D position, the moves to D positions (those keeping the draw).
//
// A final position has no moves. m is a machine of the result's instance.
func (r *Result) Moves(i int, m *rules.Machine) ([]Move, error) { return r.Probed().Moves(i, m) }

// Moves is Result.Moves of position i.
func (r *Probed) Moves(i int, m *rules.Machine) ([]Move, error) {
	g := r.Instance.Game
	p := make([]int64, r.Space.Piles())
	h := r.Space.Position(i, p)
	if end, err := m.End(p); err != nil || end {
		return nil, err
	}
	last, mylast := positions.SplitHistory(g, h)
	list, names, err := m.MovesWithNames(p, last, mylast)
	if err != nil {
		return nil, err
	}
	moves := make([]Move, list.Len())
	tos := make([]int64, list.Len()*len(p)) // the piles after each move, in one piece
	for k := range moves {
		to := tos[k*len(p) : (k+1)*len(p) : (k+1)*len(p)]
		copy(to, list.To(k, len(p)))
		mv := Move{Cmd: int(list.Cmd[k]), Name: names[k], To: to, Hist: positions.NextHistory(g, h, int(list.Cmd[k])), Index: -1}
		if j, ok := r.Space.Index(to, mv.Hist); ok {
			mv.Index = j
			if mv.Outcome, mv.Layer, err = r.Values.Value(j); err != nil {
				return nil, err
			}
		} else {
			w, err := m.Winner(to)
			if err != nil {
				return nil, err
			}
			mv.End = true
			mv.Outcome, mv.Layer = r.endValue(w)
		}
		moves[k] = mv
	}
	o, n, err := r.Values.Value(i)
	if err != nil {
		return nil, err
	}
	markBest(r.Instance.Game.Count, o, n, moves)
	return moves, nil
}

// endValue is what a move into an end of the game leads to, by the rule
// of the result's count.
func (r *Probed) endValue(w rules.Player) (core.Outcome, int) {
	o, l := core.Decode(core.RuleOf(r.Instance.Game.Count).End(w))
	return o, int(l)
}

// markBest marks the optimal moves of a position of outcome o and layer
// n under count c.
func markBest(c rules.Count, o core.Outcome, n int, moves []Move) {
	for k := range moves {
		mv := &moves[k]
		// Under the exam count a move into a final position won by the
		// player to move (the only W of layer 0) adds nothing to a layer:
		// it counts as W -1.
		layer := mv.Layer
		if c == rules.Exam && mv.Outcome == core.Win && layer == 0 {
			layer = -1
		}
		switch o {
		case core.Win:
			mv.Best = mv.Outcome == core.Lose && layer == n-1
		case core.Lose:
			mv.Best = mv.Outcome == core.Win && layer == n-1
		case core.Draw:
			mv.Best = mv.Outcome == core.Draw
		}
	}
}
