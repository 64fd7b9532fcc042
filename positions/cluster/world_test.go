package cluster

import (
	"runtime"
	"testing"
)

func TestCoresPerRank(t *testing.T) {
	for _, name := range []string{"SLURM_CPUS_PER_TASK", "OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS", "PMIX_LOCAL_SIZE"} {
		t.Setenv(name, "")
	}
	if n := CoresPerRank(); n != 0 {
		t.Errorf("no launcher: %d cores a rank, want 0 (leave GOMAXPROCS alone)", n)
	}
	t.Setenv("OMPI_COMM_WORLD_LOCAL_SIZE", "2")
	if n, want := CoresPerRank(), max(1, runtime.NumCPU()/2); n != want {
		t.Errorf("2 ranks on the node: %d cores a rank, want %d", n, want)
	}
	t.Setenv("OMPI_COMM_WORLD_LOCAL_SIZE", "100000")
	if n := CoresPerRank(); n != 1 {
		t.Errorf("more ranks than cores: %d cores a rank, want 1", n)
	}
	t.Setenv("SLURM_CPUS_PER_TASK", "3")
	if n := CoresPerRank(); n != 3 {
		t.Errorf("--cpus-per-task=3: %d cores a rank, want 3", n)
	}
}

func TestLaunchedRank(t *testing.T) {
	for _, name := range []string{"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK", "SLURM_STEP_ID", "SLURM_PROCID"} {
		t.Setenv(name, "")
	}
	if r := LaunchedRank(); r != 0 {
		t.Errorf("no launcher: rank %d", r)
	}
	t.Setenv("SLURM_PROCID", "3")
	if r := LaunchedRank(); r != 0 {
		t.Errorf("a batch script, not a step of srun: rank %d, want 0", r)
	}
	t.Setenv("SLURM_STEP_ID", "0")
	if r := LaunchedRank(); r != 3 {
		t.Errorf("under srun: rank %d, want 3", r)
	}
	t.Setenv("OMPI_COMM_WORLD_RANK", "2")
	if r := LaunchedRank(); r != 2 {
		t.Errorf("under mpirun: rank %d, want 2", r)
	}
}
