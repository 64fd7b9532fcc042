package explorer

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"retro/out"
	"retro/out/query"
	"retro/positions"
	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// A game analysed over a [bounds] box and without starts: a one-pile box is
// offered as starts x = S over it, any other gets a message before the
// explorer tries to ask about it.
func TestServeCheckBoxWithoutStarts(t *testing.T) {
	_, ts := newTestServer(t, testOptions())
	var c checkResponse
	if st := post(t, ts, "/api/check", map[string]string{"game": retrotest.BuiltinText(t, "up-and-down")}, &c); st != 200 {
		t.Fatalf("check: status %d", st)
	}
	if c.NoStart != "" || !strings.Contains(c.Explore, "[start]\nx = \"S\"") || !strings.Contains(c.Explore, `S = "0..19"`) {
		t.Errorf("up-and-down: explore %q, noStart %q", c.Explore, c.NoStart)
	}
	// The text offered is a game whose questions have answers: up-and-down
	// has draws, and a draw is never "lose".
	var q QueryResponse
	if st := post(t, ts, "/api/query", map[string]string{"game": c.Explore, "question": "draw", "aggregate": "count"}, &q); st != 200 {
		t.Fatalf("query the offered text: status %d", st)
	}
	if q.Answer.Text == "0" {
		t.Errorf("up-and-down offered as starts: no draw among %d starts", len(q.Answer.Cells))
	}

	c = checkResponse{}
	if st := post(t, ts, "/api/check", map[string]string{"game": retrotest.BuiltinText(t, "wythoff")}, &c); st != 200 {
		t.Fatalf("check: status %d", st)
	}
	if c.Explore != "" || !strings.Contains(c.NoStart, "no [start]") {
		t.Errorf("wythoff: explore %q, noStart %q", c.Explore, c.NoStart)
	}

	c = checkResponse{}
	post(t, ts, "/api/check", map[string]string{"game": retrotest.BuiltinText(t, "ege-2027-demo")}, &c)
	if c.Explore != "" || c.NoStart != "" {
		t.Errorf("the demo: explore %q, noStart %q", c.Explore, c.NoStart)
	}
}

func TestServePresetsAndTasks(t *testing.T) {
	_, ts := newTestServer(t, testOptions())
	var presets []presetJSON
	resp, err := http.Get(ts.URL + "/api/presets")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&presets)
	resp.Body.Close()
	var ids []string
	for _, p := range presets {
		ids = append(ids, p.ID)
		if _, err := rules.Parse(p.ID+".toml", []byte(p.Source)); err != nil {
			t.Errorf("preset %s: %v", p.ID, err)
		}
	}
	if got := strings.Join(ids, " "); got != "ege-2027-demo ege-bank-one-pile lebedev-operations" {
		t.Errorf("presets %s", got)
	}
	var tasks []out.TaskJSON
	resp, _ = http.Get(ts.URL + "/api/tasks")
	json.NewDecoder(resp.Body).Decode(&tasks)
	resp.Body.Close()
	var qs []string
	for _, tk := range tasks {
		qs = append(qs, tk.Key+":"+tk.Question+":"+tk.Aggregate)
	}
	if got := strings.Join(qs, " "); got != "19:can-lose 1:min 19g:lose =1:min 20:win =2:first 21:lose =2:min win1:win =1:min" {
		t.Errorf("tasks %s", got)
	}
	if got := tasks[0].Lang[query.Ru].Wording; !strings.Contains(got, "после неудачного первого хода Пети") {
		t.Errorf("task 19 in Russian: %q", got)
	}
}

