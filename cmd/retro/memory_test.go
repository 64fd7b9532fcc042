package main

import (
	"errors"
	"math"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"retro/rules"
)

// A game that does not end, searched up to the cap given, stops at the
// memory budget, which the error reports, whether its positions fill a box (two piles, each +1, each *2)
// or a hash index (six piles, each +1).
func TestSolveMemoryBudget(t *testing.T) {
	t.Cleanup(func() { debug.SetMemoryLimit(math.MaxInt64) }) // the budgets below set it for the process
	for name, src := range map[string]string{
		"box.toml":    "piles = [\"a\", \"b\"]\nmoves = [\"each +1\", \"each *2\"]\n[start]\na = 1\nb = 1\n",
		"hashed.toml": "piles = [\"a\", \"b\", \"c\", \"d\", \"e\", \"f\"]\nmoves = [\"each +1\"]\n[start]\na = 0\nb = 0\nc = 0\nd = 0\ne = 0\nf = 0\n",
	} {
		_, errs, code := runCmd(t, "solve", writeGame(t, name, src), "--max-memory", "48M", "--max-positions", "100000000")
		if code != 1 || !strings.Contains(errs, "over the memory budget") || !strings.Contains(errs, "the budget of 48.0 MiB") {
			t.Errorf("%s: exit %d: %s", name, code, errs)
		}
	}
	for _, bad := range []string{"0", "-5M", "lots", "12Q"} {
		if _, errs, code := runCmd(t, "solve", "ege-2027-demo", "--max-memory", bad); code == 0 || !strings.Contains(errs, "is not a size") {
			t.Errorf("--max-memory %s: exit %d: %s", bad, code, errs)
		}
	}
	if out, errs, code := runCmd(t, "solve", "ege-2027-demo", "--max-memory", "64M"); code != 0 || !strings.Contains(out, "positions:") {
		t.Errorf("64M: exit %d: %s", code, errs)
	}
}

func TestParseByteSize(t *testing.T) {
	for s, want := range map[string]int64{"1500": 1500, "512M": 512 << 20, "2G": 2 << 30, "1.5GiB": 3 << 29, "64k": 64 << 10, "3MB": 3 << 20} {
		if v, err := parseByteSize(s); err != nil || v != want {
			t.Errorf("%q: %d, %v; want %d", s, v, err, want)
		}
	}
}

// Boxes too large are refused before they are made, on the command line
// too: [bounds] x = 1..2**40 read with history asked for 137 GB.
func TestSolveHugeBoxes(t *testing.T) {
	hist := writeGame(t, "hist.toml", "piles = [\"x\"]\nallow = \"no-repeat-opponent\"\nend = \"x >= 2**41\"\n[commands]\na = [\"x + 1\"]\nb = [\"x + 2\"]\n[bounds]\nx = \"1..2**40\"\n")
	if _, errs, code := runCmd(t, "solve", hist); code != 1 || !strings.Contains(errs, "the box holds more than 100000000") {
		t.Errorf("exit %d: %s", code, errs)
	}
	// A signed game spanning more than 2^63 has no box to leave.
	signed := writeGame(t, "signed.toml", "piles = [\"x\"]\nsigned = true\nmoves = [\"-x if x < 0\", \"x - 1 if x > 0\"]\nend = \"x == 5*10**18 - 3\"\n[start]\nx = \"-5*10**18\"\n")
	if out, errs, code := runCmd(t, "solve", signed); code != 0 || !strings.Contains(out, "positions:  4\n") {
		t.Errorf("signed: exit %d: %s%s", code, out, errs)
	}
	// A position far from the starts.
	if out, errs, code := runCmd(t, "show", "ege-2027-demo", "17,1000000000000"); code != 0 || !strings.Contains(out, "(17, 1000000000000)") {
		t.Errorf("show: exit %d: %s%s", code, out, errs)
	}
}

// FuzzParseByteSize: any text is a positive size or an error, never a
// panic.
func FuzzParseByteSize(f *testing.F) {
	for _, s := range []string{"512M", "2G", "1.5GiB", "0", "-1", "1e300T", "NaN", "Inf", "MB", "", " 3 K", "8EiB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if v, err := parseByteSize(s); err == nil && v <= 0 {
			t.Errorf("%q: %d", s, v)
		}
	})
}

