package cluster

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// needSlurm skips a test unless this is root on a host with Debian's
// Slurm and munge, and Open MPI, installed, and under -short.
func needSlurm(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the Slurm test starts a cluster and waits for its job")
	}
	needMPI(t)
	if os.Geteuid() != 0 {
		t.Skip("not root: the one-node Slurm cluster of the tests runs its daemons as root")
	}
	for _, c := range []string{"slurmctld", "slurmd", "munged", "sbatch"} {
		if _, err := exec.LookPath(c); err != nil {
			t.Skip("no " + c + ": install Debian's slurm-wlm and munge to run the Slurm test")
		}
	}
}

// A real one-node Slurm cluster (deploy/slurm/one-node-cluster) runs a
// batch job of 4 MPI ranks, started by srun through PMIx, and the
// binding's collectives hold on them.
func TestSlurmCollectives(t *testing.T) {
	needSlurm(t)
	dir := t.TempDir()
	bin := collectivesBinary(t)
	script := "../../deploy/slurm/one-node-cluster"
	cluster := filepath.Join(dir, "cluster")
	if out, err := exec.Command(script, "start", cluster).CombinedOutput(); err != nil {
		t.Fatalf("%s start: %v\n%s", script, err, out)
	}
	defer exec.Command(script, "stop", cluster).Run()
	job := filepath.Join(dir, "job.sh")
	os.WriteFile(job, []byte("#!/bin/bash\n#SBATCH --ntasks=4\n#SBATCH --mem-per-cpu=200M\nsrun --mpi=pmix "+bin+" 100000 4096\n"), 0o755)
	log := filepath.Join(dir, "job.out")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	sb := exec.CommandContext(ctx, "sbatch", "--wait", "--time=2", "--output="+log, job)
	sb.Env = append(mpiEnv(), "SLURM_CONF="+filepath.Join(cluster, "slurm.conf"))
	if out, err := sb.CombinedOutput(); err != nil {
		got, _ := os.ReadFile(log)
		t.Fatalf("sbatch: %v\n%s\njob output:\n%s", err, out, got)
	}
	got, _ := os.ReadFile(log)
	if n := strings.Count(string(got), " of 4: ok"); n != 4 {
		slurmd, _ := os.ReadFile(filepath.Join(cluster, "slurmd.log"))
		t.Errorf("%d of 4 ranks say ok:\n%s\nslurmd.log:\n%s", n, got, tail(string(slurmd), 40))
	}
}

// tail is the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
