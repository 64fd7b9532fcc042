package explorer

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"strings"
	"testing"

	"retro/out/grid"
	"retro/retro"
	"retro/rules"
)

// TestMapAnswersWhatRetroMapWrites checks /api/map against retro map's
// CSV grid of the same slice: the page draws the cells the CLI writes.
func TestMapAnswersWhatRetroMapWrites(t *testing.T) {
	_, ts := newTestServer(t, testOptions())
	for _, c := range []struct {
		game, x, y string
	}{
		{"ege-two-piles-77", "", ""},
		{"ege-2027-demo", "b=1..40", "a=17..60"},
		{"lebedev-operations", "", ""},
	} {
		text, _ := rules.Builtin(c.game)
		var resp MapResponse
		if code := post(t, ts, "/api/map", mapRequest{Game: string(text), X: c.x, Y: c.y}, &resp); code != 200 {
			t.Fatalf("%s: status %d", c.game, code)
		}
		sv, err := retro.SolveGame(context.Background(), rules.FromText(c.game, text), retro.GameOptions{})
		if err != nil {
			t.Fatal(err)
		}
		choice, _ := mapChoice(mapRequest{X: c.x, Y: c.y})
		probed := retro.ProbedAll(sv.Results)
		sl, err := grid.Choose(sv.Game, probed, choice)
		if err != nil {
			t.Fatal(err)
		}
		src, _ := grid.NewSource(sv.Game, probed, sl)
		var b bytes.Buffer
		if err := grid.WriteCSV(&b, &grid.Grid{X: sl.X, Y: sl.Y, A: src}, grid.CSVOptions{}); err != nil {
			t.Fatal(err)
		}
		rows, _ := csv.NewReader(&b).ReadAll()
		var want []string
		for _, r := range rows[1:] {
			want = append(want, r[1:]...)
		}
		if strings.Join(resp.Codes, " ") != strings.Join(want, " ") {
			t.Errorf("%s: /api/map's cells are not retro map's", c.game)
		}
		if len(resp.Colours) != len(want) || len(resp.Palette) != len(grid.Colours) {
			t.Errorf("%s: %d colours for %d cells, a palette of %d", c.game, len(resp.Colours), len(want), len(resp.Palette))
		}
	}
}

// TestMapRefusals checks the map's refusals: a slice larger than the page
// draws, a comparison with a game over other piles, an axis that is not.
func TestMapRefusals(t *testing.T) {
	_, ts := newTestServer(t, testOptions())
	wythoff, _ := rules.Builtin("wythoff")
	demo, _ := rules.Builtin("ege-2027-demo")
	lebedev, _ := rules.Builtin("lebedev-operations")
	for _, c := range []struct {
		req  mapRequest
		want string
	}{
		{mapRequest{Game: string(wythoff), X: "a=0..1000", Y: "b=0..1000"}, "more than the page draws"},
		{mapRequest{Game: string(demo), Compare: string(lebedev)}, "same piles"},
		{mapRequest{Game: string(demo), X: "c"}, "neither a pile"},
		{mapRequest{Game: string(demo), X: "a=9..1"}, "want NAME or NAME=LO..HI"},
		{mapRequest{Game: string(demo), Compare: "piles = ["}, "the game compared with"},
	} {
		var resp struct{ Error errorJSON }
		if code := post(t, ts, "/api/map", c.req, &resp); code < 400 || !strings.Contains(resp.Error.Message, c.want) {
			t.Errorf("%+v: status %d, %q; want %q", c.req.X, code, resp.Error.Message, c.want)
		}
	}
}

// TestRefusalsInRussian: the refusals of a game too large come in Russian
// too (messageRu), for the page to show in Russian, on the server and on
// the static page, whose Russian says where the game is solved instead.
func TestRefusalsInRussian(t *testing.T) {
	game := "piles = [\"a\", \"b\"]\nmoves = [\"each +1\"]\nend = \"a + b >= 4000\"\n[start]\na = 0\nb = \"S\"\n[params]\nS = \"0..3\"\n"
	for _, static := range []bool{false, true} {
		opt := testOptions()
		opt.MaxPositions = 1000
		s := newServer(context.Background(), opt)
		s.static = static
		_, err := s.query(context.Background(), queryRequest{Game: game, Task: "19"})
		var api *apiError
		if !errors.As(err, &api) || !strings.HasPrefix(api.ru, "отказ: в игре больше 1000 позиций") ||
			strings.Contains(api.ru, "refused") || static != strings.Contains(api.ru, "«retro solve ИГРА.toml»") {
			t.Errorf("static %v: %v; in Russian %q", static, err, api.ru)
		}
	}
}
