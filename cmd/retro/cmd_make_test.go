package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"retro/out/query"
	"retro/out/variant"
)

// make --list names each family with its title in the locale's language
// (English in the tests), or --lang's; --json gives both titles.
func TestMakeList(t *testing.T) {
	names := variant.BuiltinNames()
	for _, lang := range []query.Lang{query.En, query.Ru} {
		args := []string{"make", "--list"}
		if lang == query.Ru {
			args = append(args, "--lang", "ru")
		}
		out := mustRun(t, args...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != len(names) {
			t.Fatalf("%q", out)
		}
		for k, name := range names {
			f, _ := variant.Builtin(name)
			if fields := strings.Fields(lines[k]); fields[0] != name || !strings.HasSuffix(lines[k], " "+f.Title(lang)) {
				t.Errorf("%v: line %q, want %s and its title %q", args, lines[k], name, f.Title(lang))
			}
		}
	}
	var list []struct {
		Name    string
		TitleRu string `json:"title_ru"`
		TitleEn string `json:"title_en"`
	}
	out := mustRun(t, "make", "--list", "--json")
	if err := json.Unmarshal([]byte(out), &list); err != nil || len(list) != len(names) || strings.Count(out, "\n") != 1 {
		t.Fatalf("--json: %v, %q", err, out)
	}
	for k, f := range list {
		fam, _ := variant.Builtin(names[k])
		if f.Name != names[k] || f.TitleRu != fam.Title(query.Ru) || f.TitleEn != fam.Title(query.En) {
			t.Errorf("--json: %+v", f)
		}
	}
}

// retro make -o writes the game files and the worksheets; each game file
// answers retro ege as the list says, for every built-in family.
func TestMakeOut(t *testing.T) {
	re := regexp.MustCompile(`^(variant-\d\d\.toml)  19: (\d+)  20: (\d+ \d+)  21: (\d+)  \(подходящих S: \d+ / \d+ / \d+\)$`)
	for _, name := range variant.BuiltinNames() {
		dir := filepath.Join(t.TempDir(), "variants")
		list := mustRun(t, "make", name, "--count", "3", "--seed", "5", "-o", dir)
		lines := strings.Split(strings.TrimSuffix(list, "\n"), "\n")
		if len(lines) != 3 {
			t.Fatalf("%s: %q", name, list)
		}
		for _, line := range lines {
			m := re.FindStringSubmatch(line)
			if m == nil {
				t.Fatalf("%s: the line %q", name, line)
			}
			got := mustRun(t, "ege", "--plain", filepath.Join(dir, m[1]))
			if !strings.HasPrefix(got, "19: "+m[2]+"\n") || !strings.Contains(got, "\n20: "+m[3]+"\n21: "+m[4]+"\n") {
				t.Errorf("%s, %s: retro ege says %q, retro make %q", name, m[1], got, line)
			}
		}
		for _, file := range []string{"worksheet.html", "worksheet.md", "worksheet-students.html", "worksheet-students.md"} {
			data, err := os.ReadFile(filepath.Join(dir, file))
			if err != nil || !bytes.Contains(data, []byte("Вариант 3")) {
				t.Errorf("%s, %s: %v", name, file, err)
			}
		}
	}
}

// -o DIR replaces a folder retro make wrote whole, and refuses one that
// holds anything else, before anything is made.
func TestMakeOutReplaces(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "week", "variants")
	mustRun(t, "make", "one-pile-up", "--count", "3", "-o", dir)
	mustRun(t, "make", "one-pile-up", "--count", "1", "--seed", "2", "-o", dir)
	names := func(dir string) string {
		entries, _ := os.ReadDir(dir)
		var ns []string
		for _, e := range entries {
			ns = append(ns, e.Name())
		}
		return strings.Join(ns, " ")
	}
	if got := names(dir); got != "variant-01.toml worksheet-students.html worksheet-students.md worksheet.html worksheet.md" {
		t.Errorf("after a batch of 1 over a batch of 3: %s", got)
	}
	if got := names(filepath.Dir(dir)); got != "variants" {
		t.Errorf("beside the folder: %s", got)
	}
	mine := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(mine, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCmd(t, "make", "one-pile-up", "-o", dir)
	if want := "retro: make: -o " + dir + " holds notes.txt, which retro make does not write: choose a new or empty folder, or one retro make wrote before (it is replaced whole)\n"; code != 1 || out != "" || errs != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want %q", code, out, errs, want)
	}
	if data, err := os.ReadFile(mine); err != nil || string(data) != "mine" || names(dir) != "notes.txt variant-01.toml worksheet-students.html worksheet-students.md worksheet.html worksheet.md" {
		t.Errorf("the folder refused was changed: %s", names(dir))
	}
}

// The same family, count and seed print the same bytes, whatever the
// number of cores.
func TestMakeDeterministic(t *testing.T) {
	args := []string{"make", "one-pile-down", "--count", "4", "--seed", "9"}
	a := mustRun(t, append(args, "--json")...)
	old := runtime.GOMAXPROCS(1)
	b := mustRun(t, append(args, "--json")...)
	runtime.GOMAXPROCS(old)
	if a != b {
		t.Error("--json printed other bytes on one core")
	}
	if c, d := mustRun(t, args...), mustRun(t, args...); c != d || !strings.Contains(c, "# Ответы") {
		t.Error("the worksheet differs between two runs, or has no key")
	}
	if en := mustRun(t, append(args, "--lang", "en")...); !strings.HasPrefix(en, "# One pile shrinking to a threshold: variants of tasks 19–21 (4)\n") ||
		!strings.Contains(en, "Two players, Petya and Vanya, play the following game.") || !strings.Contains(en, "\n## Variant 4\n") {
		t.Errorf("--lang en: %.200q", en)
	}
}

func TestMakeErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("name = \"bad\"\nmoves = []\nend = 50\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	few := filepath.Join(dir, "few.toml")
	if err := os.WriteFile(few, []byte("moves = [\"+1..2\", \"*2\"]\nend = \"20..30\"\ntries = 50\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"make", bad}, 1, bad + `:2:9: moves: the pool of moves is empty: give at least one entry, such as "+1" or "*2"` + "\n    moves = []\n            ^\n"},
		{[]string{"make", few}, 1, "retro: family few: 0 well-posed variant(s) of 1 wanted in 50 candidates drawn (dropped: "},
		{[]string{"make", "two-pile"}, 1, `retro: no family file or built-in family named "two-pile" (did you mean "two-piles"?)`},
		{[]string{"make"}, 2, "retro: make takes one FAMILY"},
		{[]string{"make", "two-piles", "--lang", "de"}, 2, `retro: --lang "de": want ru or en`},
		{[]string{"make", "two-piles", "--count", "0"}, 2, "retro: --count 0: want 1 to 10000"},
		{[]string{"make", "--list", "two-piles"}, 2, "retro: make --list takes no FAMILY"},
	} {
		out, errs, code := runCmd(t, c.args...)
		if code != c.code || !strings.HasPrefix(errs, c.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errs, c.code, c.want)
		}
	}
}

// make's errors speak --lang when it is given, and the locale's language
// when it is not (the worksheet is in Russian by default, the errors are
// not).
func TestMakeErrorsInLang(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.toml")
	if err := os.WriteFile(bad, []byte("name = \"bad\"\nmoves = []\nend = 50\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ruBad := bad + ", строка 2, столбец 9: «moves»: список ходов пуст: задайте хотя бы один ход, например «+1» или «*2»\n    moves = []\n            ^\n"
	enBad := bad + `:2:9: moves: the pool of moves is empty: give at least one entry, such as "+1" or "*2"` + "\n    moves = []\n            ^\n"
	for _, c := range []struct {
		locale query.Lang
		args   []string
		want   string
	}{
		{query.En, []string{"make", bad, "--lang", "ru"}, ruBad},
		{query.Ru, []string{"make", bad}, ruBad},
		{query.Ru, []string{"make", bad, "--lang", "en"}, enBad},
		{query.En, []string{"make", bad}, enBad},
		{query.En, []string{"make", "two-pile", "--lang", "ru"}, "retro: нет ни файла семейства, ни встроенного семейства с именем «two-pile» (может быть, «two-piles»?): встроенные семейства перечисляет «retro make --list»\n"},
	} {
		out, errs, code := runLang(t, c.locale, c.args...)
		if code != 1 || out != "" || errs != c.want {
			t.Errorf("%v in %s: exit %d, stdout %q, stderr\n%s\nwant\n%s", c.args, c.locale, code, out, errs, c.want)
		}
	}
}

// On a terminal a batch that takes more than a second shows how far it
// has got.
func TestMakeProgress(t *testing.T) {
	var errb bytes.Buffer
	p := newProgress(&env{stderr: &errb, tty: true, dumb: true}, false, time.Now().Add(-2*time.Second))
	makeProgress(p, 10)(3, 57)
	if want := "\r\rmake: 3 of 10 variants (30%), 57 candidates drawn"; errb.String() != want {
		t.Errorf("%q, want %q", errb.String(), want)
	}
}

// make -o removes the temporary folders that writes killed outright left
// beside its folder (SIGKILL leaves no time to remove them): those of a
// process that is gone, and those of the old name once an hour old.
func TestMakeRemovesKilledWrites(t *testing.T) {
	parent := t.TempDir()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	killed := filepath.Join(parent, fmt.Sprintf(".out.tmp%d-123", dead.Process.Pid))
	old := filepath.Join(parent, ".out.tmp-456")
	young := filepath.Join(parent, ".out.tmp-789")
	for _, d := range []string{killed, old, young} {
		if err := os.MkdirAll(filepath.Join(d, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	hourAgo := time.Now().Add(-2 * time.Hour)
	os.Chtimes(old, hourAgo, hourAgo)
	mustRun(t, "make", "one-pile-down", "-o", filepath.Join(parent, "out"))
	for _, d := range []string{killed, old} {
		if _, err := os.Stat(d); err == nil {
			t.Errorf("%s is left", d)
		}
	}
	if _, err := os.Stat(young); err != nil {
		t.Errorf("a folder of the old name less than an hour old was removed: %v", err)
	}
}

// --students prints the students' worksheet: the variants with fields,
// without the key or the line of how they were made; not with --json or
// -o, which writes it beside the teacher's.
func TestMakeStudents(t *testing.T) {
	got := mustRun(t, "make", "two-piles", "--count", "2", "--seed", "7", "--students")
	if strings.Contains(got, "# Ответы") || strings.Contains(got, "retro make") || strings.Count(got, "Фамилия, имя:") != 2 ||
		!strings.Contains(got, "\n## Вариант 2\n") {
		t.Errorf("--students: %.300q", got)
	}
	for _, extra := range [][]string{{"--json"}, {"-o", filepath.Join(t.TempDir(), "v")}} {
		_, errs, code := runCmd(t, append([]string{"make", "two-piles", "--students"}, extra...)...)
		if code != 2 || !strings.Contains(errs, "--students prints the students' worksheet") {
			t.Errorf("%v: exit %d, %q", extra, code, errs)
		}
	}
}
