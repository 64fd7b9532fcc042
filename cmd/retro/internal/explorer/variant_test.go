package explorer

import (
	"fmt"
	"retro/retro/retrotest"
	"strings"
	"testing"
)

// keyText is an answer of a variant's key, decoded from JSON, as
// /api/query writes answers: "29", "28 48", "none".
func keyText(v any) string {
	switch v := v.(type) {
	case nil:
		return "none"
	case []any:
		var parts []string
		for _, x := range v {
			parts = append(parts, keyText(x))
		}
		return strings.Join(parts, " ")
	}
	return fmt.Sprint(v)
}

// Another variant like the demo: of its shape, not the demo itself, the
// same for the same seed, named in the language asked for, its key the answers /api/query gives on it.
func TestServeVariant(t *testing.T) {
	_, ts := newTestServer(t, testOptions())
	demo := retrotest.BuiltinText(t, "ege-2027-demo")
	var a, b, c VariantResponse
	if st := post(t, ts, "/api/variant", map[string]any{"game": demo, "seed": 1}, &a); st != 200 {
		t.Fatalf("status %d", st)
	}
	post(t, ts, "/api/variant", map[string]any{"game": demo, "seed": 1}, &b)
	post(t, ts, "/api/variant", map[string]any{"game": demo, "seed": 2, "lang": "en"}, &c)
	if a.Game != b.Game || a.Game == c.Game || a.Game == demo || a.Tried < 1 {
		t.Errorf("seed 1 twice and seed 2 gave:\n%s\n%s\n%s", a.Game, b.Game, c.Game)
	}
	if !strings.Contains(a.Game, `, вариант 1"`) || !strings.Contains(c.Game, `, variant 1"`) || !strings.Contains(a.Game, "# Вариант, похожий на ") || !strings.Contains(c.Game, "# A variant like ") {
		t.Errorf("the variants are not named and said to be like the demo in the page's language:\n%s\n%s", a.Game, c.Game)
	}
	if !strings.Contains(a.Game, `moves = ["each +`) || !strings.Contains(a.Game, `b = "S"`) {
		t.Errorf("not like the demo:\n%s", a.Game)
	}
	for task, key := range map[string]string{"19": "19", "20": "20", "21": "21"} {
		var q QueryResponse
		if st := post(t, ts, "/api/query", map[string]string{"game": a.Game, "task": task}, &q); st != 200 {
			t.Fatalf("query %s: status %d", task, st)
		}
		want := q.Answer.Text
		if got := keyText(a.Variant.Key[key]); got != want {
			t.Errorf("task %s: the variant's key %s, /api/query %s", task, got, want)
		}
	}
	if a.Variant.Text["ru"].Tasks["21"] == "" || a.Variant.Text["en"].Game[0] == "" {
		t.Errorf("no text: %+v", a.Variant.Text)
	}
	var e struct{ Error errorJSON }
	if st := post(t, ts, "/api/variant", map[string]any{"game": retrotest.BuiltinText(t, "lebedev-operations"), "seed": 1}, &e); st != 422 ||
		!strings.Contains(e.Error.Message, "another variant is made of a game of the exam's shape, and this one is not") {
		t.Errorf("lebedev-operations: status %d, %+v", st, e)
	}
}
