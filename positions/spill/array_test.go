package spill

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestFileArray writes values to an array in a file, drops them from
// memory, reads them back, and opens the kept file again.
func TestFileArray(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("arrays in files are mapped on Linux only")
	}
	dir := t.TempDir()
	const n = 3<<20 + 5 // more than a few pages of uint16
	a, err := Create[uint16](dir, "values", n, true)
	if err != nil {
		t.Fatal(err)
	}
	s := a.Slice()
	for i := range s {
		s[i] = uint16(i * 7)
	}
	a.Release(0, n) // the values leave memory and stay in the file
	for i := range s {
		if s[i] != uint16(i*7) {
			t.Fatalf("value %d read back as %d", i, s[i])
		}
	}
	if err := a.Sync(0, n); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "values")
	if _, err := Open[uint16](path, n+1); err == nil {
		t.Fatal("a file of another size opened")
	}
	b, err := Open[uint16](path, n)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, 1, n / 2, n - 1} {
		if got := b.Slice()[i]; got != uint16(i*7) {
			t.Fatalf("value %d of the kept file is %d", i, got)
		}
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	c, err := Create[uint32](dir, "scratch", 10, false)
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	if _, err := os.Stat(filepath.Join(dir, "scratch")); !os.IsNotExist(err) {
		t.Fatalf("an array's file outlived it: %v", err)
	}
	if h := Heap[uint32](4); len(h.Slice()) != 4 || h.InFile() {
		t.Fatal("a heap array")
	}
}

// An array's file on a filesystem too small for it is refused as it is
// made, with ErrNoSpace naming the folder and the bytes, and nothing is
// left: a sparse file mapped whole ended the process with SIGBUS at the
// first page the full filesystem could not back. The filesystem is a
// tmpfs of 1 MiB, mounted where the test runs as root.
func TestCreateOnAFullFilesystem(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("arrays in files are mapped on Linux")
	}
	if os.Geteuid() != 0 {
		t.Skip("not root: the test mounts a tmpfs of 1 MiB")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	_, err := Create[uint64](dir, "big", 1<<20, true) // 8 MiB
	if !errors.Is(err, ErrNoSpace) || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "8388608 bytes") {
		t.Fatalf("%v, want ErrNoSpace naming %s and 8388608 bytes", err, dir)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("left on the filesystem: %v", left)
	}
	a, err := Create[uint64](dir, "small", 1<<14, true) // 128 KiB fits
	if err != nil {
		t.Fatal(err)
	}
	a.Slice()[1<<14-1] = 7
	a.Close()
}
