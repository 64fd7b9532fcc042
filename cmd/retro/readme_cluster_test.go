package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// clusterLine tells a line of the documents' cluster sections: an MPI
// build, an mpirun, or a Slurm submission (RETRO=... sbatch ...).
func clusterLine(words []string) bool {
	switch {
	case len(words) > 2 && words[0] == "go" && words[1] == "build" && slices.Contains(words, "mpi"):
		return true
	case words[0] == "mpirun" || words[0] == "sbatch":
		return true
	}
	return len(words) > 1 && strings.Contains(words[0], "=") && words[1] == "sbatch"
}

// TestClusterReadmeLines runs the command lines of the documents' cluster
// sections as written, from a folder of the test's own beside the
// repository: the MPI build (its -o must not name a folder of the
// repository, where go build would write into it), each mpirun with GAME a
// small game, and the Slurm line's RETRO, which must name the binary the
// build wrote. The Slurm script itself is TestSlurmSolve's.
func TestClusterReadmeLines(t *testing.T) {
	if testing.Short() {
		t.Skip("builds retro with MPI and runs the documents' mpirun lines")
	}
	mpiBinary(t) // skips without Open MPI
	dir := t.TempDir()
	game := "name = \"small\"\npiles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"each *2\"]\nend = \"a + b >= 40\"\nwinner = \"mover\"\n[start]\na = 3\nb = \"S\"\n[params]\nS = \"1..30\"\n"
	if err := os.WriteFile(filepath.Join(dir, "GAME"), []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	built := map[string]bool{}
	ran := 0
	for _, l := range docShellLines(t) {
		name, line := l.doc, l.text
		words, _ := shellWords(t, line)
		if len(words) == 0 || !clusterLine(words) {
			continue
		}
		switch {
		case words[0] == "go":
			k := slices.Index(words, "-o")
			if k < 0 || k+1 >= len(words) {
				t.Errorf("%s: %q: no -o: go build would name the binary after the folder", name, line)
				continue
			}
			out := words[k+1]
			if st, err := os.Stat(filepath.Join(repoRoot, out)); err == nil && st.IsDir() {
				t.Errorf("%s: %q: %s is a folder of the repository: go build writes into it", name, line, out)
				continue
			}
			args := slices.Clone(words[1:])
			args[k] = filepath.Join(dir, out)
			cmd := exec.Command("go", args...)
			cmd.Dir = repoRoot
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %q: %v\n%s", name, line, err, b)
			}
			built[out] = true
		case words[0] == "mpirun":
			if bin := words[3]; !built[strings.TrimPrefix(bin, "./")] || !strings.HasPrefix(bin, "./") {
				t.Errorf("%s: %q: runs %s, not the binary the build line wrote (%v) by its path", name, line, bin, built)
				continue
			}
			cmd := exec.Command(words[0], words[1:]...)
			cmd.Dir = dir
			// As the README says of root and of more ranks than cores.
			cmd.Env = append(os.Environ(), "OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1",
				"OMPI_MCA_rmaps_base_oversubscribe=1")
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s: %q: %v\n%s", name, line, err, b)
				continue
			}
			ran++
		default:
			v, ok := strings.CutPrefix(words[0], "RETRO=$PWD/")
			if !ok || !built[v] {
				t.Errorf("%s: %q: RETRO is not $PWD/ and the binary the build line wrote (%v)", name, line, built)
			}
			if _, err := os.Stat(filepath.Join(repoRoot, words[len(words)-3])); err != nil {
				t.Errorf("%s: %q: %v", name, line, err)
			}
		}
	}
	if ran < 3 || len(built) == 0 {
		t.Errorf("ran %d mpirun lines after %d builds", ran, len(built))
	}
	if _, err := os.Stat(filepath.Join(dir, "table.rtb")); err != nil {
		t.Errorf("the mpirun lines wrote no table: %v", err)
	}
}
