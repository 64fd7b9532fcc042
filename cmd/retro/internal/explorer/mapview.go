package explorer

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"retro/out/grid"
	"retro/out/query"
	"retro/positions"
	"retro/retro"
	"retro/rules"
)

// maxMapCells is the most cells of a map the page is sent: a canvas of
// 500 × 500 positions.
const maxMapCells = 250_000

// mapRequest asks for the map of a game (POST /api/map): a slice as retro
// map chooses it (axes "NAME" or "NAME=LO..HI", empty for the default;
// the other piles and rule parameters by name; the history), and, with
// Compare, the map of its differences from another game (B).
type mapRequest struct {
	Game    string           `json:"game"`
	Width   int64            `json:"width"`
	X       string           `json:"x"`
	Y       string           `json:"y"`
	At      map[string]int64 `json:"at"`
	Last    string           `json:"last"`
	Mylast  string           `json:"mylast"`
	Compare string           `json:"compare"`
}

// axisJSON is an axis of a map: a pile (or rule parameter) and its range.
type axisJSON struct {
	Name string `json:"name"` // "" for the y of a map of one row
	Pile int    `json:"pile"` // -1 for a rule parameter
	Lo   int64  `json:"lo"`
	Hi   int64  `json:"hi"`
}

// MapResponse is the answer of POST /api/map: the slice (its axes, the
// instance, where the other piles stand and the history, for the page
// to ask for the tree of a cell), its cells and the palette they index,
// and with Compare the counts of every change over the whole games and
// the exam's tasks of both.
type MapResponse struct {
	Title    string   `json:"title"`
	Note     string   `json:"note"`
	X        axisJSON `json:"x"`
	Y        axisJSON `json:"y"`
	Piles    []string `json:"piles"`
	Params   []string `json:"params"` // the rule parameters, which may be axes
	Instance int      `json:"instance"`
	At       []int64  `json:"at"`
	Last     string   `json:"last"`
	Mylast   string   `json:"mylast"`
	Palette  []string `json:"palette"`
	// The palette's indices the page needs: hatched (L) and dark colours,
	// grid lines, never reached and game over.
	Hatched []int `json:"hatched"`
	Dark    []int `json:"dark"`
	Rule    int   `json:"rule"`
	Blank   int   `json:"blank"`
	Final   int   `json:"final"`
	*grid.Flat
	Changes []changeJSON   `json:"changes,omitempty"`
	Tasks   []taskPairJSON `json:"tasks,omitempty"`
}

// changeJSON is how many positions a change of a comparison has.
type changeJSON struct {
	Change    string `json:"change"` // "W→L", "same", … (grid.Change)
	Positions int64  `json:"positions"`
}

// taskPairJSON is one exam task answered on both games of a comparison.
type taskPairJSON struct {
	Key   string            `json:"key"`
	Title map[string]string `json:"title"` // by language
	A     map[string]string `json:"a"`     // the answer on A, by language
	B     map[string]string `json:"b"`
}

