package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWrite: a write that succeeds replaces the file, which keeps its
// permissions; one whose fill fails leaves the old file and no new file,
// and its error names the file, not the new one.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	w := File{Target: target, Name: "link.txt", Pattern: ".out.txt.new-*"}
	err := w.Write(func(f *os.File) error {
		f.Close() // the next write fails, naming the new file
		_, err := f.Write([]byte("half"))
		return err
	})
	if err == nil || !strings.HasPrefix(err.Error(), "cannot write link.txt: ") || strings.Contains(err.Error(), ".new-") {
		t.Errorf("a failed fill: %v, want an error naming link.txt alone", err)
	}
	stop := errors.New("stop")
	if err := w.Write(func(f *os.File) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("fill's error %v, want it returned", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "old" {
		t.Errorf("after failed writes the file holds %q, want the old content", b)
	}
	if err := w.Write(func(f *os.File) error { _, err := f.Write([]byte("new")); return err }); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(target)
	st, _ := os.Stat(target)
	if string(b) != "new" || st.Mode().Perm() != 0o600 {
		t.Errorf("written: %q, mode %v; want \"new\", -rw-------", b, st.Mode().Perm())
	}
	if left, _ := os.ReadDir(dir); len(left) != 1 {
		t.Errorf("%d files in the folder, want the one written", len(left))
	}
}
