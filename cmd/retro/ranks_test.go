package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// shardGames are the games a solve cut into ranks must give the same
// table of: the exam demo, both of Lebedev's games (history in the
// positions), draws, a hashed space, a horizon, a parameter in the rules,
// and a dense space of several blocks.
var shardGames = []string{
	"ege-2027-demo", "lebedev-commands", "lebedev-operations",
	"../../out/internal/testgames/testdata/cycles.toml",
	"../../out/internal/testgames/testdata/history.toml",
	"../../out/internal/testgames/testdata/horizon.toml",
	"../../out/internal/testgames/testdata/rules.toml",
	"../../out/internal/testgames/testdata/box.toml",
}

// contentSum is the content line of retro info on a table.
func contentSum(t *testing.T, path string) string {
	t.Helper()
	out, errs, code := runCmd(t, "info", path)
	if code != 0 {
		t.Fatalf("info %s: %s", path, errs)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "content:") {
			return line
		}
	}
	t.Fatalf("info %s: no content line in\n%s", path, out)
	return ""
}

// summaryBody drops what may differ between two solves of a game from
// what solve printed: the path, what ranks exchanged, the time and the
// memory.
func summaryBody(s string) string {
	return regexp.MustCompile(`(?m)^(path|exchanged|time|peak memory):.*\n`).ReplaceAllString(s, "")
}

// oneProcess solves a game in one process and returns its table's content
// line and its summary.
func oneProcess(t *testing.T, game string) (sum, summary string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "one.rtb")
	out, errs, code := runCmd(t, "solve", game, "-o", path)
	if code != 0 {
		t.Fatalf("solve %s: %s", game, errs)
	}
	return contentSum(t, path), summaryBody(out)
}

// TestSolveRanks: retro solve --ranks N writes the one-process table and
// prints its summary.
func TestSolveRanks(t *testing.T) {
	for _, game := range shardGames {
		want, wantSummary := oneProcess(t, game)
		for _, ranks := range []int{2, 3} {
			path := filepath.Join(t.TempDir(), "ranks.rtb")
			out, errs, code := runCmd(t, "solve", game, "--ranks", strconv.Itoa(ranks), "-o", path)
			if code != 0 {
				t.Fatalf("solve %s --ranks %d: %s", game, ranks, errs)
			}
			if got := contentSum(t, path); got != want {
				t.Errorf("%s, %d ranks: %s, want %s", game, ranks, got, want)
			}
			if got := summaryBody(out); got != wantSummary {
				t.Errorf("%s, %d ranks: summary\n%s\nwant\n%s", game, ranks, got, wantSummary)
			}
			if !strings.Contains(out, fmt.Sprintf("path:       general, in %d shards\n", ranks)) {
				t.Errorf("%s, %d ranks: no path line in\n%s", game, ranks, out)
			}
			if ranks == 2 {
				one, _, _ := runCmd(t, "solve", game, "--json")
				js, errs, code := runCmd(t, "solve", game, "--json", "--ranks", "2")
				timeMs := regexp.MustCompile(`"timeMs":\s*[0-9.e+-]+`)
				if code != 0 || timeMs.ReplaceAllString(js, "") != timeMs.ReplaceAllString(one, "") {
					t.Errorf("%s: --json on 2 ranks (exit %d, %s) differs from one process's: %.200s…", game, code, errs, js)
				}
			}
		}
	}
}

// TestSolveRanksErrors: a bad --ranks is a usage error; a rank that fails
// names itself and its phase, and leaves no table.
func TestSolveRanksErrors(t *testing.T) {
	_, errs, code := runCmd(t, "solve", "nim", "--ranks", "0")
	if code != 2 || !strings.Contains(errs, "--ranks 0: want 1 or more") {
		t.Errorf("--ranks 0: exit %d, %q", code, errs)
	}
	path := filepath.Join(t.TempDir(), "t.rtb")
	_, errs, code = runCmd(t, "solve", "wythoff", "--ranks", "3", "--max-memory", "40K", "-o", path)
	if code != 1 || !regexp.MustCompile(`^retro: rank \d of 3, (finding the positions|building the move graph): .*memory`).MatchString(errs) {
		t.Errorf("a rank out of memory: exit %d, %q", code, errs)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("a failed solve left %s", path)
	}
	_, errs, code = runCmd(t, "solve", "no-such-game", "--ranks", "2")
	if code != 1 || strings.Contains(errs, "rank") {
		t.Errorf("a game that does not load: exit %d, %q (said once, by no rank)", code, errs)
	}
}

