package explorer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strings"

	"retro/cmd/retro/internal/history"
	"retro/out"
	"retro/out/query"
	"retro/positions"
	"retro/retro"
	"retro/rules"
	"retro/rules/lang"
)

// The JSON API of retro serve. Every POST takes a JSON object (Content-Type
// application/json) holding the game's text in "game"; every error is
// {"error": {"code", "message", "errors", "rendered"}} with a 4xx or 5xx
// status.
//
//	GET  /api/presets   the preset games: [{id, title, source}]
//	GET  /api/tasks     the exam questions: [{key, title, question, aggregate, k, wording}]
//	POST /api/check     {game} → the game's piles, params, commands and its constructor form
//	POST /api/query     {game, task | question, aggregate, k} → {answer, width}
//	POST /api/tree      {game, width, instance, start | position, last, mylast, depth, allMoves} → {tree}
//	POST /api/position  same addressing → {position, reply}
//	POST /api/variant   {game, seed, lang} → {game, variant, tried}: another variant like the game (variant.go)

// ---- presets and tasks

// servePresets are the games one click away: the two exam games and
// Lebedev's.
var servePresets = []struct{ id, title string }{
	{"ege-2027-demo", "Exam demo: two piles, +4 or ×2"},
	{"ege-bank-one-pile", "One pile: −3, −5 or //4"},
	{"lebedev-operations", "Lebedev: add or multiply"},
}

type presetJSON struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Source string `json:"source"`
}

// presetSource is a preset's game text. A one-pile game analysed over a
// [bounds] box and without starts (Lebedev's) is written with a start
// x = S over the box instead: the same positions, and questions need starts.
func presetSource(id string) (string, bool) {
	src, ok := rules.Builtin(id)
	if !ok {
		return "", false
	}
	g, err := rules.Parse(id+".toml", src)
	if err != nil {
		return string(src), true
	}
	if text, ok := g.BoxAsStarts(); ok {
		return text, true
	}
	return string(src), true
}

func (s *server) handlePresets(w http.ResponseWriter, r *http.Request) {
	list := make([]presetJSON, 0, len(servePresets))
	for _, p := range servePresets {
		src, ok := presetSource(p.id)
		if !ok {
			continue
		}
		list = append(list, presetJSON{ID: p.id, Title: p.title, Source: src})
	}
	writeJSON(w, http.StatusOK, list)
}

// tasks are the questions of the exam the page offers, in its order
// (query.Tasks).
var tasks = func() []*out.TaskJSON {
	ts := make([]*out.TaskJSON, len(query.Tasks))
	for k := range query.Tasks {
		ts[k] = out.NewTaskJSON(&query.Tasks[k])
	}
	return ts
}()

func (s *server) handleTasks(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, tasks)
}

// ---- check

type checkRequest struct {
	Game string `json:"game"`
}

type commandJSON struct {
	Name  string   `json:"name"`
	Moves []string `json:"moves"`
}

type checkResponse struct {
	Name     string          `json:"name"`
	Piles    []string        `json:"piles"`
	Params   []out.ParamJSON `json:"params"`
	Commands []commandJSON   `json:"commands"`
	History  string          `json:"history"` // none, last, last+mylast
	Count    string          `json:"count"`
	Form     *gameForm       `json:"form"`            // the constructor's fields; null when the game does not fit
	Why      string          `json:"why,omitempty"`   // why it does not fit
	WhyRu    string          `json:"whyRu,omitempty"` // the same in Russian
	// Explore is the text the explorer asks about when it is not the game's
	// own: a one-pile [bounds] box written as starts x = S.
	Explore string `json:"explore,omitempty"`
	// NoStart says why the explorer cannot ask about the game: it has no
	// start positions, and its box is not one pile.
	NoStart   string `json:"noStart,omitempty"`
	NoStartRu string `json:"noStartRu,omitempty"` // the same in Russian
}

// gameForm is a game as the constructor shows it.
type gameForm struct {
	Name     string        `json:"name"`
	Piles    []string      `json:"piles"`
	Commands []commandJSON `json:"commands"`
	Grouped  bool          `json:"grouped"` // [commands], not moves
	End      string        `json:"end"`
	Winner   string        `json:"winner"`
	Allow    string        `json:"allow"`
	Count    string        `json:"count"`
	Start    []string      `json:"start"` // per pile
	Param    string        `json:"param"`
	Lo       int64         `json:"lo"`
	Hi       *int64        `json:"hi"` // null when open
}

