package cluster

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// mpiEnv is the environment mpirun needs here: as root, Open MPI refuses
// to start without these two.
func mpiEnv() []string {
	return append(os.Environ(), "OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1")
}

// needMPI skips a test when Open MPI (mpirun and its C library) is not
// installed.
func needMPI(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("mpirun"); err != nil {
		t.Skip("no mpirun: install Debian's openmpi-bin and libopenmpi-dev to run the MPI tests")
	}
	if err := exec.Command("pkg-config", "--exists", "ompi-c").Run(); err != nil {
		t.Skip("no Open MPI C library (pkg-config ompi-c): install libopenmpi-dev to run the MPI tests")
	}
}

// TestMain runs the tests, then removes the folder of the collectives'
// binary, built once for the MPI and the Slurm tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if collectives.dir != "" {
		os.RemoveAll(collectives.dir)
	}
	os.Exit(code)
}

var collectives struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

// collectivesBinary builds testdata/collectives with the MPI binding once
// and returns its path.
func collectivesBinary(t *testing.T) string {
	t.Helper()
	collectives.once.Do(func() {
		collectives.dir, collectives.err = os.MkdirTemp("", "retro-collectives-")
		if collectives.err != nil {
			return
		}
		bin := filepath.Join(collectives.dir, "collectives")
		if out, err := exec.Command("go", "build", "-tags", "mpi", "-o", bin, "./testdata/collectives").CombinedOutput(); err != nil {
			collectives.err = fmt.Errorf("go build -tags mpi: %v\n%s", err, out)
			return
		}
		collectives.bin = bin
	})
	if collectives.err != nil {
		t.Fatal(collectives.err)
	}
	return collectives.bin
}

// The binding's collectives on 2 and 4 real MPI ranks (oversubscribed),
// with rounds small enough that the large exchange takes several.
func TestMPICollectives(t *testing.T) {
	needMPI(t)
	bin := collectivesBinary(t)
	for _, np := range []int{2, 4} {
		cmd := exec.Command("mpirun", "-np", strconv.Itoa(np), "--oversubscribe", bin, "100000", "4096")
		cmd.Env = mpiEnv()
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("mpirun -np %d: %v\n%s", np, err, out)
		}
		if got := strings.Count(string(out), ": ok"); got != np {
			t.Errorf("mpirun -np %d: %d ranks say ok:\n%s", np, got, out)
		}
	}
}
