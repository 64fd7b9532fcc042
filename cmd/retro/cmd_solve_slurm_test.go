package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// solveScript is the batch script of one MPI solve that deploy/slurm ships.
const solveScript = "../../deploy/slurm/solve.sbatch"

// needSlurm skips a test unless this is root on a host with Debian's
// Slurm and munge installed, and under -short; mpiBinary skips it without
// Open MPI.
func needSlurm(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the Slurm test starts a cluster and waits for its jobs")
	}
	if os.Geteuid() != 0 {
		t.Skip("not root: the one-node Slurm cluster of the tests runs its daemons as root")
	}
	for _, c := range []string{"slurmctld", "slurmd", "munged", "sbatch"} {
		if _, err := exec.LookPath(c); err != nil {
			t.Skip("no " + c + ": install Debian's slurm-wlm and munge to run the Slurm test")
		}
	}
}

// slurmCluster starts a one-node Slurm cluster (deploy/slurm/one-node-cluster)
// for the test, stopped when it ends, and returns its slurm.conf.
func slurmCluster(t *testing.T) string {
	t.Helper()
	script := "../../deploy/slurm/one-node-cluster"
	dir := filepath.Join(t.TempDir(), "cluster")
	if out, err := exec.Command(script, "start", dir).CombinedOutput(); err != nil {
		t.Fatalf("%s start: %v\n%s", script, err, out)
	}
	t.Cleanup(func() { exec.Command(script, "stop", dir).Run() })
	return filepath.Join(dir, "slurm.conf")
}

// submitSolve submits the solve script to the cluster of conf with sbatch
// --wait as a job of 4 ranks, from the folder dir, with the environment
// variables vars and the script's arguments args, and returns the job's
// output and sbatch's error. Jobs share the node's CPUs (--oversubscribe),
// so that they run at once.
func submitSolve(t *testing.T, conf, dir string, vars []string, args ...string) (string, error) {
	t.Helper()
	log := filepath.Join(t.TempDir(), "job.out")
	script, err := filepath.Abs(solveScript)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	// The script's memory and time are a real cluster's; the test's node
	// may have less, and the solves take seconds.
	cmd := exec.CommandContext(ctx, "sbatch", append([]string{"--wait", "--oversubscribe", "--ntasks=4", "--mem-per-cpu=200M", "--time=5", "--output=" + log, script}, args...)...)
	cmd.Dir = dir
	// The node offers more CPUs than this host may have: the ranks yield
	// their cores while they wait, as retro has them do by default.
	cmd.Env = append(os.Environ(), "OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1",
		"SLURM_CONF="+conf)
	cmd.Env = append(cmd.Env, vars...)
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("sbatch --wait: no end after 3 minutes\n%s", out)
	}
	job, rerr := os.ReadFile(log)
	if rerr != nil && err == nil {
		t.Fatalf("the job's output: %v", rerr)
	}
	if err != nil {
		err = fmt.Errorf("sbatch: %v\n%s", err, out)
	}
	return string(job), err
}

// TestSlurmSolve: deploy/slurm/solve.sbatch, submitted with sbatch --wait
// to a one-node Slurm cluster, solves a game on 4 ranks started by srun
// through PMIx into the one-process table, with the summary printed once;
// a job whose solve fails, before or during the solve, fails and leaves
// no table. The jobs run side by side.
func TestSlurmSolve(t *testing.T) {
	needSlurm(t)
	bin := mpiBinary(t)
	conf := slurmCluster(t)
	game, err := filepath.Abs("../../retro/retrotest/testdata/box.toml")
	if err != nil {
		t.Fatal(err)
	}

	// GAME, TABLE and RETRO from the environment; TABLE relative to the
	// folder sbatch runs in.
	t.Run("solve", func(t *testing.T) {
		t.Parallel()
		want, wantSummary := oneProcess(t, game)
		dir := t.TempDir()
		out, err := submitSolve(t, conf, dir, []string{"GAME=" + game, "TABLE=box.rtb", "RETRO=" + bin})
		if err != nil {
			t.Fatalf("%v\njob output:\n%s", err, out)
		}
		if got := contentSum(t, filepath.Join(dir, "box.rtb")); got != want {
			t.Errorf("the job's table: %s, want %s", got, want)
		}
		if got := summaryBody(out); got != wantSummary {
			t.Errorf("the job's output (the summary, printed once, by rank 0)\n%s\nwant\n%s", got, wantSummary)
		}
		for _, w := range []string{`\npath:       (general|compiled), in 4 shards: `, "resident, the largest of 4 ranks\n"} {
			if !regexp.MustCompile(w).MatchString(out) {
				t.Errorf("the job's output has no %q: not one MPI job of 4 ranks?\n%s", w, out)
			}
		}
	})

	// GAME and TABLE as the script's arguments, a flag of retro solve
	// after them.
	for _, c := range []struct {
		name string
		args []string
		msg  string
	}{
		{"unknown-game", []string{"no-such-game", "t.rtb"}, `retro: no game file or built-in game named "no-such-game"`},
		{"rank-out-of-memory", []string{game, "t.rtb", "--max-memory", "40K"}, `retro: rank \d of 4, (finding the positions|going through the moves): .*memory`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			out, err := submitSolve(t, conf, dir, []string{"RETRO=" + bin}, c.args...)
			if err == nil {
				t.Errorf("sbatch --wait exits 0 for a failed solve; the job's output:\n%s", out)
			}
			if !regexp.MustCompile(c.msg).MatchString(out) {
				t.Errorf("the job's output does not say why (%s):\n%s", c.msg, out)
			}
			if left, _ := os.ReadDir(dir); len(left) > 0 {
				t.Errorf("the failed job left %s", left[0].Name())
			}
		})
	}
}
