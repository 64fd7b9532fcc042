package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

const demoCSVHeader = "a,b,outcome,layer,best\n"

// TestOutputSymlink: a symbolic link is followed; its target is written
// (made when missing) and the link stays a link.
func TestOutputSymlink(t *testing.T) {
	dir := t.TempDir()
	for _, target := range []string{"real.csv", "sub/new.csv"} {
		os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
		if target == "real.csv" {
			os.WriteFile(filepath.Join(dir, target), []byte("old"), 0o600)
		}
		link := filepath.Join(dir, "link.csv")
		os.Remove(link)
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		if _, errs, code := runCmd(t, "export", "ege-2027-demo", "--csv", link); code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s: the link was replaced: %v", target, err)
		}
		data, _ := os.ReadFile(filepath.Join(dir, target))
		if !strings.HasPrefix(string(data), demoCSVHeader) {
			t.Errorf("%s: target holds %.40q", target, data)
		}
		if st, _ := os.Stat(filepath.Join(dir, target)); target == "real.csv" && st.Mode().Perm() != 0o600 {
			t.Errorf("the file replaced lost its permissions: %v", st.Mode())
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("left %s", e.Name())
		}
	}
}

// TestOutputFIFO: a FIFO is written through, not replaced.
func TestOutputFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.csv")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	got := make(chan []byte)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- nil
			return
		}
		defer f.Close()
		data, _ := io.ReadAll(f)
		got <- data
	}()
	if _, errs, code := runCmd(t, "export", "ege-2027-demo", "--csv", fifo); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if data := <-got; !strings.HasPrefix(string(data), demoCSVHeader) || !strings.Contains(string(data), "\n17,58,W,1,") {
		t.Errorf("read from the FIFO: %.60q", data)
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v %v", st.Mode(), err)
	}
}

// TestOutputDevice: a device node (made here, a copy of the null device)
// is written through and stays a device node.
func TestOutputDevice(t *testing.T) {
	node := filepath.Join(t.TempDir(), "null")
	if err := syscall.Mknod(node, syscall.S_IFCHR|0o666, int(mkdev(1, 3))); err != nil {
		t.Skip("mknod (needs CAP_MKNOD):", err)
	}
	for _, args := range [][]string{
		{"export", "ege-2027-demo", "--csv", node},
		{"export", "ege-2027-demo", "--parquet", node},
		{"solve", "ege-2027-demo", "-o", node},
	} {
		if _, errs, code := runCmd(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		if st, err := os.Lstat(node); err != nil || st.Mode()&os.ModeCharDevice == 0 {
			t.Fatalf("%v: the device node was replaced: %v %v", args, st.Mode(), err)
		}
	}
}

// mkdev is Linux's device number of a major and minor.
func mkdev(major, minor uint64) uint64 {
	return (major&0xfff)<<8 | (major&^0xfff)<<32 | minor&0xff | (minor&^0xff)<<12
}

// TestOutputIsInput: an output that is the input (by any name: the same
// name, a symbolic link, a hard link) is refused before anything is
// solved, and the input is left as it was.
func TestOutputIsInput(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "g.toml")
	src, _ := os.ReadFile("../../rules/games/ege-2027-demo.toml")
	os.WriteFile(game, src, 0o644)
	os.Symlink("g.toml", filepath.Join(dir, "link.toml"))
	os.Link(game, filepath.Join(dir, "hard.toml"))
	table := solveTo(t, dir, game)
	tableData, _ := os.ReadFile(table)
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"solve", game, "-o", game}, "-o"},
		{[]string{"export", game, "--csv", game}, "--csv"},
		{[]string{"export", game, "--parquet", filepath.Join(dir, "link.toml")}, "--parquet"},
		{[]string{"export", game, "--csv", filepath.Join(dir, "hard.toml")}, "--csv"},
		{[]string{"export", table, "--csv", table}, "--csv"},
		{[]string{"solve", table, "-o", table}, "-o"},
	} {
		_, errs, code := runCmd(t, c.args...)
		if code != 2 || !strings.Contains(errs, c.flag+" ") || !strings.Contains(errs, "would overwrite the input") {
			t.Errorf("%v: exit %d: %s", c.args, code, errs)
		}
	}
	if now, _ := os.ReadFile(game); !bytes.Equal(now, src) {
		t.Error("the game file changed")
	}
	if now, _ := os.ReadFile(table); !bytes.Equal(now, tableData) {
		t.Error("the table file changed")
	}
}

// A write that fails names the file asked for, not the temporary file
// written first.
func TestWriteErrorHidesTemp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.csv")
	err := writeAtomic(context.Background(), path, func(w io.Writer) error {
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 {
			t.Fatalf("files: %v", entries)
		}
		return &fs.PathError{Op: "write", Path: filepath.Join(dir, entries[0].Name()), Err: syscall.ENOSPC}
	})
	if err == nil || err.Error() != "cannot write "+path+": no space left on device" {
		t.Errorf("%v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left behind: %v", entries)
	}
}

// replaceDir replaces a folder whole or leaves it as it was.
func TestReplaceDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "old"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	fail := errors.New("the write failed")
	err := replaceDir(context.Background(), dir, func(tmp string) error {
		if err := os.WriteFile(filepath.Join(tmp, "new"), []byte("new"), 0o644); err != nil {
			t.Fatal(err)
		}
		return fail
	})
	entries, _ := os.ReadDir(filepath.Dir(dir))
	if !errors.Is(err, fail) || len(entries) != 1 {
		t.Errorf("%v, %d entries beside: the temporary folder is left", err, len(entries))
	}
	if data, err := os.ReadFile(filepath.Join(dir, "old")); err != nil || string(data) != "old" {
		t.Errorf("a failed write changed the folder: %v", err)
	}
	if err := replaceDir(context.Background(), dir, func(tmp string) error {
		return os.WriteFile(filepath.Join(tmp, "new"), []byte("new"), 0o644)
	}); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 || entries[0].Name() != "new" {
		t.Errorf("the folder is not replaced whole: %v", entries)
	}
}