func (s *server) handleCheck(w http.ResponseWriter, r *http.Request) {
	var req checkRequest
	if !s.decode(w, r, &req) {
		return
	}
	g, err := s.parseGame(req.Game)
	if err != nil {
		writeError(w, err)
		return
	}
	resp := checkResponse{Name: g.Name, Piles: g.Piles, History: g.History.String(), Count: g.Count.String(),
		Params: []out.ParamJSON{}}
	for _, p := range g.Params {
		resp.Params = append(resp.Params, out.ParamJSON{Name: p.Name, Lo: p.Lo, Hi: p.Hi, Open: p.Open, Rule: p.Rule})
	}
	for _, c := range g.Commands {
		resp.Commands = append(resp.Commands, commandJSON{Name: c.Name, Moves: c.Moves})
	}
	resp.Form, resp.Why, resp.WhyRu = formOf(g)
	if !g.HasStart {
		if text, ok := g.BoxAsStarts(); ok {
			resp.Explore = text
		} else {
			resp.NoStart = "the game has no [start]: questions are asked at the start positions, so give it a [start] " +
				"with a parameter such as S (the explorer writes a one-pile [bounds] box as starts x = S by itself)"
			resp.NoStartRu = "в игре нет «[start]»: вопросы задаются в начальных позициях, так что задайте «[start]» " +
				"с параметром, например S (коробку «[bounds]» из одной кучи обозреватель сам записывает как старты «x = S»)"
		}
	}
	writeJSON(w, http.StatusOK, resp)
}

// formOf reads a parsed game back into the constructor's fields
// (rules.Game.Form), or says why it does not fit them, in English and in
// Russian.
func formOf(g *rules.Game) (*gameForm, string, string) {
	rf, err := g.Form()
	if err != nil {
		return nil, err.Error(), lang.Say(err, lang.Ru)
	}
	f := &gameForm{Name: g.Name, Piles: g.Piles, Grouped: rf.Grouped, End: rf.End, Winner: rf.Winner, Allow: rf.Allow,
		Count: g.Count.String(), Start: rf.Start, Param: rf.Param.Name, Lo: rf.Param.Lo}
	if !rf.Param.Open {
		hi := rf.Param.Hi
		f.Hi = &hi
	}
	for _, c := range g.Commands {
		f.Commands = append(f.Commands, commandJSON{Name: c.Name, Moves: c.Moves})
	}
	return f, "", ""
}

// ---- query

type queryRequest struct {
	Game      string `json:"game"`
	Task      string `json:"task"`      // a key of /api/tasks
	Question  string `json:"question"`  // or a question of the query language
	Aggregate string `json:"aggregate"` // with the question: min (default), max, first, last, count, sum, product, all
	K         int    `json:"k"`         // for first and last
}

// QueryResponse is the answer of POST /api/query, and what retro query
// --json prints.
type QueryResponse struct {
	Task   *out.TaskJSON   `json:"task,omitempty"`
	Answer *out.AnswerJSON `json:"answer"`
	Width  int64           `json:"width"` // values the open start ranges took: pass it to /api/tree
	// Explain says, in every language, what the question means, the
	// ranges the parameters took, and, for a task, the reasons for the
	// answer in the game's moves, one a value (what retro ege prints).
	Explain map[query.Lang]Explanation `json:"explain,omitempty"`
}

// Explanation is what a question means, the ranges the parameters took,
// and the reasons for a task's answer, one a value (task 20 has two), in
// one language.
type Explanation struct {
	Meaning string   `json:"meaning"`
	Ranges  string   `json:"ranges"`
	Reasons []string `json:"reasons,omitempty"`
}

