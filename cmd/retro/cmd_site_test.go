//go:build !js

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// retro site never writes over a folder it did not write, nor writes a
// site from an engine that is not WebAssembly. (The site it writes is
// tested in the browser: internal/explorer/page_e2e_test.go.)
func TestSiteRefuses(t *testing.T) {
	dir := t.TempDir()
	keep := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(keep, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, code := runCmd(t, "site", dir)
	if code != 1 || !strings.Contains(errs, "is not empty and holds no site written by retro site") {
		t.Errorf("a folder of other files: exit %d, %q", code, errs)
	}
	if data, err := os.ReadFile(keep); err != nil || string(data) != "mine" {
		t.Errorf("the folder's file: %q, %v", data, err)
	}
	bad := filepath.Join(t.TempDir(), "retro.wasm")
	os.WriteFile(bad, []byte("#!/bin/sh\n"), 0o644)
	out := filepath.Join(t.TempDir(), "site")
	if _, errs, code := runCmd(t, "site", "--wasm", bad, out); code != 1 || !strings.Contains(errs, "is not WebAssembly") {
		t.Errorf("--wasm of a shell script: exit %d, %q", code, errs)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a site was written from a bad engine")
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(out), ".site.tmp*")); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
	if _, errs, code := runCmd(t, "site"); code != 2 || !strings.Contains(errs, "site takes one DIR") {
		t.Errorf("no DIR: exit %d, %q", code, errs)
	}
}

// retro site builds the engine from the source it carries, in a folder
// that is no source tree, showing its progress, and leaves nothing behind
// but the site.
func TestSiteOutsideTheSourceTree(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine for the browser (minutes without Go's build cache)")
	}
	t.Chdir(t.TempDir()) // no go.mod here or above
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // where the source is written, and go build works
	site := func(args ...string) (string, string) {
		var out, errb bytes.Buffer
		if code := run(context.Background(), &env{stdout: &out, stderr: &errb, logEvery: time.Second}, append([]string{"site"}, args...)); code != 0 {
			t.Fatalf("site %v: exit %d: %s", args, code, errb.String())
		}
		return out.String(), errb.String()
	}
	out, errs := site("explorer")
	if !strings.HasPrefix(out, "wrote the explorer to explorer: open explorer/index.html\n") {
		t.Errorf("stdout %q", out)
	}
	if !strings.HasPrefix(errs, "site: building the engine for the browser") {
		t.Errorf("stderr %q", errs)
	}
	for _, l := range strings.Split(strings.TrimSuffix(errs, "\n"), "\n")[1:] {
		if !regexp.MustCompile(`^retro: [0-9hms]+: building the engine(: \d+ packages? compiled, the last [\w./-]+)?$`).MatchString(l) {
			t.Errorf("a progress line %q", l)
		}
	}
	engine, err := os.ReadFile(filepath.Join("explorer", "engine.js"))
	if err != nil || len(engine) < 1<<20 {
		t.Fatalf("engine.js: %d bytes, %v", len(engine), err)
	}
	for _, name := range []string{"index.html", "app.js", "games/ege-2027-demo.toml"} {
		if _, err := os.Stat(filepath.Join("explorer", name)); err != nil {
			t.Error(err)
		}
	}
	if left, _ := filepath.Glob("*"); len(left) != 1 {
		t.Errorf("left here: %v", left)
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) != 0 {
		t.Errorf("left in TMPDIR: %v", left)
	}
}

// Without the modules in Go's module cache and without a network, site
// says in one line what it needs, and writes nothing.
func TestSiteWithoutModules(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build of the engine")
	}
	t.Setenv("GOMODCACHE", t.TempDir())
	t.Setenv("GOPROXY", "off")
	out := filepath.Join(t.TempDir(), "site")
	_, errs, code := runCmd(t, "site", "--quiet", out)
	if code != 1 || !strings.Contains(errs, "needs the modules retro is built from in Go's module cache") || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
		t.Errorf("exit %d, %q", code, errs)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a site was written")
	}
}
