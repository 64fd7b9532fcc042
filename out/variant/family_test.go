package variant_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"retro/out/variant"
	"retro/retro"
	"retro/rules"
	"retro/rules/lang"
)

// badFamilies are the families of testdata/invalid, each with one
// error, and the error, in English, at its place: its file's last line,
// "# error: " and the message.
func badFamilies(t testing.TB) (files []string, srcs [][]byte, wants []string) {
	files, _ = filepath.Glob("testdata/invalid/*.toml")
	if len(files) == 0 {
		t.Fatal("no families in testdata/invalid")
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		_, want, ok := strings.Cut(string(src), "\n# error: ")
		if !ok {
			t.Fatalf("%s: no line # error: ", file)
		}
		srcs = append(srcs, src)
		wants = append(wants, strings.TrimSuffix(want, "\n"))
	}
	return files, srcs, wants
}

// A bad family gets one error, at its place, that renders with its line.
func TestFamilyErrors(t *testing.T) {
	files, srcs, wants := badFamilies(t)
	for i, file := range files {
		_, err := variant.Parse(filepath.Base(file), srcs[i])
		if err == nil {
			t.Errorf("%s: no error, want %q", file, wants[i])
			continue
		}
		if err.Error() != wants[i] {
			t.Errorf("%s:\n got %q\nwant %q", file, err.Error(), wants[i])
		}
		if rules.Positioned(err) == nil || strings.Count(rules.RenderError(err), "\n") < 1 {
			t.Errorf("%q does not render with its place", err)
		}
	}
}

func TestBuiltinFamiliesParse(t *testing.T) {
	names := variant.BuiltinNames()
	if len(names) != 6 {
		t.Errorf("%d built-in families: %v", len(names), names)
	}
	for _, name := range names {
		f, ok := variant.Builtin(name)
		if !ok || f.Name == "" || f.NameEn == "" || len(f.Entries) == 0 {
			t.Errorf("%s: %+v", name, f)
		}
		if fromArg, err := variant.FromArg(name); err != nil || fromArg.Name != f.Name {
			t.Errorf("FromArg(%s): %v", name, err)
		}
	}
	if _, err := variant.FromArg("two-pile"); err == nil || !strings.Contains(err.Error(), `did you mean "two-piles"?`) {
		t.Errorf("a misspelt family: %v", err)
	}
}

// A family whose candidates are all dropped says so, with the count tried
// and why.
func TestTooFew(t *testing.T) {
	f, err := variant.Parse("agree.toml", []byte(`piles = 2
moves = ["+1..4", "*2..3"]
end = "40..120"
fixed = "3..15"
tries = 300
`))
	if err != nil {
		t.Fatal(err)
	}
	_, err = variant.Make(context.Background(), f, variant.Options{Count: 3, Seed: 1})
	var few *variant.TooFewError
	if !errors.As(err, &few) || few.Tried != 300 || few.Got >= 3 {
		t.Fatalf("%v", err)
	}
	if !strings.Contains(err.Error(), "candidates drawn (dropped: ") || !strings.Contains(err.Error(), "the two readings of task 19 differ: ") ||
		!strings.Contains(err.Error(), `task19 = "possible"`) {
		t.Errorf("%v", err)
	}
	if ru := few.In(lang.Ru); !strings.Contains(ru, "два прочтения задания 19 дают разные ответы: ") || !strings.Contains(ru, "вытянуто кандидатов: 300") {
		t.Errorf("in Russian: %s", ru)
	}
}