func (s *server) handleMap(w http.ResponseWriter, r *http.Request) {
	var req mapRequest
	if !s.decode(w, r, &req) {
		return
	}
	ctx, cancel := s.solveContext(r.Context())
	defer cancel()
	resp, err := s.mapOf(ctx, req)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// mapOf solves the game (and the other of a comparison) and reads the
// slice.
func (s *server) mapOf(ctx context.Context, req mapRequest) (*MapResponse, error) {
	width, err := s.openWidth(req.Width)
	if err != nil {
		return nil, err
	}
	choice, err := mapChoice(req)
	if err != nil {
		return nil, err
	}
	a, err := s.solved(ctx, req.Game, width)
	if err != nil {
		return nil, err
	}
	probedA := retro.ProbedAll(a.results)
	sl, err := grid.Choose(a.game, probedA, choice)
	if err != nil {
		return nil, badInput(err)
	}
	if cells := sl.X.Len() * sl.Y.Len(); cells > maxMapCells {
		return nil, &apiError{status: http.StatusUnprocessableEntity, code: "too-big",
			msg: fmt.Sprintf("the map has %d × %d positions, more than the page draws (%d): narrow the ranges, or draw it with retro map GAME -o map.png",
				sl.X.Len(), sl.Y.Len(), maxMapCells)}
	}
	src, err := grid.NewSource(a.game, probedA, sl)
	if err != nil {
		return nil, err
	}
	g := &grid.Grid{Title: a.game.ShownName(), Note: sl.Label(a.game), X: sl.X, Y: sl.Y, A: src}
	resp := newMapResponse(a.game, probedA, sl)
	if req.Compare != "" {
		if err := s.compareInto(ctx, resp, g, a.game, probedA, req.Compare, width); err != nil {
			return nil, err
		}
	}
	if resp.Flat, err = g.Flatten(); err != nil {
		return nil, err
	}
	return resp, nil
}

// mapChoice reads the slice a request asks for.
func mapChoice(req mapRequest) (grid.Choice, error) {
	c := grid.Choice{At: req.At, Last: req.Last, Mylast: req.Mylast}
	var err error
	if c.X, c.XRange, err = grid.ParseAxis(req.X); err != nil {
		return c, badRequest("x %q: %v", req.X, err)
	}
	if c.Y, c.YRange, err = grid.ParseAxis(req.Y); err != nil {
		return c, badRequest("y %q: %v", req.Y, err)
	}
	return c, nil
}

func newMapResponse(g *rules.Game, probed []*retro.Probed, sl grid.Slice) *MapResponse {
	axis := func(a grid.Axis) axisJSON {
		if a.Pile < 0 && a.Param < 0 {
			return axisJSON{Pile: -1}
		}
		return axisJSON{Name: a.Name, Pile: a.Pile, Lo: a.Lo, Hi: a.Hi}
	}
	resp := &MapResponse{Title: g.ShownName(), Note: sl.Label(g), X: axis(sl.X), Y: axis(sl.Y), Piles: g.Piles,
		At: sl.At, Palette: grid.Palette(), Hatched: grid.Hatched(), Dark: grid.Dark(), Rule: grid.RuleColour,
		Blank: grid.BlankColour, Final: grid.FinalColour}
	for _, p := range g.RuleParams() {
		resp.Params = append(resp.Params, p.Name)
	}
	for k, p := range probed {
		if slices.Equal(p.Instance.Values, sl.Params) {
			resp.Instance = k
		}
	}
	last, mylast := positions.SplitHistory(g, sl.Hist)
	if g.History != rules.NoHistory {
		resp.Last = positions.CommandName(g, last)
	}
	if g.History == rules.BothHistory {
		resp.Mylast = positions.CommandName(g, mylast)
	}
	return resp
}

// compareInto makes g the map of the differences of game A from the game
// text other (B), and puts in resp the counts of every change over both
// games and, where both are exam games, their tasks.
func (s *server) compareInto(ctx context.Context, resp *MapResponse, g *grid.Grid, gameA *rules.Game, probedA []*retro.Probed, other string, width int64) error {
	b, err := s.solved(ctx, other, width)
	var api *apiError
	if errors.As(err, &api) { // a new error: the cache keeps the one it has
		ru := ""
		if api.ru != "" {
			ru = "игра для сравнения: " + api.ru
		}
		return &apiError{status: api.status, code: api.code, msg: "the game compared with: " + api.msg, ru: ru, err: api.err}
	}
	if err != nil {
		return err
	}
	probedB := retro.ProbedAll(b.results)
	pair, err := grid.NewPair(gameA, b.game, probedA, probedB)
	if err != nil {
		return badInput(err)
	}
	if g.B, err = pair.OtherSource(g.A.(*grid.Source).Slice); err != nil {
		return badInput(err)
	}
	g.Title = gameA.ShownName() + " → " + b.game.ShownName()
	resp.Title = g.Title
	counts, err := pair.Compare(nil)
	if err != nil {
		return err
	}
	for _, ch := range grid.Kinds() {
		resp.Changes = append(resp.Changes, changeJSON{Change: ch.String(), Positions: counts[ch]})
	}
	ansA, errA := query.ExamAnswers(probedA, width)
	ansB, errB := query.ExamAnswers(probedB, width)
	if errA == nil && errB == nil {
		for k, t := range query.ExamTasks {
			p := taskPairJSON{Key: t.Key, Title: map[string]string{}, A: map[string]string{}, B: map[string]string{}}
			for _, l := range query.Langs {
				p.Title[string(l)], p.A[string(l)], p.B[string(l)] = t.Title(l), l.AnswerText(ansA[k]), l.AnswerText(ansB[k])
			}
			resp.Tasks = append(resp.Tasks, p)
		}
	}
	return nil
}
