package main

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"retro/rules"
)

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte("name = \"bad\"\npiles = [\"x\"]\nmoevs = [\"x - 1\"]\n[start]\nx = 5\n"), 0o644)
	out, errs, code := runCmd(t, "check", "nim", bad)
	if code != 1 {
		t.Errorf("exit %d", code)
	}
	if !strings.Contains(out, "nim.toml: ok") {
		t.Errorf("stdout %q", out)
	}
	if !strings.Contains(errs, "bad.toml:3:1") || !strings.Contains(errs, "moevs") {
		t.Errorf("stderr %q", errs)
	}
}

// TestCheckAsSolve: check refuses what a solve would refuse before it
// enumerates.
func TestCheckAsSolve(t *testing.T) {
	for _, c := range []struct{ src, msg string }{
		{"piles = [\"x\"]\nmoves = [\"x + 1\"]\nend = \"x >= 10**19\"\n[start]\nx = 1\n", "this overflows int64"},
		{"piles = [\"x\"]\nmoves = [\"x - 1\"]\n[start]\nx = \"S\"\n[params]\nS = \"1..10**19\"\n", "this overflows int64"},
		{"piles = [\"x\"]\nmoves = [\"x - 1\"]\n[bounds]\nx = \"1..-1\"\n", "[bounds] x = 1..-1 is empty"},
		{"piles = [\"x\"]\nmoves = [\"x - 1\"]\n[start]\nx = -5\n", "a pile is never negative unless the game says signed = true"},
		{"piles = [\"x\"]\nmoves = [\"x - 1\"]\n[start]\nx = \"S - 3\"\n[params]\nS = \"1..5\"\n", "[start] x = -2 with S = 1"},
	} {
		path := writeGame(t, "g.toml", c.src)
		_, errs, code := runCmd(t, "check", path)
		if code != 1 || !strings.Contains(errs, c.msg) {
			t.Errorf("%q: exit %d, %q; want %q", c.src, code, errs, c.msg)
		}
		if _, errs2, code := runCmd(t, "solve", path); code != 1 {
			t.Errorf("%q: solve exit %d: %s", c.src, code, errs2)
		}
	}
}