func (s *server) handleQuery(w http.ResponseWriter, r *http.Request) {
	var req queryRequest
	if !s.decode(w, r, &req) {
		return
	}
	resp, err := s.query(r.Context(), req)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// ask makes the question and aggregate a query request names.
func (s *server) ask(req queryRequest) (query.Ask, *out.TaskJSON, error) {
	if req.Task != "" {
		t := query.FindTask(req.Task)
		if t == nil {
			return query.Ask{}, nil, badRequest("no task %q (the tasks: 19g, 19, 20, 21, win1)", req.Task)
		}
		ask, err := t.Ask()
		return ask, out.NewTaskJSON(t), err
	}
	if len(req.Question) > 500 {
		return query.Ask{}, nil, &apiError{status: http.StatusBadRequest, code: "bad-request", msg: "the question is too long (at most 500 bytes)", ru: "вопрос слишком длинный (не больше 500 байт)"}
	}
	q, err := query.ParseQuestion(req.Question)
	var qe *query.QuestionError
	if errors.As(err, &qe) {
		return query.Ask{}, nil, &apiError{status: http.StatusUnprocessableEntity, code: "question", msg: qe.Error(), ru: qe.In(lang.Ru), err: qe}
	}
	agg := query.Aggregate{Kind: query.AggMin}
	if req.Aggregate != "" {
		kind, ok := query.ParseAggregateKind(req.Aggregate)
		if !ok {
			return query.Ask{}, nil, badRequest("no aggregate %q (%s)", req.Aggregate, strings.Join(query.AggregateNames(), ", "))
		}
		agg.Kind = kind
	}
	if agg.Kind.TakesCount() {
		if req.K < 1 || req.K > 1000 {
			return query.Ask{}, nil, badRequest("%s takes k from 1 to 1000", req.Aggregate)
		}
		agg.K = req.K
	}
	return query.Ask{Question: q, Aggregate: agg}, nil, nil
}

func (s *server) query(rctx context.Context, req queryRequest) (*QueryResponse, error) {
	ask, task, err := s.ask(req)
	if err != nil {
		return nil, err
	}
	ctx, cancel := s.solveContext(rctx)
	defer cancel()
	width := int64(positions.DefaultOpenWidth)
	e, err := s.solved(ctx, req.Game, width)
	if err != nil {
		return nil, err
	}
	answers, err := query.Run(retro.ProbedAll(e.results), []query.Ask{ask}, query.Options{Width: width, MaxWidth: s.opt.WidenCap,
		Widen: func(wd int64) ([]*retro.Probed, error) {
			e2, err := s.solved(ctx, req.Game, wd)
			if err != nil {
				return nil, err
			}
			e, width = e2, wd
			return retro.ProbedAll(e2.results), nil
		}})
	if err != nil {
		return nil, s.queryError(err, e.game)
	}
	resp := &QueryResponse{Task: task, Answer: out.NewAnswerJSON(answers[0], s.opt.maxCells), Width: width,
		Explain: map[query.Lang]Explanation{}}
	for _, l := range query.Langs {
		x := Explanation{Meaning: l.Meaning(ask.Question), Ranges: l.Ranges(answers[0])}
		if task != nil {
			if x.Reasons, err = query.NewReasoner(e.game, l).ReasonAll(answers[0], task.Key); err != nil {
				return nil, gameError(err)
			}
		}
		resp.Explain[l] = x
	}
	return resp, nil
}

func (s *server) queryError(err error, g *rules.Game) error {
	var (
		api    *apiError
		open   *query.OpenRangeError
		capped *query.WidenCapError
	)
	unprocessable := func(code, msg, ru string) error {
		return &apiError{status: http.StatusUnprocessableEntity, code: code, msg: msg, ru: ru}
	}
	switch {
	case errors.As(err, &api):
		return api
	case errors.As(err, &open):
		p := open.Param
		return unprocessable("question", fmt.Sprintf("%s needs a closed range, and %s is open (%d..): give the range an end", open.Aggregate, p.Name, p.Lo),
			fmt.Sprintf("«%s» берётся по закрытому диапазону, а «%s» открыт (%d..): задайте диапазону конец", open.Aggregate, p.Name, p.Lo))
	case errors.As(err, &capped):
		n := int64(s.opt.WidenCap)
		return unprocessable("too-big", fmt.Sprintf("%v (%s widens to at most %d values)", err, s.here(), n),
			fmt.Sprintf("%s (%s расширяет диапазон не больше чем до %d %s)", capped.In(lang.Ru), s.hereRu(), n, lang.RuForm(n, "значения", "значений", "значений")))
	case errors.Is(err, query.ErrNoStarts):
		return unprocessable("game", "the game has no start positions: questions are asked at the starts, [start] with a parameter such as S",
			"в игре нет начальных позиций: вопросы задаются в начальных позициях, «[start]» с параметром, например S")
	case errors.Is(err, query.ErrBeyondHorizon), errors.Is(err, query.ErrAggregate):
		return unprocessable("question", err.Error(), lang.Say(err, lang.Ru))
	}
	return s.solveError(err, g)
}

// ---- tree and position

// positionRequest names a position: a start by its parameter tuple, or a
// position by its piles ("17,29") and history; in the results solved with
// the open start ranges taking width values.
type positionRequest struct {
	Game     string  `json:"game"`
	Width    int64   `json:"width"`
	Instance int     `json:"instance"`
	Start    []int64 `json:"start"`
	Position string  `json:"position"`
	Last     string  `json:"last"`
	Mylast   string  `json:"mylast"`
	Depth    int     `json:"depth"`    // tree only: moves below the root, 0 to the ends
	AllMoves bool    `json:"allMoves"` // tree only: every move, not the strategy
	Lang     string  `json:"lang"`     // tree only: the language of the moves in words (en, ru)
}

// treeLang is the language a request asks for, English by default.
func treeLang(s string) query.Lang {
	for _, l := range query.Langs {
		if string(l) == s {
			return l
		}
	}
	return query.En
}

type treeResponse struct {
	Tree json.RawMessage `json:"tree"`
}

// PositionResponse is the answer of POST /api/position, and what retro
// show --json prints.
type PositionResponse struct {
	Position *out.PositionJSON `json:"position"`
	Reply    int               `json:"reply"` // the move the engine plays, -1 when none
}

func (s *server) handleTree(w http.ResponseWriter, r *http.Request) {
	var req positionRequest
	if !s.decode(w, r, &req) {
		return
	}
	resp, err := s.tree(r.Context(), req)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

func (s *server) tree(rctx context.Context, req positionRequest) (*treeResponse, error) {
	if req.Depth < 0 || req.Depth > 1000 {
		return nil, badRequest("depth %d: want 0 (to the ends) to 1000", req.Depth)
	}
	ctx, cancel := s.solveContext(rctx)
	defer cancel()
	e, r, i, err := s.locate(ctx, req)
	if err != nil {
		return nil, err
	}
	root, err := r.Tree(i, r.Instance.NewMachine(), retro.TreeOptions{Depth: req.Depth, AllMoves: req.AllMoves,
		MaxNodes: s.opt.maxTreeNodes, Context: ctx})
	var re *rules.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return nil, s.timeoutError(err)
	case errors.As(err, &re):
		return nil, gameError(err)
	case err != nil: // the node cap
		return nil, &apiError{status: http.StatusUnprocessableEntity, code: "too-big",
			msg: fmt.Sprintf("%v (%s's cap; lower the depth)", err, s.here())}
	}
	raw, err := out.TreeJSON(e.game, root, treeLang(req.Lang))
	if err != nil {
		return nil, err
	}
	return &treeResponse{Tree: raw}, nil
}

func (s *server) handlePosition(w http.ResponseWriter, r *http.Request) {
	var req positionRequest
	if !s.decode(w, r, &req) {
		return
	}
	ctx, cancel := s.solveContext(r.Context())
	defer cancel()
	_, res, i, err := s.locate(ctx, req)
	if err != nil {
		writeError(w, err)
		return
	}
	p, err := NewPositionResponse(res.Probed(), i)
	if err != nil {
		writeError(w, gameError(err))
		return
	}
	writeJSON(w, http.StatusOK, p)
}

// NewPositionResponse is position i of a result and its moves, with the
// move the engine plays there: its first optimal move, or its first move.
func NewPositionResponse(res *retro.Probed, i int) (*PositionResponse, error) {
	moves, err := res.Moves(i, res.Instance.NewMachine())
	if err != nil {
		return nil, err
	}
	reply := slices.IndexFunc(moves, func(m retro.Move) bool { return m.Best })
	if reply < 0 && len(moves) > 0 {
		reply = 0
	}
	p, err := out.NewPositionJSON(res.Instance.Game, res, i, moves)
	if err != nil {
		return nil, err
	}
	return &PositionResponse{Position: p, Reply: reply}, nil
}

// locate finds the position a request names. A position the starts do not
// reach is solved on its own (within the same caps), not cached.
func (s *server) locate(ctx context.Context, req positionRequest) (*cacheEntry, *retro.Result, int, error) {
	width, err := s.openWidth(req.Width)
	if err != nil {
		return nil, nil, 0, err
	}
	e, err := s.solved(ctx, req.Game, width)
	if err != nil {
		return nil, nil, 0, err
	}
	if req.Start != nil {
		for _, r := range e.results {
			for _, st := range r.Starts {
				if slices.Equal(append(slices.Clone(r.Instance.Values), st.Params...), req.Start) {
					return e, r, st.Index, nil
				}
			}
		}
		return nil, nil, 0, badRequest("no start position with parameters %s", query.FormatTuple(req.Start))
	}
	if req.Instance < 0 || req.Instance >= len(e.results) {
		return nil, nil, 0, badRequest("instance %d: the game has %d", req.Instance, len(e.results))
	}
	g, r := e.game, e.results[req.Instance]
	piles, err := g.ParsePosition(req.Position)
	if err != nil {
		return nil, nil, 0, badInput(err)
	}
	hist, err := history.Parse(g, req.Last, req.Mylast)
	if err != nil {
		return nil, nil, 0, badInput(err)
	}
	if i, ok := r.Space.Index(piles, hist); ok {
		return e, r, i, nil
	}
	if err := s.acquire(ctx); err != nil {
		return nil, nil, 0, err
	}
	defer s.release()
	r, i, err := retro.SolveAt(ctx, r.Instance, positions.Seed{Piles: piles, Hist: hist}, s.gameOptions(width))
	if errors.Is(err, retro.ErrNotReached) { // a final position that no move reaches
		return nil, nil, 0, &apiError{status: http.StatusUnprocessableEntity, code: "game", msg: err.Error(), ru: lang.Say(err, lang.Ru)}
	}
	if err != nil {
		return nil, nil, 0, s.solveError(err, g)
	}
	return e, r, i, nil
}

// ---- JSON in and out

// decode reads a request's JSON object into v, answering the request
// itself when it cannot.
func (s *server) decode(w http.ResponseWriter, r *http.Request, v any) bool {
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "application/json" {
		writeError(w, &apiError{status: http.StatusUnsupportedMediaType, code: "bad-request", msg: "send the request as application/json"})
		return false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, s.opt.maxBody))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	if err == nil {
		if _, e := dec.Token(); e != io.EOF {
			err = errors.New("data after the JSON object")
		}
	}
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		writeError(w, &apiError{status: http.StatusRequestEntityTooLarge, code: "too-large",
			msg: fmt.Sprintf("the request body is larger than %d bytes", s.opt.maxBody)})
		return false
	case err != nil:
		writeError(w, badRequest("bad JSON: %v", err))
		return false
	}
	return true
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.Encode(v)
}

