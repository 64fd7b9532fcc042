package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// plainRetro is retro built once for the tests that stop it from outside.
var plainRetro struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

// retroBinary builds retro, once.
func retroBinary(t *testing.T) string {
	t.Helper()
	plainRetro.once.Do(func() {
		if plainRetro.dir, plainRetro.err = os.MkdirTemp("", "retro-bin-"); plainRetro.err != nil {
			return
		}
		bin := filepath.Join(plainRetro.dir, "retro")
		if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
			plainRetro.err = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		plainRetro.bin = bin
	})
	if plainRetro.err != nil {
		t.Fatal(plainRetro.err)
	}
	return plainRetro.bin
}

// stageOf is the stage and the cursor of the newest record of a rank in a
// checkpoint directory: the search's ("find"), the sweep's ("value"), the
// result's ("compact", "result"), the table's ("table", its cursor the
// blocks written).
func stageOf(dir string, rank int) (string, int64) {
	stage, cursor := "", int64(0)
	for _, what := range []string{"find.json", "json", "table.json", "gather.json"} {
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("instance-0-rank-%d.%s", rank, what)))
		if err != nil {
			continue
		}
		var r struct {
			Stage  string `json:"stage"`
			Cursor int64  `json:"cursor"`
		}
		if json.Unmarshal(b, &r) == nil {
			stage, cursor = r.Stage, r.Cursor
		}
	}
	return stage, cursor
}

// killGame is the solve the kill tests stop: the exam-style game with a
// history, its end at 1500 (3.7 million positions), solved once whole by
// bin into plain, and the arguments of solve keeping checkpoints in ck,
// saved every millisecond, writing its table into resumed.
type killGame struct {
	plain, ck, resumed string
	args               []string
}

func newKillGame(t *testing.T, bin string) killGame {
	t.Helper()
	src, err := os.ReadFile("../../retro/testdata/bench/history-2000.toml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	game := filepath.Join(dir, "history.toml")
	if err := os.WriteFile(game, []byte(strings.ReplaceAll(string(src), "2000", "1500")), 0o644); err != nil {
		t.Fatal(err)
	}
	g := killGame{plain: filepath.Join(dir, "plain.rtb"), ck: filepath.Join(dir, "ck"), resumed: filepath.Join(dir, "resumed.rtb")}
	if out, err := exec.Command(bin, "solve", game, "-o", g.plain).CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	g.args = []string{"solve", game, "--checkpoint", g.ck, "--checkpoint-every", "1ms", "-o", g.resumed}
	return g
}

// resumedRight checks the run that resumed after the kills (hit), whose
// output is errs: it says it resumes, its summary gives the whole job's
// time, its table is the plain one, and the checkpoint directory is left
// empty.
func (g killGame) resumedRight(t *testing.T, hit []string, errs string) {
	t.Helper()
	if len(hit) > 0 && !strings.Contains(errs, "resuming from the checkpoint saved at") {
		t.Errorf("the rerun does not say it resumes:\n%s", errs)
	}
	// Its summary gives the whole job's time, and says that it resumed.
	if len(hit) > 0 && !regexp.MustCompile(`(?m)^time: +\S+ \S+, resumed from a checkpoint: \S+ \S+ before the last stop, \S+ \S+ in this run$`).MatchString(errs) {
		t.Errorf("the rerun's summary does not say the job's time:\n%s", errs)
	}
	if a, b := contentSum(t, g.plain), contentSum(t, g.resumed); a != b {
		t.Fatalf("the resumed solve's table %s, the plain one's %s", b, a)
	}
	if left, _ := os.ReadDir(g.ck); len(left) != 0 {
		t.Errorf("%d files left in the checkpoint directory after the solve", len(left))
	}
}

// ended tells whether a run of killIn ended before its kill came: then
// it wrote the table and emptied the directory, and there is nothing
// left to resume. Its table must be the plain one's.
func (g killGame) ended(t *testing.T) bool {
	t.Helper()
	if left, _ := os.ReadDir(g.ck); len(left) > 0 {
		return false
	}
	t.Log("a run ended before its kill came: its table is checked, and nothing is left to resume")
	if a, b := contentSum(t, g.plain), contentSum(t, g.resumed); a != b {
		t.Fatalf("the resumed solve's table %s, the plain one's %s", b, a)
	}
	return true
}

// killPoint is where killIn kills a solve: once the rank's save is past
// its first of the stage.
type killPoint struct {
	rank  int
	stage string
}

// killIn starts a solve that keeps checkpoints in ck (start) once for
// each point, and kills it (kill) as soon as the point's rank's save is
// past its first of the point's stage (the search, "find"; the sweep,
// "value"; the result, "compact"), so that each run goes on from the
// saves of the one before. It returns the stages and cursors the runs
// were killed at; a run that ends before its point comes ends the kills.
func killIn(t *testing.T, ck string, points []killPoint, start func() *exec.Cmd, kill func(*exec.Cmd)) []string {
	t.Helper()
	var hit []string
	for _, at := range points {
		cmd := start()
		var errs bytes.Buffer
		cmd.Stderr = &errs
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		killed := ""
	wait:
		for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); {
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("stopping at %v: %v\n%s", at, err, errs.String())
				}
				break wait // done before the point came: nothing left to kill
			case <-time.After(time.Millisecond):
			}
			// past the first save of the stage: the rerun goes on from inside it
			if stage, cursor := stageOf(ck, at.rank); stage == at.stage && cursor > 0 || at.stage == "compact" && stage == "result" {
				kill(cmd)
				if err := <-done; err != nil { // else it ended before the kill came
					killed = fmt.Sprintf("rank %d at %s %d", at.rank, stage, cursor)
				}
				break
			}
		}
		if killed == "" {
			break
		}
		hit = append(hit, killed)
	}
	t.Logf("killed: %v", hit)
	if len(hit) < len(points)-1 {
		t.Logf("only %d of the %d points were caught before the solve ended", len(hit), len(points))
	}
	return hit
}

