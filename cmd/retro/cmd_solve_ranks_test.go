package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// shardGames are the games a solve cut into ranks must give the same
// table of: the exam demo, both of Lebedev's games (history in the
// positions), draws, a hashed space, a horizon, a parameter in the rules,
// and a dense space of several blocks.
var shardGames = []string{
	"ege-2027-demo", "lebedev-commands", "lebedev-operations",
	"../../retro/retrotest/testdata/cycles.toml",
	"../../retro/retrotest/testdata/history.toml",
	"../../retro/retrotest/testdata/horizon.toml",
	"../../retro/retrotest/testdata/rules.toml",
	"../../retro/retrotest/testdata/box.toml",
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
			if !regexp.MustCompile(fmt.Sprintf(`\npath:       (general|compiled), in %d shards(\n|: )`, ranks)).MatchString(out) {
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
	if code != 1 || !regexp.MustCompile(`^retro: rank \d of 3, (finding the positions|going through the moves): .*memory`).MatchString(errs) {
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

// TestSolveRanksCheckpoint: ranks that keep checkpoints write the
// one-process table and leave their directory empty; the general path in
// shards, forced or taking a game the compiled path does not, refuses
// --checkpoint as one process does, and so does a bad --checkpoint-every.
func TestSolveRanksCheckpoint(t *testing.T) {
	want, _ := oneProcess(t, "ege-2027-demo")
	ck, path := t.TempDir(), filepath.Join(t.TempDir(), "t.rtb")
	_, errs, code := runCmd(t, "solve", "ege-2027-demo", "--ranks", "3", "--checkpoint", ck, "--checkpoint-every", "1ms", "-o", path)
	if code != 0 {
		t.Fatalf("--checkpoint with --ranks 3: exit %d, %s", code, errs)
	}
	if got := contentSum(t, path); got != want {
		t.Errorf("--checkpoint with --ranks 3: %s, want %s", got, want)
	}
	if left, _ := os.ReadDir(ck); len(left) != 0 {
		t.Errorf("%d files left in the checkpoint directory after the solve", len(left))
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"ege-2027-demo", "--general"}, 1, "the general path keeps no checkpoints (the compiled path does)"},
		{[]string{"nim"}, 1, "only the compiled path keeps checkpoints, and it does not take this game"},
		{[]string{"ege-2027-demo", "--checkpoint-every", "0s"}, 2, "--checkpoint-every 0s: want a positive duration"},
	} {
		_, errs, code := runCmd(t, append(append([]string{"solve"}, c.args...), "--ranks", "2", "--checkpoint", ck)...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v with --ranks 2 --checkpoint: exit %d, %q, want exit %d, %q", c.args, code, errs, c.code, c.want)
		}
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

// TestMPICompiled: mpirun -np 2 solves a game of the compiled shape by
// the compiled path in shards, to the one-process table.
func TestMPICompiled(t *testing.T) {
	bin := mpiBinary(t)
	game := "testdata/compiled-ranks.toml"
	want, wantSummary := oneProcess(t, game)
	path := filepath.Join(t.TempDir(), "mpi.rtb")
	var stdout, stderr bytes.Buffer
	cmd := mpirun(bin, 2, "solve", game, "-o", path)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("mpirun -np 2 retro solve %s: %v\n%s", game, err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "\npath:       compiled, in 2 shards: ") {
		t.Errorf("not the compiled path in 2 shards:\n%s", stdout.String())
	}
	if got := contentSum(t, path); got != want {
		t.Errorf("2 ranks: %s, want %s", got, want)
	}
	if got := summaryBody(stdout.String()); got != wantSummary {
		t.Errorf("2 ranks: summary\n%s\nwant\n%s", got, wantSummary)
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
	if !regexp.MustCompile(`rank 1 .*(exited on signal 9|killed)`).MatchString(msg) {
		t.Errorf("the job's messages do not name the dead rank:\n%s", msg)
	}
	// The other ranks say where the launcher's signal found them, unless
	// it kills them before they are scheduled (seen on a loaded machine:
	// mpirun follows its SIGTERM with SIGKILL, and stops relaying output).
	if !regexp.MustCompile(`retro: rank [02] of 3, [a-z ()0-9]+: stopped by a signal`).MatchString(msg) {
		if !strings.Contains(msg, "the job has been aborted") {
			t.Errorf("the job's messages neither name the phase the others were stopped in nor say the job was aborted:\n%s", msg)
		} else {
			t.Logf("the other ranks were stopped before they could say where:\n%s", msg)
		}
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
	if !regexp.MustCompile(`retro: rank [0-2] of 3, (finding the positions|going through the moves): .*memory`).MatchString(stderr.String()) {
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

// rankMemoryLimit is the memory each process of TestMPIMemoryPerRank may
// use: below the one-process solve of testdata/memory-ranks.toml (about
// 200 MiB charged to its cgroup), above each of its 4 ranks (45 to 75
// MiB); below what the one-process compiled solve of
// testdata/memory-compiled.toml needs (its budget, half of the limit,
// refuses it), above each of its 4 ranks (75 to 97 MiB).
const rankMemoryLimit = 128 << 20

// TestMPIMemoryPerRank: a game whose one-process solve does not fit a
// memory limit solves on 4 MPI ranks, each under that same limit, to the
// table of the one-process solve made without the limit. Every process
// runs in a memory cgroup of its own (testdata/in-cgroup.sh), made under
// this process's. The game takes the general path.
func TestMPIMemoryPerRank(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: solves a game of 6 million positions four times")
	}
	memoryPerRank(t, "testdata/memory-ranks.toml", "general", [][]string{nil, {"--general"}})
}

// TestMPIMemoryPerRankCompiled is TestMPIMemoryPerRank for a game of the
// compiled path, in shards on the ranks.
func TestMPIMemoryPerRankCompiled(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: solves a game of 32 million positions three times")
	}
	memoryPerRank(t, "testdata/memory-compiled.toml", "compiled", [][]string{nil})
}

// memoryPerRank is TestMPIMemoryPerRank for a game that the path takes,
// alone and in shards; alone it fails under the limit with each set of
// flags.
func memoryPerRank(t *testing.T, file, takes string, flags [][]string) {
	bin := mpiBinary(t)
	own := ownMemoryCgroup(t)
	base := own.child(t, fmt.Sprintf("retro-test-%d", os.Getpid()), 0)
	game, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	wrapper, err := filepath.Abs("testdata/in-cgroup.sh")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()

	unlimited := filepath.Join(dir, "unlimited.rtb")
	out, errs, code := runCmd(t, "solve", game, "-o", unlimited)
	if code != 0 {
		t.Fatalf("solve %s: %s", game, errs)
	}
	if !strings.Contains(out, "path:       "+takes+": ") {
		t.Fatalf("the one-process solve does not take the %s path:\n%s", takes, out)
	}
	want := contentSum(t, unlimited)

	for _, fl := range flags {
		one := struct {
			name  string
			flags []string
		}{"default", fl}
		if fl != nil {
			one.name = strings.TrimPrefix(strings.Join(fl, " "), "--")
		}
		cg := base.child(t, "alone-"+one.name, rankMemoryLimit)
		path := filepath.Join(dir, "limited.rtb")
		cmd := exec.Command("sh", append([]string{wrapper, cg.dir, bin, "solve", game, "-o", path}, one.flags...)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		if err == nil {
			t.Fatalf("one process, %s path: the solve fits in %s; the test needs a game that does not", one.name, mebibytes(rankMemoryLimit))
		}
		if !outOfMemory(err, stderr.String(), cg) {
			t.Fatalf("one process, %s path, in %s: %v, not for memory:\n%s", one.name, mebibytes(rankMemoryLimit), err, stderr.String())
		}
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Errorf("one process, %s path: a failed solve left %s", one.name, path)
		}
		t.Logf("one process, %s path: %v at %s (the limit %s)", one.name, err, mebibytes(cg.peak()), mebibytes(rankMemoryLimit))
	}

	const np = 4
	ranks := make([]memCgroup, np)
	for r := range ranks {
		ranks[r] = base.child(t, "rank-"+strconv.Itoa(r), rankMemoryLimit)
	}
	path := filepath.Join(dir, "ranks.rtb")
	cmd := mpirun("sh", np, wrapper, filepath.Join(base.dir, "rank"), bin, "solve", game, "-o", path)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("mpirun -np %d retro solve in %s each: %v\n%s", np, mebibytes(rankMemoryLimit), err, stderr.String())
	}
	if !strings.Contains(stdout.String(), fmt.Sprintf("path:       %s, in %d shards: ", takes, np)) {
		t.Errorf("no path line of %d shards in\n%s", np, stdout.String())
	}
	for r, cg := range ranks {
		peak := cg.peak()
		if peak == 0 || peak >= rankMemoryLimit || cg.ooms() > 0 {
			t.Errorf("rank %d: %s at most, %d processes killed for memory; want some memory, under %s, and none", r, mebibytes(peak), cg.ooms(), mebibytes(rankMemoryLimit))
		}
		t.Logf("rank %d of %d: %s at most", r, np, mebibytes(peak))
	}
	if got := contentSum(t, path); got != want {
		t.Errorf("%d ranks: %s, want %s", np, got, want)
	}
}

// outOfMemory tells whether a process of cgroup cg ended for want of
// memory: killed by the kernel for it, or failed saying so.
func outOfMemory(err error, stderr string, cg memCgroup) bool {
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		return false
	}
	if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal() == syscall.SIGKILL && cg.ooms() > 0
	}
	return strings.Contains(stderr, "memory")
}

// A memCgroup is a directory of the memory controller's hierarchy:
// cgroup v1's memory hierarchy, or cgroup v2's unified one.
type memCgroup struct {
	dir string
	v2  bool
}

// ownMemoryCgroup is the memory cgroup of this process, or skips the test
// saying why none can be made under it.
func ownMemoryCgroup(t *testing.T) memCgroup {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("not root: making a memory cgroup takes root")
	}
	cg, err := findMemoryCgroup()
	if err != nil {
		t.Skip(err)
	}
	if !cg.v2 {
		return cg
	}
	// In cgroup v2 a child has a memory limit only when its parent hands
	// it the controller, which a cgroup holding processes other than the
	// root cannot do.
	if err := cg.enableMemory(); err != nil {
		t.Skipf("cgroup v2 at %s: the memory controller cannot be given to a child: %v", cg.dir, err)
	}
	return cg
}

// findMemoryCgroup finds the directory of this process's memory cgroup
// from /proc/self/cgroup and where the hierarchy is mounted.
func findMemoryCgroup() (memCgroup, error) {
	cgroups, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return memCgroup{}, fmt.Errorf("no cgroups: %v", err)
	}
	var v1, v2 string
	haveV1, haveV2 := false, false
	for _, line := range strings.Split(strings.TrimSpace(string(cgroups)), "\n") {
		f := strings.SplitN(line, ":", 3)
		if len(f) != 3 {
			continue
		}
		if f[0] == "0" && f[1] == "" {
			v2, haveV2 = f[2], true
		}
		for _, c := range strings.Split(f[1], ",") {
			if c == "memory" {
				v1, haveV1 = f[2], true
			}
		}
	}
	mounts, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return memCgroup{}, fmt.Errorf("no mount table: %v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(mounts))
	var v2dir string
	for sc.Scan() {
		// ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS... - FSTYPE SOURCE SUPEROPTIONS
		f := strings.Fields(sc.Text())
		sep := -1
		for k, s := range f {
			if s == "-" {
				sep = k
				break
			}
		}
		if sep < 5 || sep+3 >= len(f) {
			continue
		}
		root, point, fstype, opts := f[3], f[4], f[sep+1], strings.Split(f[sep+3], ",")
		switch {
		case fstype == "cgroup" && haveV1 && slices.Contains(opts, "memory"):
			if dir, ok := under(point, root, v1); ok {
				return memCgroup{dir: dir}, nil
			}
		case fstype == "cgroup2" && haveV2:
			if dir, ok := under(point, root, v2); ok {
				v2dir = dir
			}
		}
	}
	if v2dir == "" {
		return memCgroup{}, errors.New("no memory cgroup: neither cgroup v1's memory hierarchy nor cgroup v2 is mounted where this process's cgroup is")
	}
	controllers, err := os.ReadFile(filepath.Join(v2dir, "cgroup.controllers"))
	if err != nil || !slices.Contains(strings.Fields(string(controllers)), "memory") {
		return memCgroup{}, fmt.Errorf("cgroup v2 at %s has no memory controller (cgroup.controllers: %q)", v2dir, strings.TrimSpace(string(controllers)))
	}
	return memCgroup{dir: v2dir, v2: true}, nil
}

// under is the directory of cgroup path of a hierarchy whose directory
// root is mounted at point.
func under(point, root, path string) (string, bool) {
	rel, ok := strings.CutPrefix(path, strings.TrimSuffix(root, "/"))
	if !ok || rel != "" && rel[0] != '/' {
		return "", false
	}
	return filepath.Join(point, rel), true
}

// enableMemory gives the children of a cgroup v2 the memory controller.
func (c memCgroup) enableMemory() error {
	f := filepath.Join(c.dir, "cgroup.subtree_control")
	if b, err := os.ReadFile(f); err == nil && slices.Contains(strings.Fields(string(b)), "memory") {
		return nil
	}
	return os.WriteFile(f, []byte("+memory"), 0)
}

// child makes a cgroup under c, limited to limit bytes of memory and no
// swap (0: no limit of its own), and removes it when the test ends.
func (c memCgroup) child(t *testing.T, name string, limit int64) memCgroup {
	t.Helper()
	k := memCgroup{dir: filepath.Join(c.dir, name), v2: c.v2}
	if err := os.Mkdir(k.dir, 0o755); err != nil {
		if errors.Is(err, syscall.EROFS) || errors.Is(err, fs.ErrPermission) {
			// A container's cgroup filesystem is often read-only.
			t.Skipf("cannot make a cgroup under %s: %v", c.dir, err)
		}
		t.Fatalf("making a cgroup: %v", err)
	}
	t.Cleanup(func() {
		// The kernel lets go of a cgroup shortly after its last process.
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			err := syscall.Rmdir(k.dir)
			if err == nil || err != syscall.EBUSY || time.Now().After(deadline) {
				if err != nil {
					t.Errorf("removing the cgroup %s: %v", k.dir, err)
				}
				return
			}
		}
	})
	if c.v2 && limit == 0 {
		if err := k.enableMemory(); err != nil {
			t.Fatalf("cgroup %s: %v", k.dir, err)
		}
	}
	if limit == 0 {
		return k
	}
	files := []string{"memory.limit_in_bytes", "memory.memsw.limit_in_bytes"} // memory, then memory and swap
	if c.v2 {
		files = []string{"memory.max", "memory.swap.max"}
	}
	for n, f := range files {
		v := strconv.FormatInt(limit, 10)
		if c.v2 && n == 1 {
			v = "0"
		}
		err := os.WriteFile(filepath.Join(k.dir, f), []byte(v), 0)
		if err != nil && !(n == 1 && os.IsNotExist(err)) { // no swap accounting: no swap to limit
			t.Fatalf("cgroup %s: %v", k.dir, err)
		}
	}
	return k
}

// peak is the most memory the processes of c have used together, -1
// when the kernel does not keep it.
func (c memCgroup) peak() int64 {
	f := "memory.max_usage_in_bytes"
	if c.v2 {
		f = "memory.peak"
	}
	b, err := os.ReadFile(filepath.Join(c.dir, f))
	if err != nil {
		return -1
	}
	v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return -1
	}
	return v
}

// ooms is the processes of c the kernel has killed for memory.
func (c memCgroup) ooms() int64 {
	f := "memory.oom_control"
	if c.v2 {
		f = "memory.events"
	}
	b, _ := os.ReadFile(filepath.Join(c.dir, f))
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "oom_kill "); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			return n
		}
	}
	return 0
}