// mpiRetro is retro built with -tags mpi, once, for the MPI tests.
var mpiRetro struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

// mpiBinary builds retro with MPI, or skips the test saying what is
// missing.
func mpiBinary(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("mpirun"); err != nil {
		t.Skip("no mpirun: install Debian's openmpi-bin and libopenmpi-dev to run the MPI tests")
	}
	if err := exec.Command("pkg-config", "--exists", "ompi-c").Run(); err != nil {
		t.Skip("no Open MPI C library (pkg-config ompi-c): install libopenmpi-dev to run the MPI tests")
	}
	mpiRetro.once.Do(func() {
		mpiRetro.dir, mpiRetro.err = os.MkdirTemp("", "retro-mpi-")
		if mpiRetro.err != nil {
			return
		}
		bin := filepath.Join(mpiRetro.dir, "retro")
		if out, err := exec.Command("go", "build", "-tags", "mpi", "-o", bin, ".").CombinedOutput(); err != nil {
			mpiRetro.err = fmt.Errorf("go build -tags mpi: %v\n%s", err, out)
			return
		}
		mpiRetro.bin = bin
	})
	if mpiRetro.err != nil {
		t.Fatal(mpiRetro.err)
	}
	return mpiRetro.bin
}

// mpirun runs retro on np ranks (oversubscribed: more ranks than cores).
func mpirun(bin string, np int, args ...string) *exec.Cmd {
	cmd := exec.Command("mpirun", append([]string{"-np", strconv.Itoa(np), "--oversubscribe", bin}, args...)...)
	cmd.Env = append(os.Environ(), "OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1")
	return cmd
}

// TestMPISolve: mpirun -np N retro solve GAME -o t.rtb writes the
// one-process table, on 2, 3 and 4 ranks.
func TestMPISolve(t *testing.T) {
	bin := mpiBinary(t)
	for _, game := range shardGames {
		t.Run(filepath.Base(game), func(t *testing.T) {
			t.Parallel() // mpirun takes seconds to start a job, most of them idle
			mpiSolve(t, bin, game)
		})
	}
}

func mpiSolve(t *testing.T, bin, game string) {
	want, wantSummary := oneProcess(t, game)
	for _, np := range []int{2, 3, 4} {
		path := filepath.Join(t.TempDir(), "mpi.rtb")
		var stdout, stderr bytes.Buffer
		cmd := mpirun(bin, np, "solve", game, "-o", path)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("mpirun -np %d retro solve %s: %v\n%s", np, game, err, stderr.String())
		}
		if got := contentSum(t, path); got != want {
			t.Errorf("%s, %d ranks: %s, want %s", game, np, got, want)
		}
		if got := summaryBody(stdout.String()); got != wantSummary {
			t.Errorf("%s, %d ranks: summary (printed once, by rank 0)\n%s\nwant\n%s", game, np, got, wantSummary)
		}
	}
}

// TestMPIOneRank: a job of one rank solves as one process, prints the
// one-process summary and ends as a rank should (MPI finalized), so that
// mpirun exits 0.
func TestMPIOneRank(t *testing.T) {
	bin := mpiBinary(t)
	game := "ege-2027-demo"
	one := filepath.Join(t.TempDir(), "one.rtb")
	wantOut, errs, code := runCmd(t, "solve", game, "-o", one)
	if code != 0 {
		t.Fatalf("solve %s: %s", game, errs)
	}
	path := filepath.Join(t.TempDir(), "mpi.rtb")
	var stdout, stderr bytes.Buffer
	cmd := mpirun(bin, 1, "solve", game, "-o", path)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("mpirun -np 1 retro solve %s: %v\n%s", game, err, stderr.String())
	}
	if got, want := contentSum(t, path), contentSum(t, one); got != want {
		t.Errorf("one rank: %s, want %s", got, want)
	}
	if got, want := regexp.MustCompile(`(?m)^(time|peak memory):.*\n`).ReplaceAllString(stdout.String(), ""),
		regexp.MustCompile(`(?m)^(time|peak memory):.*\n`).ReplaceAllString(wantOut, ""); got != want {
		t.Errorf("one rank: summary\n%s\nwant\n%s", got, want)
	}
}

