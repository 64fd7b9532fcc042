package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(out), ".site.tmp-*")); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
	if _, errs, code := runCmd(t, "site"); code != 2 || !strings.Contains(errs, "site takes one DIR") {
		t.Errorf("no DIR: exit %d, %q", code, errs)
	}
}
