package cluster

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
)

// launcherSize returns the number of copies an MPI launcher started of
// this program (mpirun's OMPI_COMM_WORLD_SIZE, Slurm's SLURM_NTASKS under
// srun, PMI's PMI_SIZE), and 0 when no launcher started it.
func launcherSize() int {
	for _, name := range []string{"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"} {
		if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
			return n
		}
	}
	if os.Getenv("SLURM_STEP_ID") != "" { // a step of srun, not the batch script itself
		if n, err := strconv.Atoi(os.Getenv("SLURM_NTASKS")); err == nil && n > 0 {
			return n
		}
	}
	return 0
}

// Launched reports whether an MPI launcher (mpirun, mpiexec, srun) started
// this process.
func Launched() bool { return launcherSize() > 0 }

// CoresPerRank is how many cores a rank of this job may use: Slurm's
// SLURM_CPUS_PER_TASK when it says, else the cores this process may run
// on shared among the ranks the launcher started on this node
// (OMPI_COMM_WORLD_LOCAL_SIZE, MPI_LOCALNRANKS or PMIX_LOCAL_SIZE); at
// least 1, and 0 when no launcher says how many ranks share the node.
func CoresPerRank() int {
	if n, err := strconv.Atoi(os.Getenv("SLURM_CPUS_PER_TASK")); err == nil && n > 0 {
		return n
	}
	for _, name := range []string{"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS", "PMIX_LOCAL_SIZE"} {
		if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
			return max(1, runtime.NumCPU()/n)
		}
	}
	return 0
}

// LaunchedRank is this process's rank in the job an MPI launcher started,
// as the launcher told it (before MPI is initialized); 0 when no launcher
// started it.
func LaunchedRank() int {
	for _, name := range []string{"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"} {
		if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
			return n
		}
	}
	if os.Getenv("SLURM_STEP_ID") != "" {
		if n, err := strconv.Atoi(os.Getenv("SLURM_PROCID")); err == nil && n > 0 {
			return n
		}
	}
	return 0
}

// LaunchedRanks is the number of copies an MPI launcher started of this
// program, 0 when none did.
func LaunchedRanks() int { return launcherSize() }

// World returns the job this process belongs to: MPI's world when a
// launcher started it and the program was built with -tags mpi; a job of
// one rank when no launcher started it. A launcher that started several
// copies of a program built without MPI is an error that says how to
// build it, since each copy would otherwise solve the whole game alone.
func World() (Comm, error) {
	if n := launcherSize(); n > 0 && mpiBuilt {
		return mpiWorld()
	} else if n > 1 {
		return nil, fmt.Errorf("cluster: started as one of %d ranks, but this retro is built without MPI: build one with `go build -tags mpi -o retro-mpi ./cmd/retro` in the repository and start ./retro-mpi (needs Open MPI's libopenmpi-dev)", n)
	}
	return Local(1)[0], nil
}
