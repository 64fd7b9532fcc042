//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Under an address-space limit (ulimit -v) every command either runs or
// ends with one line of error: never the runtime's out-of-memory dump,
// whatever the budget asked for, and one line where the limit is too
// small to run at all.
func TestAddressSpaceLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs retro under address-space limits")
	}
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		t.Skip("no prlimit (util-linux)")
	}
	// The build for a batch system that sets ulimit -v (the README's):
	// without cgo, whose C library reserves 64 MiB of address space an
	// arena as threads start, before retro's code runs (under load, a cgo
	// build died so at pthread_create even at 1.5 GiB).
	bin := filepath.Join(t.TempDir(), "retro")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := t.TempDir()
	never := writeGame(t, "never.toml", "name = \"never\"\npiles = [\"x\"]\nmoves = [\"x + 1\", \"x * 2\"]\nend = \"x < 0\"\n[start]\nx = 1\n")
	cycles := writeGame(t, "cycles.toml", "name = \"cycles\"\npiles = [\"x\"]\nmoves = [\"x + 1\", \"x - 2\"]\nend = \"x >= 3000000\"\n[start]\nx = \"S\"\n[params]\nS = \"0..1000\"\n")
	exam := "../../retro/testdata/bench/exam-4000.toml"
	table := dir + "/exam.rtb"
	if out, err := exec.Command(bin, "solve", exam, "--quiet", "-o", table).CombinedOutput(); err != nil {
		t.Fatalf("solve -o: %v\n%s", err, out)
	}
	const gib = 1 << 30
	for _, c := range []struct {
		as   int64
		args []string
	}{
		{gib, []string{"solve", "ege-2027-demo"}},
		{gib, []string{"solve", "--path", "general", exam}},
		{gib, []string{"ege", exam}},
		{gib, []string{"verify", table}},
		{gib, []string{"export", table}},
		{gib, []string{"solve", never, "--max-positions", "2000000000"}},
		{gib, []string{"solve", never, "--max-positions", "2000000000", "--max-memory", "2G"}},
		{gib, []string{"query", cycles, "win 1", "--all"}},
		{830 << 20, []string{"solve", "ege-2027-demo"}},
		{830 << 20, []string{"make", "ege-2027-demo"}},
	} {
		cmd := exec.Command(prlimit, append([]string{"--as=" + strconv.FormatInt(c.as, 10), bin}, append(c.args, "--quiet")...)...)
		if c.args[0] == "verify" || c.args[0] == "export" || c.args[0] == "make" {
			cmd = exec.Command(prlimit, append([]string{"--as=" + strconv.FormatInt(c.as, 10), bin}, c.args...)...)
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		errs := stderr.String()
		if strings.Contains(errs, "fatal error") || strings.Contains(errs, "goroutine ") || strings.Contains(errs, "SIGABRT") {
			t.Errorf("--as=%d %v: the runtime's dump:\n%.600s", c.as, c.args, errs)
			continue
		}
		if err != nil {
			lines := strings.Split(strings.TrimSpace(errs), "\n")
			for _, l := range lines {
				if !strings.HasPrefix(l, "retro: ") {
					t.Errorf("--as=%d %v: %v, a line not retro's:\n%s", c.as, c.args, err, errs)
					break
				}
			}
		}
		t.Logf("--as=%d %v: %v %.200s", c.as, c.args, err, errs)
	}
}
