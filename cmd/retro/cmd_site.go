//go:build !js

package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/pflag"

	source "retro"
	"retro/cmd/retro/internal/explorer"
	"retro/out"
)

func init() {
	register(&command{
		name:  "site",
		usage: "site [flags] DIR",
		short: "write the explorer as static files that run without a server",
		long: `Site writes into DIR the explorer of retro serve as a folder of static files
that works opened from disk (file://) and from any static web host: the
page (index.html, i18n.js, app.js, style.css, favicon.svg), engine.js and
the built-in games (games/*.toml). engine.js holds the engine, this
command built for the browser (GOOS=js GOARCH=wasm: the same packages, the
same caps and messages, but for a refusal, which names the page's cap and
what runs the game on a machine instead of a flag of retro serve), gzipped,
and the Web Worker that runs it; the page solves in that worker, with a
progress line and a Stop button.

Site builds the engine from the source retro carries (the source it was
built from), with the Go toolchain on PATH, so it runs from an installed
retro (go install ./cmd/retro) in any folder. The first build compiles
every package for the browser and takes minutes; later ones take seconds
from Go's build cache. It shows its progress on stderr (--quiet: none).
--wasm uses an engine built before instead (GOOS=js GOARCH=wasm go build
-o retro.wasm ./cmd/retro, with the same Go: its wasm_exec.js goes along).
DIR must be new, empty, or a folder site wrote before; it is replaced
whole, never half written.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			o := &siteOptions{}
			fs.StringVar(&o.wasm, "wasm", "", "use this engine (retro built with GOOS=js GOARCH=wasm) instead of building one")
			o.quiet.add(fs)
			return o.run
		},
	})
}

type siteOptions struct {
	wasm  string
	quiet quietFlag
}

func (o *siteOptions) run(ctx context.Context, e *env, args []string) error {
	c := commands["site"]
	if len(args) != 1 {
		return usagef(c, "site takes one DIR")
	}
	dir := filepath.Clean(args[0])
	if err := checkSiteDir(dir); err != nil {
		return err
	}
	var bin []byte
	var gz int
	err := replaceDir(ctx, dir, func(tmp string) error {
		var wasmExec []byte
		var err error
		if o.wasm != "" {
			bin, wasmExec, err = readEngine(ctx, o.wasm)
		} else {
			bin, wasmExec, err = buildEngine(ctx, e, bool(o.quiet))
		}
		if err != nil {
			return err
		}
		gz, err = explorer.WriteSite(tmp, bin, wasmExec)
		return err
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "wrote the explorer to %s: open %s\nthe engine: %.1f MB of WebAssembly, %.1f MB gzipped\n",
		dir, filepath.Join(dir, "index.html"), float64(len(bin))/1e6, float64(gz)/1e6)
	return nil
}

// checkSiteDir refuses a DIR that holds anything but a site written before.
func checkSiteDir(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("site: %w", err)
	case len(entries) == 0:
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, explorer.SiteMark)); err != nil {
		return fmt.Errorf("site: %s is not empty and holds no site written by retro site: choose a new or empty directory", dir)
	}
	return nil
}

// readEngine reads an engine built before (--wasm), and the wasm_exec.js
// of the Go toolchain on PATH, which must be the one that built it.
func readEngine(ctx context.Context, path string) (bin, wasmExec []byte, err error) {
	bin, err = os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("site: the engine: %w", err)
	}
	if !bytes.HasPrefix(bin, []byte("\x00asm")) {
		return nil, nil, fmt.Errorf("site: %s is not WebAssembly", path)
	}
	wasmExec, err = readWasmExec(ctx, "")
	return bin, wasmExec, err
}

// readWasmExec reads Go's wasm_exec.js, the JavaScript half of a Go
// program built for the browser, of the toolchain that go runs in dir
// ("" the working directory).
func readWasmExec(ctx context.Context, dir string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "go", "env", "GOROOT")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("site needs the Go toolchain on PATH, to build the engine and for its wasm_exec.js (go env GOROOT: %v)", err)
	}
	data, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, fmt.Errorf("site: Go's wasm_exec.js: %w", err)
	}
	return data, nil
}

// buildEngine builds this command for the browser from the source retro
// carries (package source), written into a temporary folder, showing the
// packages compiled as its progress; it returns the engine and the
// wasm_exec.js of the toolchain that built it.
func buildEngine(ctx context.Context, e *env, quiet bool) (bin, wasmExec []byte, err error) {
	src, err := os.MkdirTemp("", "retro-source-")
	if err != nil {
		return nil, nil, fmt.Errorf("site: %w", err)
	}
	defer os.RemoveAll(src)
	if err := os.CopyFS(src, source.FS); err != nil {
		return nil, nil, fmt.Errorf("site: writing the source of the engine: %w", err)
	}
	if wasmExec, err = readWasmExec(ctx, src); err != nil {
		return nil, nil, err
	}
	if !quiet {
		fmt.Fprintln(e.stderr, "site: building the engine for the browser (GOOS=js GOARCH=wasm go build) from the source retro carries: minutes the first time, seconds once Go's build cache holds it")
	}
	wasm := filepath.Join(src, "retro.wasm")
	cmd := exec.CommandContext(ctx, "go", "build", "-v", "-trimpath", "-ldflags=-s -w", "-o", wasm, "./cmd/retro")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOWORK=off", "GOFLAGS=-mod=readonly")
	pipe, err := cmd.StderrPipe()
	if err != nil {
		return nil, nil, fmt.Errorf("site: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, fmt.Errorf("site: building the engine: %w", err)
	}
	prog := newProgress(e, quiet, time.Now())
	defer prog.done()
	prog.show("building the engine")
	var msg bytes.Buffer // what go build says besides the packages
	compiled := 0
	lines := bufio.NewScanner(pipe)
	for lines.Scan() {
		line := lines.Text()
		if isImportPath(line) {
			compiled++
			prog.show("building the engine: %s compiled, the last %s", out.Plural(int64(compiled), "package", "packages"), line)
			continue
		}
		if msg.Len() < 1<<16 {
			msg.WriteString(line + "\n")
		}
	}
	if err := cmd.Wait(); err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		if line, ok := missingModules(msg.String()); ok {
			return nil, nil, fmt.Errorf("site: building the engine needs the modules retro is built from in Go's module cache (the one `go install` or `go build` of retro filled), or a network that reaches the Go module proxy; go build could fetch neither (%s)", line)
		}
		return nil, nil, fmt.Errorf("site: building the engine (GOOS=js GOARCH=wasm go build): %v\n%s", err, msg.String())
	}
	if bin, err = os.ReadFile(wasm); err != nil {
		return nil, nil, fmt.Errorf("site: the engine: %w", err)
	}
	return bin, wasmExec, nil
}

// missingModules tells whether what go build said is that it could not
// download a module (an empty module cache and no network, or GOPROXY=off),
// and returns the first line that says so.
func missingModules(said string) (string, bool) {
	for _, line := range strings.Split(said, "\n") {
		for _, sign := range []string{"GOPROXY=off", "module lookup disabled", "dial tcp", "no such host", "missing go.sum entry", "connection refused"} {
			if strings.Contains(line, sign) {
				return strings.TrimSpace(line), true
			}
		}
	}
	return "", false
}

// isImportPath tells a line of go build -v that names a package compiled
// from its other lines (errors, and the headers "# PACKAGE" of errors).
func isImportPath(line string) bool {
	return line != "" && !strings.ContainsAny(line, " \t:#")
}
