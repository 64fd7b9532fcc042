package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
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

// stageOf is the stage and the cursor of the newest record in a
// checkpoint directory: the search's ("find"), the sweep's ("value"), the
// result's ("compact", "result").
func stageOf(dir string) (string, int64) {
	stage, cursor := "", int64(0)
	for _, name := range []string{"instance-0-rank-0.find.json", "instance-0-rank-0.json"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
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

// TestCheckpointKillAndResume kills a checkpointed solve with SIGKILL in
// its search of the box, in its sweep and while it makes the result, and
// checks that the reruns, each from the last save, write the table of a
// solve that was never stopped; then that the directory is emptied, and
// that a checkpoint of another game is refused.
func TestCheckpointKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: solves a game of 3.7 million positions five times")
	}
	bin := retroBinary(t)
	dir := t.TempDir()
	src, err := os.ReadFile("../../retro/testdata/bench/history-2000.toml")
	if err != nil {
		t.Fatal(err)
	}
	game := filepath.Join(dir, "history.toml")
	if err := os.WriteFile(game, []byte(strings.ReplaceAll(string(src), "2000", "1500")), 0o644); err != nil {
		t.Fatal(err)
	}
	plain := filepath.Join(dir, "plain.rtb")
	if out, err := exec.Command(bin, "solve", game, "-o", plain).CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	ck, resumed := filepath.Join(dir, "ck"), filepath.Join(dir, "resumed.rtb")
	args := []string{"solve", game, "--checkpoint", ck, "--checkpoint-every", "1ms", "-o", resumed}
	var hit []string
	for _, at := range []string{"find", "value", "compact"} {
		cmd := exec.Command(bin, args...)
		var errs bytes.Buffer
		cmd.Stderr = &errs
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		killed := false
	wait:
		for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); {
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("stopping at %s: %v\n%s", at, err, errs.String())
				}
				break wait // done before the stage came: nothing left to kill
			case <-time.After(time.Millisecond):
			}
			// past the first save of the stage: the rerun goes on from inside it
			if stage, cursor := stageOf(ck); stage == at && cursor > 0 || at == "compact" && stage == "result" {
				cmd.Process.Kill()
				<-done
				killed = true
				break
			}
		}
		if !killed {
			break
		}
		stage, cursor := stageOf(ck)
		hit = append(hit, fmt.Sprintf("%s %d", stage, cursor))
	}
	t.Logf("killed at: %v", hit)
	out, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(hit) > 0 && !strings.Contains(string(out), "resuming from the checkpoint saved at") {
		t.Errorf("the rerun does not say it resumes:\n%s", out)
	}
	if a, b := contentSum(t, plain), contentSum(t, resumed); a != b {
		t.Fatalf("the resumed solve's table %s, the plain one's %s", b, a)
	}
	if left, _ := os.ReadDir(ck); len(left) != 0 {
		t.Errorf("%d files left in the checkpoint directory after the solve", len(left))
	}
	if len(hit) < 2 {
		t.Logf("only %d of the three stages were caught before the solve ended", len(hit))
	}
	// A checkpoint of another game is refused, and kept.
	cmd := exec.Command(bin, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if stage, _ := stageOf(ck); stage != "" {
			break
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
	out, err = exec.Command(bin, "solve", "ege-2027-demo", "--checkpoint", ck).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "holds the checkpoint of another game or other arguments") {
		t.Fatalf("another game's checkpoint: %v\n%s", err, out)
	}
	if stage, _ := stageOf(ck); stage == "" {
		t.Fatal("the refused checkpoint is gone")
	}
}
