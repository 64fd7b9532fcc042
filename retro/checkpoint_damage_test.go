package retro_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"retro/retro/internal/core"
	"strings"
	"testing"
	"time"

	"retro/retro"
	"retro/retro/retrotest"
	"retro/rules"
)

// stopAt is a checkpoint in dir that stops its solve after the n-th save
// of stage (never, for ""), saving at the end of every row.
func stopAt(dir, stage string, n int) *core.Checkpoint {
	ck := &core.Checkpoint{Dir: dir, Every: time.Nanosecond, Ranks: 1}
	seen := 0
	retro.StopAfterSave(ck, func(at string, _ int64) error {
		if at == stage {
			if seen++; seen == n {
				return errStopped
			}
		}
		return nil
	})
	return ck
}

// resume resumes the solve of game from the checkpoint in dir and
// returns its results, or the error it stops with.
func resume(game rules.Source, dir string) ([]*retro.Result, error) {
	s, err := retro.SolveGame(context.Background(), game, retro.GameOptions{Checkpoint: stopAt(dir, "", 0)})
	if err != nil {
		return nil, err
	}
	return s.Results, nil
}

// copyDir copies the files of dir into a new folder.
func copyDir(t testing.TB, dir string) string {
	t.Helper()
	to := t.TempDir()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return to
}

// TestCheckpointDamage: a checkpoint stopped in each stage, one byte of
// one of its files changed (or 64 zeroed, or a field of its record
// edited), resumes to the table of a solve never stopped or stops with
// ErrCheckpoint naming the file; never another table (one that holds
// other than the never stopped solve's, retrotest.SameResult). A changed byte of
// the membership bits gave a table of 4 positions too many with exit 0,
// and one of the values or the result's files a table retro refused.
func TestCheckpointDamage(t *testing.T) {
	game := retrotest.GamesNamed("history, end 120")[0].Src
	want, _ := oneResult(t, game)
	rng := rand.New(rand.NewSource(1))
	refused, same := 0, 0
	for _, stage := range []string{"find", "value", "compact", "result"} {
		dir := t.TempDir()
		nth := map[string]int{"find": 3, "value": 3, "compact": 1, "result": 1}[stage]
		if _, err := retro.SolveGame(context.Background(), game, retro.GameOptions{Checkpoint: stopAt(dir, stage, nth)}); !errors.Is(err, errStopped) {
			t.Fatalf("not stopped after a save of %s: %v", stage, err)
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			name := e.Name()
			orig, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil || len(orig) == 0 {
				continue
			}
			var damages [][]byte
			for range 6 {
				b := bytes.Clone(orig)
				b[rng.Intn(len(b))] ^= byte(1 + rng.Intn(255))
				damages = append(damages, b)
			}
			if len(orig) >= 64 {
				b := bytes.Clone(orig)
				at := rng.Intn(len(b) - 63)
				clear(b[at : at+64])
				damages = append(damages, b)
			}
			if strings.HasSuffix(name, ".json") {
				for _, edit := range []func(string) string{
					func(s string) string { return regexp.MustCompile(`"cursor":\d+`).ReplaceAllString(s, `"cursor":-5`) },
					func(s string) string {
						return regexp.MustCompile(`"cursor":(\d+)`).ReplaceAllString(s, `"cursor":1${1}`)
					},
					func(s string) string {
						return regexp.MustCompile(`"stage":"\w+"`).ReplaceAllString(s, `"stage":"weird"`)
					},
					func(s string) string { return regexp.MustCompile(`"moves":\d+`).ReplaceAllString(s, `"moves":7`) },
				} {
					damages = append(damages, []byte(edit(string(orig))))
				}
			}
			for k, b := range damages {
				if bytes.Equal(b, orig) {
					continue
				}
				d := copyDir(t, dir)
				if err := os.WriteFile(filepath.Join(d, name), b, 0o644); err != nil {
					t.Fatal(err)
				}
				got, err := resume(game, d)
				switch {
				case err != nil && errors.Is(err, core.ErrCheckpoint) && strings.Contains(err.Error(), strings.SplitN(name, ".", 2)[0]):
					refused++
				case err != nil:
					t.Errorf("%s, %s damaged (%d): %v, not a checkpoint error naming the file", stage, name, k, err)
				case sameResults(want, got) != nil:
					t.Errorf("%s, %s damaged (%d): resumed to another table: %v", stage, name, k, sameResults(want, got))
				default:
					same++
				}
			}
		}
	}
	t.Logf("%d damaged checkpoints refused, %d resumed to the right table", refused, same)
	if refused == 0 {
		t.Error("no damage was refused")
	}
}

// FuzzCheckpointDamage changes any byte of any file of a checkpoint
// stopped in any stage: the resume gives the table of a solve never
// stopped, or stops with ErrCheckpoint.
func FuzzCheckpointDamage(f *testing.F) {
	game := retrotest.GamesNamed("history, end 120")[0].Src
	want, _ := oneResult(f, game)
	stages := []string{"find", "value", "compact", "result"}
	dirs := make([]string, len(stages))
	files := make([][]string, len(stages))
	for k, stage := range stages {
		dirs[k] = f.TempDir()
		nth := map[string]int{"find": 3, "value": 3, "compact": 1, "result": 1}[stage]
		if _, err := retro.SolveGame(context.Background(), game, retro.GameOptions{Checkpoint: stopAt(dirs[k], stage, nth)}); !errors.Is(err, errStopped) {
			f.Fatalf("not stopped after a save of %s: %v", stage, err)
		}
		entries, _ := os.ReadDir(dirs[k])
		for _, e := range entries {
			files[k] = append(files[k], e.Name())
		}
	}
	f.Add(uint8(0), uint8(0), uint32(0), byte(1))
	f.Add(uint8(1), uint8(2), uint32(100), byte(0x80))
	f.Add(uint8(3), uint8(1), uint32(7), byte(0xff))
	f.Fuzz(func(t *testing.T, stage, file uint8, at uint32, x byte) {
		k := int(stage) % len(stages)
		if x == 0 || len(files[k]) == 0 {
			return
		}
		name := files[k][int(file)%len(files[k])]
		d := copyDir(t, dirs[k])
		b, err := os.ReadFile(filepath.Join(d, name))
		if err != nil || len(b) == 0 {
			return
		}
		b[int(at)%len(b)] ^= x
		if err := os.WriteFile(filepath.Join(d, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := resume(game, d)
		switch {
		case err != nil && !errors.Is(err, core.ErrCheckpoint):
			t.Fatalf("%s, %s, byte %d ^ %#x: %v, not a checkpoint error", stages[k], name, int(at)%len(b), x, err)
		case err == nil && sameResults(want, got) != nil:
			t.Fatalf("%s, %s, byte %d ^ %#x: resumed to another table: %v", stages[k], name, int(at)%len(b), x, sameResults(want, got))
		}
	})
}
