package explorer

import (
	"encoding/json"
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"retro/out/grid"
)

// Every phrase the explorer shows has its Russian: the phrases app.js
// passes to t(), the words of its tables that go through t(), and the
// page's own words in index.html (data-i18n, data-i18n-html,
// data-i18n-attr), against the RU table of i18n.js.
func TestWebWordsHaveRussian(t *testing.T) {
	read := func(name string) string {
		data, err := fs.ReadFile(webFS, "web/"+name)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	i18n := read("i18n.js")
	begin, end := strings.Index(i18n, "/* BEGIN RU */"), strings.Index(i18n, "/* END RU */")
	if begin < 0 || end < begin {
		t.Fatal("i18n.js: no RU table between /* BEGIN RU */ and /* END RU */")
	}
	var ru map[string]string
	if err := json.Unmarshal([]byte(i18n[begin+len("/* BEGIN RU */"):end]), &ru); err != nil {
		t.Fatalf("i18n.js: the RU table is not JSON: %v", err)
	}
	var keys []string
	app := read("app.js")
	for _, file := range []string{"map.js", "practice.js"} {
		for _, m := range regexp.MustCompile(`\bt\('((?:[^'\\]|\\.)*)'`).FindAllStringSubmatch(read(file), -1) {
			keys = append(keys, strings.ReplaceAll(m[1], `\'`, "'"))
		}
	}
	for _, ch := range grid.Kinds() { // the changes of a comparison, through t()
		keys = append(keys, ch.String())
	}
	for _, m := range regexp.MustCompile(`\bt\('((?:[^'\\]|\\.)*)'`).FindAllStringSubmatch(app, -1) {
		keys = append(keys, strings.ReplaceAll(m[1], `\'`, "'"))
	}
	// The tables whose words t() is given: the operations, the stages of
	// a solve, the leads of errors, the players, the presets' titles.
	ops := regexp.MustCompile(`const OPS = (.*)`).FindStringSubmatch(app)
	if ops == nil {
		t.Fatal("app.js: no OPS")
	}
	for _, m := range regexp.MustCompile(`\['[^']*', '([^']*)'\]`).FindAllStringSubmatch(ops[1], -1) {
		keys = append(keys, m[1])
	}
	for _, table := range []string{`const words = \{([^}]*)\}`, `const leads = \{([^}]*)\}`, `const PLAYER = \{([^}]*?), get`} {
		m := regexp.MustCompile(table).FindStringSubmatch(app)
		if m == nil {
			t.Fatalf("app.js: no table %s", table)
		}
		for _, v := range regexp.MustCompile(`: '([^']*)'`).FindAllStringSubmatch(m[1], -1) {
			keys = append(keys, v[1])
		}
	}
	for _, p := range servePresets {
		keys = append(keys, p.title)
	}
	page := read("index.html")
	space := regexp.MustCompile(`\s+`)
	// data-i18n marks elements of text only; data-i18n-html paragraphs.
	for _, m := range regexp.MustCompile(`(?s)<(\w+)((?:[^>"]|"[^"]*")*\sdata-i18n(?:\s[^>]*)?)>([^<]*)</(\w+)>`).FindAllStringSubmatch(page, -1) {
		keys = append(keys, strings.NewReplacer("&gt;", ">", "&lt;", "<", "&amp;", "&").Replace(strings.TrimSpace(space.ReplaceAllString(m[3], " "))))
	}
	for _, m := range regexp.MustCompile(`(?s)<p [^>]*data-i18n-html[^>]*>(.*?)</p>`).FindAllStringSubmatch(page, -1) {
		keys = append(keys, strings.TrimSpace(space.ReplaceAllString(m[1], " ")))
	}
	for _, m := range regexp.MustCompile(`<[^>]*data-i18n-attr="([^"]*)"[^>]*>`).FindAllStringSubmatch(page, -1) {
		for _, attr := range strings.Fields(m[1]) {
			v := regexp.MustCompile(`\s` + attr + `="([^"]*)"`).FindStringSubmatch(m[0])
			if v == nil {
				t.Errorf("index.html: %s names %s, which it lacks", m[0], attr)
				continue
			}
			keys = append(keys, v[1])
		}
	}
	if len(keys) < 150 {
		t.Errorf("only %d phrases found: the patterns miss some", len(keys))
	}
	for _, k := range keys {
		if _, ok := ru[k]; !ok {
			t.Errorf("no Russian for %q", k)
		}
	}
}