// The same family, count and seed give the same variants; another seed
// others.
func TestMakeDeterministic(t *testing.T) {
	f, _ := variant.Builtin("two-piles")
	games := func(seed uint64, count int) []string {
		b, err := variant.Make(context.Background(), f, variant.Options{Count: count, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, v := range b.Variants {
			out = append(out, v.Game)
		}
		return out
	}
	a, b := games(7, 5), games(7, 5)
	if strings.Join(a, "") != strings.Join(b, "") {
		t.Error("seed 7 gave other variants the second time")
	}
	// The first variants of a larger batch are the variants of a smaller.
	if c := games(7, 8); strings.Join(c[:5], "") != strings.Join(a, "") {
		t.Error("the first 5 of 8 variants are not the 5 of a batch of 5")
	}
	if d := games(8, 5); strings.Join(d, "") == strings.Join(a, "") {
		t.Error("seeds 7 and 8 gave the same variants")
	}
	seen := map[string]bool{}
	for _, g := range games(1, 30) {
		body := g[strings.Index(g, "piles"):]
		if seen[body] {
			t.Errorf("a game twice in one batch:\n%s", g)
		}
		seen[body] = true
	}
}

// A variant's game file reads back as its spec.
func TestSpecOfGameText(t *testing.T) {
	for _, name := range variant.BuiltinNames() {
		f, _ := variant.Builtin(name)
		b, err := variant.Make(context.Background(), f, variant.Options{Count: 5, Seed: 2})
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range b.Variants {
			g, err := rules.Parse("v.toml", []byte(v.Game))
			if err != nil {
				t.Fatal(err)
			}
			sp, err := variant.SpecOf(g)
			if err != nil {
				t.Fatalf("%v\n%s", err, v.Game)
			}
			if got, want := sp.GameText(nil, "x"), v.Spec.GameText(nil, "x"); got != want {
				t.Errorf("read back as\n%s\nwant\n%s", got, want)
			}
		}
	}
}

func TestLike(t *testing.T) {
	for _, c := range []struct {
		game string
		want string // "" when it is of the exam's shape
	}{
		{"ege-2027-demo", ""}, {"ege-bank-one-pile", ""}, {"ege-two-piles-77", ""},
		{"lebedev-operations", "it has a [bounds] box"}, {"nim", "it has no [start]"},
	} {
		src, _ := rules.Builtin(c.game)
		g, err := rules.Parse(c.game+".toml", src)
		if err != nil {
			t.Fatal(err)
		}
		f, err := variant.Like(context.Background(), g, retro.GameOptions{})
		if c.want != "" {
			if !errors.Is(err, variant.ErrNotExam) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %v, want %q", c.game, err, c.want)
			}
			if ru := lang.Say(err, lang.Ru); !strings.Contains(ru, "«другой вариант»") || strings.Contains(ru, "exam") {
				t.Errorf("%s: in Russian %q", c.game, ru)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.game, err)
		}
		orig, _ := variant.SpecOf(g)
		b, err := variant.Make(context.Background(), f, variant.Options{Count: 5, Seed: 1})
		if err != nil {
			t.Fatalf("%s: %v", c.game, err)
		}
		for _, v := range b.Variants {
			sp := v.Spec
			if sp.GameText(nil, "x") == orig.GameText(nil, "x") {
				t.Errorf("%s: a variant is the game itself", c.game)
			}
			if sp.Piles != orig.Piles || sp.Down != orig.Down || sp.NoRepeat != orig.NoRepeat || len(sp.Moves) != len(orig.Moves) ||
				(sp.Limit == 0) != (orig.Limit == 0) {
				t.Errorf("%s: %+v is not like %+v", c.game, sp, orig)
			}
			for k, m := range sp.Moves {
				if m.Op != orig.Moves[k].Op {
					t.Errorf("%s: move %d is %v, the game's %v", c.game, k, m, orig.Moves[k])
				}
			}
			checkAgainstBrute(t, v)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, name := range variant.BuiltinNames() {
		src, _ := variant.BuiltinSource(name)
		f.Add(src)
	}
	_, srcs, _ := badFamilies(f)
	for _, src := range srcs {
		f.Add(src)
	}
	f.Add([]byte(`moves = ["+1|*2..3"]` + "\nend = \"1..\"\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		_, err := variant.Parse("fuzz.toml", src)
		if err != nil && rules.RenderError(err) == "" {
			t.Error("an error renders as nothing")
		}
	})
}

// BenchmarkMakeTwoPiles makes 100 variants of the two-pile family; the
// target is under a second of CPU (cpu-s/op: the process's user and
// system time, the garbage collector's included, where getrusage tells
// it).
func BenchmarkMakeTwoPiles(b *testing.B) {
	f, _ := variant.Builtin("two-piles")
	cpu0, measured := processCPU()
	tried := 0
	for b.Loop() {
		batch, err := variant.Make(context.Background(), f, variant.Options{Count: 100, Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		tried = batch.Tried
	}
	if cpu1, _ := processCPU(); measured {
		b.ReportMetric((cpu1-cpu0).Seconds()/float64(b.N), "cpu-s/op")
	}
	b.ReportMetric(float64(tried), "candidates/op")
}

// A candidate whose answers depend on how an overshoot is counted is
// dropped: the first candidate of two-piles-no-repeat with seed 11 gives
// 19: 10 and 21: 4 by the exam's count, 12 and 14 by Lebedev's (the count
// of a program that plays the game move by move).
func TestCountingDropped(t *testing.T) {
	f, _ := variant.Builtin("two-piles-no-repeat")
	b, err := variant.Make(context.Background(), f, variant.Options{Count: 1, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	if b.Rejected[variant.Counting] == 0 || b.Tried < 2 {
		t.Errorf("no candidate dropped for its count (drawn %d, dropped %v)", b.Tried, b.Rejected)
	}
	if k := b.Variants[0].Key; k.Possible == 10 && k.Task21 == 4 {
		t.Errorf("the variant whose answers depend on the count is kept:\n%s", b.Variants[0].Game)
	}
}

// TestLikeReasonsInRussian: why a game is not of the exam's shape, in
// both languages: the English reason, and the Russian one with no English
// word left.
func TestLikeReasonsInRussian(t *testing.T) {
	for _, c := range []struct{ game, en, ru string }{
		{"piles = [\"x\"]\ncount = \"lebedev\"\nmoves = [\"x + 1\", \"x * 2\"]\nend = \"x >= 30\"\n[start]\nx = \"S\"\n[params]\nS = \"1..29\"\n",
			"it counts a losing move as Lebedev does", "по Лебедеву"},
		{"piles = [\"x\"]\nmoves = [\"x + 1\", \"x - 2\"]\nend = \"x >= 30\"\n[start]\nx = \"S\"\n[params]\nS = \"1..29\"\n",
			"some moves add stones and others take them", "добавляют камни"},
		{"piles = [\"x\"]\nmoves = [\"x + 1\", \"x * 2\"]\nend = \"x <= 0\"\n[start]\nx = \"S\"\n[params]\nS = \"1..29\"\n",
			"is never reached by its moves", "никогда не приводят"},
	} {
		g, err := rules.Parse("like.toml", []byte(c.game))
		if err != nil {
			t.Fatal(err)
		}
		_, err = variant.SpecOf(g)
		if !errors.Is(err, variant.ErrNotExam) || !strings.Contains(err.Error(), c.en) {
			t.Errorf("%v, want %q", err, c.en)
			continue
		}
		ru := lang.Say(err, lang.Ru)
		if !strings.Contains(ru, c.ru) || strings.ContainsAny(ru, "abcdefghijklmnopqrstuvwyz") {
			t.Errorf("in Russian %q, want %q and no English", ru, c.ru)
		}
	}
}
