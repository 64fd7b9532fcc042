package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
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

// TestInfoGame: a table gives back the game text it was solved from, byte
// for byte.
func TestInfoGame(t *testing.T) {
	dir := t.TempDir()
	src := "# Партия — комментарий\n" + string(cutGame(t, 'x', 2))
	game := filepath.Join(dir, "g.toml")
	os.WriteFile(game, []byte(src), 0o644)
	table := solveTo(t, dir, game)
	out, errs, code := runCmd(t, "info", table, "--game")
	if code != 0 || out != src {
		t.Errorf("exit %d: %q%s", code, out, errs)
	}
	// What it prints solves to the same table.
	again := filepath.Join(dir, "again.toml")
	os.WriteFile(again, []byte(out), 0o644)
	a, _, _ := runCmd(t, "export", game)
	b, _, _ := runCmd(t, "export", again)
	if a != b || a == "" {
		t.Error("the printed game solves differently")
	}
}

// TestRetroProcess runs main in a child process; the other tests start
// it (the test binary itself) to send it signals.
func TestRetroProcess(t *testing.T) {
	args := os.Getenv("RETRO_PROCESS_ARGS")
	if args == "" {
		return // not a child: nothing to run (a skip would be listed as a test not run)
	}
	os.Args = append([]string{"retro"}, strings.Split(args, "\x1f")...)
	main()
}

func retroProcess(t *testing.T, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestRetroProcess$")
	cmd.Env = append(os.Environ(), "RETRO_PROCESS_ARGS="+strings.Join(args, "\x1f"))
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// TestSignals: SIGTERM, SIGHUP and SIGINT during the write of an output
// remove the temporary file, leave no output, and exit with 128 + the
// signal; a temporary file left by a process killed outright is removed
// by the next write to the same name.
func TestSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("solves a game of a million positions")
	}
	dir := t.TempDir()
	game := filepath.Join(dir, "sq.toml")
	os.WriteFile(game, []byte("name = \"sq\"\npiles = [\"a\", \"b\"]\nmoves = [\"each -1\", \"each -2\"]\nwinner = \"mover\"\n[bounds]\na = \"0..1000\"\nb = \"0..1000\"\n"), 0o644)
	table := filepath.Join(dir, "sq.rtb")
	if _, errs, code := runCmd(t, "solve", game, "-o", table); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	output := filepath.Join(dir, "out.csv")
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT, syscall.SIGKILL} {
		cmd := retroProcess(t, "export", table, "--csv", output)
		temp := waitTemp(t, dir, "out.csv")
		if temp == "" {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("%v: no temporary file seen", sig)
		}
		cmd.Process.Signal(sig)
		cmd.Wait()
		code := cmd.ProcessState.ExitCode()
		if sig == syscall.SIGKILL {
			if _, err := os.Stat(temp); err != nil {
				t.Fatalf("kill -9 left no temporary file to clean up: %v", err)
			}
			break
		}
		if code != 128+int(sig) || !strings.Contains(cmd.Stderr.(*bytes.Buffer).String(), "retro: interrupted") {
			t.Errorf("%v: exit %d: %s", sig, code, cmd.Stderr)
		}
		if _, err := os.Stat(temp); err == nil {
			t.Errorf("%v: left %s", sig, filepath.Base(temp))
		}
		if _, err := os.Stat(output); err == nil {
			t.Errorf("%v: wrote %s", sig, output)
		}
	}
	// The next write removes what kill -9 left, and writes the file.
	live := filepath.Join(dir, ".out.csv.tmp"+strconv.Itoa(os.Getppid())+"-1") // a live process's: kept
	os.WriteFile(live, nil, 0o644)
	if _, errs, code := runCmd(t, "export", game, "--csv", output, "--layer", "1"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != ".out.csv.tmp"+strconv.Itoa(os.Getppid())+"-1 out.csv sq.rtb sq.toml" {
		t.Errorf("files after the next write: %v", names)
	}
}

// waitTemp waits for the temporary file of a write to base to appear.
func waitTemp(t *testing.T, dir, base string) string {
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		names, _ := filepath.Glob(filepath.Join(dir, "."+base+".tmp*"))
		if len(names) == 1 {
			return names[0]
		}
		time.Sleep(time.Millisecond)
	}
	return ""
}

// TestInterrupted: a solve stopped by a signal says "interrupted", not
// "context canceled", and exits with 128 + the signal.
func TestInterrupted(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(&signalError{sig})
		var out, errb bytes.Buffer
		code := run(ctx, &env{stdout: &out, stderr: &errb, tty: true}, []string{"solve", "ege-2027-demo"})
		if code != 128+int(sig) || !strings.HasPrefix(errb.String(), "retro: interrupted") || strings.Contains(errb.String(), "context") {
			t.Errorf("%v: exit %d: %q", sig, code, errb.String())
		}
	}
	// The progress line is cleared when the solve stops, and stays so.
	var errb bytes.Buffer
	p := newProgress(&env{stderr: &errb, tty: true}, time.Now().Add(-time.Hour))
	p.show("layer %d", 7)
	p.done()
	p.show("layer %d", 8)
	if s := errb.String(); !strings.Contains(s, "layer 7") || strings.Contains(s, "layer 8") || !strings.HasSuffix(s, "\r\033[K") {
		t.Errorf("progress: %q", s)
	}
}
