package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// runCmd runs one command line in-process.
func runCmd(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), &env{stdout: &out, stderr: &errb}, args)
	return out.String(), errb.String(), code
}

// TestMain runs the tests, then removes the folders of the fixtures
// shared by several tests (made once, outliving any one test).
func TestMain(m *testing.M) {
	code := m.Run()
	for _, dir := range []string{wythoff.dir, mpiRetro.dir, plainRetro.dir} {
		if dir != "" {
			os.RemoveAll(dir)
		}
	}
	os.Exit(code)
}

// wythoffCores are the numbers of cores Wythoff's game is solved on.
var wythoffCores = []int{1, 2, 4}

// wythoff is Wythoff's game solved once on each of wythoffCores, each
// written to a table file: a game of many shards (its box has 40401
// positions), for the tests of what the number of cores must not change.
var wythoff struct {
	once    sync.Once
	dir     string
	tables  []string // by wythoffCores
	summary []string // what retro solve printed, by wythoffCores
	err     error
}

// wythoffTables returns the paths of the tables of Wythoff's game solved
// on 1, 2 and 4 cores, and the summaries retro solve printed.
func wythoffTables(t *testing.T) (tables, summaries []string) {
	t.Helper()
	wythoff.once.Do(func() {
		wythoff.dir, wythoff.err = os.MkdirTemp("", "retro-wythoff-")
		if wythoff.err != nil {
			return
		}
		for _, cores := range wythoffCores {
			path := filepath.Join(wythoff.dir, fmt.Sprintf("wythoff-%d.rtb", cores))
			old := runtime.GOMAXPROCS(cores)
			out, errs, code := runCmd(t, "solve", "wythoff", "-o", path)
			runtime.GOMAXPROCS(old)
			if code != 0 {
				wythoff.err = fmt.Errorf("retro solve wythoff -o on %d cores: exit %d: %s", cores, code, errs)
				return
			}
			wythoff.tables, wythoff.summary = append(wythoff.tables, path), append(wythoff.summary, out)
		}
	})
	if wythoff.err != nil {
		t.Fatal(wythoff.err)
	}
	return wythoff.tables, wythoff.summary
}

func writeGame(t *testing.T, name, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
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
	dir, game, table := squareTable(t)
	output := filepath.Join(dir, "out.csv")
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT, syscall.SIGKILL} {
		if signal.Ignored(sig) {
			// The process inherits it ignored (nohup ignores SIGHUP, a
			// shell's background job SIGINT), and keeps it so.
			t.Logf("%v: ignored here, as the command it starts will be", sig)
			continue
		}
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
	// The next write removes what kill -9 left, and writes the file; of
	// two files of the old name, it removes the one untouched for hours.
	live := filepath.Join(dir, ".out.csv.tmp"+strconv.Itoa(os.Getppid())+"-1") // a live process's: kept
	os.WriteFile(live, nil, 0o644)
	oldStale, oldFresh := filepath.Join(dir, ".out.csv.tmp1234567"), filepath.Join(dir, ".out.csv.tmp0654321")
	os.WriteFile(oldStale, nil, 0o644)
	os.WriteFile(oldFresh, nil, 0o644)
	hoursAgo := time.Now().Add(-3 * time.Hour)
	os.Chtimes(oldStale, hoursAgo, hoursAgo)
	if _, errs, code := runCmd(t, "export", game, "--csv", output, "--layer", "1"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != ".out.csv.tmp0654321 .out.csv.tmp"+strconv.Itoa(os.Getppid())+"-1 out.csv sq.rtb sq.toml" {
		t.Errorf("files after the next write: %v", names)
	}
}

// squareTable writes, in a folder of its own, a game of a million
// positions (sq.toml) and its table (sq.rtb).
func squareTable(t *testing.T) (dir, game, table string) {
	t.Helper()
	dir = t.TempDir()
	game = filepath.Join(dir, "sq.toml")
	os.WriteFile(game, []byte("name = \"sq\"\npiles = [\"a\", \"b\"]\nmoves = [\"each -1\", \"each -2\"]\nwinner = \"mover\"\n[bounds]\na = \"0..1000\"\nb = \"0..1000\"\n"), 0o644)
	table = filepath.Join(dir, "sq.rtb")
	if _, errs, code := runCmd(t, "solve", game, "-o", table); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	return dir, game, table
}

// TestSignalsStopPromptly: export --parquet stopped during its write,
// and sg during its table, say interrupted and exit 128 + the signal well
// within the grace a command has before the process is ended
// (signalGrace): they took 1.5-3.2 s, the Parquet export saying nothing.
func TestSignalsStopPromptly(t *testing.T) {
	if testing.Short() {
		t.Skip("solves a game of a million positions")
	}
	dir, _, table := squareTable(t)
	for _, c := range []struct {
		args []string
		sig  syscall.Signal
		wait func(*exec.Cmd) bool // until the command is under way
	}{
		{[]string{"export", table, "--parquet", filepath.Join(dir, "sq.parquet")}, syscall.SIGINT,
			func(*exec.Cmd) bool { return waitTemp(t, dir, "sq.parquet") != "" }},
		{[]string{"sg", "kayles", "--method", "naive", "--upto", "1000000"}, syscall.SIGTERM,
			func(*exec.Cmd) bool { time.Sleep(500 * time.Millisecond); return true }},
	} {
		cmd := retroProcess(t, c.args...)
		if !c.wait(cmd) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("%v: never under way", c.args)
		}
		sent := time.Now()
		cmd.Process.Signal(c.sig)
		cmd.Wait()
		took := time.Since(sent)
		errs := cmd.Stderr.(*bytes.Buffer).String()
		if code := cmd.ProcessState.ExitCode(); code != 128+int(c.sig) || !strings.Contains(errs, "retro: interrupted") {
			t.Errorf("%v: exit %d: %q", c.args, code, errs)
		}
		if took > signalGrace/2 {
			t.Errorf("%v: stopped %v after %v", c.args, took, c.sig)
		}
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
	p := newProgress(&env{stderr: &errb, tty: true}, false, time.Now().Add(-time.Hour))
	p.show("layer %d", 7)
	p.done()
	p.show("layer %d", 8)
	if s := errb.String(); !strings.Contains(s, "layer 7") || strings.Contains(s, "layer 8") || !strings.HasSuffix(s, "\r\033[K") {
		t.Errorf("progress: %q", s)
	}
}