// TestMPIFault: one rank killed mid-solve fails the job, with a message
// naming the rank and the phase of the others, and leaves no table.
func TestMPIFault(t *testing.T) {
	bin := mpiBinary(t)
	path := filepath.Join(t.TempDir(), "fault.rtb")
	cmd := mpirun(bin, 3, "solve", "../../retro/testdata/bench/cycles-3000.toml", "-o", path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	victim := 0
	for deadline := time.Now().Add(30 * time.Second); victim == 0 && time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
		victim = rankProcess(bin, 1)
	}
	if victim == 0 {
		cmd.Process.Kill()
		t.Fatal("rank 1 did not start")
	}
	time.Sleep(time.Second) // into the solve: it takes several seconds
	if err := exec.Command("kill", "-9", strconv.Itoa(victim)).Run(); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if err == nil {
		t.Fatalf("the job succeeded with a rank killed:\n%s", stderr.String())
	}
	msg := stderr.String()
	if !regexp.MustCompile(`rank 1 .*(exited on signal 9|killed)`).MatchString(msg) ||
		!regexp.MustCompile(`retro: rank [02] of 3, [a-z ()0-9]+: stopped by a signal`).MatchString(msg) {
		t.Errorf("the job's messages do not name the dead rank and the phase:\n%s", msg)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("a failed job left %s", path)
	}
}

// rankProcess finds the process of rank r of a job of bin, 0 if none.
func rankProcess(bin string, r int) int {
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range procs {
		exe, err := os.Readlink(filepath.Join(p, "exe"))
		if err != nil || exe != bin {
			continue
		}
		env, err := os.ReadFile(filepath.Join(p, "environ"))
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(bytes.NewReader(env))
		sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
			if i := bytes.IndexByte(data, 0); i >= 0 {
				return i + 1, data[:i], nil
			}
			if atEOF && len(data) > 0 {
				return len(data), data, nil
			}
			return 0, nil, nil
		})
		for sc.Scan() {
			if sc.Text() == "OMPI_COMM_WORLD_RANK="+strconv.Itoa(r) {
				pid, _ := strconv.Atoi(filepath.Base(p))
				return pid
			}
		}
	}
	return 0
}

// TestMPIRankError: a rank's error (here its memory budget) ends the MPI
// job with a message naming the rank and the phase, and leaves no table.
func TestMPIRankError(t *testing.T) {
	bin := mpiBinary(t)
	path := filepath.Join(t.TempDir(), "t.rtb")
	var stderr bytes.Buffer
	cmd := mpirun(bin, 3, "solve", "wythoff", "--max-memory", "40K", "-o", path)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err == nil {
		t.Fatalf("the job succeeded over its memory budget:\n%s", stderr.String())
	}
	if !regexp.MustCompile(`retro: rank [0-2] of 3, (finding the positions|building the move graph): .*memory`).MatchString(stderr.String()) {
		t.Errorf("no message naming the rank and its phase:\n%s", stderr.String())
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("a failed job left %s", path)
	}
}

// TestSolveRanksTable: a table file is read, not solved, with --ranks as
// without: the same summary, and no game-file error about its bytes.
func TestSolveRanksTable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "demo.rtb")
	if _, errs, code := runCmd(t, "solve", "ege-2027-demo", "-o", path); code != 0 {
		t.Fatal(errs)
	}
	want, _, _ := runCmd(t, "solve", path)
	got, errs, code := runCmd(t, "solve", path, "--ranks", "2")
	if code != 0 || summaryBody(got) != summaryBody(want) {
		t.Errorf("solve TABLE --ranks 2: exit %d, %q\n%s\nwant\n%s", code, errs, got, want)
	}
}