// spotJSON is one error of a game or a question, with the spot it marks.
type spotJSON struct {
	Line  int    `json:"line"`
	Col   int    `json:"col"`
	Len   int    `json:"len"`
	Msg   string `json:"msg"`
	MsgRu string `json:"msgRu"` // the message in Russian
	Text  string `json:"text"`  // "game.toml:3:9: msg"
}

type errorJSON struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// MessageRu is the message in Russian, where the engine has one: the
	// page shows it in Russian.
	MessageRu string     `json:"messageRu,omitempty"`
	Errors    []spotJSON `json:"errors,omitempty"`
	Rendered  string     `json:"rendered,omitempty"` // the errors with their lines and carets
}

func writeError(w http.ResponseWriter, err error) {
	var api *apiError
	if !errors.As(err, &api) {
		api = &apiError{status: http.StatusInternalServerError, code: "internal", msg: err.Error()}
	}
	ej := errorJSON{Code: api.code, Message: api.msg, MessageRu: api.ru}
	var qe *query.QuestionError
	list := rules.Positioned(api.err)
	if list == nil && errors.As(api.err, &qe) {
		ej.Errors = []spotJSON{{Line: 1, Col: qe.Col, Len: max(qe.Len, 1), Msg: qe.Message(lang.En), MsgRu: qe.Message(lang.Ru), Text: qe.Error()}}
		ej.Rendered = qe.Render(lang.En)
	}
	for _, e := range list {
		ej.Errors = append(ej.Errors, spotJSON{Line: e.Pos.Line, Col: e.Pos.Col, Len: max(e.Len, 1),
			Msg: e.Message(lang.En), MsgRu: e.Message(lang.Ru), Text: e.Error()})
	}
	if len(list) > 0 {
		ej.Rendered = list.Render(lang.En)
	}
	writeJSON(w, api.status, map[string]errorJSON{"error": ej})
}