// TestCheckpointKillAndResume kills a checkpointed solve with SIGKILL in
// its search of the box, in its sweep, while it makes the result and
// while it writes the table, and checks that the reruns, each from the
// last save, write the table of a solve that was never stopped, and
// nothing at the table's name before; then that the directory is
// emptied, and that a checkpoint of another game is refused.
func TestCheckpointKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: solves a game of 3.7 million positions five times")
	}
	bin := retroBinary(t)
	g := newKillGame(t, bin)
	ck, args := g.ck, g.args
	hit := killIn(t, ck, []killPoint{{0, "find"}, {0, "value"}, {0, "compact"}, {0, "table"}},
		func() *exec.Cmd { return exec.Command(bin, args...) }, func(cmd *exec.Cmd) { cmd.Process.Kill() })
	if _, err := os.Stat(g.resumed); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("after the kills, %s: %v, want no file", g.resumed, err)
	}
	if len(hit) == 4 && !strings.HasPrefix(hit[3], "rank 0 at table ") {
		t.Errorf("the last kill, %s, not while the table is written", hit[3])
	}
	out, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	g.resumedRight(t, hit, string(out))
	// A checkpoint of another game is refused, and kept.
	cmd := exec.Command(bin, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if stage, _ := stageOf(ck, 0); stage != "" {
			break
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
	out, err = exec.Command(bin, "solve", "ege-2027-demo", "--checkpoint", ck).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "holds the checkpoint of another game or other arguments") {
		t.Fatalf("another game's checkpoint: %v\n%s", err, out)
	}
	if stage, _ := stageOf(ck, 0); stage == "" {
		t.Fatal("the refused checkpoint is gone")
	}
}

// TestMPICheckpointKillAndResume: mpirun -np 2 keeping checkpoints, its
// ranks killed by SIGKILL in each rank's part of the search and of the
// sweep and in the result, each run going on from the saves of the last;
// a resume by 3 ranks, or by one process, is refused, saying by how many
// the checkpoint was saved; then killed as each rank makes its blocks of
// the table and as rank 0 gathers them (where a save is caught before
// the job ends); the last run writes the one-process table and empties
// the directory.
func TestMPICheckpointKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: solves a game of 3.7 million positions five times")
	}
	bin := mpiBinary(t)
	g := newKillGame(t, bin)
	args := g.args
	start := func() *exec.Cmd { return mpirun(bin, 2, args...) }
	kill := func(cmd *exec.Cmd) {
		for r := range 2 {
			if pid := rankProcess(bin, r); pid != 0 {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	}
	// each rank's walk of the search, each rank's turn of the sweep (the
	// moves raise the piles: rank 1's first), the result
	points := []killPoint{{0, "find"}, {1, "find"}, {1, "value"}, {0, "value"}, {0, "compact"}}
	hit := killIn(t, g.ck, points, start, kill)
	if len(hit) == 0 {
		t.Fatal("the solve ended before a rank saved")
	}
	for _, other := range []struct {
		cmd  *exec.Cmd
		want string
	}{
		{mpirun(bin, 3, args...), "holds the checkpoint of a solve by 2 ranks, not 3"},
		{exec.Command(bin, args...), "holds the checkpoint of a solve by 2 ranks, not 1"},
	} {
		out, err := other.cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), other.want) {
			t.Errorf("%v: %v, want an error saying %q\n%s", other.cmd.Args, err, other.want, out)
		}
	}
	// each rank's blocks of the table, and rank 0's gathering of them
	hit = append(hit, killIn(t, g.ck, []killPoint{{1, "table"}, {0, "table"}, {0, "gather"}}, start, kill)...)
	if g.ended(t) {
		return
	}
	var stdout, stderr bytes.Buffer
	cmd := mpirun(bin, 2, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "\npath:       compiled, in 2 shards: ") {
		t.Errorf("not the compiled path in 2 shards:\n%s", stdout.String())
	}
	// The bytes exchanged are the whole job's, not the last run's alone.
	if m := regexp.MustCompile(`exchanged: +(\d+) bytes finding the positions, \d+ bytes of edges between shards, (\d+) bytes while colouring`).FindStringSubmatch(stdout.String()); m == nil || m[1] == "0" || m[2] == "0" {
		t.Errorf("the resumed job's summary does not say what its ranks exchanged:\n%s", stdout.String())
	}
	g.resumedRight(t, hit, stderr.String()+stdout.String())
}