// TestCgroupMemoryLimit: the default budget sees the limit of the
// process's own cgroup and of those above it, in cgroup v1 and v2, and
// not the limits of cgroups it is not in.
func TestCgroupMemoryLimit(t *testing.T) {
	files := func(m map[string]string) func(string) ([]byte, error) {
		return func(p string) ([]byte, error) {
			if v, ok := m[p]; ok {
				return []byte(v), nil
			}
			return nil, os.ErrNotExist
		}
	}
	cases := []struct {
		name  string
		files map[string]string
		want  int64
	}{
		{"none", map[string]string{"/proc/self/cgroup": "0::/\n"}, 0},
		{"v2 root", map[string]string{"/proc/self/cgroup": "0::/\n", "/sys/fs/cgroup/memory.max": "1000\n"}, 1000},
		{"v2 nested, max above", map[string]string{"/proc/self/cgroup": "0::/job/step\n",
			"/sys/fs/cgroup/job/step/memory.max": "max\n", "/sys/fs/cgroup/job/memory.max": "5000\n",
			"/sys/fs/cgroup/memory.max": "max\n", "/sys/fs/cgroup/other/memory.max": "10\n"}, 5000},
		{"v1 nested", map[string]string{"/proc/self/cgroup": "5:cpu,cpuacct:/x\n4:memory:/api/abc\n0::/\n",
			"/sys/fs/cgroup/memory/api/abc/memory.limit_in_bytes": "2000\n",
			"/sys/fs/cgroup/memory/memory.limit_in_bytes":         "9223372036854771712\n"}, 2000},
		{"no /proc", map[string]string{"/sys/fs/cgroup/memory/memory.limit_in_bytes": "3000\n"}, 3000},
	}
	for _, c := range cases {
		if got := cgroupMemoryLimit(files(c.files)); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// The question stage counts against the budget: the cells of every start
// and task, with the results they are read from, are sized before they
// are made. retro ege over the 3 000 000 starts of lebedev-operations
// widened died of out-of-memory under --max-memory 1G; here 200 000 starts
// under 24M, whose solve fits, stop with the budget's error.
func TestQueryMemoryBudget(t *testing.T) {
	t.Cleanup(func() { debug.SetMemoryLimit(math.MaxInt64) })
	game := writeGame(t, "starts.toml", "piles = [\"x\"]\nmoves = [\"x - 1\", \"x - 2\"]\n[start]\nx = \"S\"\n[params]\nS = \"1..200000\"\n")
	if _, errs, code := runCmd(t, "solve", game, "--max-memory", "24M"); code != 0 {
		t.Fatalf("solve: exit %d: %s", code, errs)
	}
	_, errs, code := runCmd(t, "ege", game, "--max-memory", "24M", "--plain")
	if code != 1 || !strings.Contains(errs, "over the memory budget: the answers at 200000 starts") || !strings.Contains(errs, "the budget of 24.0 MiB") {
		t.Errorf("ege: exit %d: %s", code, errs)
	}
	if out, errs, code := runCmd(t, "query", game, "win 1", "--max-memory", "256M", "--count", "--plain"); code != 0 || out != "2\n" {
		t.Errorf("query within the budget: exit %d: %.200q %s", code, out, errs)
	}
	if testing.Short() {
		return
	}
	// The report's run, under an address space of 3 GiB (the old build
	// died there of out-of-memory): a clean error.
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		t.Skip("no prlimit")
	}
	src, _ := rules.Builtin("lebedev-operations")
	wide := strings.NewReplacer(`x >= 100"`, `x >= 3000000"`, `x = "1..99"`, `x = "1..2999999"`).Replace(string(src))
	path := writeGame(t, "lebedev-3m.toml", wide)
	cmd := exec.Command(prlimit, "--as=3221225472", os.Args[0], "-test.run=^TestRetroProcess$")
	cmd.Env = append(os.Environ(), "RETRO_PROCESS_ARGS="+strings.Join([]string{"ege", path, "--plain", "--max-memory", "800M"}, "\x1f"))
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(string(out), "over the memory budget: the answers at 2999999 starts") {
		t.Errorf("ege of 3 000 000 starts under 3 GiB of address space: %v\n%.2000s", err, out)
	}
}

// The default budget reads the limit of the address space (ulimit -v) as
// well as the machine and the cgroup: half of what 2 GiB leaves beyond
// what the runtime maps as it starts (at least 770 MiB), so less than
// 1 GiB and more than the least retro runs with.
func TestDefaultBudgetAddressSpace(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("RLIMIT_AS is read on Linux")
	}
	cmd := exec.Command("sh", "-c", `ulimit -v 2097152 && exec "$0" -test.run='^TestRetroProcess$'`, os.Args[0])
	cmd.Env = append(os.Environ(), "RETRO_PROCESS_ARGS=help\x1fsolve")
	out, err := cmd.CombinedOutput()
	m := regexp.MustCompile(`--max-memory SIZE .*\(default ([0-9.]+) MiB\)`).FindSubmatch(out)
	if err != nil || m == nil {
		t.Fatalf("%v: %s", err, out)
	}
	if v, _ := strconv.ParseFloat(string(m[1]), 64); v > 640 || v < 32 {
		t.Errorf("default %s MiB under ulimit -v 2 GiB", m[1])
	}
}

// TestGCPercent: a solving command sets the collector's heap growth to
// gcPercent, and leaves it to GOGC when that is set.
func TestGCPercent(t *testing.T) {
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	t.Setenv("GOGC", "")
	os.Unsetenv("GOGC")
	setMemoryLimit(0)
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Errorf("GOGC unset: the collector at %d %%, want %d", got, gcPercent)
	}
	t.Setenv("GOGC", "100")
	setMemoryLimit(0)
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC=100: the collector at %d %%, want it left at 100", got)
	}
}