// Lebedev's preset, written with starts over the box, has the table of the
// built-in game over its box.
func TestServeLebedevPreset(t *testing.T) {
	text, _ := presetSource("lebedev-operations")
	solve := func(name, src string) *retro.Result {
		g, err := rules.Parse(name, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		insts, _ := g.Instances()
		r, err := retro.SolveInstance(insts[0], positions.DefaultOptions(g), retro.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	box, starts := solve("box.toml", retrotest.BuiltinText(t, "lebedev-operations")), solve("starts.toml", text)
	if box.Len() != starts.Len() {
		t.Errorf("%d positions over the box, %d from the starts", box.Len(), starts.Len())
	}
	if len(starts.Starts) != 99 {
		t.Errorf("%d starts, want 99", len(starts.Starts))
	}
	for _, st := range starts.Starts {
		i, ok := box.Space.Index(st.Params, 0)
		if !ok {
			t.Fatalf("x = %d not in the box", st.Params[0])
		}
		if box.Outcome(i) != starts.Outcome(st.Index) || box.Layer(i) != starts.Layer(st.Index) {
			t.Errorf("x = %d: box %v %d, starts %v %d", st.Params[0], box.Outcome(i), box.Layer(i),
				starts.Outcome(st.Index), starts.Layer(st.Index))
		}
	}
}

func TestServeCheck(t *testing.T) {
	_, ts := newTestServer(t, testOptions())
	var c checkResponse
	if st := post(t, ts, "/api/check", map[string]string{"game": retrotest.BuiltinText(t, "ege-bank-one-pile")}, &c); st != 200 {
		t.Fatalf("status %d", st)
	}
	f := c.Form
	if f == nil {
		t.Fatalf("no form: %s", c.Why)
	}
	if f.End != "x <= 30" || f.Winner != "mover" || f.Param != "S" || f.Lo != 31 || f.Hi != nil ||
		strings.Join(f.Start, ",") != "S" || len(f.Commands) != 3 || f.Grouped {
		t.Errorf("form %+v", *f)
	}
	text, _ := presetSource("lebedev-operations")
	post(t, ts, "/api/check", map[string]string{"game": text}, &c)
	if c.Form == nil || !c.Form.Grouped || c.Form.Allow != "no-repeat-opponent" || c.Form.Count != "lebedev" ||
		c.Form.Winner != "mover if x % 4 == 0 else other" || c.History != "last" {
		t.Errorf("lebedev: %+v %+v", c, c.Form)
	}
	// A game the constructor cannot show is still a game.
	post(t, ts, "/api/check", map[string]string{"game": retrotest.BuiltinText(t, "wythoff")}, &c)
	if c.Form != nil || c.Why == "" {
		t.Errorf("wythoff: form %v, why %q", c.Form, c.Why)
	}

	// Errors come with their spots.
	bad := "piles = [\"x\"]\nmoves = [\"x - \"]\nend = \"x <= 30\"\n[start]\nx = \"S\"\n[params]\nS = \"31..\"\n"
	e := wantError(t, ts, "/api/check", map[string]string{"game": bad}, 422, "game")
	if len(e.Errors) != 1 || e.Errors[0].Line != 2 || e.Errors[0].Col != 15 || !strings.Contains(e.Rendered, "^") {
		t.Errorf("errors %+v\n%s", e.Errors, e.Rendered)
	}
	wantError(t, ts, "/api/check", map[string]string{"game": ""}, 400, "bad-request")
	wantError(t, ts, "/api/check", `{"game": `, 400, "bad-request")
	wantError(t, ts, "/api/check", `{"game": "x"} {}`, 400, "bad-request")
	wantError(t, ts, "/api/check", `{"text": "x"}`, 400, "bad-request")
	wantError(t, ts, "/api/check", `[1, 2]`, 400, "bad-request")
	wantError(t, ts, "/api/check", map[string]string{"game": retrotest.BuiltinText(t, "nim")}, 422, "game")
	wantError(t, ts, "/api/check", map[string]string{"game": strings.Repeat("#", 20<<10) + "\n"}, 413, "too-large")
	wantError(t, ts, "/api/check", map[string]string{"game": strings.Repeat("x", 100<<10)}, 413, "too-large")

	// Only JSON is taken.
	resp, err := http.Post(ts.URL+"/api/check", "text/plain", strings.NewReader(`{"game": "x"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain: %d", resp.StatusCode)
	}
}

type queryResp struct {
	Answer out.AnswerJSON `json:"answer"`
	Width  int64          `json:"width"`
	Task   *out.TaskJSON  `json:"task"`
}

func TestServeQuery(t *testing.T) {
	_, ts := newTestServer(t, testOptions())
	demo, bank := retrotest.BuiltinText(t, "ege-2027-demo"), retrotest.BuiltinText(t, "ege-bank-one-pile")
	for _, c := range []struct{ game, task, want string }{
		{demo, "19g", "56"}, {demo, "19", "29"}, {demo, "20", "28 48"}, {demo, "21", "44"}, {demo, "win1", "58"},
		{bank, "19g", "124"}, {bank, "19", "34"}, {bank, "20", "127 128"}, {bank, "21", "132"}, {bank, "win1", "31"},
	} {
		var q queryResp
		if st := post(t, ts, "/api/query", map[string]string{"game": c.game, "task": c.task}, &q); st != 200 {
			t.Fatalf("%s: status %d", c.task, st)
		}
		if q.Answer.Text != c.want {
			t.Errorf("task %s: %q, want %q", c.task, q.Answer.Text, c.want)
		}
		var picked []string
		for _, cell := range q.Answer.Cells {
			if cell.Answer {
				picked = append(picked, cell.Label)
			}
		}
		if strings.Join(picked, " ") != c.want {
			t.Errorf("task %s: answer cells %v", c.task, picked)
		}
	}
	// The open range of the one-pile game is widened for task 21.
	var q queryResp
	post(t, ts, "/api/query", map[string]string{"game": bank, "task": "21"}, &q)
	if q.Width != 200 || !q.Answer.Params[0].Open || q.Answer.Params[0].Hi != 230 {
		t.Errorf("width %d, params %+v", q.Width, q.Answer.Params)
	}
	first := q.Answer.Cells[0]
	if first.Label != "31" || first.Position[0] != 31 || first.Outcome != "W" || first.Layer == nil || *first.Layer != 1 {
		t.Errorf("first cell %+v", first)
	}

	// Free questions.
	post(t, ts, "/api/query", map[string]any{"game": demo, "question": "win 2 and not win 1", "aggregate": "count"}, &q)
	if q.Answer.Number == nil || q.Answer.Text != fmt.Sprint(*q.Answer.Number) {
		t.Errorf("count: %+v", q.Answer)
	}
	post(t, ts, "/api/query", map[string]any{"game": demo, "question": "win =2", "aggregate": "last", "k": 1}, &q)
	if q.Answer.Text != "55" {
		t.Errorf("last 1: %q", q.Answer.Text)
	}
	e := wantError(t, ts, "/api/query", map[string]any{"game": demo, "question": "win 2 adn lose"}, 422, "question")
	if len(e.Errors) != 1 || e.Errors[0].Col != 7 || e.Errors[0].Len != 3 {
		t.Errorf("question error %+v", e)
	}
	wantError(t, ts, "/api/query", map[string]any{"game": demo, "question": strings.Repeat("win 1 or ", 100)}, 400, "bad-request")
	wantError(t, ts, "/api/query", map[string]any{"game": demo, "question": "win 1", "aggregate": "median"}, 400, "bad-request")
	wantError(t, ts, "/api/query", map[string]any{"game": demo, "question": "win 1", "aggregate": "first"}, 400, "bad-request")
	wantError(t, ts, "/api/query", map[string]any{"game": demo, "task": "22"}, 400, "bad-request")
	wantError(t, ts, "/api/query", map[string]any{"game": bank, "question": "win 1", "aggregate": "max"}, 422, "question")
	wantError(t, ts, "/api/query", map[string]any{"game": bank, "question": "draw"}, 422, "too-big")
	wantError(t, ts, "/api/query", map[string]any{"game": retrotest.BuiltinText(t, "lebedev-commands"), "task": "20"}, 422, "game")
	wantError(t, ts, "/api/query", map[string]any{"game": "piles = [\"x\"]", "task": "20"}, 422, "game")
}

func TestServeTree(t *testing.T) {
	_, ts := newTestServer(t, testOptions())
	demo := retrotest.BuiltinText(t, "ege-2027-demo")
	type node struct {
		Move     string  `json:"move"`
		Position []int64 `json:"position"`
		Outcome  string  `json:"outcome"`
		Layer    *int    `json:"layer"`
		Best     bool    `json:"best"`
		Cut      bool    `json:"cut"`
		Children []*node `json:"children"`
	}
	var tr struct {
		Tree struct {
			Piles []string `json:"piles"`
			Root  *node    `json:"root"`
		} `json:"tree"`
	}
	if st := post(t, ts, "/api/tree", map[string]any{"game": demo, "start": []int64{29}, "depth": 2, "allMoves": true}, &tr); st != 200 {
		t.Fatalf("status %d", st)
	}
	root := tr.Tree.Root
	if fmt.Sprint(root.Position) != "[17 29]" || root.Outcome != "W" || *root.Layer != 7 || len(root.Children) != 4 {
		t.Fatalf("root %+v", root)
	}
	if c := root.Children[0]; c.Move != "each +4" || !c.Best || len(c.Children) != 4 || !c.Children[0].Cut {
		t.Errorf("first child %+v", c)
	}
	// A position by its piles, one the starts do not reach, and errors.
	for _, pos := range []string{"21,29", "(1, 1)", "a=17,b=29"} {
		if st := post(t, ts, "/api/tree", map[string]any{"game": demo, "position": pos, "depth": 1}, &tr); st != 200 {
			t.Errorf("%s: status %d", pos, st)
		}
	}
	if fmt.Sprint(tr.Tree.Root.Position) != "[17 29]" {
		t.Errorf("a=17,b=29 gave %v", tr.Tree.Root.Position)
	}
	wantError(t, ts, "/api/tree", map[string]any{"game": demo, "position": "17"}, 400, "bad-request")
	wantError(t, ts, "/api/tree", map[string]any{"game": demo, "position": "17,29", "instance": 3}, 400, "bad-request")
	wantError(t, ts, "/api/tree", map[string]any{"game": demo, "start": []int64{500}}, 400, "bad-request")
	wantError(t, ts, "/api/tree", map[string]any{"game": demo, "position": "17,29", "depth": -1}, 400, "bad-request")
	wantError(t, ts, "/api/tree", map[string]any{"game": demo, "position": "17,29", "last": "each +4"}, 400, "bad-request")
	wantError(t, ts, "/api/tree", map[string]any{"game": demo, "position": "17,29", "width": 1 << 40}, 400, "bad-request")
	wantError(t, ts, "/api/tree", map[string]any{"game": demo, "start": []int64{1}, "allMoves": true}, 422, "too-big")
}

func TestServePosition(t *testing.T) {
	_, ts := newTestServer(t, testOptions())
	var p PositionResponse
	if st := post(t, ts, "/api/position", map[string]any{"game": retrotest.BuiltinText(t, "ege-2027-demo"), "position": "17,29"}, &p); st != 200 {
		t.Fatalf("status %d", st)
	}
	pos := p.Position
	if pos.Text != "(17, 29)" || pos.Outcome != "W" || *pos.Layer != 7 || pos.Final || len(pos.Moves) != 4 || p.Reply != 0 || !pos.Moves[0].Best {
		t.Errorf("position %+v, reply %d", pos, p.Reply)
	}
	// A move that ends the game.
	post(t, ts, "/api/position", map[string]any{"game": retrotest.BuiltinText(t, "ege-2027-demo"), "position": "17,58"}, &p)
	if m := p.Position.Moves[p.Reply]; !m.End || m.Outcome != "L" || m.Text != "(17, 116)" {
		t.Errorf("the winning move %+v", m)
	}
	// History: after "add" only "mul" is allowed.
	text, _ := presetSource("lebedev-operations")
	post(t, ts, "/api/position", map[string]any{"game": text, "position": "5", "last": "add"}, &p)
	if p.Position.Last == nil || *p.Position.Last != "add" || len(p.Position.Moves) != 2 || p.Position.Moves[0].Move != "mul" ||
		*p.Position.Moves[0].Last != "mul" {
		t.Errorf("lebedev (5) last=add: %+v", p.Position)
	}
	wantError(t, ts, "/api/position", map[string]any{"game": text, "position": "5", "last": "pow"}, 400, "bad-request")
	// A position typed wrong is refused in the page's language too.
	if e := wantError(t, ts, "/api/position", map[string]any{"game": text, "position": "5,6"}, 400, "bad-request"); !strings.ContainsAny(e.MessageRu, "абвгдеёжзийклмнопрстуфхцчшщъыьэюя") {
		t.Errorf("a bad position's refusal has no Russian: %q / %q", e.Message, e.MessageRu)
	}
	if e := wantError(t, ts, "/api/query", map[string]any{"game": text, "question": strings.Repeat("win 1 or ", 100)}, 400, "bad-request"); e.MessageRu == "" {
		t.Errorf("a long question's refusal has no Russian: %q", e.Message)
	}
	// A final start position has no moves and no reply.
	final := "piles = [\"x\"]\nmoves = [\"x - 1\"]\nend = \"x <= 0\"\n[start]\nx = \"S\"\n[params]\nS = \"0..3\"\n"
	post(t, ts, "/api/position", map[string]any{"game": final, "start": []int64{0}}, &p)
	if !p.Position.Final || p.Reply != -1 || p.Position.Outcome != "L" {
		t.Errorf("final start: %+v reply %d", p.Position, p.Reply)
	}
}
