package out_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"retro/out"
	"retro/out/query"
	"retro/out/variant"
)

// batch makes a few variants of a family whose name needs escaping in
// HTML.
func batch(t *testing.T) *variant.Batch {
	t.Helper()
	f, err := variant.Parse("f.toml", []byte(`name = "A <b> & c"
piles = 2
moves = ["+1..4", "*2..3"]
end = "40..120"
fixed = "3..15"
task19 = "possible"
`))
	if err != nil {
		t.Fatal(err)
	}
	b, err := variant.Make(context.Background(), f, variant.Options{Count: 3, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestWorksheetHTML(t *testing.T) {
	b := batch(t)
	var buf bytes.Buffer
	if err := out.WriteWorksheetHTML(&buf, b, query.Ru); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	if strings.Contains(page, "<b>") || !strings.Contains(page, "A &lt;b&gt; &amp; c") {
		t.Error("the family's name is not escaped")
	}
	key := strings.Index(page, `<section class="key">`)
	last := strings.LastIndex(page, `<section class="variant"`)
	if key < 0 || key < last || !strings.Contains(page, ".key { break-before: page; }") {
		t.Error("the key is not after the variants, on a page of its own")
	}
	for _, v := range b.Variants {
		a19, a20, a21 := v.Key.Possible, v.Key.Task20, v.Key.Task21
		want := "<td>" + itoa(v.Number) + "</td><td>" + itoa(a19) + "</td><td>" + itoa(a20[0]) + " " + itoa(a20[1]) + "</td><td>" + itoa(a21) + "</td>"
		if !strings.Contains(page[key:], want) {
			t.Errorf("the key has no row %q", want)
		}
		st := v.Statement(query.Ru)
		if !strings.Contains(page[:key], st.Game[1]) || !strings.Contains(page[:key], "Задание 21.") {
			t.Errorf("variant %d: its text is not on the worksheet", v.Number)
		}
	}
	if strings.Count(page, "<section") != len(b.Variants)+1 || strings.Count(page, "</section>") != len(b.Variants)+1 {
		t.Error("sections do not close")
	}
}

func itoa[T ~int | ~int64](n T) string { return strconv.FormatInt(int64(n), 10) }

func TestWorksheetMarkdown(t *testing.T) {
	b := batch(t)
	for _, l := range query.Langs {
		var buf bytes.Buffer
		if err := out.WriteWorksheetMarkdown(&buf, b, l); err != nil {
			t.Fatal(err)
		}
		md := buf.String()
		brk := strings.Index(md, `<div style="break-before: page"></div>`)
		if brk < 0 || strings.Count(md, "\n## ") != len(b.Variants)+1 {
			t.Errorf("%s: no page break before the key, or not a section a variant", l)
		}
		v := b.Variants[0]
		sol := v.Solutions[l]
		for _, want := range []string{sol.Task19, sol.Task20[0], sol.Task20[1], sol.Task21, sol.Other} {
			if !strings.Contains(md[brk:], want) {
				t.Errorf("%s: the key has no solution %q", l, want)
			}
		}
	}
}

func TestBatchJSON(t *testing.T) {
	b := batch(t)
	raw, err := json.Marshal(out.NewBatchJSON(b))
	if err != nil {
		t.Fatal(err)
	}
	var j struct {
		Family   string
		Seed     uint64
		Tried    int
		Variants []struct {
			Number  int
			File    string
			Game    string
			Task19  string
			Agree   bool
			Answers map[string]any
			Key     map[string]any
			Qualify map[string]int
			Text    map[string]struct {
				Game  []string
				Tasks map[string]string
			}
			Solution map[string]map[string]any
		}
	}
	if err := json.Unmarshal(raw, &j); err != nil {
		t.Fatal(err)
	}
	if j.Family != "A <b> & c" || j.Seed != 4 || j.Tried < 3 || len(j.Variants) != 3 {
		t.Fatalf("%s", raw)
	}
	v, jv := b.Variants[1], j.Variants[1]
	if jv.Number != 2 || jv.File != "variant-02.toml" || jv.Game != v.Game || jv.Task19 != "possible" {
		t.Errorf("%+v", jv)
	}
	if jv.Answers["19"] != float64(v.Key.Possible) || jv.Answers["19g"] != float64(v.Key.Guaranteed) || jv.Key["21"] != float64(v.Key.Task21) ||
		jv.Qualify["20"] != v.Counts.Task20 {
		t.Errorf("answers %v, key %v, qualify %v; want %+v %+v", jv.Answers, jv.Key, jv.Qualify, v.Key, v.Counts)
	}
	for _, l := range []string{"en", "ru"} {
		if len(jv.Text[l].Game) < 4 || jv.Text[l].Tasks["20"] == "" || jv.Solution[l]["19"] == "" {
			t.Errorf("%s: %+v %+v", l, jv.Text[l], jv.Solution[l])
		}
	}
}

func TestVariantList(t *testing.T) {
	b := batch(t)
	var buf bytes.Buffer
	if err := out.WriteVariantList(&buf, b, query.En); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	v := b.Variants[2]
	want := "variant-03.toml  19: " + itoa(v.Key.Possible) + "  20: " + itoa(v.Key.Task20[0]) + " " + itoa(v.Key.Task20[1]) + "  21: " + itoa(v.Key.Task21)
	if len(lines) != 3 || !strings.HasPrefix(lines[2], want) {
		t.Errorf("%q, want the last to start %q", lines, want)
	}
}
