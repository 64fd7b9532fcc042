package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// TestMain runs the tests, then removes the folders of the fixtures
// shared by several tests (made once, outliving any one test).
func TestMain(m *testing.M) {
	code := m.Run()
	for _, dir := range []string{wythoff.dir, mpiRetro.dir} {
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
