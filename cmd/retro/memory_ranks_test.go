//go:build linux

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
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// rankMemoryLimit is the memory each process of TestMPIMemoryPerRank may
// use: below the one-process solve of testdata/memory-ranks.toml (about
// 200 MiB charged to its cgroup), above each of its 4 ranks (50 to 65 MiB).
const rankMemoryLimit = 128 << 20

// TestMPIMemoryPerRank: a game whose one-process solve does not fit a
// memory limit solves on 4 MPI ranks, each under that same limit, to the
// table of the one-process solve made without the limit. Every process
// runs in a memory cgroup of its own (testdata/in-cgroup.sh), made under
// this process's.
func TestMPIMemoryPerRank(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: solves a game of 6 million positions four times")
	}
	bin := mpiBinary(t)
	own := ownMemoryCgroup(t)
	base := own.child(t, fmt.Sprintf("retro-test-%d", os.Getpid()), 0)
	game, err := filepath.Abs("testdata/memory-ranks.toml")
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
	if !strings.Contains(out, "path:       general: ") {
		t.Fatalf("the one-process solve does not take the general path:\n%s", out)
	}
	want := contentSum(t, unlimited)

	for _, one := range []struct {
		name  string
		flags []string
	}{{"default", nil}, {"general", []string{"--general"}}} {
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
	if !strings.Contains(stdout.String(), fmt.Sprintf("path:       general, in %d shards\n", np)) {
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
