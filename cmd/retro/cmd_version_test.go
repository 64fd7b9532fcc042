package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	var b strings.Builder
	writeVersion(&b, &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "retro", Version: "v1.2.0"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "4542b89a0123456789abcdef0123456789abcdef"},
			{Key: "vcs.time", Value: "2026-12-01T09:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}, "linux/amd64")
	want := "retro v1.2.0\nrevision: 4542b89a0123456789abcdef0123456789abcdef (2026-12-01T09:00:00Z, with uncommitted changes)\ngo:       go1.26.8 linux/amd64\n"
	if b.String() != want {
		t.Errorf("%q, want %q", b.String(), want)
	}
	b.Reset()
	writeVersion(&b, &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "retro", Version: "(devel)"}}, "linux/amd64")
	want = "retro (devel)\nrevision: not recorded (go run, go test, -buildvcs=false or no git checkout)\ngo:       go1.26.8 linux/amd64\n"
	if b.String() != want {
		t.Errorf("%q, want %q", b.String(), want)
	}
	a, _, codeA := runCmd(t, "version")
	v, _, codeV := runCmd(t, "--version")
	if codeA != 0 || codeV != 0 || a != v || !strings.HasPrefix(a, "retro ") {
		t.Errorf("version %q (exit %d), --version %q (exit %d)", a, codeA, v, codeV)
	}
}