func TestCheckNotText(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "garbage.bin")
	// NUL, an escape sequence and bytes that are not UTF-8: none of it may
	// reach the terminal.
	if err := os.WriteFile(bin, []byte("piles = [\"x\"]\n\x1b[2J\x00\xff\xfe\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	latin1 := filepath.Join(dir, "latin1.toml")
	if err := os.WriteFile(latin1, []byte("# caf\xe9\npiles = [\"x\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	table := solveTo(t, dir, "nim")
	out, errs, code := runCmd(t, "check", bin, latin1, table)
	want := "retro: " + bin + ": not UTF-8 text: a game file is TOML text\n" +
		"retro: " + latin1 + ": not UTF-8 text: a game file is TOML text\n" +
		"retro: " + table + " is a table file (retro solve -o), not a game file: retro info " + table + " describes it, retro verify " + table + " checks it\n" +
		"retro: 3 of 3 games have errors\n"
	if code != 1 || out != "" || errs != want {
		t.Errorf("exit %d, stdout %q\nstderr %q\nwant   %q", code, out, errs, want)
	}
}

func TestCheckGrowthWarning(t *testing.T) {
	grow := writeGame(t, "grow.toml", "piles = [\"a\", \"b\"]\nmoves = [\"each + 1\", \"each * 2\", \"a = a + b\"]\n[start]\na = 1\nb = 1\n")
	out, errs, code := runCmd(t, "check", grow)
	want := grow + ": warning: the pile a grows without bound: `each + 1` raises it at every turn from the start (1, 1), and nothing ends the game (no end): " +
		"the positions never end, and a solve refuses the game unless --horizon or --max-positions is given; add an end condition, a [bounds] box or a horizon\n"
	if code != 0 || out != grow+": ok (grow)\n" || errs != want {
		t.Errorf("exit %d, %q, %q", code, out, errs)
	}
	// The warning is right: the solve runs into the cap it is given.
	if _, errs, code := runCmd(t, "solve", grow, "--max-positions", "500"); code != 1 || !strings.Contains(errs, "too many positions") {
		t.Errorf("solve: exit %d, %q", code, errs)
	}
	// Without a cap or a horizon given, the solving commands refuse the
	// game before searching: x - 1 and x + 4 from 1, where x < 0 never
	// holds, ran 40 s at 48 MB with no end in sight, its heap form 120 s.
	for _, c := range []struct{ name, src, at string }{
		{"down-up.toml", "piles = [\"x\"]\nmoves = [\"x - 1\", \"x + 4\"]\nend = \"x < 0\"\n[start]\nx = 1\n", "1"},
		{"heap-up.toml", "piles = [\"x\"]\nsum = true\nmoves = [\"x - 1\", \"x + 4\"]\n", "1"},
		{"grow.toml", "piles = [\"a\", \"b\"]\nmoves = [\"each + 1\", \"each * 2\", \"a = a + b\"]\n[start]\na = 1\nb = 1\n", "1,1"},
		{"exam-like.toml", "piles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"each *2\"]\nend = \"a + b < 0\"\n[start]\na = 17\nb = \"S\"\n[params]\nS = \"1..10\"\n", "17,1"},
	} {
		name, path := c.name, writeGame(t, c.name, c.src)
		for _, cmd := range [][]string{{"solve", path}, {"ege", path}, {"query", path, "win 1"}, {"export", path}, {"show", path, c.at}} {
			want := []string{"grows without bound", "the positions never end; bound the game with --horizon N"}
			if name == "heap-up.toml" && (cmd[0] == "ege" || cmd[0] == "query") {
				want = []string{"no start positions"} // a heap game has no starts to ask: refused before that
			}
			_, errs, code := runCmd(t, cmd...)
			for _, w := range want {
				if code != 1 || !strings.Contains(errs, w) {
					t.Errorf("%s %s: exit %d, %q, want %q", cmd[0], name, code, errs, w)
				}
			}
		}
		if _, errs, code := runCmd(t, "solve", path, "--horizon", "3"); strings.Contains(errs, "grows without bound") {
			t.Errorf("%s with a horizon: exit %d, %q", name, code, errs)
		}
	}
	// No warning where the moves are bounded, or the end or a horizon stops
	// them, or nothing can be proved (a condition on the move).
	for _, src := range []string{
		"piles = [\"x\"]\nmoves = [\"x - 1\", \"x - 2\"]\n[start]\nx = 9\n",
		"piles = [\"x\"]\nmoves = [\"x + 1 if x < 5\", \"x // 2\"]\n[start]\nx = 1\n",
		"piles = [\"x\"]\nmoves = [\"x + 1\"]\nend = \"x >= 9\"\n[start]\nx = 1\n",
		"piles = [\"x\"]\nmoves = [\"x + 1\", \"x - 3\"]\nend = \"x > 1000 or x < 0\"\n[start]\nx = 1\n",
		"piles = [\"x\"]\nmoves = [\"x + 1\"]\nhorizon = 4\n[start]\nx = 1\n",
	} {
		if _, errs, _ := runCmd(t, "check", writeGame(t, "g.toml", src)); errs != "" {
			t.Errorf("%q: %q", src, errs)
		}
	}
	for _, name := range rules.BuiltinNames() {
		if _, errs, code := runCmd(t, "check", name); code != 0 || errs != "" {
			t.Errorf("%s: exit %d, %q", name, code, errs)
		}
	}
}

// check's error counts the games that have errors, of how many.
func TestCheckFailed(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{checkFailed(1, 1).Error(), "1 game has errors"},
		{checkFailed(1, 3).Error(), "1 of 3 games has errors"},
		{checkFailed(2, 3).Error(), "2 of 3 games have errors"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
	bad := writeGame(t, "bad.toml", "piles = [\"x\"]\nmoevs = [\"x - 1\"]\n")
	_, errs, code := runCmd(t, "check", bad)
	if code != 1 || !strings.HasSuffix(errs, "\nretro: 1 game has errors\n") {
		t.Errorf("exit %d: %q", code, errs)
	}
}

// check evaluates every start of a range and keeps none: two million
// starts cost it a few bytes each at most, where listing them took 100
// (a range of 10^8 took 19.5 GB).
func TestCheckManyStarts(t *testing.T) {
	src, _ := rules.Builtin("ege-two-piles-77")
	text := regexp.MustCompile(`S = "1\.\.\d+"`).ReplaceAllString(string(src), `S = "1..2000000"`)
	if text == string(src) {
		t.Fatal("the built-in game's range is not where the test looks for it")
	}
	game := writeGame(t, "many.toml", text)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	out, errs, code := runCmd(t, "check", game)
	runtime.ReadMemStats(&after)
	if code != 0 || !strings.Contains(out, ": ok") {
		t.Fatalf("exit %d, %q %q", code, out, errs)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
		t.Errorf("check of 2 000 000 starts allocated %d bytes", alloc)
	}
}

// A name of any length is cut in the lines that echo it (check's ok, the
// summary's game line), not echoed whole.
func TestLongNameIsCut(t *testing.T) {
	name := strings.Repeat("я", 400_000) // 800 KB: a game file may take 1 MiB
	game := writeGame(t, "long.toml", "name = \""+name+"\"\npiles = [\"x\"]\nmoves = [\"x - 1\"]\nend = \"x <= 0\"\n[start]\nx = 5\n")
	for _, args := range [][]string{{"check", game}, {"solve", game}} {
		out := mustRun(t, args...)
		for _, line := range strings.Split(out, "\n") {
			if len([]rune(line)) > 300 {
				t.Errorf("%v: a line of %d characters", args, len([]rune(line)))
			}
		}
		if !strings.Contains(out, strings.Repeat("я", 120)+"…") {
			t.Errorf("%v: the name is not shown cut: %.300s", args, out)
		}
	}
}
