package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"retro/rules/lang"
)

// A long line is shown as a window around the column, its cut ends
// marked; the carets stay under the same characters.
func TestExcerptWindow(t *testing.T) {
	line := strings.Repeat("a", 500) + "XYZ" + strings.Repeat("b", 500)
	got := Excerpt(line, 501, 3)
	want := "    …" + strings.Repeat("a", ExcerptWidth/3) + "XYZ" + strings.Repeat("b", ExcerptWidth-ExcerptWidth/3-3) + "…\n" +
		"     " + strings.Repeat(" ", ExcerptWidth/3) + "^^^\n"
	if got != want {
		t.Errorf("middle:\n%s\nwant:\n%s", got, want)
	}
	// Near the start no ellipsis before; at the end none after, and the
	// window still as wide.
	if got := Excerpt(line, 3, 1); !strings.HasPrefix(got, "    aaa") || !strings.Contains(got, "…\n      ^\n") {
		t.Errorf("start: %q", got)
	}
	end := Excerpt(line, utf8.RuneCountInString(line)+1, 1)
	first, _, _ := strings.Cut(end, "\n")
	if !strings.HasPrefix(first, "    …") || !strings.HasSuffix(first, "b") || utf8.RuneCountInString(first) != 4+1+ExcerptWidth {
		t.Errorf("end: %q", end)
	}
	if !strings.HasSuffix(end, strings.Repeat(" ", ExcerptWidth)+"^\n") {
		t.Errorf("end carets: %q", end)
	}
	// Carets longer than the window stop at its end.
	if got := Excerpt(line, 100, 900); strings.Count(got, "^") != ExcerptWidth-ExcerptWidth/3 {
		t.Errorf("long carets: %d", strings.Count(got, "^"))
	}
	// A short line is as it was.
	if got := Excerpt("a\tb + c", 5, 3); got != "    a\tb + c\n     \t  ^^^\n" {
		t.Errorf("short: %q", got)
	}
}

// ClipMessage keeps a message's words, shortening only the long ones.
func TestClipMessage(t *testing.T) {
	name := strings.Repeat("n", 10_000)
	got := ClipMessage("unknown name " + name + " (names in end: a, b)")
	want := "unknown name " + strings.Repeat("n", ClipWord/2) + "…" + strings.Repeat("n", ClipWord/4) + " (names in end: a, b)"
	if got != want {
		t.Errorf("%q", got)
	}
	if short := "a short message"; ClipMessage(short) != short {
		t.Errorf("short: %q", ClipMessage(short))
	}
	if n := utf8.RuneCountInString(ClipMessage(strings.Repeat("ab ", 100_000))); n > MaxMessage+1 {
		t.Errorf("%d characters", n)
	}
}

// maxRender bounds what one rendered error may take: its message, and the
// window of its line with the carets.
const maxRender = 4*(MaxMessage+1+100) + 2*4*(ExcerptWidth+8)

// An error in a long line prints a window around its column, and one that
// quotes a long name, number, string or key quotes it shortened: 44
// messages were over 1 MB, the largest 9.6 MB. Every invalid file of
// testdata is read with a 200 000-character comment after each line; then
// games whose long words are what is wrong.
func TestLongLineErrors(t *testing.T) {
	pad := " # " + strings.Repeat("x", 200_000)
	files, _ := filepath.Glob("testdata/invalid/*.toml")
	if len(files) == 0 {
		t.Fatal("no invalid files")
	}
	var cases []struct{ name, src string }
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(src), "\n")
		for k := range lines {
			if strings.TrimSpace(lines[k]) != "" && !strings.HasPrefix(strings.TrimSpace(lines[k]), "#") {
				lines[k] += pad
			}
		}
		cases = append(cases, struct{ name, src string }{f, strings.Join(lines, "\n")})
	}
	long := strings.Repeat("q", 200_000)
	for name, src := range map[string]string{
		"name":   "piles = [\"a\"]\nmoves = [\"a - 1\"]\nend = \"" + long + " > 1\"\n[start]\na = 1\n",
		"string": "piles = [\"a\"]\nmoves = [\"a - 1\"]\nend = \"a > '" + long + "'\"\n[start]\na = 1\n",
		"number": "piles = [\"a\"]\nmoves = [\"a - 1\"]\nend = \"a > 1" + long + "\"\n[start]\na = 1\n",
		"key":    "piles = [\"a\"]\nmoves = [\"a - 1\"]\n" + long + " = 1\n[start]\na = 1\n",
		"pile":   "piles = [\"" + long + "\"]\nmoves = [\"b - 1\"]\n[start]\nb = 1\n",
		"moves":  "piles = [\"a\"]\nmoves = [" + strings.Repeat("\"a - 1\", ", 20_000) + "\"a - b\"]\n[start]\na = 1\n",
	} {
		cases = append(cases, struct{ name, src string }{name, src})
	}
	for _, c := range cases {
		_, err := Parse("g.toml", []byte(c.src))
		list := Positioned(err)
		if len(list) == 0 {
			t.Errorf("%s: no error: %v", c.name, err)
			continue
		}
		for _, e := range list {
			if r := e.Render(lang.En); len(r) > maxRender {
				t.Errorf("%s: an error of %d bytes: %.300q", c.name, len(r), r)
			}
		}
	}
}
