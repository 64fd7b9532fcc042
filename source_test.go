package source

import (
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// FS holds every file the build of the command for the browser reads from
// the module: the Go files and the embedded files of each package it
// imports from the module, and go.mod and go.sum.
func TestFSHoldsTheEngine(t *testing.T) {
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "list", "-deps", "-json=ImportPath,Dir,Module,GoFiles,EmbedFiles", "./cmd/retro")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	want := []string{"go.mod", "go.sum"}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	packages := 0
	for {
		var p struct {
			ImportPath, Dir     string
			Module              *struct{ Path string }
			GoFiles, EmbedFiles []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if p.Module == nil || p.Module.Path != "retro" {
			continue
		}
		packages++
		rel, err := filepath.Rel(root, p.Dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range append(p.GoFiles, p.EmbedFiles...) {
			want = append(want, filepath.ToSlash(filepath.Join(rel, f)))
		}
	}
	if packages < 10 {
		t.Fatalf("go list named %d packages of the module", packages)
	}
	for _, name := range want {
		if _, err := fs.Stat(FS, name); err != nil {
			t.Errorf("%s is not in FS: add its directory's pattern to the go:embed lines of source.go", name)
		}
	}
}
